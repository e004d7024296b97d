/*
 * core/moments.c — exact variances and standard deviations from the exact
 * sums of values and of their squares (core/moments.h).
 */
#include "moments.h"
#include "moments_round.h"

#include <math.h>
#include <string.h>

/* Limbs of N = n S2 - S1^2 at its finer unit: 2 * 68 digits, and a count. */
#define NUM_LIMBS	72

/* Results the fast path left to the exact one (tests read it). */
uint64_t	gs_moments_slow_count = 0;

/* An empty state. */
void
gs_moments_init(void *m)
{
	gs_accum_init_kind(gs_moments_s1(m), GS_ACCUM_DOUBLES);
	gs_accum_init_kind(gs_moments_s2(m), GS_ACCUM_SQUARES);
}

/* Add state b to state a. */
void
gs_moments_combine(void *a, const void *b)
{
	gs_accum_combine(gs_moments_s1(a), gs_moments_s1((void *) b));
	gs_accum_combine(gs_moments_s2(a), gs_moments_s2((void *) b));
}

/* ---------- N = n S2 - S1^2, exactly ---------- */

/*
 * N = n S2 - S1^2 (n the count of values) in limbs of units 2^*unit;
 * returns how many limbs (0: N = 0, or a state no values give, whose N is
 * negative).  Both units are 2^-2148 times a power of 2^64, so the terms
 * align on limbs.
 */
static int
Numerator(GsAccum *s1, GsAccum *s2, uint64_t n, uint64_t *N, int *unit)
{
	uint64_t	a[GS_ACCUM_LIMBS_SQ],
				b[GS_ACCUM_LIMBS_SQ + 1],
				a2[2 * GS_ACCUM_LIMBS_SQ];
	int			na,
				nb,
				ua,
				ub,
				u,
				nn;

	na = gs_accum_limbs_min(s1, a, &ua);
	nb = gs_accum_limbs_min(s2, b, &ub);
	if (nb == 0 || (b[nb - 1] >> 63))
		return 0;				/* no squares, or a negative sum of them: no state of values */
	/* |S1|: the square does not see the sign */
	if (na > 0)
		(void) gs_wide_negate_if(a, na, a);
	na = gs_limbs_trim(a, na);
	/* n S2 */
	b[nb] = gs_limbs_mul_word(b, nb, n);
	nb++;
	ua *= 2;
	u = na > 0 && ua < ub ? ua : ub;
	/* N = n S2 at unit u, then S1^2 subtracted */
	nn = (ub - u) / 64 + nb + 1;
	if (na > 0 && (ua - u) / 64 + 2 * na + 1 > nn)
		nn = (ua - u) / 64 + 2 * na + 1;
	if (nn > NUM_LIMBS)
		return 0;				/* beyond any state of values */
	memset(N, 0, sizeof(uint64_t) * nn);
	memcpy(N + (ub - u) / 64, b, sizeof(uint64_t) * nb);
	if (na > 0)
	{
		gs_limbs_mul(a2, a, na, a, na);
		gs_limbs_sub_shifted(N, nn, a2, 2 * na, (ua - u) / 64);
	}
	if (N[nn - 1] >> 63)
		return 0;				/* negative: no state of values */
	*unit = u;
	return gs_limbs_trim(N, nn);
}

/*
 * N = n S2 - S1^2 from S1 (l1 limbs, two's complement) and S2 (l2 limbs,
 * nonnegative), S2 in the square of S1's unit: into N (l2 + 1 or 2 l1
 * limbs, whichever is more: returned).  Nonnegative for the sums of any
 * values.
 */
int
gs_moments_numerator(const uint64_t *s1, int l1, const uint64_t *s2, int l2, uint64_t n,
					 uint64_t *N)
{
	uint64_t	a[GS_MOM_LIMBS1],
				a2[2 * GS_MOM_LIMBS1];
	int			nn = l2 + 1 > 2 * l1 ? l2 + 1 : 2 * l1;

	if (!gs_wide_negate_if(s1, l1, a))
		memcpy(a, s1, sizeof(uint64_t) * l1);
	memset(N, 0, sizeof(uint64_t) * nn);
	memcpy(N, s2, sizeof(uint64_t) * l2);
	N[l2] = gs_limbs_mul_word(N, l2, n);
	gs_limbs_mul(a2, a, l1, a, l1);
	gs_limbs_sub_shifted(N, nn, a2, 2 * l1, 0);
	return nn;
}

