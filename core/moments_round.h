/*
 * core/moments_round.h — a variance or standard deviation rounded once
 * from N = n S2 - S1^2 in limbs (core/moments.h): the fast path from N's top
 * bits with a proved bound, and the exact one (integer division and square
 * root).  Host and device code alike (GS_HD), for both engines: the
 * aggregates' and the CPU scans' rounding (core/moments.c's
 * gs_moments_round), and the GPU engine's.
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_MOMENTS_ROUND_H
#define GPUSCAN_MOMENTS_ROUND_H

#include "limbs.h"

/*
 * N * 2^u / (c1 c2), or its square root (root), rounded once: the quotient
 * brought to 63-64 bits (a root's radicand to 123-125 bits, its exponent
 * even) by shifting N, then divided by c1 and by c2 (floor of floor is the
 * floor of the whole; the result is exact only when both remainders and
 * the bits shifted out are zero), then the root taken in integers.
 */
GS_HD double
gs_moments_round_exact(const uint64_t *N, int nl, int u, uint64_t c1, uint64_t c2, bool root, bool f8)
{
	int			bd = gs_bits128((gs_u128) c1 * c2);
	int			s = (root ? 123 : 63) + bd - gs_limbs_bitlen(N, nl);
	uint64_t	w[4];
	int			sticky;
	gs_u128		q;

	if (root && ((u - s) & 1))
		s++;
	sticky = gs_limbs_window(N, nl, s, w, 4);
	sticky |= gs_limbs_div_word(w, 4, c1) != 0;
	sticky |= gs_limbs_div_word(w, 4, c2) != 0;
	q = ((gs_u128) w[1] << 64) | w[0];
	if (!root)
		return gs_round_sticky(0, w[0], sticky, u - s, f8);
	{
		uint64_t	r = gs_isqrt128(q);

		sticky |= (gs_u128) r * r != q;
		return gs_round_sticky(0, r, sticky, (u - s) / 2, f8);
	}
}

/*
 * The square root of S / c * 2^e (S in [1, 2^102), c in [1, 2^52), e even),
 * S standing for a value in [S, S + 1) when sticky (then S >= 2^100),
 * rounded to double; returns 1 with *out set, or 0 where the bound cannot
 * decide.  With q = RN(S / c) and R = S - q c exact (gs_quotient_fast's
 * steps 1 to 4), t = RN(R / c), s = RN(sqrt(q)) and e1 = q - s^2 (exact by
 * an fma, s being the correctly rounded root), the root is s + corr + err
 * with corr = RN(RN(e1 + t) / 2s) and |err| < 2^-100 s: the division's
 * residual t errs by at most 2^-53 |t| <= 1.5 2^-105 s^2; the sticky part by
 * 2^-100 s^2; the sum e1 + t by 2^-53 of itself (|e1 + t| < 2.6 2^-52
 * s^2); halved over s, plus corr's own rounding and the series' second
 * term (h^2 s / 8, |h| < 2.6 2^-52), all below 2^-100 s.  A bound of 2^-96 s
 * leaves room for the comparisons' own roundings: where the root with that
 * bound lies inside one rounding interval (of s, or of a neighbour), that
 * is the result; a normal result is scaled exactly.
 */
GS_HD int
gs_moments_root_fast(uint64_t S, uint64_t S_hi, uint64_t c, int e, double *out)
{
	double		a = (double) S_hi * 0x1p52,
				b = (double) S,
				sh = a + b,
				sl = b - (sh - a),
				cd = (double) c,
				q = sh / cd,
				r = GS_FMA(-q, cd, sh) + sl,
				t = r / cd,
				s = sqrt(q),
				e1 = GS_FMA(-s, s, q),
				corr = (e1 + t) / (2 * s),
				y,
				res;

	if (!gs_round_near(s, corr, s * 0x1p-96, &y))
		return 0;
	res = y * gs_pow2(e / 2);
	if (!gs_quot_normal(res, 1))
		return 0;
	*out = res;
	return 1;
}

/*
 * The fast path (double results): N's top 102 bits (101 for a root, its
 * exponent even), and D = c1 c2 below 2^52; returns 1 with *out set, or 0.
 * A variance is gs_quotient_fast's exact rounding of the top bits' quotient,
 * taken twice when bits were dropped, S and S + 1 (the exact quotient lies
 * between theirs, and rounding is monotone): when both round alike, so does
 * it.  A root is gs_moments_root_fast's.
 */
GS_HD int
gs_moments_round_fast(const uint64_t *N, int nl, int u, uint64_t c1, uint64_t c2, bool root, double *out)
{
	gs_u128		d = (gs_u128) c1 * c2;
	int			bn = gs_limbs_bitlen(N, nl),
				k = bn > 102 ? bn - 102 : 0,
				sticky,
				e;
	uint64_t	w[4];
	gs_u128		S;
	double		y1,
				y2;

	if (d > GS_QUOT_MAX_COUNT)
		return 0;
	if (root && ((u + k) & 1))
		k++;
	e = u + k;
	if (e < -1022 || e > 1023)
		return 0;
	sticky = gs_limbs_window(N, nl, -k, w, 4);
	S = ((gs_u128) w[1] << 64) | w[0];
	if (root)
		return gs_moments_root_fast((uint64_t) S & GS_QUOT_LO_MASK, (uint64_t) (S >> 52), (uint64_t) d, e, out);
	if (!gs_quotient_fast((int64_t) (S >> 52), (int64_t) ((uint64_t) S & GS_QUOT_LO_MASK),
						  (uint64_t) d, gs_pow2(e), 1, &y1))
		return 0;
	if (sticky)
	{
		S++;
		if (!gs_quotient_fast((int64_t) (S >> 52), (int64_t) ((uint64_t) S & GS_QUOT_LO_MASK),
							  (uint64_t) d, gs_pow2(e), 1, &y2) ||
			gs_f64_bits(y1) != gs_f64_bits(y2))
			return 0;
	}
	*out = y1;
	return 1;
}

/*
 * N 2^u / (n c2), or its square root (root), rounded once (double, or
 * float when !f8_out), N nonnegative of nl limbs: +0 for N = 0; +Infinity
 * beyond the format.  Returns whether the exact path decided.
 */
GS_HD int
gs_moments_round_n(const uint64_t *N, int nl, int u, uint64_t n, uint64_t c2, bool root, bool f8_out,
				   double *out)
{
	nl = gs_limbs_trim(N, nl);
	if (nl == 0)
	{
		*out = 0.0;
		return 0;
	}
	if (f8_out && gs_moments_round_fast(N, nl, u, n, c2, root, out))
		return 0;
	*out = gs_moments_round_exact(N, nl, u, n, c2, root, f8_out);
	return 1;
}

#endif							/* GPUSCAN_MOMENTS_ROUND_H */
