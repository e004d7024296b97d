/*
 * core/cpu_engine.c — the exact CPU engine.
 *
 * Each row is scanned in blocks of BLOCK_VALUES values.  A block is analysed
 * (exponent range, special values) while it comes into the cache, then
 * scanned with the narrowest exact accumulator that holds the running total
 * carried in from the previous block plus anything the block can add:
 *
 *   - AVX-512 kernels (core/cpu_simd.c), 64-bit or carry-save 128-bit, for
 *     blocks of finite values when the CPU has AVX-512;
 *   - scalar loops over core/exact.h, 64-bit, 128-bit or limbs, for the rest:
 *     NaN, infinities and -0, very wide exponent ranges, short rows, CPUs
 *     without AVX-512.
 *
 * The carry between blocks is an exact integer (limbs) with its own unit, so
 * the fixed-point unit can change from block to block without rounding.
 * Because every output is the correctly rounded exact sum, these choices
 * never change a result: they only decide how fast it is computed.
 */
#include "engine.h"
#include "cpu_simd.h"
#include "exact.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/*
 * Values per block: a float8 block (32 KiB) stays in the L1 cache.  The
 * AVX-512 kernels prefetch the next block (GS_PREFETCH_VALUES).
 */
#define BLOCK_VALUES	GS_PREFETCH_VALUES

/* Shortest run of values worth the AVX-512 kernels. */
#define SIMD_MIN_VALUES 16

/* Accumulator kinds of the scalar float loops. */
#define ACC_64		0
#define ACC_128		1

/* An exact running total between blocks: w * 2^unit, two's complement. */
typedef struct Carry
{
	uint64_t	w[GS_MAX_LIMBS];
	int			unit;
} Carry;

/* Per-block constants of a scalar float loop. */
typedef struct FloatConsts
{
	int			lsb;
	double		s1,
				s2;				/* s1 * s2 = 2^-lsb */
	float		scale_f;		/* 2^lsb, float4 results */
	double		scale_d;		/* 2^lsb, float8 results */
	int			nlimbs;
	uint64_t   *scratch;		/* nlimbs words, wide path */
} FloatConsts;

/* Running state of one row inside a block. */
typedef struct RowState
{
	int64_t		acc64;
	gs_i128		acc128;
	uint64_t   *wide;			/* nlimbs words, wide path */
	uint32_t	flags;
	bool		pending;		/* int8 exclusive: last sum overflowed */
} RowState;

/* ---------- the carry ---------- */

/* Is the carry zero? */
static bool
CarryIsZero(const Carry *c)
{
	int			i;

	for (i = 0; i < GS_MAX_LIMBS; i++)
		if (c->w[i])
			return false;
	return true;
}

/* A bound b with |w| <= 2^b (0 for zero). */
static int
CarryBits(const Carry *c)
{
	uint64_t	sext = (c->w[GS_MAX_LIMBS - 1] >> 63) ? ~UINT64_C(0) : 0;
	int			i;

	for (i = GS_MAX_LIMBS - 1; i >= 0; i--)
	{
		uint64_t	x = c->w[i] ^ sext;	/* |w| <= ~w + 1 for negative w */

		if (x)
			return 64 * i + 64 - gs_clz64(x) + 1;
	}
	return sext ? 1 : 0;
}

/* Trailing zero bits of w (w nonzero). */
static int
CarryCtz(const Carry *c)
{
	int			i;

	for (i = 0; i < GS_MAX_LIMBS; i++)
		if (c->w[i])
			return 64 * i + gs_ctz64(c->w[i]);
	return INT_MAX;
}

