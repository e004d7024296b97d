/*
 * cpu/avx2_scan64.c — the AVX2 64-bit kernel: running totals,
 * moving sums and running and moving means of values whose sums fit an
 * int64, four values at a time.
 */
#include "avx2_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * Whether Scan64Mean4's check stops before the vector of sums p: a sum of
 * 2^62 units or more (each sum is then still exact: the one before it and
 * each value lay below 2^62), or with narrow (the guess kernels' narrow
 * pass) 2^51 or more, which the narrow conversions (I51_TO_PD, the
 * stores') would not read; or a lane in vbad (Values64x4's).
 */
static inline __attribute__((always_inline)) AVX2_TARGET int
Unfit4(__m256i p, __m256i vbad, const int narrow)
{
	if (narrow)
		/* p + 2^51 below 2^52, as unsigned: its top 12 bits clear */
		return !_mm256_testz_si256(_mm256_or_si256(_mm256_add_epi64(p, _mm256_set1_epi64x(INT64_C(1) << 51)), vbad),
								   _mm256_set1_epi64x(~((INT64_C(1) << 52) - 1)));
	/* p + 2^62 within [0, 2^63): its sign bit clear */
	return _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_add_epi64(p, _mm256_set1_epi64x(INT64_C(1) << 62)),
																  vbad))) != 0;
}

/*
 * Scan64Mean4's values i .. i + 3 (lanes past n load as zeros) in units,
 * as int64: less the values leaving (lag), whole or (diff) as exact
 * differences; with check 2, *vbad gets the lanes the unit does not hold
 * (Split51; a float's, and any in a narrow pass, also those of 2^51 units
 * or more, Narrow64Checked: a float spans 24 bits, and the narrow
 * conversion measured 10% cheaper running means on Zen 4), else zeros.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Values64x4(const void *in, const void *lag, int64_t i, int64_t n, __m256d scale, __m256d scale51,
		   const int f8, const int diff, const int narrow, const int check, __m256i *vbad)
{
	__m256i		q;

	*vbad = _mm256_setzero_si256();
	if (lag && diff)
		return Fixed64(_mm256_sub_pd(Load4(in, i, n, f8), Load4(lag, i, n, f8)), scale, scale51, narrow, NULL);
	if (check == 2 && (!f8 || narrow))
		return Narrow64Checked(Load4(in, i, n, f8), scale, vbad);
	if (check == 2)
		return Fixed64(Load4(in, i, n, f8), scale, scale51, 0, vbad);
	q = Fixed64(Load4(in, i, n, f8), scale, scale51, narrow, NULL);
	if (lag)
		q = _mm256_sub_epi64(q, Fixed64(Load4(lag, i, n, f8), scale, scale51, narrow, NULL));
	return q;
}

/*
 * The 64-bit kernel on AVX2: as Scan64Mean, four values at a time (lanes
 * past n load as zeros and add nothing), but a float's means in batches
 * too (Flush64x4), which measured faster here.  Each vector's values
 * are converted two iterations ahead of their sums (Values64x4): the
 * conversion's chain of dependent floating-point operations is long, and
 * with it in the same iteration the out-of-order core's scheduler fills
 * with operations waiting on it (test/bench/NOTES.md).  narrow: every
 * value, difference and sum below 2^51 units (gs_simd_narrow), or with
 * check 2 the guess kernels' narrow pass, which checks that they are
 * (Unfit4): the conversions from the bits of a sum with 1.5 * 2^52.
 */
