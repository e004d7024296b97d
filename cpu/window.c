/*
 * cpu/window.c — the CPU engine's window operators: exact moving sums
 * (gpu_movsum), moving means (gpu_movavg) and running means (gpu_cumavg).
 *
 * Each row is walked position by position in blocks.  The sum of the
 * window is kept exactly: the value entering adds, the value leaving (the
 * one window positions back, NULL positions counted) subtracts, in the fixed
 * point of core/exact.h, so every window's sum is an exact integer however
 * long the row, and each output is rounded once.  Beside the sum the window
 * counts its values, NaNs, infinities and -0s, which give the special
 * results and the means' divisors.  The fixed-point unit and width are
 * chosen block by block (as cpu/sum_block.c does for running totals) from
 * the values entering and leaving and the sum carried in, so a block of
 * ordinary values runs with a 64-bit integer.  The bounds of the values
 * leaving come from the analyses made when they entered, kept by ranges of
 * positions, so they are read once more only to be subtracted.
 *
 * The values leaving are read through a second window on the chunk source
 * (core/source.h): where they are still in the first, from there; else
 * read again (TOAST slices), so a window longer than the CPU engine's
 * cache-sized window reads the array twice, and never holds it whole.
 */
#include "cpu.h"
#include "moments_scan.h"

#include <math.h>
#include <stdio.h>

#define Min(a, b)	((a) < (b) ? (a) : (b))
#define Max(a, b)	((a) > (b) ? (a) : (b))

/* Positions per block. */
#define WIN_BLOCK	GS_CPU_BLOCK_VALUES

/* Analyses kept per row (WinScan.slot): at most this many ranges of positions. */
#define WIN_SLOTS	1024

/* Accumulators: 64-bit, 128-bit, limbs. */
#define W_ACC64		0
#define W_ACC128	1
#define W_WIDE		2

/* Means a batch holds (MeanBatch). */
#define MEAN_BATCH	256

/*
 * Means waiting to be divided, many at once (MeanFlush), from output
 * first on: each one's exact sum S = hi * 2^52 + lo (0 <= lo < 2^52, in
 * the fast quotient's range, GS_QUOT_HI_OK) and count (below 2^52).
 */
typedef struct MeanBatch
{
	int64_t		hi[MEAN_BATCH];
	int64_t		lo[MEAN_BATCH];
	int64_t		c[MEAN_BATCH];
	int			n;
	int64_t		first;
} MeanBatch;

/* What is in the window now. */
typedef struct WinState
{
	int64_t		nvals;			/* values (non-NULL positions) */
	int64_t		nan,
				pinf,
				ninf,
				negz;			/* of which NaN, +Infinity, -Infinity, -0 */
	Carry		sum;			/* the exact sum: floats w * 2^unit, integers units of 1 (last: RowStart) */
} WinState;

/* One scan of a window operator. */
typedef struct WinScan
{
	const GsScanSpec *spec;
	bool		isfloat;
	bool		f8;
	bool		mean;
	int			in_size;
	int			out_size;
	int64_t		window;			/* positions; INT64_MAX: the whole row so far */
	int64_t		count_base;		/* values before the row that the means count */
	int			acc_bits;		/* widest accumulator used */
	/*
	 * analyses of the values that entered this row, by row position >>
	 * slot_shift (0: no value leaves; none kept), slots [0, slots_used)
	 */
	int			slot_shift;
	int64_t		slots_used;
	/* the unit of a moving window's last block, where its sums took 64 bits (FloatBlock) */
	bool		unit_known;
	int			unit_last;
	MomScan    *mom;			/* variances (GS_OP_IS_MOMENTS), else NULL */
	/* from here on not cleared by a scan: each row's start sets st */
	WinState	st;
	MeanBatch	mb;				/* mb.n = 0: empty; the rest is written before read */
	uint64_t	scratch[GS_MAX_LIMBS];
	GsFloatStats slot[WIN_SLOTS];
} WinScan;

/*
 * A window's move at position i of a block (array position pos0 + i, row
 * position rowpos0 + i): whether a value enters (*enter) and whether one
 * leaves (the result).  Without NULLs every position enters, and one
 * leaves where the block has values leaving (b > 0).
 */
static inline __attribute__((always_inline)) bool
WindowMove(const uint8_t *nulls, int64_t pos0, int64_t rowpos0, int64_t i, int64_t w, int64_t b,
		   bool hasnulls, bool *enter)
{
	*enter = !hasnulls || gs_bit_get(nulls, pos0 + i);
	return hasnulls ? rowpos0 + i >= w && gs_bit_get(nulls, pos0 + i - w) : b > 0;
}

/* An integer value of a type, sign-extended. */
static inline int64_t
IntAt(GsElemType type, const char *p, int64_t i)
{
	switch (type)
	{
		case GS_INT2:
			return ((const int16_t *) p)[i];
		case GS_INT4:
			return ((const int32_t *) p)[i];
		default:
			return ((const int64_t *) p)[i];
	}
}

/* Divide the batched means into out (the block's results) and empty the batch. */
static void
MeanFlush(MeanBatch *mb, int e, bool f8, char *out)
{
	if (mb->n > 0)
		gs_cpu_means(mb->hi, mb->lo, mb->c, mb->n, e, f8, out + mb->first * (f8 ? 8 : 4));
	mb->n = 0;
}

/*
 * The mean of output ai, sum s over count c: into the batch (divided when
 * full), or, beyond the fast quotient's range, rounded at once.
 */
static inline __attribute__((always_inline)) void
MeanPut(MeanBatch *mb, gs_i128 s, int64_t c, int64_t ai, int e, bool f8, char *out)
{
	gs_i128		hi = s >> 52;

	if (unlikely(!(hi >= -(INT64_C(1) << 51) && hi < (INT64_C(1) << 51) &&
				   (uint64_t) c <= GS_QUOT_MAX_COUNT)))
	{
		double		v = gs_mean_round(s, e, gs_pow2(e), (uint64_t) c, f8);

		MeanFlush(mb, e, f8, out);
		if (f8)
			((double *) out)[ai] = v;
		else
			((float *) out)[ai] = (float) v;
		return;
	}
	if (mb->n == 0)
		mb->first = ai;
	mb->hi[mb->n] = (int64_t) hi;
	mb->lo[mb->n] = (int64_t) s & GS_QUOT_LO_MASK;
	mb->c[mb->n] = c;
	if (++mb->n == MEAN_BATCH)
		MeanFlush(mb, e, f8, out);
}

/*
 * One block of an integer row: positions [0, np) of the block, the first at
 * row position rowpos0 and array position pos0; in holds the values
 * entering, lag those leaving, out gets one result per value entering.
 * Returns the index (among the values entering) of the first window sum
 * outside int8, or -1.
 */