/* Re-express the carry in units of 2^unit; exact by the caller's choice. */
static void
CarryRescale(Carry *c, int unit)
{
	int			d = c->unit - unit; /* shift left by d (right if negative) */
	uint64_t	t[GS_MAX_LIMBS];
	uint64_t	sext = (c->w[GS_MAX_LIMBS - 1] >> 63) ? ~UINT64_C(0) : 0;
	int			i;

	c->unit = unit;
	if (d == 0)
		return;
	for (i = 0; i < GS_MAX_LIMBS; i++)
	{
		/* bit j of the result is bit j - d of the source */
		int			src = 64 * i - d;	/* source bit of t[i]'s bit 0 */
		int			q = src >= 0 ? src / 64 : -((-src + 63) / 64);
		int			r = src - 64 * q;
		uint64_t	lo = q >= 0 && q < GS_MAX_LIMBS ? c->w[q] : (q < 0 ? 0 : sext);
		uint64_t	hi = q + 1 >= 0 && q + 1 < GS_MAX_LIMBS ? c->w[q + 1] : (q + 1 < 0 ? 0 : sext);

		t[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
	}
	memcpy(c->w, t, sizeof(t));
}

/* The carry as a 128-bit integer (it fits, by the caller's choice). */
static gs_i128
CarryToI128(const Carry *c)
{
	return (gs_i128) (((gs_u128) c->w[1] << 64) | c->w[0]);
}

/* Set the carry from a 128-bit integer. */
static void
CarryFromI128(Carry *c, gs_i128 v, int unit)
{
	uint64_t	sext = v < 0 ? ~UINT64_C(0) : 0;
	int			i;

	c->w[0] = (uint64_t) v;
	c->w[1] = (uint64_t) ((gs_u128) v >> 64);
	for (i = 2; i < GS_MAX_LIMBS; i++)
		c->w[i] = sext;
	c->unit = unit;
}

/* ---------- scalar float loops ---------- */

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
			  const int special, const int excl)
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
			if (unlikely(ResultIsInf(out, i, f8)))
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

