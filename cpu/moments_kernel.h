/*
 * cpu/moments_kernel.h — the variance scans' inner loop for a block whose
 * sums are narrow (S1 in 128 bits, S2 in 256) and its rounding, included
 * by cpu/moments_scan.c (portable) and cpu/avx2_moments.c (built with FMA
 * instructions where the CPU has them).  The same bits either way: each
 * GS_FMA is one rounding whether an instruction or libm's; a compiler that
 * contracts a * b + c elsewhere changes only an error bound's arithmetic,
 * which chooses between this fast rounding and the exact one, both right.
 */
#ifndef GPUSCAN_CPU_MOMENTS_KERNEL_H
#define GPUSCAN_CPU_MOMENTS_KERNEL_H

#include "moments_scan.h"

#include "../core/moments.h"

/* Classes of a value (MkDecode). */
#define V_ZERO		0
#define V_NUM		1
#define V_SPECIAL	2			/* NaN or an infinity: the window's results are NaN */

/*
 * Value i of a packed array of a type: its class, and for a number its
 * magnitude's integer m, its sign and the place of m's bit 0 (|x| = m
 * 2^place).  A real is taken as the double it is exactly.
 */
static inline __attribute__((always_inline)) int
MkDecode(GsElemType type, const char *p, int64_t i, uint64_t *m, int *place, int *neg)
{
	uint64_t	u,
				mag;

	switch (type)
	{
		case GS_INT2:
		case GS_INT4:
		case GS_INT8:
			{
				int64_t		v = type == GS_INT2 ? ((const int16_t *) p)[i]
					: type == GS_INT4 ? ((const int32_t *) p)[i] : ((const int64_t *) p)[i];

				if (v == 0)
					return V_ZERO;
				*neg = v < 0;
				*m = v < 0 ? -(uint64_t) v : (uint64_t) v;
				*place = 0;
				return V_NUM;
			}
		case GS_FLOAT4:
			u = gs_f64_bits((double) ((const float *) p)[i]);
			break;
		default:
			u = ((const uint64_t *) p)[i];
			break;
	}
	mag = u & ~GS_SIGN_BIT(1);
	if (mag == 0)
		return V_ZERO;
	if (mag >= GS_INF_BITS(1))
		return V_SPECIAL;
	*neg = gs_f64_parts(u, m, place);
	return V_NUM;
}

/*
 * N = n S2 - S1^2 of narrow sums (S1 in 128 bits; S2 in four limbs) into
 * five limbs.
 */
static inline __attribute__((always_inline)) void
MkNumerator(gs_i128 s1, const uint64_t *s2, uint64_t n, uint64_t *N)
{
	gs_u128		a = s1 < 0 ? -(gs_u128) s1 : (gs_u128) s1,
				p00,
				p01,
				p11,
				t,
				c = 0;
	uint64_t	a0 = (uint64_t) a,
				a1 = (uint64_t) (a >> 64),
				A[4],
				borrow = 0;

	p00 = (gs_u128) a0 * a0;
	p01 = (gs_u128) a0 * a1;
	p11 = (gs_u128) a1 * a1;
	A[0] = (uint64_t) p00;
	t = (p00 >> 64) + (uint64_t) p01 + (uint64_t) p01;
	A[1] = (uint64_t) t;
	t = (t >> 64) + (p01 >> 64) + (p01 >> 64) + (uint64_t) p11;
	A[2] = (uint64_t) t;
	A[3] = (uint64_t) ((t >> 64) + (p11 >> 64));
	for (int i = 0; i < 4; i++)
	{
		gs_u128		pr = (gs_u128) s2[i] * n + c;
		uint64_t	p = (uint64_t) pr;

		c = pr >> 64;
		N[i] = p - A[i] - borrow;
		borrow = (p < A[i]) || (p - A[i] < borrow);
	}
	N[4] = (uint64_t) c - borrow;
}

/*
 * The fast rounding of N 2^u2 / (c1 c2) (N of five limbs, nonnegative), or
 * of its square root: true with *out set, false where its bound cannot
 * decide (then core/moments.c's gs_moments_round).  N's top 106 bits as a
 * double-double nh + nl (within 2^-105 of N, relative); d = c1 c2 exact
 * (below 2^52), *rinv = RN(1/d) kept for the next call while d is *lastd;
 * the quotient q + t with q = RN(nh rinv) within two ulps, its residual by
 * an fma (rounded at most once, 2^-104 of nh), t = RN(r rinv) (2^-103 of
 * q): within 2^-100 taken; a root s + r by sqrt and its fma residual (as
 * core/moments.c's top digits' path), within 2^-99; decided where the
 * result with that bound lies inside one rounding interval of the format
 * and is a normal number of it.
 */