static inline __attribute__((always_inline)) int64_t
IntLoop(WinScan *ws, GsElemType type, const char *in, const char *lag, char *out,
		int64_t pos0, int64_t np, int64_t rowpos0, int64_t b, bool hasnulls, bool mean)
{
	const uint8_t *nulls = ws->spec->nulls;
	int64_t		w = ws->window;
	gs_i128		acc = CarryToI128(&ws->st.sum);
	int64_t		nvals = ws->st.nvals;
	int64_t		ai = 0,
				bi = 0,
				bad = -1,
				i;

	for (i = 0; i < np; i++)
	{
		bool		enter;
		bool		leave = WindowMove(nulls, pos0, rowpos0, i, w, b, hasnulls, &enter);

		if (leave)
		{
			acc -= IntAt(type, lag, bi++);
			nvals--;
		}
		if (!enter)
			continue;
		acc += IntAt(type, in, ai);
		nvals++;
		if (mean)
			MeanPut(&ws->mb, acc, nvals, ai, 0, true, out);
		else
		{
			if (acc < INT64_MIN || acc > INT64_MAX)
			{
				if (bad < 0)
					bad = ai;
			}
			((int64_t *) out)[ai] = (int64_t) acc;
		}
		ai++;
	}
	if (mean)
		MeanFlush(&ws->mb, 0, true, out);
	CarryFromI128(&ws->st.sum, acc, 0);
	ws->st.nvals = nvals;
	return bad;
}

/*
 * The means of a block of an integer row without NULLs (see MeanRun): the
 * window sum in an int64 (acc64: int2 and int4 blocks whose sums stay
 * below 2^62) or an int128, split into the batch, divided MEAN_BATCH at a
 * time; sums that stay below 2^53, one division each (two a division
 * instruction).
 */
static inline __attribute__((always_inline)) void
IntMeanRun(WinScan *ws, GsElemType type, const char *in, const char *lag, char *out,
		   int64_t np, bool acc64)
{
	MeanBatch  *mb = &ws->mb;
	gs_i128		acc = CarryToI128(&ws->st.sum);
	int64_t		a = (int64_t) acc;
	int64_t		nvals = ws->st.nvals;
	int64_t		i0;

	if (acc64 && a < (INT64_C(1) << 52) && a > -(INT64_C(1) << 52))
	{
		/*
		 * np <= 4096 values (and as many leaving) below 2^31 keep every sum
		 * below 2^53, and the counts are below 2^52: both are exact
		 * doubles, and IEEE division rounds their quotient once, to
		 * nearest, even on ties (an integer sum's mean is 0 or at least
		 * 2^-52, never subnormal; a zero sum gives +0)
		 */
		double	   *o = (double *) out;

		if (type != GS_INT8 &&
			gs_simd_int_means(in, lag, type == GS_INT2 ? 2 : 4, (int) np, &a,
							  (double) (nvals + (lag == NULL)), lag == NULL, o))
		{
			/* the same divisions in vectors, the sums formed exactly in doubles */
			CarryFromI128(&ws->st.sum, (gs_i128) a, 0);
			ws->st.nvals = nvals + (lag == NULL ? np : 0);
			return;
		}
		{
			/* two means a division instruction */
			bool		run = lag == NULL;
			GsV2d		cv = {(double) (nvals + run), (double) (nvals + 2 * run)};
			const GsV2d step = {2.0 * run, 2.0 * run};

			for (i0 = 0; i0 + 1 < np; i0 += 2)
			{
				int64_t		a0 = a + IntAt(type, in, i0) - (lag ? IntAt(type, lag, i0) : 0);
				GsV2d		q;

				a = a0 + IntAt(type, in, i0 + 1) - (lag ? IntAt(type, lag, i0 + 1) : 0);
				q = (GsV2d) {(double) a0, (double) a} / cv;
				cv += step;
				memcpy(o + i0, &q, sizeof(q));
			}
			nvals += run ? i0 : 0;
		}
		/* the last one of an odd count */
		for (; i0 < np; i0++)
		{
			a += IntAt(type, in, i0) - (lag ? IntAt(type, lag, i0) : 0);
			nvals += lag == NULL;
			o[i0] = (double) a / (double) nvals;
		}
		CarryFromI128(&ws->st.sum, (gs_i128) a, 0);
		ws->st.nvals = nvals;
		return;
	}
	for (i0 = 0; i0 < np; i0 += MEAN_BATCH)
	{
		int			m = (int) Min(MEAN_BATCH, np - i0),
					j;

		for (j = 0; j < m; j++)
		{
			int64_t		i = i0 + j;
			gs_i128		s;

			if (acc64)
			{
				a += IntAt(type, in, i) - (lag ? IntAt(type, lag, i) : 0);
				s = a;
			}
			else
			{
				acc += (gs_i128) IntAt(type, in, i) - (lag ? (gs_i128) IntAt(type, lag, i) : 0);
				s = acc;
			}
			nvals += lag == NULL;
			mb->hi[j] = (int64_t) (s >> 52);
			mb->lo[j] = (int64_t) s & GS_QUOT_LO_MASK;
			mb->c[j] = nvals;
		}
		gs_cpu_means(mb->hi, mb->lo, mb->c, m, 0, true, out + i0 * 8);
	}
	CarryFromI128(&ws->st.sum, acc64 ? (gs_i128) a : acc, 0);
	ws->st.nvals = nvals;
}

/*
 * The moving sums of a block of an integer row without NULLs (IntLoop's
 * work where it needs no int128): each value entering adds and the one
 * leaving (lag; none where NULL) subtracts, in an int64.  For int2 and
 * int4 the caller keeps the carry below 2^62, and np <= 4096 steps of less
 * than 2^32 each keep every sum below 2^63.  For int8 each sum is a
 * window's exact sum, so an addition that overflows is the first output
 * out of int8's range; only a difference of two values may overflow
 * where the window's sums do not, and then nothing is kept (returns -2:
 * IntLoop takes the block).  Else returns the first output out of range,
 * or -1.
 */
static inline __attribute__((always_inline)) int64_t
IntSumRun(WinScan *ws, GsElemType type, const char *in, const char *lag, char *out, int64_t np)
{
	int64_t		a = (int64_t) CarryToI128(&ws->st.sum);
	int64_t    *o = (int64_t *) out;
	int64_t		i;

	for (i = 0; i < np; i++)
	{
		if (type == GS_INT8)
		{
			int64_t		d = IntAt(type, in, i);

			if (lag && unlikely(__builtin_sub_overflow(d, IntAt(type, lag, i), &d)))
				return -2;
			if (unlikely(__builtin_add_overflow(a, d, &a)))
				return i;
		}
		else
			a += IntAt(type, in, i) - (lag ? IntAt(type, lag, i) : 0);
		o[i] = a;
	}
	CarryFromI128(&ws->st.sum, (gs_i128) a, 0);
	ws->st.nvals += lag ? 0 : np;
	return -1;
}