/* Dispatch a scalar float loop to its specialisation. */
static int64_t
ScanFloatScalar(const void *in, void *out, int64_t n, RowState *st,
				const FloatConsts *c, bool f8, bool wide128, bool special,
				bool excl)
{
#define CASE(F8, ACC) \
	if (special) \
		return excl ? ScanFloatLoop(in, out, n, st, c, F8, ACC, 1, 1) \
			: ScanFloatLoop(in, out, n, st, c, F8, ACC, 1, 0); \
	else \
		return excl ? ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 1) \
			: ScanFloatLoop(in, out, n, st, c, F8, ACC, 0, 0)

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
static int64_t
ScanWide(const void *in, void *out, int64_t n, RowState *st,
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

/* ---------- float blocks ---------- */

/*
 * Scalar analysis of n float4 or float8 values (see GsFloatStats), one
 * gs_float_class per value.
 */
static inline __attribute__((always_inline)) void
StatsScalar(const void *v, int64_t n, const int f8, GsFloatStats *st)
{
	uint64_t	maxabs = 0;
	int32_t		lo = INT32_MAX;
	uint32_t	spec = 0;
	int64_t		i;

	for (i = 0; i < n; i++)
	{
		uint64_t	a;
		int32_t		l;
		int			k = gs_float_class(f8 ? ((const uint64_t *) v)[i] : ((const uint32_t *) v)[i],
									   f8, &a, &l);

		if (k != GS_VALUE_FINITE)
		{
			spec |= k == GS_VALUE_SPECIAL;
			continue;
		}
		maxabs = a > maxabs ? a : maxabs;
		lo = l < lo ? l : lo;
	}
	st->lo = lo;
	st->maxabs = maxabs;
	st->special = spec != 0;
}

/* Analysis of float values, with the AVX-512 kernels when allowed. */
void
gs_float_stats(const void *v, int64_t n, bool f8, bool simd, GsFloatStats *st)
{
	if (simd)
	{
		if (f8)
			gs_simd_stats_f8((const uint64_t *) v, n, st);
		else
			gs_simd_stats_f4((const uint32_t *) v, n, st);
		if (!st->special)
			return;
		/* specials: the scalar analysis excludes them from lo and maxabs */
	}
	if (f8)
		StatsScalar(v, n, 1, st);
	else
		StatsScalar(v, n, 0, st);
}

/* Set the constants of the scalar loops for a unit. */
static void
SetConsts(FloatConsts *c, int unit)
{
	c->lsb = unit;
	gs_fixed_factors(unit, &c->s1, &c->s2);
	c->scale_d = gs_pow2(unit);
	c->scale_f = (float) c->scale_d;
}

/*
 * Scan one block of n float values of a row, continuing from the carry.
 * Chooses the unit and accumulator from the block's values and the carry.
 * Returns the index of the first output that overflows, or -1; *bits gets the
 * accumulator width used.
 */
static int64_t
ScanFloatBlock(const void *in, void *out, int64_t n, bool f8, bool excl,
			   Carry *carry, RowState *st, uint64_t *scratch, int *bits)
{
	GsFloatStats fs;
	bool		simd = n >= SIMD_MIN_VALUES && gs_simd_enabled();
	bool		special;
	bool		any;
	int			unit = INT_MAX,
				top = INT_MIN,
				need;
	bool		czero = CarryIsZero(carry);
	FloatConsts c;
	int64_t		bad;

	gs_float_stats(in, n, f8, simd, &fs);
	special = fs.special || (st->flags & GS_FLAG_NONFINITE);
	any = fs.lo != INT32_MAX;	/* a finite nonzero value to add */

	/* the unit: no coarser than any value's lowest bit or the carry's */
	if (any)
		unit = fs.lo - (f8 ? 1075 : 150);
	if (!czero)
	{
		int			cu = carry->unit + CarryCtz(carry);

		unit = cu < unit ? cu : unit;
	}
	if (unit == INT_MAX)
		unit = carry->unit;		/* nothing to add: all zeros or specials */

	/* the width: |carry| + n * max|x| < 2^top, plus a sign bit */
	if (any)
		top = gs_float_top_bit(fs.maxabs, f8) + 1 + gs_ceil_log2(n);
	if (!czero)
	{
		int			ct = carry->unit + CarryBits(carry);

		top = ct > top ? ct : top;
	}
	need = top == INT_MIN ? 2 : top + 1 - unit + 1;

	CarryRescale(carry, unit);
	memset(&c, 0, sizeof(c));
	SetConsts(&c, unit);

	if (need <= 64)
	{
		int64_t		acc = (int64_t) CarryToI128(carry);

		*bits = 64;
		if (!special && simd && (!f8 || unit >= -1022))
			bad = gs_simd_scan64(in, out, n, f8, unit, excl, &acc);
		else
		{
			st->acc64 = acc;
			bad = ScanFloatScalar(in, out, n, st, &c, f8, false, special, excl);
			acc = st->acc64;
		}
		CarryFromI128(carry, acc, unit);
	}
	else if (need <= 128)
	{
		gs_i128		acc = CarryToI128(carry);

		*bits = 128;
		if (!special && simd && need <= (f8 ? 110 : 82) && unit >= -1022 && unit <= 1015)
		{
			/* acc = h * 2^59 + l, l in [-2^58, 2^58) */
			int64_t		l = (int64_t) (((uint64_t) acc + (UINT64_C(1) << 58)) & ((UINT64_C(1) << 59) - 1))
				- (INT64_C(1) << 58);
			int64_t		h = (int64_t) ((acc - l) >> 59);

			bad = gs_simd_scan_split(in, out, n, f8, unit, excl, &h, &l);
			acc = (gs_i128) h * ((gs_i128) 1 << 59) + l;
		}
		else
		{
			st->acc128 = acc;
			bad = ScanFloatScalar(in, out, n, st, &c, f8, true, special, excl);
			acc = st->acc128;
		}
		CarryFromI128(carry, acc, unit);
	}
	else
	{
		int			nlimbs = (need + 63) / 64;

		*bits = 64 * nlimbs;
		c.nlimbs = nlimbs;
		c.scratch = scratch;
		st->wide = carry->w;	/* sign-extended limbs: the low nlimbs are the value */
		bad = ScanWide(in, out, n, st, &c, f8, excl);
		/* sign-extend the wide accumulator back over all limbs */
		{
			uint64_t	sext = (carry->w[nlimbs - 1] >> 63) ? ~UINT64_C(0) : 0;
			int			i;

			for (i = nlimbs; i < GS_MAX_LIMBS; i++)
				carry->w[i] = sext;
		}
		st->wide = NULL;
		return bad;				/* ScanWide tracks flags itself */
	}
	if (!special && n > 0)
		st->flags |= GS_FLAG_ANY | GS_FLAG_NONNEGZERO;
	return bad;
}

/* ---------- integers ---------- */

/* Scan n integer values of one row into int64 results. */
static inline __attribute__((always_inline)) int64_t
ScanIntLoop(const void *in, int64_t *out, int64_t n, RowState *st,
			const int type, const int excl)
{
	int64_t		acc = st->acc64;
	int64_t		i;

	if (type != GS_INT8)
	{
		for (i = 0; i < n; i++)
		{
			int64_t		x = type == GS_INT2 ? ((const int16_t *) in)[i]
				: ((const int32_t *) in)[i];

			if (excl)
			{
				out[i] = acc;
				acc += x;
			}
			else
			{
				acc += x;
				out[i] = acc;
			}
		}
		st->acc64 = acc;
		return -1;
	}

	/*
	 * int8: a 64-bit sum with overflow detection is exactly a 128-bit sum
	 * whose every output is checked: the first prefix to leave int8's range
	 * is the one that overflows.
	 */
	for (i = 0; i < n; i++)
	{
		int64_t		x = ((const int64_t *) in)[i];

		if (excl)
		{
			if (unlikely(st->pending))
				return i;
			out[i] = acc;
			if (unlikely(__builtin_add_overflow(acc, x, &acc)))
				st->pending = true;
		}
		else
		{
			if (unlikely(__builtin_add_overflow(acc, x, &acc)))
				return i;
			out[i] = acc;
		}
	}
	st->acc64 = acc;
	return -1;
}

/* Dispatch an integer block to its specialisation. */
static int64_t
ScanIntBlock(GsElemType type, const void *in, void *out, int64_t n,
			 RowState *st, bool excl)
{
	switch (type)
	{
		case GS_INT2:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT2, 1)
				: ScanIntLoop(in, out, n, st, GS_INT2, 0);
		case GS_INT4:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT4, 1)
				: ScanIntLoop(in, out, n, st, GS_INT4, 0);
		default:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT8, 1)
				: ScanIntLoop(in, out, n, st, GS_INT8, 0);
	}
}