static inline __attribute__((always_inline)) bool
MkRound(const uint64_t *N, int u2, uint64_t c1, uint64_t c2, bool root, bool f8, double *out,
		double *lastd, double *rinv)
{
	int			t = 4,
				lz,
				e;
	uint64_t	a0,
				a1,
				a2,
				hi,
				lo;
	double		nh,
				nl,
				d,
				q,
				r,
				y,
				yl,
				rel,
				res;

	while (t >= 0 && N[t] == 0)
		t--;
	if (t < 0)
	{
		*out = 0.0;
		return true;
	}
	if (c1 > (UINT64_C(1) << 26))
		return false;
	lz = gs_clz64(N[t]);
	a0 = N[t];
	a1 = t >= 1 ? N[t - 1] : 0;
	a2 = t >= 2 ? N[t - 2] : 0;
	hi = lz ? (a0 << lz) | (a1 >> (64 - lz)) : a0;
	lo = lz ? (a1 << lz) | (a2 >> (64 - lz)) : a1;
	/* N = (nh + nl + tail) 2^(bits - 53), 0 <= tail < 2^-53 */
	nh = (double) (hi >> 11);
	nl = (double) (((hi & 0x7ff) << 42) | (lo >> 22)) * 0x1p-53;
	e = 64 * (t + 1) - lz - 53 + u2;
	d = (double) c1 * (double) c2;
	if (d != *lastd)
	{
		*lastd = d;
		*rinv = 1.0 / d;
	}
	q = nh * *rinv;
	r = (GS_FMA(-q, d, nh) + nl) * *rinv;
	rel = 0x1p-100;
	if (root)
	{
		double		s,
					rr;

		if (e & 1)
		{
			q *= 2;
			r *= 2;
			e--;
		}
		s = sqrt(q);
		rr = (GS_FMA(-s, s, q) + r) / (2 * s);
		y = s + rr;
		yl = rr - (y - s);
		rel = 0x1p-99;
		e /= 2;
	}
	else
	{
		y = q + r;
		yl = r - (y - q);
	}
	if (!(f8 ? gs_round_near(y, yl, rel * y, &y) : gs_round_near_float(y, yl, rel * y, &y)))
		return false;
	res = gs_scale2(y, e);
	if (!gs_quot_normal(res, f8))
		return false;
	*out = res;
	return true;
}

/* Results waiting to be rounded, many at once (MkFlush): independent work for the CPU. */
#define MK_BATCH	64

typedef struct MkBatch
{
	int			n;
	uint64_t	N[MK_BATCH][5];
	uint64_t	cnt[MK_BATCH];
	int64_t		out[MK_BATCH];	/* the result's index */
	int64_t		vk[MK_BATCH];	/* its value's index in the block, for an error */
	bool		report[MK_BATCH];	/* out of range is an error (spec->report_from) */
} MkBatch;

/*
 * Round the batch's results into out; returns the index among the block's
 * values entering of the first out of range (an error), or -1.  Empties
 * the batch.
 */
static inline __attribute__((always_inline)) int64_t
MkFlush(MomScan *ms, MkBatch *bt, int u2, bool root, bool sample, bool f8, char *out)
{
	double		lastd = -1,
				rinv = 0;

	for (int i = 0; i < bt->n; i++)
	{
		double		r;
		uint64_t	n = bt->cnt[i];

		if (unlikely(!MkRound(bt->N[i], u2, n, sample ? n - 1 : n, root, f8, &r, &lastd, &rinv)) &&
			gs_moments_round(bt->N[i], 5, u2, n, ms->what, f8, &r) == GS_ACCUM_OVERFLOW &&
			bt->report[i])
		{
			bt->n = 0;
			return bt->vk[i];
		}
		if (f8)
			((double *) out)[bt->out[i]] = r;
		else
			((float *) out)[bt->out[i]] = (float) r;
	}
	bt->n = 0;
	return -1;
}

/*
 * A block's positions with narrow sums at unit u (S1 *s1p, S2 the four
 * limbs s2): returns as cpu/moments_scan.h's gs_cpu_moments_block.  type is a constant.
 */