/* One block of an integer row (IntLoop), its constant arguments made constant. */
static int64_t
IntBlock(WinScan *ws, const char *in, const char *lag, char *out,
		 int64_t pos0, int64_t np, int64_t rowpos0, int64_t b)
{
	GsElemType	type = ws->spec->type;
	bool		hasnulls = ws->spec->nulls != NULL;
	gs_i128		carry = CarryToI128(&ws->st.sum);
	gs_i128		mag = carry < 0 ? -carry : carry;

	/*
	 * means without NULLs, every window sum within the fast quotient's
	 * range (|sum| < 2^102: the carry plus np values below 2^63) and every
	 * count below 2^52: the tight loop
	 */
	if (ws->mean && !hasnulls && mag < ((gs_i128) 1 << 101) && np <= 4096 &&
		ws->st.nvals + np <= (int64_t) GS_QUOT_MAX_COUNT)
	{
		const char *lg = b ? lag : NULL;
		/* int2, int4: np values below 2^31 keep a carry below 2^61 within 2^62 */
		bool		acc64 = type != GS_INT8 && mag < ((gs_i128) 1 << 61);

		if (type == GS_INT2)
			acc64 ? IntMeanRun(ws, GS_INT2, in, lg, out, np, true)
				: IntMeanRun(ws, GS_INT2, in, lg, out, np, false);
		else if (type == GS_INT4)
			acc64 ? IntMeanRun(ws, GS_INT4, in, lg, out, np, true)
				: IntMeanRun(ws, GS_INT4, in, lg, out, np, false);
		else
			IntMeanRun(ws, GS_INT8, in, lg, out, np, false);
		return -1;
	}

	/* moving sums without NULLs, the carry an int64 (below 2^62 for int2 and int4): the tight loop */
	if (!ws->mean && !hasnulls &&
		(type == GS_INT8 ? carry == (gs_i128) (int64_t) carry : mag < ((gs_i128) 1 << 62)) &&
		np <= 4096)
	{
		int64_t		r;

#define SUM_RUN(T) \
	(b ? IntSumRun(ws, T, in, lag, out, np) : IntSumRun(ws, T, in, NULL, out, np))
		r = type == GS_INT2 ? SUM_RUN(GS_INT2) : type == GS_INT4 ? SUM_RUN(GS_INT4) : SUM_RUN(GS_INT8);
#undef SUM_RUN
		if (r != -2)
			return r;
	}

#define INT_CASE(T, N, M) \
	if (type == (T) && hasnulls == (N) && ws->mean == (M)) \
		return IntLoop(ws, T, in, lag, out, pos0, np, rowpos0, b, N, M)
#define INT_TYPE(T) \
	INT_CASE(T, false, false); INT_CASE(T, false, true); \
	INT_CASE(T, true, false); INT_CASE(T, true, true)
	INT_TYPE(GS_INT2);
	INT_TYPE(GS_INT4);
	INT_TYPE(GS_INT8);
#undef INT_TYPE
#undef INT_CASE
	return -1;
}

/* The running accumulators of a float block. */
typedef struct FloatAcc
{
	int64_t		a64;
	gs_i128		a128;
	uint64_t   *wide;
	int			nlimbs;
} FloatAcc;

/*
 * Add (or, remove, take away) one float value, bits u, to the window: a
 * special value to its count, a finite one to the sum.
 */
static inline __attribute__((always_inline)) void
FloatMove(WinState *st, FloatAcc *fa, uint64_t u, bool f8, int accw, bool special,
		  bool remove, const FloatConsts *c)
{
	uint64_t	a = u & (GS_SIGN_BIT(f8) - 1);

	if (special)
	{
		if (a >= GS_INF_BITS(f8))
		{
			int64_t    *cnt = a > GS_INF_BITS(f8) ? &st->nan
				: (u & GS_SIGN_BIT(f8)) ? &st->ninf : &st->pinf;

			*cnt += remove ? -1 : 1;
			return;
		}
		if (u == GS_SIGN_BIT(f8))
		{
			st->negz += remove ? -1 : 1;
			return;
		}
	}
	if (accw == W_ACC64)
	{
		double		x = f8 ? gs_f64_from_bits(u) : (double) gs_f32_from_bits((uint32_t) u);
		int64_t		v = gs_f64_to_fixed64(x, c->s1, c->s2);

		fa->a64 += remove ? -v : v;
	}
	else if (accw == W_ACC128)
	{
		gs_i128		v = f8 ? gs_f64_to_fixed128(u, c->lsb) : gs_f32_to_fixed128((uint32_t) u, c->lsb);

		fa->a128 += remove ? -v : v;
	}
	else if (a != 0)
	{
		uint64_t	m;
		int			e;
		int			neg = gs_float_parts(u, f8, &m, &e);
		int			sh = gs_align(&m, e, c->lsb);

		gs_wide_add(fa->wide, fa->nlimbs, neg ^ (int) remove, m, sh);
	}
}

/*
 * The result of the window now: a special value by its counts, a zero by
 * its -0s, else its sum or mean rounded once.  *overflow is set when a
 * finite sum rounds to an infinity.
 */
static inline __attribute__((always_inline)) double
FloatResult(const WinState *st, FloatAcc *fa, bool f8, int accw, bool special, bool mean,
			const FloatConsts *c, uint64_t *scratch, bool *overflow)
{
	double		v;
	int			neg;

	if (special && unlikely(st->nan || st->pinf || st->ninf))
	{
		if (st->nan || (st->pinf && st->ninf))
			return gs_f64_from_bits(UINT64_C(0x7ff8000000000000));
		return st->pinf ? gs_f64_from_bits(UINT64_C(0x7ff0000000000000))
			: gs_f64_from_bits(UINT64_C(0xfff0000000000000));
	}
	if (accw == W_ACC64)
	{
		if (fa->a64 == 0)
			goto zero;
		if (!mean)
		{
			v = f8 ? gs_fixed64_to_f64(fa->a64, c->scale_d)
				: (double) gs_fixed64_to_f32(fa->a64, c->scale_f);
			*overflow = isinf(v);
			return v;
		}
		return gs_mean_round(fa->a64, c->lsb, c->scale_d, (uint64_t) st->nvals, f8);
	}
	if (accw == W_ACC128)
	{
		if (fa->a128 == 0)
			goto zero;
		if (!mean)
		{
			v = gs_fixed128_round(fa->a128, c->lsb, f8, c->scale_d);
			*overflow = isinf(v);
			return v;
		}
		return gs_mean_round(fa->a128, c->lsb, c->scale_d, (uint64_t) st->nvals, f8);
	}
	else
	{
		const uint64_t *m = fa->wide;
		int			i,
					sh,
					sticky;
		gs_u128		top;

		if (!mean)
		{
			int64_t		t63 = 0;
			int			s63 = 0;

			if (!gs_wide_reduce(fa->wide, fa->nlimbs, scratch, &neg, &t63, &s63))
				goto zero;
			v = f8 ? gs_round_f64(neg, t63, c->lsb + s63)
				: (double) gs_round_f32(neg, t63, c->lsb + s63);
			*overflow = isinf(v);
			return v;
		}
		/* the mean: the magnitude's top 127 bits over the count */
		neg = gs_wide_negate_if(fa->wide, fa->nlimbs, scratch);
		if (neg)
			m = scratch;
		for (i = 0; i < fa->nlimbs && m[i] == 0; i++)
			;
		if (i == fa->nlimbs)
			goto zero;
		sh = gs_wide_top127(m, fa->nlimbs, &top, &sticky);
		return gs_round_quotient(neg, top, sticky, c->lsb + sh, (uint64_t) st->nvals, f8);
	}
zero:
	return special && st->negz == st->nvals ? -0.0 : 0.0;
}