/* ---------- running maxima and minima ---------- */

/* The running extreme of a row so far. */
typedef struct OrderState
{
	bool		any;			/* a value seen in this row */
	int64_t		key;			/* its order key */
	uint64_t	bits;			/* its bits (the first sizeof(T) bytes) */
} OrderState;

/*
 * Scan n values of a row for the extreme under gs_order_key, from and into
 * *st: one loop per element type (T; RAW gives its raw bits), the operator
 * only in the key.
 */
#define ORDER_LOOP(T, RAW, ISFLOAT) \
	do { \
		const T    *x = (const T *) in; \
		T		   *y = (T *) out; \
		T			best; \
		int64_t		kbest = st->key; \
		int64_t		i = 0; \
		\
		memcpy(&best, &st->bits, sizeof(T)); \
		if (!st->any) \
		{ \
			best = x[0]; \
			kbest = gs_order_key(ISFLOAT, sizeof(T), RAW(best), is_min); \
			y[0] = best; \
			i = 1; \
		} \
		for (; i < n; i++) \
		{ \
			int64_t		k = gs_order_key(ISFLOAT, sizeof(T), RAW(x[i]), is_min); \
			\
			if (gs_order_takes(kbest, k)) \
			{ \
				kbest = k; \
				best = x[i]; \
			} \
			y[i] = best; \
		} \
		st->any = true; \
		st->key = kbest; \
		memcpy(&st->bits, &best, sizeof(T)); \
	} while (0)

#define RAW_INT(v)	((uint64_t) (int64_t) (v))
#define RAW_F32(v)	((uint64_t) gs_f32_bits(v))
#define RAW_F64(v)	gs_f64_bits(v)

