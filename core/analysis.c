/*
 * core/analysis.c — the float analysis: what a run of float values needs of
 * an exact accumulator (GsFloatStats: the lowest set bit, the largest
 * magnitude, whether NaN, an infinity or -0 occurs).
 *
 * Shared by planning (core/plan.c, a whole array for the GPU engine) and the
 * CPU engine (cpu/, block by block).  The scalar analysis applies
 * gs_float_class (core/exact.h) to each value, as the GPU engine's kernels
 * do; the AVX-512 analysis computes the same over sixteen or eight values at
 * a time, the AVX2 one over eight or four.
 */
#include "engine.h"
#include "exact.h"
#include "simd.h"

#include <limits.h>
#include <math.h>
#include <string.h>

/* -1: use AVX-512 (else AVX2) when the CPU has it; 0: never; 2: AVX2 at most. */
int			gs_cpu_simd = -1;

#ifdef GS_HAVE_AVX512_BUILD

/*
 * Whether AVX-512 may be used, by the analysis here and by the CPU engine's
 * kernels: the CPU has it and gs_cpu_simd allows it.
 */
bool
gs_simd_enabled(void)
{
	static int	cpu = -1;

	if (gs_cpu_simd == 0 || gs_cpu_simd == 2)
		return false;
	if (cpu < 0)
	{
		__builtin_cpu_init();
		cpu = __builtin_cpu_supports("avx512f") &&
			__builtin_cpu_supports("avx512dq") &&
			__builtin_cpu_supports("avx512cd") &&
			__builtin_cpu_supports("avx512vl") &&
			__builtin_cpu_supports("avx512bw");
	}
	return cpu != 0;
}

/*
 * Analysis of float4 values, sixteen at a time, without mask registers
 * (compares into masks are slow: see test/bench/NOTES.md).  OR-ing the implicit bit in
 * unconditionally leaves the trailing zeros of a subnormal's mantissa as they
 * are; zeros are pushed out of the minimum with an all-ones lane.  NaN and
 * infinities show up as a maximum magnitude in the top binade, -0 as a zero
 * in u ^ signbit; then maxabs and lo are not meaningful and the caller
 * analyses the block again with the scalar code.
 */
static AVX512_TARGET void
StatsF4(const uint32_t *v, int64_t n, GsFloatStats *st)
{
	const __m512i absmask = _mm512_set1_epi32(0x7fffffff);
	const __m512i one = _mm512_set1_epi32(1);
	const __m512i mant = _mm512_set1_epi32(0x7fffff);
	const __m512i implicit = _mm512_set1_epi32(0x800000);
	const __m512i sign = _mm512_set1_epi32((int) 0x80000000u);
	const __m512i c31 = _mm512_set1_epi32(31);
	const __m512i zero = _mm512_setzero_si512();
	__m512i		vmin = _mm512_set1_epi32(-1);
	__m512i		vmax = zero;
	__m512i		vnz = _mm512_set1_epi32(-1);
	int64_t		i;
	uint32_t	lo,
				maxabs;

	for (i = 0; i < n; i += 16)
	{
		/* the tail is padded with +0, which is neutral everywhere */
		__m512i		u = n - i >= 16 ? _mm512_loadu_si512(v + i)
			: _mm512_maskz_loadu_epi32(TAIL16(n - i), v + i);
		__m512i		a,
					ef,
					m,
					l;

		a = _mm512_and_si512(u, absmask);
		ef = _mm512_max_epu32(_mm512_srli_epi32(a, 23), one);
		/* (a & mantissa) | implicit */
		m = _mm512_ternarylogic_epi32(a, mant, implicit, 0xea);
		m = _mm512_and_si512(m, _mm512_sub_epi32(zero, m));
		l = _mm512_add_epi32(ef, _mm512_sub_epi32(c31, _mm512_lzcnt_epi32(m)));
		l = _mm512_or_si512(l, _mm512_srai_epi32(_mm512_sub_epi32(a, one), 31));
		vmin = _mm512_min_epu32(vmin, l);
		vmax = _mm512_max_epu32(vmax, a);
		vnz = _mm512_min_epu32(vnz, _mm512_xor_si512(u, sign));
	}
	lo = _mm512_reduce_min_epu32(vmin);
	maxabs = _mm512_reduce_max_epu32(vmax);
	st->lo = lo == UINT32_MAX ? INT32_MAX : (int32_t) lo;
	st->maxabs = maxabs;
	st->special = maxabs >= 0x7f800000u || _mm512_reduce_min_epu32(vnz) == 0;
}