/*
 * One block of a float row (see IntLoop for the arguments), with an
 * accumulator of the kind accw in units of 2^c->lsb.  Returns the index of
 * the first window sum that overflows the type, or -1.
 */
static inline __attribute__((always_inline)) int64_t
FloatLoop(WinScan *ws, FloatAcc *fa, const char *in, const char *lag, char *out,
		  int64_t pos0, int64_t np, int64_t rowpos0, int64_t b, const FloatConsts *c,
		  bool f8, int accw, bool special, bool hasnulls, bool mean)
{
	const uint8_t *nulls = ws->spec->nulls;
	WinState   *st = &ws->st;
	int64_t		w = ws->window;
	int64_t		ai = 0,
				bi = 0,
				bad = -1,
				i;

	for (i = 0; i < np; i++)
	{
		bool		enter;
		bool		leave = WindowMove(nulls, pos0, rowpos0, i, w, b, hasnulls, &enter);
		bool		overflow = false;
		double		v;

		if (leave)
		{
			uint64_t	u = f8 ? ((const uint64_t *) lag)[bi] : ((const uint32_t *) lag)[bi];

			FloatMove(st, fa, u, f8, accw, special, true, c);
			bi++;
			st->nvals--;
		}
		if (!enter)
			continue;
		FloatMove(st, fa, f8 ? ((const uint64_t *) in)[ai] : ((const uint32_t *) in)[ai],
				  f8, accw, special, false, c);
		st->nvals++;
		if (mean && !special && accw != W_WIDE)
		{
			/* means of finite values: divided in batches */
			MeanPut(&ws->mb, accw == W_ACC64 ? (gs_i128) fa->a64 : fa->a128, st->nvals, ai,
					c->lsb, f8, out);
			ai++;
			continue;
		}
		v = FloatResult(st, fa, f8, accw, special, mean, c, ws->scratch, &overflow);
		if (f8)
			((double *) out)[ai] = v;
		else
			((float *) out)[ai] = (float) v;
		if (unlikely(overflow) && bad < 0)
			bad = ai;
		ai++;
	}
	if (mean && !special && accw != W_WIDE)
		MeanFlush(&ws->mb, c->lsb, f8, out);
	return bad;
}

/* Value i of packed float8 (f8) or float4 values, as a double. */
static inline __attribute__((always_inline)) double
FloatAt(const char *v, int64_t i, bool f8)
{
	return f8 ? ((const double *) v)[i] : (double) ((const float *) v)[i];
}

/*
 * What position i adds to a window sum in 64 bits (units 2^lsb, c's): the
 * value entering, less the one leaving (lag; none where NULL).
 */
static inline __attribute__((always_inline)) int64_t
Move64(const char *in, const char *lag, int64_t i, const FloatConsts *c, bool f8)
{
	int64_t		d = gs_f64_to_fixed64(FloatAt(in, i, f8), c->s1, c->s2);

	if (lag)
		d -= gs_f64_to_fixed64(FloatAt(lag, i, f8), c->s1, c->s2);
	return d;
}

/* The largest unit whose 2^(unit + 52) is a double (Split52). */
#define SPLIT52_MAX_UNIT	971

/*
 * A value x (position i of v) in units 2^lsb (c's) as h * 2^52 + l, by
 * truncation: h = trunc(x / p), p = 2^(lsb + 52) and pinv = 1 / p, both
 * doubles (lsb in [-1074, SPLIT52_MAX_UNIT]); |x| < 2^(lsb + 115).  Each
 * step is exact: x * pinv only moves the exponent (x is 0 or at least
 * 2^lsb, so the product is 0 or normal), h * p likewise, and the
 * remainder r = x - h p, a multiple of 2^lsb below p in magnitude with
 * x's sign, is a double, so the subtraction is exact and l = r * 2^-lsb
 * (gs_f64_to_fixed64) an integer, |l| < 2^52.
 */
static inline __attribute__((always_inline)) int64_t
Split52(const char *v, int64_t i, double p, double pinv, const FloatConsts *c, bool f8, int64_t *l)
{
	double		x = FloatAt(v, i, f8);
	int64_t		h = (int64_t) (x * pinv);

	*l = gs_f64_to_fixed64(x - (double) h * p, c->s1, c->s2);
	return h;
}

/*
 * The means of a block of finite values without NULLs (the portable
 * path's tight loop): each value entering added, the one leaving (lag)
 * subtracted, each window sum (within the fast quotient's range, by the
 * caller's choice) split into the batch and divided MEAN_BATCH at a time
 * (gs_cpu_means).  Without values leaving each output counts one more.
 * In 128 bits the sum is kept as the batch takes it, hi * 2^52 + lo, each
 * value added in two parts (Split52: the unit at most SPLIT52_MAX_UNIT),
 * lo's carry moved into hi after each position.
 */
static inline __attribute__((always_inline)) void
MeanRun(WinScan *ws, FloatAcc *fa, const char *in, const char *lag, char *out, int64_t np,
		const FloatConsts *c, bool f8, int accw)
{
	MeanBatch  *mb = &ws->mb;
	int64_t		nvals = ws->st.nvals;
	int64_t		a64 = fa->a64;
	int64_t		hi = (int64_t) (fa->a128 >> 52),
				lo = (int64_t) fa->a128 & GS_QUOT_LO_MASK,
				i0;
	double		p = gs_pow2(c->lsb + 52),
				pinv = gs_pow2(-(c->lsb + 52));

	for (i0 = 0; i0 < np; i0 += MEAN_BATCH)
	{
		int			m = (int) Min(MEAN_BATCH, np - i0),
					j;

		for (j = 0; j < m; j++)
		{
			int64_t		i = i0 + j;

			if (accw == W_ACC64)
			{
				a64 += Move64(in, lag, i, c, f8);
				hi = a64 >> 52;
				lo = a64 & GS_QUOT_LO_MASK;
			}
			else
			{
				int64_t		l;

				hi += Split52(in, i, p, pinv, c, f8, &l);
				lo += l;
				if (lag)
				{
					hi -= Split52(lag, i, p, pinv, c, f8, &l);
					lo -= l;
				}
				hi += lo >> 52;
				lo &= GS_QUOT_LO_MASK;
			}
			nvals += lag == NULL;
			mb->hi[j] = hi;
			mb->lo[j] = lo;
			mb->c[j] = nvals;
		}
		gs_cpu_means(mb->hi, mb->lo, mb->c, m, c->lsb, f8, out + i0 * (f8 ? 8 : 4));
	}
	if (accw == W_ACC64)
		fa->a64 = a64;
	else
		fa->a128 = (gs_i128) hi * ((gs_i128) 1 << 52) + lo;
	ws->st.nvals = nvals;
}

