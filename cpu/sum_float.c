/*
 * cpu/sum_float.c — the CPU engine's scalar float loops: running totals of a
 * block of float values over core/exact.h, in a 64-bit, 128-bit or wide
 * (limbs) accumulator, with or without tracking NaN, infinities and -0.
 * They serve every block the vector kernels (cpu/simd.c) do not.
 */
#include "cpu.h"

/* Accumulator kinds of the scalar float loops. */
#define ACC_64		0
#define ACC_128		1

/* Set the constants of the scalar loops for a unit. */
void
gs_cpu_float_consts(FloatConsts *c, int unit)
{
	c->lsb = unit;
	gs_fixed_factors(unit, &c->s1, &c->s2);
	c->scale_d = gs_pow2(unit);
	c->scale_f = (float) c->scale_d;
}

/* Store a float result given as double. */
#define STORE_F(out, i, f8, v) \
	do { \
		if (f8) ((double *) (out))[i] = (v); \
		else ((float *) (out))[i] = (float) (v); \
	} while (0)

/* Is a stored result infinite (exponent field all ones)? */
static inline bool
ResultIsInf(const void *out, int64_t i, int f8)
{
	if (f8)
		return (gs_f64_bits(((const double *) out)[i]) & UINT64_C(0x7ff0000000000000))
			== UINT64_C(0x7ff0000000000000);
	return (gs_f32_bits(((const float *) out)[i]) & 0x7f800000u) == 0x7f800000u;
}

/* Round the 64- or 128-bit accumulator of a finite prefix; exact zero is +0. */
#define ROUND_ACC(f8, accw, st, c) \
	((f8) \
	 ? ((accw) == ACC_64 ? gs_fixed64_to_f64((st).acc64, (c)->scale_d) \
		: gs_fixed128_to_f64((st).acc128, (c)->lsb, (c)->scale_d)) \
	 : (double) ((accw) == ACC_64 ? gs_fixed64_to_f32((st).acc64, (c)->scale_f) \
				 : gs_fixed128_to_f32((st).acc128, (c)->lsb, (c)->scale_f)))

/* Add one finite value to a 64- or 128-bit accumulator. */
#define ADD_VALUE(f8, accw, st, in, i, c) \
	do { \
		if ((accw) == ACC_64) \
		{ \
			double x_ = (f8) ? ((const double *) (in))[i] : (double) ((const float *) (in))[i]; \
			(st).acc64 += gs_f64_to_fixed64(x_, (c)->s1, (c)->s2); \
		} \
		else if (f8) \
			(st).acc128 += gs_f64_to_fixed128(((const uint64_t *) (in))[i], (c)->lsb); \
		else \
			(st).acc128 += gs_f32_to_fixed128(((const uint32_t *) (in))[i], (c)->lsb); \
	} while (0)

/* Flags of one value (see GS_FLAG_*). */
#define VALUE_FLAGS(f8, in, i) \
	((f8) ? gs_f64_flags(((const uint64_t *) (in))[i]) \
	 : gs_f32_flags(((const uint32_t *) (in))[i]))

/* Result of a prefix with the given flags and accumulator. */
static inline double
SpecialAwareResult(uint32_t flags, double rounded, bool acc_zero)
{
	double		v;

	if (unlikely(gs_special_value(flags, &v)))
		return v;
	if (acc_zero)
		return gs_zero_is_negative(flags) ? -0.0 : 0.0;
	return rounded;
}

/*
 * Scan n float values with a 64- or 128-bit accumulator.  Returns the index
 * of the first output that overflows, or -1.
 */