/* The bits of float8 values i .. i + 7, the tail padded with +0 (neutral in every analysis). */
static inline __attribute__((always_inline)) AVX512_TARGET __m512i
Load8Bits(const uint64_t *v, int64_t i, int64_t n)
{
	return n - i >= 8 ? _mm512_loadu_si512(v + i) : _mm512_maskz_loadu_epi64(TAIL8(n - i), v + i);
}

/* Analysis of float8 values, eight at a time (as StatsF4). */
static AVX512_TARGET void
StatsF8(const uint64_t *v, int64_t n, GsFloatStats *st)
{
	const __m512i absmask = _mm512_set1_epi64(INT64_C(0x7fffffffffffffff));
	const __m512i one = _mm512_set1_epi64(1);
	const __m512i mant = _mm512_set1_epi64(INT64_C(0xfffffffffffff));
	const __m512i implicit = _mm512_set1_epi64(INT64_C(0x10000000000000));
	const __m512i sign = _mm512_set1_epi64((long long) UINT64_C(0x8000000000000000));
	const __m512i c63 = _mm512_set1_epi64(63);
	const __m512i zero = _mm512_setzero_si512();
	__m512i		vmin = _mm512_set1_epi64(-1);
	__m512i		vmax = zero;
	__m512i		vnz = _mm512_set1_epi64(-1);
	int64_t		i;
	uint64_t	lo,
				maxabs;

	for (i = 0; i < n; i += 8)
	{
		__m512i		u = Load8Bits(v, i, n);
		__m512i		a = _mm512_and_si512(u, absmask);
		__m512i		ef = _mm512_max_epu64(_mm512_srli_epi64(a, 52), one);
		__m512i		m = _mm512_ternarylogic_epi64(a, mant, implicit, 0xea);
		__m512i		l;

		m = _mm512_and_si512(m, _mm512_sub_epi64(zero, m));
		l = _mm512_add_epi64(ef, _mm512_sub_epi64(c63, _mm512_lzcnt_epi64(m)));
		l = _mm512_or_si512(l, _mm512_srai_epi64(_mm512_sub_epi64(a, one), 63));
		vmin = _mm512_min_epu64(vmin, l);
		vmax = _mm512_max_epu64(vmax, a);
		vnz = _mm512_min_epu64(vnz, _mm512_xor_si512(u, sign));
	}
	lo = _mm512_reduce_min_epu64(vmin);
	maxabs = _mm512_reduce_max_epu64(vmax);
	st->lo = lo == UINT64_MAX ? INT32_MAX : (int32_t) lo;
	st->maxabs = maxabs;
	st->special = maxabs >= UINT64_C(0x7ff0000000000000) || _mm512_reduce_min_epu64(vnz) == 0;
}

/* The bits of float8 values i .. i + 3 on AVX2, the tail padded with +0 (neutral in every analysis). */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Load4Bits(const uint64_t *v, int64_t i, int64_t n)
{
	return n - i >= 4 ? _mm256_loadu_si256((const __m256i *) (v + i))
		: _mm256_maskload_epi64((const long long *) (v + i),
								_mm256_cmpgt_epi64(_mm256_set1_epi64x(n - i),
												   _mm256_set_epi64x(3, 2, 1, 0)));
}

/* The largest of four nonnegative doubles. */
static inline __attribute__((always_inline)) AVX2_TARGET double
Max4(__m256d x)
{
	double		m[4],
				top = 0;
	int			k;

	_mm256_storeu_pd(m, x);
	for (k = 0; k < 4; k++)
		top = m[k] > top ? m[k] : top;
	return top;
}

/*
 * StatsF8 where the values are expected to be multiples of 2^unit
 * (gs_float_stats_in_unit): each x * 2^-unit truncated and compared with
 * itself (any difference, or a NaN from a NaN or an infinity, fails), the
 * largest magnitude and -0 as in StatsF8, no lowest set bit.  False where
 * a value is not such a multiple, or is NaN, an infinity or -0.
 */