/* Positions of a batch of MeanDirect (its sums on the stack: 2 KiB). */
#define MEAN_DIRECT_BATCH	256

/*
 * The means of m window sums s (units 2^c->lsb; a double's below 2^53),
 * counts cd0 + k * dc for k = 0..m-1 (dc 1 for running means, 0 for
 * moving ones), one at a time: gs_quotient_exact, and gs_mean_round where
 * it cannot decide.
 */
static inline __attribute__((always_inline)) void
MeanEach(const int64_t *s, int m, double cd0, double dc, const FloatConsts *c, bool f8,
		 bool plain, char *out)
{
	int			k;

	for (k = 0; k < m; k++)
	{
		double		cd = cd0 + k * dc,
					v;

		if (unlikely(!gs_quotient_exact((double) s[k], cd, c->scale_d, f8, plain, &v)))
			v = gs_mean_round(s[k], c->lsb, c->scale_d, (uint64_t) cd, f8);
		if (f8)
			((double *) out)[k] = v;
		else
			((float *) out)[k] = (float) v;
	}
}

/*
 * MeanRun for a block whose sums lie in an int64, below 2^52 units (need
 * <= 53) for a double: each sum (a float's rounded) and count a double,
 * each mean one correctly rounded division (gs_quotient_exact; plain:
 * gs_simd_means_plain holds), no batch.  In two passes over each
 * MEAN_DIRECT_BATCH positions: the window sums first (the running total's
 * loop, each stored), then their means four at a time, two a division
 * instruction (GsV2d), the tests of all four at once (a float's midpoint
 * test on the quotients' low words; where not plain, the normal test),
 * the results stored; four with a test failed are taken again one at a
 * time (MeanEach), those undecided exactly by gs_mean_round.  The same
 * bits as one mean at a time, and cheaper: NOTES, "The portable loops'
 * real means in two passes".
 */
static inline __attribute__((always_inline)) void
MeanDirect(WinScan *ws, FloatAcc *fa, const char *in, const char *lag, char *out, int64_t np,
		   const FloatConsts *c, bool f8, bool plain)
{
	int64_t		s[MEAN_DIRECT_BATCH];
	int64_t		nvals = ws->st.nvals;
	int64_t		a64 = fa->a64;
	/* the count of the batch's first mean, and its step */
	double		cd = (double) nvals + (lag ? 0.0 : 1.0),
				dc = lag ? 0.0 : 1.0;
	int			osz = f8 ? 8 : 4;
	int64_t		i0;
	FloatConsts cl = *c;
	const GsV2d sc = {c->scale_d, c->scale_d},
				step = {2.0 * dc, 2.0 * dc};

	/* the constants in registers: out, written each step, may not alias them */
	c = &cl;

	for (i0 = 0; i0 < np; i0 += MEAN_DIRECT_BATCH)
	{
		int			m = (int) Min(MEAN_DIRECT_BATCH, np - i0),
					j;
		char	   *o = out + i0 * osz;
		GsV2d		cv = {cd, cd + dc};

		for (j = 0; j < m; j++)
		{
			a64 += Move64(in, lag, i0 + j, c, f8);
			s[j] = a64;
		}
		for (j = 0; j + 4 <= m; j += 4)
		{
			GsV2d		s0 = {(double) s[j], (double) s[j + 1]},
						s1 = {(double) s[j + 2], (double) s[j + 3]},
						q0,
						q1,
						r0,
						r1;
			bool		redo = false;

			q0 = s0 / cv;
			cv += step;
			q1 = s1 / cv;
			cv += step;
			r0 = q0 * sc;
			r1 = q1 * sc;
			if (!f8)
				redo = GsMidpointsNear4(q0, q1);
			if (!plain)
			{
				GsV2l		bad = GsNotNormal2(r0, s0, f8) | GsNotNormal2(r1, s1, f8);

				redo |= (bad[0] | bad[1]) != 0;
			}
			if (f8)
			{
				memcpy(o + j * 8, &r0, 16);
				memcpy(o + j * 8 + 16, &r1, 16);
			}
			else
			{
				GsV2f		f0 = GsV2dToFloats(r0),
							f1 = GsV2dToFloats(r1);

				memcpy(o + j * 4, &f0, 8);
				memcpy(o + j * 4 + 8, &f1, 8);
			}
			if (unlikely(redo))
				MeanEach(s + j, 4, cd + j * dc, dc, c, f8, plain, o + j * osz);
		}
		MeanEach(s + j, m - j, cd + j * dc, dc, c, f8, plain, o + j * osz);
		cd += m * dc;
	}
	fa->a64 = a64;
	ws->st.nvals = lag ? nvals : nvals + np;
}

/*
 * MeanDirect out of line, one function for each type and plain, each
 * compiled apart for running means (no lag) and moving ones: inlined into
 * FloatBlock, its loop kept the pointers and the sum on the stack.
 */
#define MEAN_DIRECT_FN(NAME, F8, PLAIN) \
static __attribute__((noinline)) void \
NAME(WinScan *ws, FloatAcc *fa, const char *in, const char *lag, char *out, int64_t np, \
	 const FloatConsts *c) \
{ \
	if (lag) \
		MeanDirect(ws, fa, in, lag, out, np, c, F8, PLAIN); \
	else \
		MeanDirect(ws, fa, in, NULL, out, np, c, F8, PLAIN); \
}
MEAN_DIRECT_FN(MeanDirectF8Plain, true, true)
MEAN_DIRECT_FN(MeanDirectF8, true, false)
MEAN_DIRECT_FN(MeanDirectF4Plain, false, true)
MEAN_DIRECT_FN(MeanDirectF4, false, false)
#undef MEAN_DIRECT_FN

/* Widen an analysis so that it also bounds the values another one bounds. */
static inline void
StatsMerge(GsFloatStats *to, const GsFloatStats *from)
{
	if (from->lo != INT32_MAX)
	{
		to->maxabs = to->lo != INT32_MAX ? Max(to->maxabs, from->maxabs) : from->maxabs;
		to->lo = Min(to->lo, from->lo);
	}
	to->special |= from->special;
}

/* The float analysis of n values, exact also where specials are present. */
static void
Stats(const char *v, int64_t n, bool f8, GsFloatStats *fs)
{
	if (n == 0)
	{
		fs->lo = INT32_MAX;
		fs->maxabs = 0;
		fs->special = false;
		return;
	}
	gs_float_stats(v, n, f8, gs_simd_enabled(), fs);
	if (fs->special && gs_simd_enabled())
		gs_float_stats(v, n, f8, false, fs);
}

/*
 * Running means (gpu_cumavg) of a block of values without NULLs in the
 * unit of the block analysed before, without an analysis, as running
 * totals take it (cpu/sum_block.c's BlockGuess, whose hint and rules they
 * share: gs_cpu_guess_unit, gs_cpu_guess_split_need): the 64-bit mean
 * kernel from a carry below 2^62 units, checking each value and each sum,
 * then the carry-save one checking each value; each stops before the first
 * vector it cannot take.  Returns the values done, their means written;
 * the caller analyses the rest.  Not after a NaN or an infinity, nor where
 * the row so far is only -0 (or nothing) and the block begins with -0 (the
 * -0s the kernels add are not counted as such, and need not be once
 * another value has entered).
 */
