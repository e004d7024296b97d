/*
 * core/limbs.h — unsigned integers of many 64-bit limbs (least significant
 * first), for the exact paths of the second moments (core/moments.c,
 * core/comoments.c): products, differences, bit windows, division by a
 * word and by another such integer, and the square root of 128 bits.
 * These paths run only where a fast path's error bound cannot decide, so
 * plainness matters more than speed.
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_LIMBS_H
#define GPUSCAN_LIMBS_H

#include <math.h>
#include <string.h>

#include "exact.h"

/* Bit length of a nonzero number of nl limbs. */
GS_HD int
gs_limbs_bitlen(const uint64_t *x, int nl)
{
	return 64 * (nl - 1) + 64 - gs_clz64(x[nl - 1]);
}

/* Drop zero limbs from the top; returns the count (0 for zero). */
GS_HD int
gs_limbs_trim(const uint64_t *x, int nl)
{
	while (nl > 0 && x[nl - 1] == 0)
		nl--;
	return nl;
}

/* r = x * y (r of nx + ny limbs, zeroed here; r may alias neither). */
GS_HD void
gs_limbs_mul(uint64_t *r, const uint64_t *x, int nx, const uint64_t *y, int ny)
{
	memset(r, 0, sizeof(uint64_t) * (nx + ny));
	for (int i = 0; i < nx; i++)
	{
		uint64_t	c = 0;

		for (int j = 0; j < ny; j++)
		{
			gs_u128		t = (gs_u128) x[i] * y[j] + r[i + j] + c;

			r[i + j] = (uint64_t) t;
			c = (uint64_t) (t >> 64);
		}
		r[i + ny] = c;
	}
}

/* x *= m over nl limbs; returns the limb carried out. */
GS_HD uint64_t
gs_limbs_mul_word(uint64_t *x, int nl, uint64_t m)
{
	uint64_t	c = 0;

	for (int i = 0; i < nl; i++)
	{
		gs_u128		t = (gs_u128) x[i] * m + c;

		x[i] = (uint64_t) t;
		c = (uint64_t) (t >> 64);
	}
	return c;
}

/* x -= y << (64 * sh), x of nx limbs, two's complement; the borrow runs to the top. */
GS_HD void
gs_limbs_sub_shifted(uint64_t *x, int nx, const uint64_t *y, int ny, int sh)
{
	uint64_t	borrow = 0;

	for (int i = sh; i < nx; i++)
	{
		uint64_t	yi = i - sh < ny ? y[i - sh] : 0;
		uint64_t	d = x[i] - yi - borrow;

		borrow = (x[i] < yi) || (x[i] - yi < borrow);
		x[i] = d;
	}
}

/*
 * w (nw limbs) = floor(N * 2^s), N nonnegative of nl limbs (it must fit);
 * returns whether bits of N below 2^-s were dropped.
 */
GS_HD int
gs_limbs_window(const uint64_t *N, int nl, int s, uint64_t *w, int nw)
{
	int			drop = -s;

	gs_wide_shift(N, nl, 0, s, w, nw);
	for (int i = 0; i < nl && 64 * i < drop; i++)
	{
		uint64_t	m = 64 * (i + 1) <= drop ? ~UINT64_C(0) : (UINT64_C(1) << (drop - 64 * i)) - 1;

		if (N[i] & m)
			return 1;
	}
	return 0;
}

/* x /= d over nl limbs; returns the remainder. */
GS_HD uint64_t
gs_limbs_div_word(uint64_t *x, int nl, uint64_t d)
{
	uint64_t	r = 0;

	/* r < d at every step */
	for (int i = nl - 1; i >= 0; i--)
		x[i] = gs_udiv128(r, x[i], d, &r);
	return r;
}

/* x >= y, both of nl limbs? */
GS_HD int
gs_limbs_ge(const uint64_t *x, const uint64_t *y, int nl)
{
	for (int i = nl - 1; i >= 0; i--)
		if (x[i] != y[i])
			return x[i] > y[i];
	return 1;
}

/* floor(sqrt(q)) of a q below 2^126. */
GS_HD uint64_t
gs_isqrt128(gs_u128 q)
{
	uint64_t	r = (uint64_t) sqrt((double) q);

	/* one Newton step from within 2^12 leaves it within one */
	if (r > 0)
		r = (uint64_t) (((gs_u128) r + q / r) / 2);
	while ((gs_u128) r * r > q)
		r--;
	while ((gs_u128) (r + 1) * (r + 1) <= q)
		r++;
	return r;
}

#endif							/* GPUSCAN_LIMBS_H */