static inline __attribute__((always_inline)) AVX2_TARGET int64_t
Scan64Mean4(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *acc,
			int64_t rowpos0, int64_t w, const int f8, const int excl, const int mean,
			const int diff, int plain, const int narrow, const int check, int64_t *stop)
{
	const __m256d scale = _mm256_set1_pd(gs_pow2(-lsb));
	const __m256d scale51 = _mm256_set1_pd(gs_pow2(-lsb - 51));
	const __m256d scale_d = _mm256_set1_pd(gs_pow2(lsb));
	/*
	 * ovf: a sum (|S| < 2^63 units) may round to an infinity, or the scaled
	 * conversions' constants (to 2^(84 + lsb)) would not be normal: checked
	 * stores; else the constants of the scaled conversions (le: lsb)
	 */
	const int	ovf = MayOverflow(f8, lsb, 63) || lsb + 84 > 1023 || lsb < -1022;
	const int	le = ovf ? 0 : lsb;
	const __m256i xhi = _mm256_set1_epi64x((int64_t) ((UINT64_C(0x453) + le) << 52) | INT64_C(0x80000000));
	const __m256i xlo = _mm256_set1_epi64x((int64_t) ((UINT64_C(0x433) + le) << 52));
	const __m256d csub = _mm256_set1_pd(0x1.00000801p84 * gs_pow2(le));
	const __m256i nadd = _mm256_set1_epi64x((int64_t) ((UINT64_C(0x433) + le) << 52) | (INT64_C(1) << 51));
	const __m256d nsub = _mm256_set1_pd(0x1.8p52 * gs_pow2(le));
	__m256i		carry = _mm256_set1_epi64x(*acc);
	__m256i		bp[MEAN_BATCH];
	MeansPending pend;
	__m256i		q1,
				q2,
				vbad1,
				vbad2;
	int64_t		i,
				iend;
	Counts4		cn;
	int			ex = 1,
			   *xp = f8 && plain ? &ex : NULL;	/* a double's means while its sums are exact */

	Counts4Init(&cn, rowpos0, w, MeansPrescaled(f8, plain), lsb);
	if (f8)
		Counts4Prime(&cn, 0);
	pend.n = 0;
	q1 = Values64x4(in, lag, 0, n, scale, scale51, f8, diff, narrow, check, &vbad1);
	q2 = Values64x4(in, lag, 4, n, scale, scale51, f8, diff, narrow, check, &vbad2);
	for (i = 0; i < n;)
	{
		/*
		 * a chunk, its undecided means rounded after it (MeansPending);
		 * but the running means of values not analysed (check 2) are one
		 * chunk, each batch's pending means rounded after it: chunked,
		 * they measured slower (the look-ahead's values kept across the
		 * chunk's end)
		 */
		iend = mean && check != 2 && n - i > MEAN_CHUNK ? i + MEAN_CHUNK : n;
		while (i < iend)
		{
			/* a batch of means (MeansBatchEnd), its means taken after it */
			int64_t		bend = MeansBatchEnd(i, iend, mean ? MEAN_BATCH : 0);
			int			j;

			for (j = 0; i < bend; i += 4, j++)
			{
				__m256i		q = q1,
							p,
							t,
							vbad = vbad1;
				int			bad;

				PREFETCH_AHEAD(in, i, f8);
				if (lag)
					PREFETCH_AHEAD(lag, i, f8);
				q1 = q2;
				vbad1 = vbad2;
				q2 = Values64x4(in, lag, i + 8, n, scale, scale51, f8, diff, narrow, check, &vbad2);
				p = q;
				PREFIX4(p);
				/* the carry's chain: one addition of the four values' total */
				t = LAST4(p);
				p = _mm256_add_epi64(p, carry);
				if (check && __builtin_expect(Unfit4(p, vbad, check == 2 && narrow), 0))
				{
					/*
					 * a sum of 2^62 units or more (narrow guess: 2^51), or
					 * (guess) a value the unit does not hold: stop before it
					 */
					if (mean && j > 0)
						Flush64x4(out, i - 4 * j, n, j, f8, scale_d, plain, narrow, check, bp, &cn, &pend, xp);
					if (mean && pend.n > 0)
						gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
					*acc = _mm_cvtsi128_si64(_mm256_castsi256_si128(carry));
					*stop = i;
					return -1;
				}
				carry = _mm256_add_epi64(carry, t);
				if (excl)
					p = _mm256_sub_epi64(p, q);
				if (mean)
				{
					bp[j] = p;
					continue;
				}
				if (!ovf)
				{
					/* no sum can overflow: scaled as converted, stored unchecked */
					if (narrow)
						(void) Put4(out, i, n, f8, _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(p, nadd)), nsub));
					else
						(void) Put4(out, i, n, f8, I64ToPdScaled(f8 ? p : JamForFloat(p), xhi, xlo, csub));
					continue;
				}
				if (narrow)
					bad = Store4(out, i, n, f8, _mm256_mul_pd(I51_TO_PD(p), scale_d));	/* exact */
				else
					bad = Store4(out, i, n, f8, _mm256_mul_pd(I64ToPd(f8 ? p : JamForFloat(p)), scale_d));
				if (__builtin_expect(bad != 0, 0))
					return i + __builtin_ctz(bad);
			}
			if (mean)
			{
				Flush64x4(out, i - 4 * j, n, j, f8, scale_d, plain, narrow, check, bp, &cn, &pend, xp);
				if (check == 2 && pend.n > 0)
					gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
			}
		}
		if (mean && pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
	}
	*acc = _mm_cvtsi128_si64(_mm256_castsi256_si128(carry));
	if (check)
		*stop = n;
	return -1;
}

/*
 * The 64-bit kernel on AVX2 (running totals, or moving sums with lag),
 * specialised; checked where stop is given (gs_simd_scan64_checked; never
 * narrow then).
 */