static int64_t
MeanGuess(WinScan *ws, const char *in, char *out, int64_t n, int64_t rowpos0)
{
	WinState   *st = &ws->st;
	bool		f8 = ws->f8;
	int			u,
				b,				/* |carry| <= 2^b units */
				need;
	gs_i128		acc;
	int64_t		done = 0,
				first = rowpos0 + ws->count_base;

	if (st->nan || st->pinf || st->ninf || n < GS_SIMD_MIN_VALUES ||
		!gs_simd_kernels(f8, false, 64) ||
		(st->negz == st->nvals &&
		 (f8 ? ((const uint64_t *) in)[0] : ((const uint32_t *) in)[0]) == GS_SIGN_BIT(f8)) ||
		!gs_cpu_guess_unit(f8, &st->sum, &u, &acc, &b))
		return 0;
	if (acc >= -((gs_i128) 1 << 62) && acc < (gs_i128) 1 << 62)
	{
		int64_t		a64 = (int64_t) acc;

		gs_simd_cummean64_guess(in, out, n, f8, u, &a64, first,
								gs_simd_means_plain(f8, 64, u, first + n), &done);
		acc = a64;
		b = 62;					/* where it stopped, |carry| <= 2^62 units */
		if (done > 0)
			ws->acc_bits = Max(ws->acc_bits, 64);
	}
	/* on in the carry-save kernel, as BlockGuess goes on */
	if (done < n && (need = gs_cpu_guess_split_need(f8, acc, b, n - done, u)) > 0)
	{
		int64_t		h,
					l,
					d2;
		int			isz = ws->in_size;

		CarrySplit59(acc, &h, &l);
		gs_simd_cummean_split_guess(in + done * isz, out + done * ws->out_size, n - done, f8, u, &h, &l,
									first + done, gs_simd_means_plain(f8, need, u, first + n), &d2);
		acc = CarryJoin59(h, l);
		done += d2;
		if (d2 > 0)
			ws->acc_bits = Max(ws->acc_bits, 128);
	}
	if (done > 0)
	{
		st->nvals += done;
		CarryFromI128(&st->sum, acc, u);
	}
	return done;
}

/*
 * One block of a float row: the unit and accumulator from the values
 * entering and leaving and the sum carried in (as cpu/sum_block.c chooses
 * them for running totals), then FloatLoop with its constants made constant.
 */