static inline __attribute__((always_inline)) int64_t
ScanFloatLoop(const void *in, void *out, int64_t n, RowState *stp,
			  const FloatConsts *c, const int f8, const int accw,
			  const int special, const int excl, const int check)
{
	RowState	st = *stp;
	int64_t		i;
	int64_t		bad = -1;

	if (!special)
	{
		for (i = 0; i < n; i++)
		{
			if (excl)
			{
				STORE_F(out, i, f8, ROUND_ACC(f8, accw, st, c));
				ADD_VALUE(f8, accw, st, in, i, c);
			}
			else
			{
				ADD_VALUE(f8, accw, st, in, i, c);
				STORE_F(out, i, f8, ROUND_ACC(f8, accw, st, c));
			}
			if (check && unlikely(ResultIsInf(out, i, f8)))
			{
				bad = i;
				break;
			}
		}
	}
	else
	{
		for (i = 0; i < n; i++)
		{
			uint32_t	fl = VALUE_FLAGS(f8, in, i);
			bool		finite = !(fl & GS_FLAG_NONFINITE);
			bool		zero;
			double		r;

			if (!excl)
			{
				st.flags |= fl;
				if (finite)
					ADD_VALUE(f8, accw, st, in, i, c);
			}
			zero = accw == ACC_64 ? st.acc64 == 0 : st.acc128 == 0;
			r = SpecialAwareResult(st.flags, ROUND_ACC(f8, accw, st, c), zero);
			STORE_F(out, i, f8, r);
			if (unlikely(ResultIsInf(out, i, f8)) && !(st.flags & GS_FLAG_NONFINITE))
			{
				bad = i;
				break;
			}
			if (excl)
			{
				st.flags |= fl;
				if (finite)
					ADD_VALUE(f8, accw, st, in, i, c);
			}
		}
	}
	*stp = st;
	return bad;
}

/*
 * Dispatch a scalar float loop to its specialisation.  Without specials,
 * a block whose sums stay below 2^(top + 1) units of the result's largest
 * binade cannot overflow: top (the unit plus the width less the sign) at
 * most 1023 (double) or 127 (float) skips the check of each result.
 */
int64_t
gs_cpu_float_scalar(const void *in, void *out, int64_t n, RowState *st,
					const FloatConsts *c, bool f8, bool wide128, bool special,
					bool excl, int top)
{
	bool		check = top > (f8 ? 1023 : 127);

#define CASE(F8, ACC) \
	if (special) \
		return excl ? ScanFloatLoop(in, out, n, st, c, F8, ACC, 1, 1, 1) \
			: ScanFloatLoop(in, out, n, st, c, F8, ACC, 1, 0, 1); \
	else if (check) \
		return excl ? ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 1, 1) \
			: ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 0, 1); \
	else \
		return excl ? ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 1, 0) \
			: ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 0, 0)

	if (f8)
	{
		if (!wide128)
			CASE(1, ACC_64);
		else
			CASE(1, ACC_128);
	}
	else
	{
		if (!wide128)
			CASE(0, ACC_64);
		else
			CASE(0, ACC_128);
	}
#undef CASE
}

/* The rounded value of a wide accumulator, given flags (double or float). */
static double
WideResult(const RowState *st, const FloatConsts *c, int f8)
{
	int			neg,
				sh;
	int64_t		top;
	double		v;

	if (gs_special_value(st->flags, &v))
		return v;
	if (!gs_wide_reduce(st->wide, c->nlimbs, c->scratch, &neg, &top, &sh))
		return gs_zero_is_negative(st->flags) ? -0.0 : 0.0;
	if (f8)
		return gs_round_f64(neg, top, c->lsb + sh);
	return (double) gs_round_f32(neg, top, c->lsb + sh);
}

/* Add one value to a wide accumulator, updating flags. */
static void
WideAdd(RowState *st, const void *in, int64_t i, const FloatConsts *c, int f8)
{
	uint32_t	fl = VALUE_FLAGS(f8, in, i);
	uint64_t	m;
	int			e,
				neg;

	st->flags |= fl;
	if (fl & GS_FLAG_NONFINITE)
		return;
	if (f8)
		neg = gs_f64_parts(((const uint64_t *) in)[i], &m, &e);
	else
		neg = gs_f32_parts(((const uint32_t *) in)[i], &m, &e);
	if (m)
	{
		int			sh = gs_align(&m, e, c->lsb);

		gs_wide_add(st->wide, c->nlimbs, neg, m, sh);
	}
}

/* Scan n float values with a wide accumulator (flags always tracked). */
int64_t
gs_cpu_float_wide(const void *in, void *out, int64_t n, RowState *st,
				  const FloatConsts *c, int f8, int excl)
{
	int64_t		i;

	for (i = 0; i < n; i++)
	{
		if (!excl)
			WideAdd(st, in, i, c, f8);
		STORE_F(out, i, f8, WideResult(st, c, f8));
		if (ResultIsInf(out, i, f8) && !(st->flags & GS_FLAG_NONFINITE))
			return i;
		if (excl)
			WideAdd(st, in, i, c, f8);
	}
	return -1;
}