AVX2_TARGET int64_t
gs_avx2_scan64(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
			   bool excl, bool diff, bool narrow, int64_t *acc, int64_t *stop)
{
#define CASE(F8, EXCL, DIFF, NARROW, CHECK) \
	if (f8 == (F8) && excl == (EXCL) && diff == (DIFF) && narrow == (NARROW) && (stop != NULL) == (CHECK)) \
		return Scan64Mean4(in, lag, out, n, lsb, acc, 0, 0, F8, EXCL, 0, DIFF, 0, NARROW, CHECK, stop)
	CASE(1, 0, 0, 0, 0); CASE(1, 1, 0, 0, 0); CASE(1, 0, 1, 0, 0);
	CASE(1, 0, 0, 1, 0); CASE(1, 1, 0, 1, 0); CASE(1, 0, 1, 1, 0);
	CASE(0, 0, 0, 0, 0); CASE(0, 0, 1, 0, 0);	/* float4 totals: narrow blocks only */
	CASE(0, 0, 0, 1, 0); CASE(0, 1, 0, 1, 0); CASE(0, 0, 1, 1, 0);
	CASE(1, 0, 0, 0, 1); CASE(1, 1, 0, 0, 1); CASE(1, 0, 1, 0, 1);
	CASE(0, 0, 0, 0, 1); CASE(0, 1, 0, 0, 1); CASE(0, 0, 1, 0, 1);
#undef CASE
	return Scan64Mean4(in, lag, out, n, lsb, acc, 0, 0, f8, excl, 0, diff, 0, narrow, stop != NULL, stop);
}

/*
 * The 64-bit kernel of values not analysed on AVX2 (gs_simd_scan64_guess),
 * specialised; with narrow, stopping also before a sum of 2^51 units or
 * more (Scan64Mean4).
 */
AVX2_TARGET int64_t
gs_avx2_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl, bool narrow,
					 int64_t *acc, int64_t *stop)
{
#define CASE(F8, EXCL, NARROW) \
	if (f8 == (F8) && excl == (EXCL) && narrow == (NARROW)) \
		return Scan64Mean4(in, NULL, out, n, lsb, acc, 0, 0, F8, EXCL, 0, 0, 0, NARROW, 2, stop)
	CASE(1, 0, 1); CASE(1, 1, 1); CASE(0, 0, 1); CASE(0, 1, 1);
	CASE(1, 0, 0); CASE(1, 1, 0); CASE(0, 0, 0);
#undef CASE
	return Scan64Mean4(in, NULL, out, n, lsb, acc, 0, 0, 0, 1, 0, 0, 0, 0, 2, stop);
}

/* The 64-bit kernel of running means of values not analysed on AVX2 (gs_simd_cummean64_guess), specialised; a double's narrow as gs_avx2_scan64_guess. */
AVX2_TARGET void
gs_avx2_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						int64_t rowpos0, bool plain, bool narrow, int64_t *stop)
{
#define CASE(F8, PLAIN, NARROW) \
	if (f8 == (F8) && plain == (PLAIN) && narrow == (NARROW)) \
		(void) Scan64Mean4(in, NULL, out, n, lsb, acc, rowpos0, INT64_MAX, F8, 0, 1, 0, PLAIN, NARROW, 2, stop)
	CASE(1, 1, 0); else CASE(1, 0, 0); else CASE(0, 1, 0); else CASE(0, 0, 0);
	else CASE(1, 1, 1); else CASE(1, 0, 1);
#undef CASE
}

/*
 * The 64-bit kernel of a mean on AVX2, specialised; checked where stop is
 * given (never narrow then).
 */
AVX2_TARGET void
gs_avx2_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
				  bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain, bool narrow,
				  int64_t *stop)
{
#define CASE(F8, DIFF, NARROW, CHECK, PLAIN) \
	if (f8 == (F8) && diff == (DIFF) && narrow == (NARROW) && (stop != NULL) == (CHECK) && plain == (PLAIN)) \
	{ \
		(void) Scan64Mean4(in, lag, out, n, lsb, acc, rowpos0, w, F8, 0, 1, DIFF, PLAIN, NARROW, CHECK, stop); \
		return; \
	}
	CASE(1, 1, 0, 0, 1); CASE(1, 0, 0, 0, 1); CASE(0, 1, 0, 0, 1); CASE(0, 0, 0, 0, 1);
	CASE(1, 1, 1, 0, 1); CASE(1, 0, 1, 0, 1); CASE(0, 1, 1, 0, 1); CASE(0, 0, 1, 0, 1);
	CASE(1, 1, 0, 0, 0); CASE(1, 0, 0, 0, 0); CASE(0, 1, 0, 0, 0); CASE(0, 0, 0, 0, 0);
	CASE(1, 1, 1, 0, 0); CASE(1, 0, 1, 0, 0); CASE(0, 1, 1, 0, 0); CASE(0, 0, 1, 0, 0);
	CASE(1, 1, 0, 1, 0); CASE(1, 0, 0, 1, 0); CASE(0, 1, 0, 1, 0); CASE(0, 0, 0, 1, 0);
	CASE(1, 1, 0, 1, 1); CASE(1, 0, 0, 1, 1); CASE(0, 1, 0, 1, 1); CASE(0, 0, 0, 1, 1);
#undef CASE
}

#endif							/* GS_HAVE_AVX512_BUILD */