static int64_t
FloatBlock(WinScan *ws, const char *in, int64_t a, const char *lag, char *out,
		   int64_t pos0, int64_t np, int64_t rowpos0, int64_t b)
{
	WinState   *st = &ws->st;
	bool		f8 = ws->f8;
	bool		hasnulls = ws->spec->nulls != NULL;
	bool		mean = ws->mean;
	GsFloatStats fs,
				fl;
	bool		special;
	int			unit,
				need,
				accw;
	bool		diff,
				plain;
	FloatConsts c;
	FloatAcc	fa;
	int64_t		bad;

	if (mean && ws->window == INT64_MAX && !hasnulls)
	{
		/* running means: first in the unit of the block analysed before */
		int64_t		done = MeanGuess(ws, in, out, np, rowpos0);

		if (done == np)
			return -1;
		in += done * ws->in_size;
		out += done * ws->out_size;
		a -= done;
		pos0 += done;
		rowpos0 += done;
		np -= done;
	}

	/*
	 * One analysis of the values entering, kept by position; the values
	 * leaving entered earlier in the row, so the analyses kept for their
	 * positions bound theirs (a plan from wider bounds is as exact), and
	 * they are not read for it.  After a block in 64 bits, first the
	 * cheaper check that the values are multiples of its unit
	 * (gs_float_stats_in_unit: that unit as the lowest bit, a bound; so a
	 * unit finer than later values need is kept until a block needs more
	 * than 64 bits, whose successor the full analysis takes again).
	 */
	if (!ws->unit_known || !gs_float_stats_in_unit(in, a, f8, ws->unit_last, &fs))
		Stats(in, a, f8, &fs);
	if (ws->slot_shift > 0)
	{
		int			sh = ws->slot_shift;
		int64_t		s,
					s1 = (rowpos0 + np - 1) >> sh;

		for (s = ws->slots_used; s <= s1; s++)
			Stats(NULL, 0, f8, &ws->slot[s]);
		ws->slots_used = Max(ws->slots_used, s1 + 1);
		for (s = rowpos0 >> sh; s <= s1; s++)
			StatsMerge(&ws->slot[s], &fs);
		Stats(NULL, 0, f8, &fl);
		if (b > 0)
			for (s = Max(rowpos0 - ws->window, 0) >> sh; s <= (rowpos0 + np - ws->window - 1) >> sh; s++)
				StatsMerge(&fl, &ws->slot[s]);
	}
	else
		Stats(lag, b, f8, &fl);
	StatsMerge(&fs, &fl);
	special = fs.special || st->nan || st->pinf || st->ninf || st->negz;
	need = gs_cpu_block_width(&fs, a + b, &st->sum, f8, &unit);
	if (mean && ws->window == INT64_MAX)
		__atomic_store_n(&gs_cpu_unit_hint[f8], unit, __ATOMIC_RELAXED);

	CarryRescale(&st->sum, unit);
	memset(&c, 0, sizeof(c));
	gs_cpu_float_consts(&c, unit);
	memset(&fa, 0, sizeof(fa));
	if (need <= 64)
	{
		accw = W_ACC64;
		fa.a64 = (int64_t) CarryToI128(&st->sum);
	}
	else if (need <= 128)
	{
		accw = W_ACC128;
		fa.a128 = CarryToI128(&st->sum);
	}
	else
	{
		accw = W_WIDE;
		fa.nlimbs = (need + 63) / 64;
		CarryExtend(&st->sum, fa.nlimbs);
		fa.wide = st->sum.w;	/* the low nlimbs limbs are the value */
	}
	ws->acc_bits = Max(ws->acc_bits, accw == W_WIDE ? 64 * fa.nlimbs : accw == W_ACC128 ? 128 : 64);
	/*
	 * a moving window's next block: checked against this unit, not analysed
	 * anew, while in 64 bits (here, or below where the checked 64-bit kernel
	 * takes a whole 128-bit block)
	 */
	ws->unit_known = ws->window != INT64_MAX && accw == W_ACC64 && !special;
	ws->unit_last = unit;
	/* each value entering minus the one leaving an exact double (one conversion)? */
	diff = fs.lo == INT32_MAX || gs_simd_diff_ok(gs_float_top_bit(fs.maxabs, f8), unit);
	/* the means' checks that this block's bounds make needless (the last count: at most np more) */
	plain = gs_simd_means_plain(f8, need, unit, rowpos0 + ws->count_base + np);

	/*
	 * Sums of finite values without NULLs: the vector kernels of running
	 * totals, with the values leaving subtracted (the same bounds as
	 * cpu/sum_block.c's).
	 */
	if (mean && !special && !hasnulls && np >= GS_SIMD_MIN_VALUES && gs_simd_kernels(f8, false, 64) &&
		accw == W_ACC64 && gs_simd_scan64_ok(f8, unit))
	{
		/* means likewise, each window sum divided in the kernel (counts: positions) */
		gs_simd_movmean64(in, b ? lag : NULL, out, np, f8, unit, diff, &fa.a64,
						  rowpos0 + ws->count_base, ws->window, plain, gs_simd_narrow(need), NULL);
		st->nvals += a - b;
		CarryFromI128(&st->sum, fa.a64, unit);
		return -1;
	}
	if (mean && !special && !hasnulls && np >= GS_SIMD_MIN_VALUES && gs_simd_kernels(f8, false, 64) &&
		accw == W_ACC128 && gs_simd_split_ok(f8, need, unit))
	{
		/*
		 * and on the carry-save 128-bit kernel, after the checked 64-bit one
		 * where it may take the block (as cpu/sum_block.c does)
		 */
		int64_t		h,
					l,
					done = 0;
		int			isz = ws->in_size;

		if (gs_simd_scan64_ok(f8, unit) &&
			gs_simd_checked_ok(&fs, f8, b > 0, unit, fa.a128))
		{
			int64_t		a64 = (int64_t) fa.a128;

			gs_simd_movmean64(in, b ? lag : NULL, out, np, f8, unit, diff, &a64,
							  rowpos0 + ws->count_base, ws->window, plain, false, &done);
			fa.a128 = a64;
			/* the whole block in 64 bits: the next one checked against this unit too */
			ws->unit_known = ws->window != INT64_MAX && done == np;
		}
		if (done < np)
		{
			CarrySplit59(fa.a128, &h, &l);
			gs_simd_movmean_split(in + done * isz, b ? lag + done * isz : NULL, out + done * ws->out_size,
								  np - done, f8, unit, diff, &h, &l,
								  rowpos0 + ws->count_base + done, ws->window, plain);
			fa.a128 = CarryJoin59(h, l);
		}
		st->nvals += a - b;
		CarryFromI128(&st->sum, fa.a128, unit);
		return -1;
	}
	if (!mean && !special && !hasnulls && np >= GS_SIMD_MIN_VALUES && gs_simd_kernels(f8, b == 0, need))
	{
		if (accw == W_ACC64 && gs_simd_scan64_ok(f8, unit))
		{
			bad = b ? gs_simd_movsum64(in, lag, out, np, f8, unit, diff, gs_simd_narrow(need),
									   ws->window, &fa.a64)
				: gs_simd_scan64(in, out, np, f8, unit, false, gs_simd_narrow(need), &fa.a64);
			st->nvals += a - b;
			CarryFromI128(&st->sum, fa.a64, unit);
			return bad;
		}
		if (accw == W_ACC128 && gs_simd_split_ok(f8, need, unit))
		{
			/* the checked 64-bit kernel first where it may take the block (as for means) */
			int64_t		h,
						l,
						done = 0;
			int			isz = ws->in_size;

			bad = -1;
			if (gs_simd_scan64_ok(f8, unit) &&
				gs_simd_checked_ok(&fs, f8, b > 0, unit, fa.a128))
			{
				int64_t		a64 = (int64_t) fa.a128;

				bad = gs_simd_scan64_checked(in, b ? lag : NULL, out, np, f8, unit, false, diff, &a64, &done);
				fa.a128 = a64;
				ws->unit_known = ws->window != INT64_MAX && done == np && bad < 0;
			}
			if (bad < 0 && done < np)
			{
				const char *in2 = in + done * isz;
				char	   *out2 = out + done * ws->out_size;

				CarrySplit59(fa.a128, &h, &l);
				bad = b ? gs_simd_movsum_split(in2, lag + done * isz, out2, np - done, f8, unit, diff, &h, &l)
					: gs_simd_scan_split(in2, out2, np - done, f8, unit, false, &h, &l);
				fa.a128 = CarryJoin59(h, l);
				if (bad >= 0)
					bad += done;
			}
			st->nvals += a - b;
			CarryFromI128(&st->sum, fa.a128, unit);
			return bad;
		}
	}

	/*
	 * Means of finite values without NULLs whose sums and counts lie in the
	 * fast quotient's range (a 128-bit block's sums below 2^102 units, its
	 * unit at most SPLIT52_MAX_UNIT):
	 * the tight loop, one division each (MeanDirect) where the sums lie in
	 * an int64, a double's below 2^52 units
	 */
	if (mean && !special && !hasnulls &&
		(accw == W_ACC64 || (accw == W_ACC128 && need <= 103 && unit <= SPLIT52_MAX_UNIT)) &&
		st->nvals + np <= (int64_t) GS_QUOT_MAX_COUNT)
	{
		const char *lg = b ? lag : NULL;

		if (accw == W_ACC64 && (need <= 53 || !f8))
		{
			if (f8 && plain)
				MeanDirectF8Plain(ws, &fa, in, lg, out, np, &c);
			else if (f8)
				MeanDirectF8(ws, &fa, in, lg, out, np, &c);
			else if (plain)
				MeanDirectF4Plain(ws, &fa, in, lg, out, np, &c);
			else
				MeanDirectF4(ws, &fa, in, lg, out, np, &c);
			CarryFromI128(&st->sum, fa.a64, unit);
		}
		else if (accw == W_ACC64)
		{
			if (f8)
				MeanRun(ws, &fa, in, lg, out, np, &c, true, W_ACC64);
			else
				MeanRun(ws, &fa, in, lg, out, np, &c, false, W_ACC64);
			CarryFromI128(&st->sum, fa.a64, unit);
		}
		else
		{
			if (f8)
				MeanRun(ws, &fa, in, lg, out, np, &c, true, W_ACC128);
			else
				MeanRun(ws, &fa, in, lg, out, np, &c, false, W_ACC128);
			CarryFromI128(&st->sum, fa.a128, unit);
		}
		return -1;
	}

#define FLOAT_CASE(F8, A, S, N, M) \
	if (f8 == (F8) && accw == (A) && special == (S) && hasnulls == (N) && mean == (M)) \
		bad = FloatLoop(ws, &fa, in, lag, out, pos0, np, rowpos0, b, &c, F8, A, S, N, M); \
	else
#define FLOAT_M(F8, A, S, N) FLOAT_CASE(F8, A, S, N, false) FLOAT_CASE(F8, A, S, N, true)
#define FLOAT_N(F8, A, S) FLOAT_M(F8, A, S, false) FLOAT_M(F8, A, S, true)
#define FLOAT_S(F8, A) FLOAT_N(F8, A, false) FLOAT_N(F8, A, true)
#define FLOAT_A(F8) FLOAT_S(F8, W_ACC64) FLOAT_S(F8, W_ACC128) FLOAT_S(F8, W_WIDE)
	FLOAT_A(true) FLOAT_A(false)
		bad = -1;
#undef FLOAT_A
#undef FLOAT_S
#undef FLOAT_N
#undef FLOAT_M
#undef FLOAT_CASE

	if (accw == W_ACC64)
		CarryFromI128(&st->sum, fa.a64, unit);
	else if (accw == W_ACC128)
		CarryFromI128(&st->sum, fa.a128, unit);
	else
		CarryFromWide(&st->sum, fa.nlimbs);
	return bad;
}

