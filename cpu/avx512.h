/*
 * cpu/avx512.h — the AVX-512 kernels' loads, in-register
 * prefix sums and stores of eight values (cpu/avx512_*.c).
 */
#ifndef GPUSCAN_AVX512_H
#define GPUSCAN_AVX512_H

#include "simd_kernels.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * Load eight differences x - y (values entering minus values leaving) as
 * doubles: exact where the caller checked diff (both multiples of the
 * unit, the difference below 2^53 units).
 */
#define LOAD8_DIFF(in, lag, i, n, f8, k) \
	_mm512_sub_pd(LOAD8(in, i, n, f8, k), LOAD8(lag, i, n, f8, k))

/* Inclusive prefix sum of eight int64 lanes (three shift-and-add steps). */
#define PREFIX8(p) \
	do { \
		(p) = _mm512_add_epi64((p), _mm512_alignr_epi64((p), zero, 7)); \
		(p) = _mm512_add_epi64((p), _mm512_alignr_epi64((p), zero, 6)); \
		(p) = _mm512_add_epi64((p), _mm512_alignr_epi64((p), zero, 4)); \
	} while (0)

/*
 * A call's fixed point: values in units of 2^lsb (in), sums back to doubles
 * (d) and floats (f), and whether a sum may overflow its type (ovf).
 */
typedef struct Scale8
{
	__m512d		in;
	__m512d		d;
	__m256		f;
	int			ovf;
} Scale8;

/* The fixed point of unit 2^lsb, its sums below 2^bits. */
static inline __attribute__((always_inline)) AVX512_TARGET Scale8
Scale8Of(int f8, int lsb, int bits)
{
	Scale8		s;

	s.in = _mm512_set1_pd(gs_pow2(-lsb));
	s.d = _mm512_set1_pd(gs_pow2(lsb));
	s.f = _mm256_set1_ps((float) gs_pow2(lsb));
	s.ovf = MayOverflow(f8, lsb, bits);
	return s;
}

/* Load eight values as doubles: plain loads, masked only for the tail. */
#define LOAD8(in, i, n, f8, k) \
	((f8) \
	 ? ((n) - (i) >= 8 ? _mm512_loadu_pd((const double *) (in) + (i)) \
		: _mm512_maskz_loadu_pd((k), (const double *) (in) + (i))) \
	 : _mm512_cvtps_pd((n) - (i) >= 8 ? _mm256_loadu_ps((const float *) (in) + (i)) \
					   : _mm256_maskz_loadu_ps((k), (const float *) (in) + (i))))

/*
 * The lanes of values not analysed (the guess kernels) that the unit
 * holds: x * 2^-lsb = xs an integer below 2^62 (not NaN, not infinite).  v
 * is xs or an exact remainder of it that is an integer exactly where xs is
 * one, iv its conversion truncated to int64.  One comparison masks the
 * other, so the lanes stay in a mask register (test/bench/NOTES.md).
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
Held8(__m512d xs, __m512d v, __m512i iv)
{
	return _mm512_mask_cmp_pd_mask(_mm512_cmp_pd_mask(_mm512_cvtepi64_pd(iv), v, _CMP_EQ_OQ),
								   _mm512_abs_pd(xs), _mm512_set1_pd(0x1p62), _CMP_LT_OQ);
}

/*
 * Store eight results and, with chk, return the lanes that overflowed to
 * an infinity (no input is infinite in these kernels); without, 0.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
Store8(void *out, int64_t i, int64_t n, __mmask8 k, int f8, __m512d rd, __m256 rf, int chk)
{
	if (f8)
	{
		if (n - i >= 8)
			_mm512_storeu_pd((double *) out + i, rd);
		else
			_mm512_mask_storeu_pd((double *) out + i, k, rd);
		return chk ? _mm512_mask_fpclass_pd_mask(k, rd, 0x18) : 0;
	}
	if (n - i >= 8)
		_mm256_storeu_ps((float *) out + i, rf);
	else
		_mm256_mask_storeu_ps((float *) out + i, k, rf);
	return chk ? _mm256_mask_fpclass_ps_mask(k, rf, 0x18) : 0;
}

/*
 * Round eight exact sums p (units of 2^lsb; scale_d, scale_f: 2^lsb) to
 * the results' type and store them (Store8).
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
StoreSums8(void *out, int64_t i, int64_t n, __mmask8 k, int f8, __m512i p,
		   __m512d scale_d, __m256 scale_f, int chk)
{
	__m512d		rd = _mm512_setzero_pd();
	__m256		rf = _mm256_setzero_ps();

	if (f8)
		rd = _mm512_mul_pd(_mm512_cvtepi64_pd(p), scale_d);
	else
		rf = _mm256_mul_ps(_mm512_cvtepi64_ps(p), scale_f);
	return Store8(out, i, n, k, f8, rd, rf, chk);
}

#endif							/* GS_HAVE_AVX512_BUILD */

#endif							/* GPUSCAN_AVX512_H */
