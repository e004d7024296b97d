/*
 * cpu/moments_scan.c — the CPU engine's moving and running variances and
 * standard deviations: gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd.
 *
 * The window keeps the exact sum of its values, S1, and of their exact
 * squares, S2, as integers in a unit 2^u (S2 in 2^2u): the value entering
 * adds its mantissa and its mantissa's square shifted to their places, the
 * value leaving subtracts them, so every window's sums are exact however
 * long the row.  At each position with a value, N = n S2 - S1^2 (exact)
 * gives the variance N 2^2u / (n (n - 1)), rounded once: from N's top bits
 * with a proved bound (cpu/moments_kernel.h), else by core/moments.c's
 * exact path (integer division and square root).  Beside the sums the
 * window counts its values, NaNs and infinities, which give NULL (fewer
 * than two values) and NaN.
 *
 * The unit and widths are chosen block by block (cpu/window.c's blocks of
 * positions) from the values entering and leaving and the sums carried in:
 * the unit is the lowest bit any of them holds, and the widths bound every
 * sum the block reaches (the sums carried in plus every value moved), so
 * a block of ordinary values runs with S1 in 128 bits and S2 in 256 (the
 * narrow loop, cpu/moments_kernel.h, built portable here and with FMA in
 * cpu/avx2_moments.c), and only one whose window spans more than about
 * 2^60 in magnitude runs with limbs (WideLoop).  Between blocks the sums
 * are kept over the whole range (GsMomentsState), the state the window
 * forms carry between blocks.
 */
#include "moments_kernel.h"

#include <math.h>

#define Max(a, b)	((a) > (b) ? (a) : (b))
#define Min(a, b)	((a) < (b) ? (a) : (b))

/* A place below any sum's (no bits). */
#define NO_PLACE	(-(1 << 20))

/*
 * Widen [*lo, *hi) to the bits of n values: the lowest set and above the
 * highest; floats by the engine's float analysis (core/analysis.c).
 */
static void
Analyse(GsElemType type, const char *v, int64_t n, int *lo, int *hi)
{
	if (n == 0)
		return;
	if (type == GS_FLOAT4 || type == GS_FLOAT8)
	{
		bool		f8 = type == GS_FLOAT8;
		GsFloatStats fs;

		/* NaN, infinities and zeros left out */
		gs_float_stats(v, n, f8, gs_simd_enabled(), &fs);
		if (fs.lo == INT32_MAX)
			return;
		*lo = Min(*lo, fs.lo - GS_LO_BIAS(f8));
		*hi = Max(*hi, gs_float_top_bit(fs.maxabs, f8) + 1);
		return;
	}
	for (int64_t i = 0; i < n; i++)
	{
		uint64_t	m;
		int			place,
					neg;

		if (MkDecode(type, v, i, &m, &place, &neg) != V_NUM)
			continue;
		*lo = Min(*lo, place + gs_ctz64(m));
		*hi = Max(*hi, place + 64 - gs_clz64(m));
	}
}

/* The portable narrow loop of a type (gs_cpu_moments_narrow). */
MK_NARROW_LOOPS(gs_cpu_moments_narrow)

/* Start a scan. */
void
gs_cpu_moments_begin(MomScan *ms, const GsScanSpec *spec)
{
	ms->spec = spec;
	ms->type = spec->type;
	ms->f8_out = spec->type != GS_FLOAT4;
	ms->what = GS_MOMENT_SAMPLE |
		(spec->op == GS_OP_MOVSTD || spec->op == GS_OP_CUMSTD ? GS_MOMENT_ROOT : 0);
	ms->window = spec->op == GS_OP_MOVVAR || spec->op == GS_OP_MOVSTD ? spec->window : INT64_MAX;
	ms->nout = 0;
	ms->acc_bits = 0;
	ms->narrow = gs_simd_enabled() || gs_avx2_enabled() ? gs_avx2_moments_narrow(spec->type)
		: gs_cpu_moments_narrow(spec->type);
}

/* Start a row. */
void
gs_cpu_moments_row(MomScan *ms)
{
	if (ms->spec->moments)
		ms->st = *ms->spec->moments;
	else
		memset(&ms->st, 0, sizeof(ms->st));
}

/* End a scan. */
void
gs_cpu_moments_end(MomScan *ms)
{
	if (ms->spec->moments)
		*ms->spec->moments = ms->st;
}

/* Limbs of a block's sums with limbs (the wide path). */
typedef struct WideSums
{
	int			l1,
				l2;
	uint64_t	s1[GS_MOM_LIMBS1];
	uint64_t	s2[GS_MOM_LIMBS2];
	uint64_t	N[2 * GS_MOM_LIMBS2 + 2];
} WideSums;

/*
 * The block's positions with its sums in limbs (ws) at unit u: as
 * MkNarrowLoop, every result by core/moments.c.
 */