static inline __attribute__((always_inline)) int64_t
MkNarrowLoop(MomScan *ms, const char *in, const char *lag, int64_t b, int64_t pos0, int64_t np,
			 int64_t rowpos0, int u, gs_i128 *s1p, uint64_t *s2, const GsElemType type)
{
	const uint8_t *nulls = ms->spec->nulls;
	uint8_t    *rn = ms->spec->result_nulls;
	GsMomentsState *st = &ms->st;
	int64_t		w = ms->window,
				ki = 0,
				kl = 0,
				report_from = ms->spec->report_from,
				nout = ms->nout,
				nvalues = st->nvalues,
				nspecial = st->nspecial,
				rb_at = pos0 >> 3;
	gs_i128		s1 = *s1p;
	gs_u128		slo = ((gs_u128) s2[1] << 64) | s2[0],
				shi = ((gs_u128) s2[3] << 64) | s2[2];
	bool		root = (ms->what & GS_MOMENT_ROOT) != 0,
				sample = (ms->what & GS_MOMENT_SAMPLE) != 0,
				f8 = ms->f8_out;
	char	   *out = (char *) ms->spec->result;
	int64_t		bad = -1;
	uint8_t		rbyte = rn[rb_at];	/* the result bitmap's byte now, stored as it is left */
	MkBatch		bt;

	/*
	 * (counters in locals: with -fno-strict-aliasing each store of a result
	 * would otherwise reload them)
	 */
	bt.n = 0;
	for (int64_t i = 0; i < np; i++)
	{
		int64_t		pos = pos0 + i;
		bool		enter = !nulls || gs_bit_get(nulls, pos);
		bool		leave = nulls ? rowpos0 + i >= w && gs_bit_get(nulls, pos - w) : b > 0;
		bool		has;

		for (int mv = 0; mv < 2; mv++)
		{
			uint64_t	m;
			int			place,
						neg,
						c,
						tz,
						sh;
			bool		sub = mv == 0;
			gs_u128		v,
						m2,
						tlo,
						thi;

			if (sub ? !leave : !enter)
				continue;
			c = sub ? MkDecode(type, lag, kl++, &m, &place, &neg)
				: MkDecode(type, in, ki++, &m, &place, &neg);
			nvalues += sub ? -1 : 1;
			if (unlikely(c != V_NUM))
			{
				if (c == V_SPECIAL)
					nspecial += sub ? -1 : 1;
				continue;
			}
			tz = gs_ctz64(m);
			m >>= tz;
			sh = place + tz - u;
			v = (gs_u128) m << sh;
			m2 = (gs_u128) m * m;
			if (2 * sh < 128)
			{
				tlo = m2 << (2 * sh);
				thi = sh ? m2 >> (128 - 2 * sh) : 0;
			}
			else
			{
				tlo = 0;
				thi = m2 << (2 * sh - 128);
			}
			if ((neg != 0) != sub)
				s1 -= (gs_i128) v;
			else
				s1 += (gs_i128) v;
			if (sub)
			{
				thi += slo < tlo;
				slo -= tlo;
				shi -= thi;
			}
			else
			{
				slo += tlo;
				shi += thi + (slo < tlo);
			}
		}
		/* the result's bit */
		has = enter && nvalues >= 2;
		if ((pos >> 3) != rb_at)
		{
			rn[rb_at] = rbyte;
			rb_at = pos >> 3;
			rbyte = rn[rb_at];
		}
		rbyte = (uint8_t) ((rbyte & ~(1 << (pos & 7))) | (has << (pos & 7)));
		if (!has)
			continue;
		if (unlikely(nspecial))
		{
			if (f8)
				((double *) out)[nout++] = NAN;
			else
				((float *) out)[nout++] = NAN;
			continue;
		}
		{
			uint64_t	l4[4] = {(uint64_t) slo, (uint64_t) (slo >> 64),
			(uint64_t) shi, (uint64_t) (shi >> 64)};
			int			j = bt.n++;

			MkNumerator(s1, l4, (uint64_t) nvalues, bt.N[j]);
			bt.cnt[j] = (uint64_t) nvalues;
			bt.out[j] = nout++;
			bt.vk[j] = ki - 1;
			bt.report[j] = pos >= report_from;
			if (bt.n == MK_BATCH && (bad = MkFlush(ms, &bt, 2 * u, root, sample, f8, out)) >= 0)
				break;
		}
	}
	if (bad < 0 && bt.n > 0)
		bad = MkFlush(ms, &bt, 2 * u, root, sample, f8, out);
	rn[rb_at] = rbyte;
	ms->nout = nout;
	st->nvalues = nvalues;
	st->nspecial = nspecial;
	*s1p = s1;
	s2[0] = (uint64_t) slo;
	s2[1] = (uint64_t) (slo >> 64);
	s2[2] = (uint64_t) shi;
	s2[3] = (uint64_t) (shi >> 64);
	return bad;
}

/*
 * A file's narrow loops, one for each input type, and GETTER(type), which
 * returns the one of a type (MomNarrowFn).
 */
#define MK_NARROW_FN(NAME, TYPE) \
static int64_t \
NAME(MomScan *ms, const char *in, const char *lag, int64_t b, int64_t pos0, int64_t np, \
	 int64_t rowpos0, int u, gs_i128 *s1p, uint64_t *s2) \
{ \
	return MkNarrowLoop(ms, in, lag, b, pos0, np, rowpos0, u, s1p, s2, TYPE); \
}
#define MK_NARROW_LOOPS(GETTER) \
MK_NARROW_FN(NarrowI2, GS_INT2) \
MK_NARROW_FN(NarrowI4, GS_INT4) \
MK_NARROW_FN(NarrowI8, GS_INT8) \
MK_NARROW_FN(NarrowF4, GS_FLOAT4) \
MK_NARROW_FN(NarrowF8, GS_FLOAT8) \
MomNarrowFn \
GETTER(GsElemType type) \
{ \
	static const MomNarrowFn fns[] = { \
		[GS_INT2] = NarrowI2,[GS_INT4] = NarrowI4,[GS_INT8] = NarrowI8, \
		[GS_FLOAT4] = NarrowF4,[GS_FLOAT8] = NarrowF8 \
	}; \
	return fns[type]; \
}

#endif							/* GPUSCAN_CPU_MOMENTS_KERNEL_H */