static AVX512_TARGET bool
StatsF8Unit(const uint64_t *v, int64_t n, double scale, uint64_t *maxabs)
{
	const __m512i absmask = _mm512_set1_epi64(INT64_C(0x7fffffffffffffff));
	const __m512i sign = _mm512_set1_epi64((long long) UINT64_C(0x8000000000000000));
	const __m512d sc = _mm512_set1_pd(scale);
	__m512i		vmax = _mm512_setzero_si512();
	__m512i		vnz = _mm512_set1_epi64(-1);
	__m512i		off = _mm512_setzero_si512();
	int64_t		i;

	for (i = 0; i < n; i += 8)
	{
		__m512i		u = Load8Bits(v, i, n);
		__m512d		xs = _mm512_mul_pd(_mm512_castsi512_pd(u), sc);

		off = _mm512_or_si512(off, _mm512_castpd_si512(
			_mm512_sub_pd(_mm512_roundscale_pd(xs, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), xs)));
		vmax = _mm512_max_epu64(vmax, _mm512_and_si512(u, absmask));
		vnz = _mm512_min_epu64(vnz, _mm512_xor_si512(u, sign));
	}
	*maxabs = _mm512_reduce_max_epu64(vmax);
	return _mm512_test_epi64_mask(off, off) == 0 && _mm512_reduce_min_epu64(vnz) != 0;
}

/* StatsF8Unit on AVX2, four at a time. */
static AVX2_TARGET bool
StatsF8UnitAvx2(const uint64_t *v, int64_t n, double scale, uint64_t *maxabs)
{
	const __m256i absmask = _mm256_set1_epi64x(INT64_C(0x7fffffffffffffff));
	const __m256i sign = _mm256_set1_epi64x((long long) UINT64_C(0x8000000000000000));
	const __m256d sc = _mm256_set1_pd(scale);
	__m256d		vmax = _mm256_setzero_pd();
	__m256i		negz = _mm256_setzero_si256();
	__m256i		off = _mm256_setzero_si256();
	double		top;
	int64_t		i;

	for (i = 0; i < n; i += 4)
	{
		__m256i		u = Load4Bits(v, i, n);
		__m256d		xs = _mm256_mul_pd(_mm256_castsi256_pd(u), sc);

		off = _mm256_or_si256(off, _mm256_castpd_si256(
			_mm256_sub_pd(_mm256_round_pd(xs, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), xs)));
		/* positive doubles (and not NaN: those fail above) order as their bits */
		vmax = _mm256_max_pd(vmax, _mm256_castsi256_pd(_mm256_and_si256(u, absmask)));
		negz = _mm256_or_si256(negz, _mm256_cmpeq_epi64(u, sign));
	}
	top = Max4(vmax);
	memcpy(maxabs, &top, sizeof(top));
	return _mm256_testz_si256(off, off) && _mm256_testz_si256(negz, negz);
}

/* Whether AVX2 with FMA may be used: the CPU has it and gs_cpu_simd allows it. */
bool
gs_avx2_enabled(void)
{
	static int	cpu = -1;

	if (gs_cpu_simd == 0)
		return false;
	if (cpu < 0)
	{
		__builtin_cpu_init();
		cpu = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
	}
	return cpu != 0;
}

/*
 * Analysis of float8 values on AVX2, four at a time (as StatsF8; AVX2 has
 * neither 64-bit minima nor a leading-zero count), in doubles: the value
 * of a nonzero |x|'s lowest set bit is |x| less |x| with that bit cleared
 * (the bits a & (a - 1): the same binade, so the difference is exact),
 * or |x| itself where its mantissa field is zero (a power of two); zeros
 * count as infinity.  The smallest such value, a power of two 2^k, gives
 * lo = k + 1075, and positive doubles order as their bits do, so the
 * largest |x| is a maximum of doubles.  NaNs, infinities and -0 set
 * special (the caller analyses such a block again with the scalar code).
 */
