/*
 * cpu/avx512_means.c — the batch means on AVX-512: the
 * engine's means of 128-bit sums (gs_simd_means) and the running and
 * moving means of int2 and int4 values (gs_simd_int_means), eight at a
 * time.
 */
#include "avx512_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/* gs_cpu_means's batch on AVX-512, eight at a time. */
static AVX512_TARGET void
Means512(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e, double scale,
		 int f8, void *out)
{
	const __m512d vscale = _mm512_set1_pd(scale);
	MeansPending pend;
	int			i0,
				i;

	pend.n = 0;
	for (i0 = 0; i0 < n; i0 += MEAN_CHUNK)
	{
		for (i = i0; i < n && i < i0 + MEAN_CHUNK; i += 8)
		{
			__mmask8	k = TAIL8(n - i);
			__m512i		h = _mm512_maskz_loadu_epi64(k, hi + i),
						l = _mm512_maskz_loadu_epi64(k, lo + i),
						cv = _mm512_mask_loadu_epi64(_mm512_set1_epi64(1), k, c + i);
			__m512d		v;
			__mmask8	ok = Quot8(h, l, cv, vscale, f8, &v);

			StoreMeans8(out, i, k, ok, f8, v, h, l, 52, _mm512_cvtepi64_pd(cv), _mm512_set1_pd(1), &pend);
		}
		if (pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, e, scale);
	}
}

/*
 * The means of int2 or int4 values (gs_simd_int_means) eight at a time:
 * each value (less the one leaving) converted to double, the running sums
 * formed in doubles (every one an integer below 2^53, so every addition
 * is exact), each divided by its count.
 */
static AVX512_TARGET void
IntMeans512(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
			double step, double *out)
{
	const __m512i sh1 = _mm512_set_epi64(6, 5, 4, 3, 2, 1, 0, 0);
	const __m512i sh2 = _mm512_set_epi64(5, 4, 3, 2, 1, 0, 0, 0);
	const __m512i sh4 = _mm512_set_epi64(3, 2, 1, 0, 0, 0, 0, 0);
	const __m512i last = _mm512_set1_epi64(7);
	const __m512d dc = _mm512_set1_pd(8 * step);
	__m512d		c = _mm512_fmadd_pd(_mm512_set_pd(7, 6, 5, 4, 3, 2, 1, 0), _mm512_set1_pd(step),
									_mm512_set1_pd(c0));
	__m512d		carry = _mm512_set1_pd((double) *acc);
	int			i;

#define LOADI8(p, i, k) \
	_mm512_cvtepi32_pd(isz == 2 ? _mm256_cvtepi16_epi32(_mm_maskz_loadu_epi16((k), (const int16_t *) (p) + (i))) \
					   : _mm256_maskz_loadu_epi32((k), (const int32_t *) (p) + (i)))
	for (i = 0; i < n; i += 8)
	{
		__mmask8	k = TAIL8(n - i);
		__m512d		x = LOADI8(in, i, k);

		if (lag)
			x = _mm512_sub_pd(x, LOADI8(lag, i, k));
		x = _mm512_add_pd(x, _mm512_maskz_permutexvar_pd(0xfe, sh1, x));
		x = _mm512_add_pd(x, _mm512_maskz_permutexvar_pd(0xfc, sh2, x));
		x = _mm512_add_pd(x, _mm512_maskz_permutexvar_pd(0xf0, sh4, x));
		x = _mm512_add_pd(x, carry);
		carry = _mm512_permutexvar_pd(last, x);
		_mm512_mask_storeu_pd(out + i, k, _mm512_div_pd(x, c));
		c = _mm512_add_pd(c, dc);
	}
#undef LOADI8
	*acc = (int64_t) _mm_cvtsd_f64(_mm512_castpd512_pd128(carry));
}

/* gs_simd_means's batch on AVX-512 (cpu/simd.c), specialised for the type. */
AVX512_TARGET void
gs_avx512_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
				double scale, bool f8, void *out)
{
	if (f8)
		Means512(hi, lo, c, n, e, scale, 1, out);
	else
		Means512(hi, lo, c, n, e, scale, 0, out);
}

/* gs_simd_int_means on AVX-512 (cpu/simd.c), specialised for the width and the lag. */
AVX512_TARGET void
gs_avx512_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
					double step, double *out)
{
	GS_INT_MEANS_SPECIALISED(IntMeans512, in, lag, isz, n, acc, c0, step, out);
}

#endif							/* GS_HAVE_AVX512_BUILD */