/*
 * The values [j, j + b) leaving the window, contiguous: in memory, in the
 * first window (lead), in the lag window, or read into it: just these when
 * the first window will hold what follows, else as many as fit before it.
 */
static const char *
LagAt(GsWindow *lag, const GsWindow *lead, int64_t j, int64_t b)
{
	int64_t		m;

	if (lead->src->values)
		return (const char *) lead->src->values + (size_t) j * lead->size;
	if (j >= lead->first && j + b <= lead->first + lead->n)
		return lead->buf + (size_t) (j - lead->first) * lead->size;
	if (j >= lag->first && j + b <= lag->first + lag->n)
		return lag->buf + (size_t) (j - lag->first) * lag->size;
	m = b;
	if (j + b <= lead->first)
		m = Min(lag->cap, lead->first - j);
	return gs_window_read(lag, j, Max(m, b));
}

/*
 * Clear the window at the start of a row, or set it to spec->init (a
 * running mean's values before the row: nothing leaves, so each special
 * value's count only needs to be nonzero, and -0s are all of them or none).
 */
static void
RowStart(WinScan *ws)
{
	const GsRunState *init = ws->spec->init;

	/* the counts; the carry's limbs in use only (not the 300 bytes of all of them) */
	memset(&ws->st, 0, offsetof(WinState, sum));
	CarryClear(&ws->st.sum);
	ws->slots_used = 0;
	if (init)
	{
		ws->st.nvals = init->nvalues;
		ws->st.nan = (init->flags & GS_FLAG_NAN) != 0;
		ws->st.pinf = (init->flags & GS_FLAG_PINF) != 0;
		ws->st.ninf = (init->flags & GS_FLAG_NINF) != 0;
		ws->st.negz = (init->flags & GS_FLAG_NONNEGZERO) ? 0 : init->nvalues;
		CarryFromLimbs(&ws->st.sum, init->w, init->unit);
	}
}

/*
 * Scan every row with a window operator, in blocks of positions: returns
 * the index among the stored values of the first output out of range, or
 * -1.
 */
static int64_t
WindowRows(WinScan *ws, GsWindow *lead, GsWindow *lag)
{
	const GsScanSpec *spec = ws->spec;
	const uint8_t *nulls = spec->nulls;
	int64_t		L = spec->row_len;
	int64_t		nrows = spec->nitems > 0 ? spec->nitems / L : 0;
	int64_t		w = ws->window;
	int64_t		k = 0;			/* the next value entering */
	int64_t		since = 0;
	int64_t		row;
	char	   *out = (char *) spec->result;

	for (row = 0; row < nrows; row++)
	{
		int64_t		j = k;		/* the next value leaving */
		int64_t		p0,
					np;

		RowStart(ws);
		if (ws->mom)
			gs_cpu_moments_row(ws->mom);
		for (p0 = 0; p0 < L; p0 += np)
		{
			int64_t		a,
						b = 0,
						bad;
			const char *in = NULL;
			const char *lg = NULL;

			np = Min(WIN_BLOCK, L - p0);
			/* without NULLs a block either has values leaving at every position or at none */
			if (!nulls && p0 < w && p0 + np > w)
				np = w - p0;
			/* and it ends where the first window does (nothing read twice) */
			if (!nulls && !lead->src->values && k < lead->first + lead->n &&
				k + np > lead->first + lead->n)
				np = lead->first + lead->n - k;
			a = nulls ? gs_bitmap_count(nulls, row * L + p0, np) : np;
			if (p0 + np > w)
			{
				int64_t		lo = p0 >= w ? p0 - w : 0;

				b = nulls ? gs_bitmap_count(nulls, row * L + lo, p0 + np - w - lo)
					: p0 + np - w - lo;
			}
			if (since >= GS_INTERRUPT_INTERVAL && spec->interrupt)
			{
				spec->interrupt();
				since = 0;
			}
			if (a > 0)
				in = gs_window_at(lead, k, a);
			if (b > 0)
				lg = LagAt(lag, lead, j, b);
			bad = ws->mom
				? gs_cpu_moments_block(ws->mom, in, a, lg, b, row * L + p0, np, p0)
				: ws->isfloat
				? FloatBlock(ws, in, a, lg, out + k * ws->out_size, row * L + p0, np, p0, b)
				: IntBlock(ws, in, lg, out + k * ws->out_size, row * L + p0, np, p0, b);
			if (bad >= 0)
				return k + bad;
			k += a;
			j += b;
			since += np;
		}
	}
	return -1;
}

/* The CPU engine's window operators (gs_cpu_scan's, for GS_OP_IS_WINDOW ops). */
int64_t
gs_cpu_window_scan(const GsScanSpec *spec, GsWindow *lead, int *acc_bits)
{
	WinScan		ws;
	MomScan		mom;
	GsWindow	lag;
	int64_t		bad;

	/* not the row state, batch, scratch and slots (30 kB): a small array's call would clear them all */
	memset(&ws, 0, offsetof(WinScan, st));
	ws.mb.n = 0;
	ws.spec = spec;
	ws.isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	ws.f8 = spec->type == GS_FLOAT8;
	ws.mean = spec->op != GS_OP_MOVSUM;
	ws.in_size = gs_type_size(spec->type);
	ws.out_size = gs_output_size(spec->type, spec->op);
	ws.window = GS_OP_IS_MOVING(spec->op) ? spec->window : INT64_MAX;
	ws.count_base = spec->init ? spec->init->nvalues : 0;
	/*
	 * values leave: keep the analyses of a row's values in up to WIN_SLOTS
	 * ranges of 4,096 positions or more
	 */
	if (ws.isfloat && ws.window < spec->row_len)
	{
		ws.slot_shift = 12;
		while ((spec->row_len - 1) >> ws.slot_shift >= WIN_SLOTS)
			ws.slot_shift++;
	}
	/* a block's values leaving are read whole: the lag window holds a block */
	if (!gs_window_init_lag(&lag, lead->src, ws.in_size) ||
		(!lead->src->values && lag.cap < WIN_BLOCK))
		return -2;
	if (GS_OP_IS_MOMENTS(spec->op))
	{
		ws.mom = &mom;
		gs_cpu_moments_begin(&mom, spec);
	}
	bad = WindowRows(&ws, lead, &lag);
	if (ws.mom)
	{
		gs_cpu_moments_end(&mom);
		ws.acc_bits = mom.acc_bits;
	}

	*acc_bits = ws.acc_bits ? ws.acc_bits : 64;
	return bad;
}