static AVX2_TARGET void
StatsF8Avx2(const uint64_t *v, int64_t n, GsFloatStats *st)
{
	const __m256i absmask = _mm256_set1_epi64x(INT64_C(0x7fffffffffffffff));
	const __m256i mant = _mm256_set1_epi64x(INT64_C(0xfffffffffffff));
	const __m256i one = _mm256_set1_epi64x(1);
	const __m256i inf = _mm256_set1_epi64x(INT64_C(0x7ff0000000000000));
	const __m256i sign = _mm256_set1_epi64x((long long) UINT64_C(0x8000000000000000));
	const __m256i maxfinite = _mm256_set1_epi64x(INT64_C(0x7fefffffffffffff));
	const __m256i zero = _mm256_setzero_si256();
	__m256d		vmin = _mm256_castsi256_pd(inf);
	__m256d		vmax = _mm256_setzero_pd();
	__m256i		vspec = zero;
	double		lo[4],
				mx[4],
				low = INFINITY,
				top = 0;
	uint64_t	lb;
	int64_t		i;
	int			k;

	for (i = 0; i < n; i += 4)
	{
		__m256i		u = Load4Bits(v, i, n);
		__m256i		a = _mm256_and_si256(u, absmask);
		__m256d		ad = _mm256_castsi256_pd(a);
		__m256d		bit = _mm256_sub_pd(ad, _mm256_castsi256_pd(_mm256_and_si256(a, _mm256_sub_epi64(a, one))));
		__m256i		pow2 = _mm256_cmpeq_epi64(_mm256_and_si256(a, mant), zero);

		/* a power of two: itself; a zero: infinity */
		bit = _mm256_blendv_pd(bit, _mm256_castsi256_pd(_mm256_or_si256(a, _mm256_and_si256(_mm256_cmpeq_epi64(a, zero), inf))),
							   _mm256_castsi256_pd(pow2));
		vmin = _mm256_min_pd(vmin, bit);
		vmax = _mm256_max_pd(vmax, ad);
		vspec = _mm256_or_si256(vspec, _mm256_or_si256(_mm256_cmpgt_epi64(a, maxfinite),
													   _mm256_cmpeq_epi64(u, sign)));
	}
	_mm256_storeu_pd(lo, vmin);
	_mm256_storeu_pd(mx, vmax);
	for (k = 0; k < 4; k++)
	{
		low = lo[k] < low ? lo[k] : low;
		top = mx[k] > top ? mx[k] : top;
	}
	memcpy(&lb, &low, sizeof(lb));
	/* 2^k: a normal one's exponent field is k + 1023; a subnormal one's bits are 2^(k + 1074) */
	st->lo = low == INFINITY ? INT32_MAX
		: lb >= (UINT64_C(1) << 52) ? (int32_t) (lb >> 52) + 52 : __builtin_ctzll(lb) + 1;
	memcpy(&st->maxabs, &top, sizeof(top));
	st->special = !_mm256_testz_si256(vspec, vspec);
}

/*
 * Analysis of float4 values on AVX2, eight at a time (as StatsF4; AVX2 has
 * no leading-zero count): the lowest set bit p = m & -m (at most 2^23)
 * converted to float exactly, whose exponent field less 127 is its
 * position.
 */
static AVX2_TARGET void
StatsF4Avx2(const uint32_t *v, int64_t n, GsFloatStats *st)
{
	const __m256i absmask = _mm256_set1_epi32(0x7fffffff);
	const __m256i one = _mm256_set1_epi32(1);
	const __m256i mant = _mm256_set1_epi32(0x7fffff);
	const __m256i implicit = _mm256_set1_epi32(0x800000);
	const __m256i bias = _mm256_set1_epi32(127);
	const __m256i sign = _mm256_set1_epi32((int) 0x80000000u);
	const __m256i zero = _mm256_setzero_si256();
	__m256i		vmin = _mm256_set1_epi32(-1);
	__m256i		vmax = zero;
	__m256i		vnz = _mm256_set1_epi32(-1);
	uint32_t	lo[8],
				mx[8],
				nz[8];
	uint32_t	l = UINT32_MAX,
				maxabs = 0,
				minnz = UINT32_MAX;
	int64_t		i;
	int			k;

	for (i = 0; i < n; i += 8)
	{
		/* the tail is padded with +0, which is neutral everywhere */
		__m256i		u = n - i >= 8 ? _mm256_loadu_si256((const __m256i *) (v + i))
			: _mm256_maskload_epi32((const int *) (v + i),
									_mm256_cmpgt_epi32(_mm256_set1_epi32((int) (n - i)),
													   _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0)));
		__m256i		a = _mm256_and_si256(u, absmask);
		__m256i		ef = _mm256_max_epu32(_mm256_srli_epi32(a, 23), one);
		__m256i		m = _mm256_or_si256(_mm256_and_si256(a, mant), implicit);
		__m256i		p = _mm256_and_si256(m, _mm256_sub_epi32(zero, m));
		__m256i		tz = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(p)), 23), bias);
		__m256i		lv = _mm256_or_si256(_mm256_add_epi32(ef, tz),
										 _mm256_srai_epi32(_mm256_sub_epi32(a, one), 31));

		vmin = _mm256_min_epu32(vmin, lv);
		vmax = _mm256_max_epu32(vmax, a);
		vnz = _mm256_min_epu32(vnz, _mm256_xor_si256(u, sign));
	}
	_mm256_storeu_si256((__m256i *) lo, vmin);
	_mm256_storeu_si256((__m256i *) mx, vmax);
	_mm256_storeu_si256((__m256i *) nz, vnz);
	for (k = 0; k < 8; k++)
	{
		l = lo[k] < l ? lo[k] : l;
		maxabs = mx[k] > maxabs ? mx[k] : maxabs;
		minnz = nz[k] < minnz ? nz[k] : minnz;
	}
	st->lo = l == UINT32_MAX ? INT32_MAX : (int32_t) l;
	st->maxabs = maxabs;
	st->special = maxabs >= 0x7f800000u || minnz == 0;
}

