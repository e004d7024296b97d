/*
 * cpu/avx2_means.c — the batch means on AVX2: the engine's
 * means of 128-bit sums (gs_simd_means) and the running and moving means
 * of int2 and int4 values (gs_simd_int_means), four at a time.
 */
#include "avx2_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/* gs_cpu_means's batch on AVX2, four at a time; the tail by the scalar code. */
static AVX2_TARGET void
Means256(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e, double scale,
		 int f8, void *out)
{
	const __m256d vscale = _mm256_set1_pd(scale);
	MeansPending pend;
	int			i0,
				i,
				j;

	pend.n = 0;
	pend.k = 52;
	for (i0 = 0; i0 + 4 <= n; i0 += MEAN_CHUNK)
	{
		for (i = i0; i + 4 <= n && i < i0 + MEAN_CHUNK; i += 4)
		{
			__m256d		v;
			int			ok = _mm256_movemask_pd(_mm256_castsi256_pd(
					Quot4(_mm256_loadu_si256((const __m256i *) (hi + i)),
						  _mm256_loadu_si256((const __m256i *) (lo + i)),
						  _mm256_loadu_si256((const __m256i *) (c + i)), vscale, f8, &v)));

			if (f8)
				_mm256_storeu_pd((double *) out + i, v);
			else
				_mm_storeu_ps((float *) out + i, _mm256_cvtpd_ps(v));
			for (j = 0; ok != 15 && j < 4; j++)
				if (!((ok >> j) & 1))
					MeansPend(&pend, i + j, hi[i + j], lo[i + j], c[i + j]);
		}
		if (pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, e, scale);
	}
	for (i = n & ~3; i < n; i++)
		gs_simd_mean_scalar(out, i, f8, JoinSum(hi[i], lo[i], 52), c[i], e, scale);
}

/* IntMeans512 four at a time on AVX2, the tail by the same steps one at a time. */
static AVX2_TARGET void
IntMeans256(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
			double step, double *out)
{
	const __m256d dc = _mm256_set1_pd(4 * step);
	const __m256d zero = _mm256_setzero_pd();
	__m256d		c = _mm256_fmadd_pd(_mm256_set_pd(3, 2, 1, 0), _mm256_set1_pd(step), _mm256_set1_pd(c0));
	__m256d		carry = _mm256_set1_pd((double) *acc);
	int			i;

#define LOADI4(p, i) \
	_mm256_cvtepi32_pd(isz == 2 ? _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *) ((const int16_t *) (p) + (i)))) \
					   : _mm_loadu_si128((const __m128i *) ((const int32_t *) (p) + (i))))
	for (i = 0; i + 4 <= n; i += 4)
	{
		__m256d		x = LOADI4(in, i);

		if (lag)
			x = _mm256_sub_pd(x, LOADI4(lag, i));
		x = _mm256_add_pd(x, _mm256_blend_pd(_mm256_permute4x64_pd(x, 0x90), zero, 0x1));
		x = _mm256_add_pd(x, _mm256_blend_pd(_mm256_permute4x64_pd(x, 0x40), zero, 0x3));
		x = _mm256_add_pd(x, carry);
		carry = _mm256_permute4x64_pd(x, 0xff);
		_mm256_storeu_pd(out + i, _mm256_div_pd(x, c));
		c = _mm256_add_pd(c, dc);
	}
#undef LOADI4
	{
		double		a = _mm_cvtsd_f64(_mm256_castpd256_pd128(carry));

		for (; i < n; i++)
		{
			a += isz == 2 ? ((const int16_t *) in)[i] : ((const int32_t *) in)[i];
			if (lag)
				a -= isz == 2 ? ((const int16_t *) lag)[i] : ((const int32_t *) lag)[i];
			out[i] = a / (c0 + step * i);
		}
		*acc = (int64_t) a;
	}
}

/* gs_simd_means's batch on AVX2 (cpu/simd.c), specialised for the type. */
AVX2_TARGET void
gs_avx2_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			  double scale, bool f8, void *out)
{
	if (f8)
		Means256(hi, lo, c, n, e, scale, 1, out);
	else
		Means256(hi, lo, c, n, e, scale, 0, out);
}

/* gs_simd_int_means on AVX2 (cpu/simd.c), specialised for the width and the lag. */
AVX2_TARGET void
gs_avx2_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
				  double step, double *out)
{
	GS_INT_MEANS_SPECIALISED(IntMeans256, in, lag, isz, n, acc, c0, step, out);
}

#endif							/* GS_HAVE_AVX512_BUILD */