static int64_t
WideLoop(MomScan *ms, const char *in, const char *lag, int64_t b, int64_t pos0, int64_t np,
		 int64_t rowpos0, int u, WideSums *ws)
{
	const uint8_t *nulls = ms->spec->nulls;
	uint8_t    *rn = ms->spec->result_nulls;
	GsElemType	type = ms->type;
	GsMomentsState *st = &ms->st;
	int64_t		w = ms->window,
				ki = 0,
				kl = 0;
	char	   *out = (char *) ms->spec->result;

	for (int64_t i = 0; i < np; i++)
	{
		int64_t		pos = pos0 + i;
		bool		enter = !nulls || gs_bit_get(nulls, pos);
		bool		leave = nulls ? rowpos0 + i >= w && gs_bit_get(nulls, pos - w) : b > 0;

		for (int mv = 0; mv < 2; mv++)
		{
			uint64_t	m;
			int			place,
						neg,
						sign,
						c;

			if (mv == 0 ? !leave : !enter)
				continue;
			sign = mv == 0 ? -1 : 1;
			c = mv == 0 ? MkDecode(type, lag, kl++, &m, &place, &neg)
				: MkDecode(type, in, ki++, &m, &place, &neg);
			st->nvalues += sign;
			if (c == V_NUM)
			{
				int			tz = gs_ctz64(m),
							sh = place + tz - u;

				gs_u128		m2;

				m >>= tz;
				m2 = (gs_u128) m * m;
				/* m and m^2 are odd: their lowest limbs lie within the sums */
				gs_wide_add(ws->s1, ws->l1, neg ^ (sign < 0), m, sh);
				gs_wide_add(ws->s2, ws->l2, sign < 0, (uint64_t) m2, 2 * sh);
				if (m2 >> 64)
					gs_wide_add(ws->s2, ws->l2, sign < 0, (uint64_t) (m2 >> 64), 2 * sh + 64);
			}
			else if (c == V_SPECIAL)
				st->nspecial += sign;
		}
		if (!enter || st->nvalues < 2)
		{
			gs_bit_set(rn, pos, false);
			continue;
		}
		gs_bit_set(rn, pos, true);
		{
			double		r;

			if (st->nspecial)
				r = NAN;
			else
			{
				int			nl = gs_moments_numerator(ws->s1, ws->l1, ws->s2, ws->l2,
													  (uint64_t) st->nvalues, ws->N);

				if (gs_moments_round(ws->N, nl, 2 * u, (uint64_t) st->nvalues, ms->what,
									 ms->f8_out, &r) == GS_ACCUM_OVERFLOW &&
					pos >= ms->spec->report_from)
					return ki - 1;
			}
			if (ms->f8_out)
				((double *) out)[ms->nout++] = r;
			else
				((float *) out)[ms->nout++] = (float) r;
		}
	}
	return -1;
}

/* One block of positions (cpu/moments_scan.h). */
int64_t
gs_cpu_moments_block(MomScan *ms, const char *in, int64_t a, const char *lag, int64_t b,
					 int64_t pos0, int64_t np, int64_t rowpos0)
{
	GsMomentsState *st = &ms->st;
	int			lo = INT32_MAX,
				hi = NO_PLACE,
				lsb1,
				lsb2,
				mag1 = gs_wide_bits(st->s1, GS_MOM_LIMBS1, &lsb1),
				mag2 = gs_wide_bits(st->s2, GS_MOM_LIMBS2, &lsb2),
				top1 = NO_PLACE,
				top2 = NO_PLACE,
				u,
				bits1,
				bits2;
	int64_t		bad;

	/* the unit: the lowest bit of any value moved and of the sums carried in */
	Analyse(ms->type, in, a, &lo, &hi);
	Analyse(ms->type, lag, b, &lo, &hi);
	u = lo;
	/* (gs_wide_bits: a zero sum has its lowest bit at 64 limbs) */
	if (lsb1 < 64 * GS_MOM_LIMBS1)
	{
		u = Min(u, st->unit + lsb1);
		top1 = st->unit + mag1;
	}
	if (lsb2 < 64 * GS_MOM_LIMBS2)
	{
		u = Min(u, (2 * st->unit + lsb2) >> 1);
		top2 = 2 * st->unit + mag2;
	}
	if (u == INT32_MAX)
		u = st->unit;
	/* every |S1| <= |S1 in| + the values moved; every S2 <= S2 in + the squares entering */
	bits1 = Max(top1, hi) + (64 - gs_clz64((uint64_t) (a + b + 1))) + 1 - u;
	bits2 = Max(top2, 2 * hi) + (64 - gs_clz64((uint64_t) (a + 1))) - 2 * u;
	bits1 = Max(bits1, 1);
	bits2 = Max(bits2, 1);
	if (bits1 <= 128 && bits2 <= 256)
	{
		uint64_t	t1[2],
					s2[4];
		gs_i128		s1;

		gs_wide_shift(st->s1, GS_MOM_LIMBS1, 1, st->unit - u, t1, 2);
		gs_wide_shift(st->s2, GS_MOM_LIMBS2, 0, 2 * (st->unit - u), s2, 4);
		s1 = (gs_i128) (((gs_u128) t1[1] << 64) | t1[0]);
		bad = ms->narrow(ms, in, lag, b, pos0, np, rowpos0, u, &s1, s2);
		t1[0] = (uint64_t) s1;
		t1[1] = (uint64_t) ((gs_u128) s1 >> 64);
		gs_wide_shift(t1, 2, 1, 0, st->s1, GS_MOM_LIMBS1);
		gs_wide_shift(s2, 4, 0, 0, st->s2, GS_MOM_LIMBS2);
		ms->acc_bits = Max(ms->acc_bits, 256);
	}
	else
	{
		WideSums	ws;

		ws.l1 = Min((bits1 + 63) / 64, GS_MOM_LIMBS1);
		ws.l2 = Min((bits2 + 63) / 64, GS_MOM_LIMBS2);
		gs_wide_shift(st->s1, GS_MOM_LIMBS1, 1, st->unit - u, ws.s1, ws.l1);
		gs_wide_shift(st->s2, GS_MOM_LIMBS2, 0, 2 * (st->unit - u), ws.s2, ws.l2);
		bad = WideLoop(ms, in, lag, b, pos0, np, rowpos0, u, &ws);
		gs_wide_shift(ws.s1, ws.l1, 1, 0, st->s1, GS_MOM_LIMBS1);
		gs_wide_shift(ws.s2, ws.l2, 0, 0, st->s2, GS_MOM_LIMBS2);
		ms->acc_bits = Max(ms->acc_bits, 64 * ws.l2);
	}
	st->unit = u;
	return bad;
}
