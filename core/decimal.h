/*
 * core/decimal.h — exact decimal fixed point for the numeric scans
 * (src/numeric_scan.c).
 *
 * A numeric value is an integer of base-10000 digits and a display scale
 * (PostgreSQL's form).  The values of one scan, taken at their largest
 * display scale S, are integers v = x * 10^S; where every |v| < 10^38 they
 * are scanned as integers: each v is split into GS_DEC_LIMB_BITS-bit limbs
 * (the top one signed), every limb is an int32, and the engines' exact
 * integer scans of the limbs (as rows of one integer array) give each
 * limb's running or window sums in int64; joined again, they are the exact
 * sums of the v, 192-bit integers here.  Back in PostgreSQL's form they
 * are the very digits its numeric sum gives, and a mean is rounded as its
 * numeric division rounds (gs_dec_mean).
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_DECIMAL_H
#define GPUSCAN_DECIMAL_H

#include <stdbool.h>
#include <stdint.h>

#include "exact.h"

#ifdef __cplusplus
extern "C"
{
#endif

/* Fixed-point values: |v| < 10^GS_DEC_MAX_DIGITS at the scan's scale. */
#define GS_DEC_MAX_DIGITS	38

/* Bits of a limb below the top one, and the most limbs a fixed-point value needs. */
#define GS_DEC_LIMB_BITS	31
#define GS_DEC_MAX_LIMBS	5

/* Base-10000 digits that hold any GsInt192 at any scale (58 decimal digits, 3 of padding). */
#define GS_DEC_MAX_NBASE	16

/* PostgreSQL's numeric_div: the scale of a quotient is at most this (NUMERIC_MAX_DISPLAY_SCALE). */
#define GS_DEC_MAX_DISPLAY_SCALE 1000

/* A 192-bit two's complement integer, least significant word first. */
typedef struct GsInt192
{
	uint64_t	w[3];
} GsInt192;

/* A 192-bit integer from an int128. */
static inline GsInt192
gs_i192_from_i128(gs_i128 v)
{
	GsInt192	r;

	r.w[0] = (uint64_t) v;
	r.w[1] = (uint64_t) ((gs_u128) v >> 64);
	r.w[2] = v < 0 ? ~UINT64_C(0) : 0;
	return r;
}

/* Is a 192-bit integer negative? */
static inline bool
gs_i192_negative(const GsInt192 *v)
{
	return (int64_t) v->w[2] < 0;
}

/* Is it zero? */
static inline bool
gs_i192_is_zero(const GsInt192 *v)
{
	return (v->w[0] | v->w[1] | v->w[2]) == 0;
}

/* a += b. */
extern void gs_i192_add(GsInt192 *a, const GsInt192 *b);

/* a += x * 2^shift (0 <= shift < 128). */
extern void gs_i192_add_shifted(GsInt192 *a, int64_t x, int shift);

/* Compare a and b: -1, 0 or 1. */
extern int	gs_i192_cmp(const GsInt192 *a, const GsInt192 *b);

/*
 * The value +-digits * 10^scale, digits PostgreSQL's base-10000 digits
 * (most significant first, the first of weight weight: it counts
 * 10000^weight), as an integer: true when it is one (scale at least the
 * value's display scale) and its magnitude is below 10^GS_DEC_MAX_DIGITS.
 */
extern bool gs_dec_scaled(const int16_t *digits, int ndigits, int weight, bool neg,
						  int scale, gs_i128 *v);

/* Limbs a value of magnitude at most maxabs needs (1 .. GS_DEC_MAX_LIMBS). */
extern int	gs_dec_limbs(gs_u128 maxabs);

/* Limb k of nlimbs of v: bits [31k, 31k + 31), unsigned, or from 31k on, signed, for the top one. */
static inline int32_t
gs_dec_limb(gs_i128 v, int k, int nlimbs)
{
	gs_i128		s = v >> (GS_DEC_LIMB_BITS * k);

	return k == nlimbs - 1 ? (int32_t) s : (int32_t) (s & 0x7fffffff);
}

/* The sum of the values from the sums of their limbs: sum over k of limbsum[k] * 2^(31k). */
static inline GsInt192
gs_dec_join(const int64_t *limbsum, int nlimbs)
{
	GsInt192	r;

	/* up to three limbs (values below 2^93, sums of 2^27 of them) in 128 bits */
	if (nlimbs <= 3)
	{
		gs_i128		s = limbsum[0];

		for (int k = 1; k < nlimbs; k++)
			s += (gs_i128) ((gs_u128) (gs_i128) limbsum[k] << (GS_DEC_LIMB_BITS * k));
		return gs_i192_from_i128(s);
	}
	r = gs_i192_from_i128(limbsum[0]);
	for (int k = 1; k < nlimbs; k++)
		gs_i192_add_shifted(&r, limbsum[k], GS_DEC_LIMB_BITS * k);
	return r;
}

/*
 * v * 10^k (k >= 0) in place; false (v unspecified) when it leaves 192 bits.
 */
extern bool gs_i192_mul_pow10(GsInt192 *v, int k);

/*
 * PostgreSQL's form of the decimal v * 10^-scale (scale >= 0): its sign,
 * and its base-10000 digits, most significant first, without leading or
 * trailing zero digits (none for zero), the first of weight *weight (0 for
 * zero).  Returns the number of digits (at most GS_DEC_MAX_NBASE).
 */
extern int	gs_dec_digits(const GsInt192 *v, int scale, int16_t *digits, int *weight,
						  bool *neg);

/*
 * The mean of n values whose exact sum is sum * 10^-scale with display
 * scale dscale (<= scale), as PostgreSQL's avg(numeric) gives it: its
 * numeric division of the sum by n, whose scale (*rscale) gives at least
 * 16 significant digits and no fewer than dscale, rounded half away from
 * zero; *q * 10^-rscale.  False, for the caller to divide by PostgreSQL's
 * numeric division, when that scale is below scale or the quotient's
 * numerator leaves 192 bits.
 */
extern bool gs_dec_mean(const GsInt192 *sum, int scale, int dscale, int64_t n,
						GsInt192 *q, int *rscale);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_DECIMAL_H */