/* Running maximum (or minimum) of n >= 1 stored values of a row, continuing *st. */
static void
OrderRun(GsElemType type, const void *in, void *out, int64_t n, int is_min,
		 OrderState *st)
{
	switch (type)
	{
		case GS_INT2:
			ORDER_LOOP(int16_t, RAW_INT, 0);
			break;
		case GS_INT4:
			ORDER_LOOP(int32_t, RAW_INT, 0);
			break;
		case GS_INT8:
			ORDER_LOOP(int64_t, RAW_INT, 0);
			break;
		case GS_FLOAT4:
			ORDER_LOOP(float, RAW_F32, 1);
			break;
		case GS_FLOAT8:
			ORDER_LOOP(double, RAW_F64, 1);
			break;
	}
}

/* Running maxima or minima of every row, with interrupt checks between pieces. */
static GsStatus
OrderScan(const GsScanSpec *spec, GsScanResult *res)
{
	const char *in = (const char *) spec->values;
	char	   *out = (char *) spec->result;
	int			sz = gs_type_size(spec->type);
	int			is_min = spec->op == GS_OP_MIN;
	int64_t		nrows = spec->nitems > 0 ? spec->nitems / spec->row_len : 0;
	int64_t		done = 0;
	int64_t		since = 0;
	int64_t		row;

	res->acc_bits = 64;
	if (spec->exclusive)
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message), "exclusive scans are running totals only");
		return res->status;
	}
	for (row = 0; row < nrows; row++)
	{
		int64_t		n = spec->nulls
			? gs_bitmap_count(spec->nulls, row * spec->row_len, spec->row_len)
			: spec->row_len;
		OrderState	st;

		memset(&st, 0, sizeof(st));
		while (n > 0)
		{
			int64_t		chunk = n < BLOCK_VALUES ? n : BLOCK_VALUES;

			if (since >= GS_INTERRUPT_INTERVAL && spec->interrupt)
			{
				spec->interrupt();
				since = 0;
			}
			OrderRun(spec->type, in + done * sz, out + done * sz, chunk, is_min, &st);
			done += chunk;
			since += chunk;
			n -= chunk;
		}
	}
	return GS_OK;
}

/* ---------- the engine ---------- */

/* The exact CPU engine: scan every row of the array. */
GsStatus
gs_cpu_scan(const GsScanSpec *spec, GsScanResult *res)
{
	const char *in = (const char *) spec->values;
	char	   *out = (char *) spec->result;
	int			isz = gs_type_size(spec->type);
	int			osz = gs_result_size(spec->type);
	bool		isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	int64_t		nrows = spec->nitems > 0 ? spec->nitems / spec->row_len : 0;
	int64_t		row;
	int64_t		done = 0;		/* values scanned */
	int64_t		since = 0;		/* values since the last interrupt check */
	Carry		carry;
	RowState	st;
	uint64_t	scratch[GS_MAX_LIMBS];

	memset(res, 0, sizeof(*res));
	res->error_position = -1;
	res->acc_bits = isfloat ? 0 : 64;
	if (!gs_shape_ok(spec, res))
		return res->status;
	if (spec->op != GS_OP_SUM)
		return OrderScan(spec, res);

	for (row = 0; row < nrows; row++)
	{
		int64_t		n = spec->nulls
			? gs_bitmap_count(spec->nulls, row * spec->row_len, spec->row_len)
			: spec->row_len;

		memset(&st, 0, sizeof(st));
		memset(&carry, 0, sizeof(carry));
		while (n > 0)
		{
			int64_t		chunk = n < BLOCK_VALUES ? n : BLOCK_VALUES;
			int64_t		bad;

			if (since >= GS_INTERRUPT_INTERVAL && spec->interrupt)
			{
				spec->interrupt();
				since = 0;
			}
			if (isfloat)
			{
				int			bits = 0;

				bad = ScanFloatBlock(in + done * isz, out + done * osz, chunk,
									 spec->type == GS_FLOAT8, spec->exclusive,
									 &carry, &st, scratch, &bits);
				res->acc_bits = bits > res->acc_bits ? bits : res->acc_bits;
			}
			else
				bad = ScanIntBlock(spec->type, in + done * isz, out + done * osz,
								   chunk, &st, spec->exclusive);
			if (bad >= 0)
			{
				res->status = isfloat ? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE;
				res->error_position = gs_value_position(spec, done + bad);
				return res->status;
			}
			done += chunk;
			since += chunk;
			n -= chunk;
		}
	}
	return GS_OK;
}