#else							/* !GS_HAVE_AVX512_BUILD */

/* Built without AVX-512 support: the scalar code serves everything. */
bool
gs_simd_enabled(void)
{
	return false;
}

/* Built without AVX2 support. */
bool
gs_avx2_enabled(void)
{
	return false;
}

#endif							/* GS_HAVE_AVX512_BUILD */

/*
 * Scalar analysis of n float4 or float8 values (see GsFloatStats), one
 * gs_float_class per value.
 */
static inline __attribute__((always_inline)) void
StatsScalar(const void *v, int64_t n, const int f8, GsFloatStats *st)
{
	uint64_t	maxabs = 0;
	int32_t		lo = INT32_MAX;
	uint32_t	spec = 0;
	int64_t		i;

	for (i = 0; i < n; i++)
	{
		uint64_t	a;
		int32_t		l;
		int			k = gs_float_class(f8 ? ((const uint64_t *) v)[i] : ((const uint32_t *) v)[i],
									   f8, &a, &l);

		if (k != GS_VALUE_FINITE)
		{
			spec |= k == GS_VALUE_SPECIAL;
			continue;
		}
		maxabs = a > maxabs ? a : maxabs;
		lo = l < lo ? l : lo;
	}
	st->lo = lo;
	st->maxabs = maxabs;
	st->special = spec != 0;
}

/* Analysis of float values, with the AVX-512 or AVX2 code when allowed. */
void
gs_float_stats(const void *v, int64_t n, bool f8, bool simd, GsFloatStats *st)
{
#ifdef GS_HAVE_AVX512_BUILD
	if (simd)
	{
		if (f8)
			StatsF8((const uint64_t *) v, n, st);
		else
			StatsF4((const uint32_t *) v, n, st);
		if (!st->special)
			return;
		/* specials: the scalar analysis excludes them from lo and maxabs */
	}
	else if (n >= 16 && gs_avx2_enabled())
	{
		if (f8)
			StatsF8Avx2((const uint64_t *) v, n, st);
		else
			StatsF4Avx2((const uint32_t *) v, n, st);
		if (!st->special)
			return;
	}
#endif
	if (f8)
		StatsScalar(v, n, 1, st);
	else
		StatsScalar(v, n, 0, st);
}

/*
 * The analysis of n float8 values (n >= 1) expected to be multiples of
 * 2^unit, as the block before them was (the CPU engine's moving windows):
 * where every one is, and none is NaN, an infinity or -0, the analysis
 * with lo the unit's (a bound: a value's lowest set bit may lie above it)
 * and true; else false, *st unset.  About half an analysis's work: no
 * lowest set bit is sought.  Vector code only (false without it), and
 * for units in [-1022, 0]: the scaling by 2^-unit is then exact, or gives
 * an infinity, which fails the check (a false negative only).
 */
bool
gs_float_stats_in_unit(const void *v, int64_t n, bool f8, int unit, GsFloatStats *st)
{
#ifdef GS_HAVE_AVX512_BUILD
	uint64_t	maxabs;
	bool		ok;

	if (!f8 || unit > 0 || unit < -1022 || n < 1)
		return false;
	if (gs_simd_enabled())
		ok = StatsF8Unit((const uint64_t *) v, n, gs_pow2(-unit), &maxabs);
	else if (n >= 16 && gs_avx2_enabled())
		ok = StatsF8UnitAvx2((const uint64_t *) v, n, gs_pow2(-unit), &maxabs);
	else
		return false;
	if (!ok)
		return false;
	st->lo = maxabs == 0 ? INT32_MAX : unit + GS_LO_BIAS(true);
	st->maxabs = maxabs;
	st->special = false;
	return true;
#else
	return false;
#endif
}