/* ---------- the top digits' path ---------- */

/*
 * The variance or its root from the accumulators' top digits in
 * double-double arithmetic (double results); returns 1 with *out set, or 0
 * where its error bound cannot decide (then the limbs decide).  With S1,
 * S2 within 2^-95 (gs_accum_top), P = n S2 and Q = S1^2 (<= P) are within 2^-93 P
 * after their products' roundings (two-product by fma, 2^-104 each), and
 * N = P - Q within 2^-93 P + 2^-104 |N|; taken as 2^-90 P + 2^-100 |N|.
 * Then N / D (D = c1 c2 below 2^53, exact) by a division and its exact
 * residual, 2^-104 more; a root halves the relative error and adds its own
 * (the residual of sqrt by fma, and the correction's rounding: below
 * 2^-100).  Results within that bound of a rounding boundary, with N below
 * 2^-60 P (cancellation), or not normal doubles, are left to the limbs.
 */
static int
TopFast(GsAccum *s1, GsAccum *s2, uint64_t n, uint64_t c1, uint64_t c2, bool root, double *out)
{
	double		h1 = 0,
				l1 = 0,
				h2,
				l2,
				nd = (double) n,
				d = (double) c1 * (double) c2,
				ph,
				pl,
				qh = 0,
				ql = 0,
				nh,
				nl,
				t,
				vh,
				vl,
				rel,
				yh,
				yl,
				res;
	int			e1 = 0,
				e2;

	if (n > (UINT64_C(1) << 26) || !gs_accum_top(s2, &h2, &l2, &e2))
		return 0;
	if (gs_accum_top(s1, &h1, &l1, &e1))
	{
		/* S1^2 at S2's exponent: Q = (h1 + l1)^2 2^(2 e1 - e2) */
		qh = h1 * h1;
		ql = GS_FMA(h1, h1, -qh) + 2 * h1 * l1;
		qh = gs_scale2(qh, 2 * e1 - e2);
		ql = gs_scale2(ql, 2 * e1 - e2);
	}
	ph = h2 * nd;
	pl = GS_FMA(h2, nd, -ph) + l2 * nd;
	/* N = P - Q, as a double-double */
	nh = ph - qh;
	t = nh - ph;
	nl = ((ph - (nh - t)) - (qh + t)) + (pl - ql);
	t = nh + nl;
	nl = nl - (t - nh);
	nh = t;
	if (!(nh > 0x1p-60 * ph) || !isfinite(ph))
		return 0;
	/* V = N / D, the relative error bound of V */
	vh = nh / d;
	vl = (GS_FMA(-vh, d, nh) + nl) / d;
	rel = 0x1p-90 * (ph / nh) + 0x1p-98;
	if (root)
	{
		double		s,
					r;

		if (e2 & 1)
		{
			vh *= 2;
			vl *= 2;
			e2--;
		}
		s = sqrt(vh);
		r = (GS_FMA(-s, s, vh) + vl) / (2 * s);
		yh = s + r;
		yl = r - (yh - s);
		rel = rel / 2 + 0x1p-98;
		e2 /= 2;
	}
	else
	{
		yh = vh + vl;
		yl = vl - (yh - vh);
	}
	if (!gs_round_near(yh, yl, rel * yh, &yh))
		return 0;
	res = gs_scale2(yh, e2);
	if (!gs_quot_normal(res, 1))
		return 0;
	*out = res;
	return 1;
}

/* ---------- results ---------- */

/* The result, by the fast path where it decides (fast) and else exactly. */
static int
Result(GsAccum *s1, GsAccum *s2, int what, bool f8_out, double *out, bool fast)
{
	uint64_t	N[NUM_LIMBS];
	uint64_t	n = (uint64_t) s1->nvalues;
	bool		sample = (what & GS_MOMENT_SAMPLE) != 0,
				root = (what & GS_MOMENT_ROOT) != 0;
	int			nl,
				u = 0;

	if (s1->nvalues < (sample ? 2 : 1))
		return GS_ACCUM_EMPTY;
	if (s1->nan | s1->pinf | s1->ninf)
	{
		*out = NAN;
		return 0;
	}
	if (fast && f8_out)
	{
		if (s1->pending)
			gs_accum_normalize(s1);
		if (s2->pending)
			gs_accum_normalize(s2);
		if (s2->hi < s2->lo)
		{
			*out = 0.0;			/* every value 0 */
			return 0;
		}
		if (TopFast(s1, s2, n, n, sample ? n - 1 : n, root, out))
			return 0;
	}
	nl = Numerator(s1, s2, n, N, &u);
	if (!fast)
	{
		*out = nl == 0 ? 0.0 : gs_moments_round_exact(N, nl, u, n, sample ? n - 1 : n, root, f8_out);
		return isinf(*out) ? GS_ACCUM_OVERFLOW : 0;
	}
	return gs_moments_round(N, nl, u, n, what, f8_out, out);
}

/* The variance or standard deviation of n values from N = n S2 - S1^2 (core/moments.h). */
int
gs_moments_round(const uint64_t *N, int nl, int u, uint64_t n, int what, bool f8_out, double *out)
{
	bool		root = (what & GS_MOMENT_ROOT) != 0;
	uint64_t	c2 = (what & GS_MOMENT_SAMPLE) ? n - 1 : n;

	if (gs_moments_round_n(N, nl, u, n, c2, root, f8_out, out))
		gs_moments_slow_count++;
	return isinf(*out) ? GS_ACCUM_OVERFLOW : 0;
}

/* The variance or standard deviation, rounded once. */
int
gs_moments_result(GsAccum *s1, GsAccum *s2, int what, bool f8_out, double *out)
{
	return Result(s1, s2, what, f8_out, out, true);
}

/* The same, by the exact path alone. */
int
gs_moments_result_exact(GsAccum *s1, GsAccum *s2, int what, bool f8_out, double *out)
{
	return Result(s1, s2, what, f8_out, out, false);
}

/* ---------- serial form: s1's length (4 bytes, little-endian), s1's form, s2's ---------- */

/* Bytes of a state's serial form. */
size_t
gs_moments_serial_bytes(void *m)
{
	return 4 + gs_accum_serial_bytes(gs_moments_s1(m)) + gs_accum_serial_bytes(gs_moments_s2(m));
}

/* Write a state's serial form. */
void
gs_moments_serialize(void *m, uint8_t *buf)
{
	size_t		n1 = gs_accum_serial_bytes(gs_moments_s1(m));

	for (int i = 0; i < 4; i++)
		buf[i] = (uint8_t) (n1 >> (8 * i));
	gs_accum_serialize(gs_moments_s1(m), buf + 4);
	gs_accum_serialize(gs_moments_s2(m), buf + 4 + n1);
}

/* Read a state's serial form; false when the bytes are not one. */
bool
gs_moments_deserialize(const uint8_t *buf, size_t n, void *m)
{
	size_t		n1;
	int			k1,
				k2;

	if (n < 4)
		return false;
	n1 = (size_t) buf[0] | (size_t) buf[1] << 8 | (size_t) buf[2] << 16 | (size_t) buf[3] << 24;
	if (n1 > n - 4)
		return false;
	if (!gs_accum_deserialize(buf + 4, n1, NULL, &k1) || k1 != GS_ACCUM_DOUBLES ||
		!gs_accum_deserialize(buf + 4 + n1, n - 4 - n1, NULL, &k2) || k2 != GS_ACCUM_SQUARES)
		return false;
	return gs_accum_deserialize(buf + 4, n1, gs_moments_s1(m), &k1) &&
		gs_accum_deserialize(buf + 4 + n1, n - 4 - n1, gs_moments_s2(m), &k2);
}
