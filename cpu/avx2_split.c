/*
 * cpu/avx2_split.c — the AVX2 carry-save 128-bit kernel:
 * running totals, moving sums and means of values whose sums need more
 * than 64 bits, four values at a time.
 */
#include "avx2_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * H * 2^51 + L, |L| < 2^62, with L's excess over [0, 2^51) moved into H
 * (floor): L + 2^62 is nonnegative, so a logical shift divides it, less
 * the 2^11 of the 2^62 (which an H of ScanSplit4's sums, biased, holds
 * less already), and the remainder is L's low 51 bits.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
Renorm51x4(__m256i *h, __m256i *l, int biased)
{
	__m256i		q = _mm256_srli_epi64(_mm256_add_epi64(*l, _mm256_set1_epi64x(INT64_C(1) << 62)), 51);

	*h = _mm256_add_epi64(*h, biased ? q : _mm256_sub_epi64(q, _mm256_set1_epi64x(INT64_C(1) << 11)));
	*l = _mm256_and_si256(*l, _mm256_set1_epi64x((INT64_C(1) << 51) - 1));
}

/*
 * ScanSplit4's values i .. i + 3 (lanes past n load as zeros) as H * 2^51
 * + L (Split51): less the values leaving (lag), each split or (diff) their
 * exact differences split once; with check, *vbad gets the lanes the unit
 * does not hold, else zeros.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
SplitValues4(const void *in, const void *lag, int64_t i, int64_t n, __m256d scale, __m256d scale51,
			 const int f8, const int diff, const int check, __m256i *qh, __m256i *ql, __m256i *vbad)
{
	*vbad = _mm256_setzero_si256();
	if (lag && diff)
		Split51(_mm256_sub_pd(Load4(in, i, n, f8), Load4(lag, i, n, f8)), scale, scale51, qh, ql, NULL);
	else if (check)
		Split51(Load4(in, i, n, f8), scale, scale51, qh, ql, vbad);
	else
	{
		Split51(Load4(in, i, n, f8), scale, scale51, qh, ql, NULL);
		if (lag)
		{
			__m256i		yh,
						yl;

			Split51(Load4(lag, i, n, f8), scale, scale51, &yh, &yl, NULL);
			*qh = _mm256_sub_epi64(*qh, yh);
			*ql = _mm256_sub_epi64(*ql, yl);
		}
	}
}

/*
 * The carry-save 128-bit kernel on AVX2: as ScanSplit, four values at a
 * time, but each value H * 2^51 + L (Split51; a moving sum's difference of
 * exact doubles split as one value), so four of them and a carry (its L
 * renormalised every 256 vectors) stay below 2^62.  The values are split
 * two iterations ahead of their sums (SplitValues4), as in Scan64Mean4.
 * A sum S = H * 2^51 + L, L normalised, is two exact doubles (|H| <
 * 2^51), and one fused multiply-add H * 2^51 + L rounds it once (float8);
 * for float4 L is first jammed at 2^28 where |S| >= 2^53 (H >= 4 or H <=
 * -5), which leaves S exact in double (|S| < 2^81) and its rounding to
 * float (whose rounding bit lies at 2^29 or above) unchanged; below 2^53
 * S is exact as it is.
 * Caller guarantees |S| < 2^102 (float4: 2^81) and lsb in [-1022, 1015].
 */
static inline __attribute__((always_inline)) AVX2_TARGET int64_t
ScanSplit4(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *carry_h,
		   int64_t *carry_l, int64_t rowpos0, int64_t w, const int f8, const int excl,
		   const int diff, const int mean, int plain, const int check, int64_t *stop)
{
	const __m256d scale = _mm256_set1_pd(gs_pow2(-lsb));
	const __m256d scale51 = _mm256_set1_pd(gs_pow2(-lsb - 51));
	const __m256d scale_d = _mm256_set1_pd(gs_pow2(lsb));
	const __m256d two51 = _mm256_set1_pd(0x1p51);
	/* ovf: as Scan64Mean4's, for sums below 2^102 units (float4: 2^81) and constants to 2^(103 + lsb) */
	const int	ovf = MayOverflow(f8, lsb, f8 ? 102 : 81) || lsb + 103 > 1023 || lsb < -1022;
	const int	le = ovf ? 0 : lsb;
	/*
	 * every sum's H carries hb, the bits its conversion adds (a mean's
	 * Sum2Bias(51); I51_TO_PD's where ovf; else those of 1.5 * 2^(103 +
	 * lsb), whose ulp is 2^(51 + lsb)), so that none adds them: the carry
	 * holds them less the 2^11 that Renorm51x4 does not subtract from a
	 * sum's H (biased); H + hb stays within (0, 2^63)
	 */
	const int64_t hb = mean ? Sum2Bias(51) : ovf ? Sum2Bias(0) : Sum2Bias(51 + le);
	const __m256d hlsub = _mm256_set1_pd((0x1.8p103 + 0x1p52) * gs_pow2(le));
	const __m256i lor = _mm256_set1_epi64x((int64_t) ((UINT64_C(0x433) + le) << 52));
	/* the carry h * 2^59 + l as H * 2^51 + L, L in [0, 2^51), H biased */
	int64_t		h0 = *carry_h,
				l0 = *carry_l;
	__m256i		ch = _mm256_set1_epi64x((int64_t) (((uint64_t) h0 << 8) + (uint64_t) (l0 >> 51) + (uint64_t) hb -
												   (UINT64_C(1) << 11))),
				cl = _mm256_set1_epi64x(l0 & ((INT64_C(1) << 51) - 1));
	__m256i		b1[MEAN_BATCH],
				b2[MEAN_BATCH];
	MeansPending pend;
	__m256i		qh1,
				ql1,
				vbad1,
				qh2,
				ql2,
				vbad2;
	int64_t		i,
				iend;
	Counts4		cn;

	Counts4Init(&cn, rowpos0, w, MeansPrescaled(f8, plain), lsb);
	if (f8)
		Counts4Prime(&cn, 0);
	pend.n = 0;
	SplitValues4(in, lag, 0, n, scale, scale51, f8, diff, check, &qh1, &ql1, &vbad1);
	SplitValues4(in, lag, 4, n, scale, scale51, f8, diff, check, &qh2, &ql2, &vbad2);
	for (i = 0; i < n;)
	{
		/* a chunk, its undecided means rounded after it (MeansPending) */
		iend = mean && n - i > MEAN_CHUNK ? i + MEAN_CHUNK : n;
		while (i < iend)
		{
			/*
			 * a batch of means (MeansBatchEnd), its means taken after it,
			 * else of 256 vectors; the carry's L renormalised after each,
			 * not every vector: a value's |L| <= 2^51 (a moving sum's
			 * difference too), a vector's total 2^53, so |cl| < 2^51 +
			 * 2^61 and each sum's L, within 2^53 + 2^51 of it, stays
			 * below the 2^62 that Renorm51x4 takes
			 */
			int64_t		bend = MeansBatchEnd(i, iend, mean ? MEAN_BATCH : 256);
			int			j;

			for (j = 0; i < bend; i += 4, j++)
			{
				__m256i		qh = qh1,
							ql = ql1,
							ph,
							pl,
							th,
							tl;
				int			bad;

				PREFETCH_AHEAD(in, i, f8);
				if (lag)
					PREFETCH_AHEAD(lag, i, f8);
				/* values not analysed (gs_simd_scan_split_guess): stop before one the unit does not hold */
				if (check && __builtin_expect(_mm256_movemask_pd(_mm256_castsi256_pd(vbad1)) != 0, 0))
				{
					if (mean && j > 0)
						FlushMeans4(out, i - 4 * j, n, j, f8, scale_d, plain, 0, 1, b1, b2, &cn, &pend, NULL);
					if (mean && pend.n > 0)
						gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
					goto stopped;
				}
				qh1 = qh2;
				ql1 = ql2;
				vbad1 = vbad2;
				SplitValues4(in, lag, i + 8, n, scale, scale51, f8, diff, check, &qh2, &ql2, &vbad2);
				ph = qh;
				pl = ql;
				PREFIX4(ph);
				PREFIX4(pl);
				/* the carry: add the four values' total and renormalise */
				th = LAST4(ph);
				tl = LAST4(pl);
				ph = _mm256_add_epi64(ph, ch);
				pl = _mm256_add_epi64(pl, cl);
				ch = _mm256_add_epi64(ch, th);
				cl = _mm256_add_epi64(cl, tl);
				if (excl)
				{
					ph = _mm256_sub_epi64(ph, qh);
					pl = _mm256_sub_epi64(pl, ql);
				}
				Renorm51x4(&ph, &pl, 1);
				if (mean)
				{
					b1[j] = ph;
					b2[j] = pl;
					continue;
				}
				if (!f8)
					pl = Jam4(pl, _mm256_or_si256(_mm256_cmpgt_epi64(ph, _mm256_set1_epi64x(hb + 3)),
												  _mm256_cmpgt_epi64(_mm256_set1_epi64x(hb - 4), ph)),
							  (INT64_C(1) << 28) - 1);
				if (!ovf)
				{
					/*
					 * no sum can overflow: as Sum2Biased4 (k = 51) with lsb
					 * added to the exponent fields, (H - 2) * 2^(51 + lsb)
					 * and (2^52 + L) * 2^lsb, exact; their sum rounds once
					 */
					(void) Put4(out, i, n, f8,
								_mm256_add_pd(_mm256_sub_pd(_mm256_castsi256_pd(ph), hlsub),
											  _mm256_castsi256_pd(_mm256_or_si256(pl, lor))));
					continue;
				}
				/* (H - 2) * 2^51 + (2^52 + L), each exact (I51_TO_PD, U52_TO_PD), rounded once */
				bad = Store4(out, i, n, f8,
							 _mm256_mul_pd(_mm256_fmadd_pd(_mm256_sub_pd(_mm256_castsi256_pd(ph), _mm256_set1_pd(0x1.8p52 + 2)),
														   two51, _mm256_castsi256_pd(_mm256_or_si256(pl, lor))),
										   scale_d));
				if (__builtin_expect(bad != 0, 0))
					return i + __builtin_ctz(bad);
			}
			Renorm51x4(&ch, &cl, 0);
			if (mean)
				FlushMeans4(out, i - 4 * j, n, j, f8, scale_d, plain, 0, 1, b1, b2, &cn, &pend, NULL);
		}
		if (mean && pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
	}
stopped:
	Renorm51x4(&ch, &cl, 0);
	{
		int64_t		hh = (int64_t) ((uint64_t) _mm_cvtsi128_si64(_mm256_castsi256_si128(ch)) - (uint64_t) hb +
									(UINT64_C(1) << 11));

		*carry_h = hh >> 8;
		*carry_l = (int64_t) ((uint64_t) (hh & 255) << 51) + _mm_cvtsi128_si64(_mm256_castsi256_si128(cl));
	}
	if (check)
		*stop = i < n ? i : n;
	return -1;
}

/* The carry-save kernel of running means of values not analysed on AVX2 (gs_simd_cummean_split_guess), specialised. */
AVX2_TARGET void
gs_avx2_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
							int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) ScanSplit4(in, NULL, out, n, lsb, carry_h, carry_l, rowpos0, INT64_MAX, F8, 0, 0, 1, PLAIN, 1, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/*
 * The carry-save 128-bit kernel on AVX2 (sums, or means with mean),
 * specialised; checking each value where stop is given (values not
 * analysed, no lag).
 */
AVX2_TARGET int64_t
gs_avx2_scan_split(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
				   bool excl, bool diff, bool mean, int64_t *carry_h, int64_t *carry_l,
				   int64_t rowpos0, int64_t w, bool plain, int64_t *stop)
{
#define CASE(F8, EXCL, DIFF, MEAN, PLAIN, CHECK) \
	if (f8 == (F8) && excl == (EXCL) && diff == (DIFF) && mean == (MEAN) && (!mean || plain == (PLAIN)) && \
		(stop != NULL) == (CHECK)) \
		return ScanSplit4(in, lag, out, n, lsb, carry_h, carry_l, rowpos0, w, F8, EXCL, DIFF, MEAN, PLAIN, \
						  CHECK, stop)
	CASE(1, 0, 0, 0, 0, 0); CASE(1, 1, 0, 0, 0, 0); CASE(1, 0, 1, 0, 0, 0);
	CASE(1, 0, 0, 1, 1, 0); CASE(1, 0, 1, 1, 1, 0); CASE(1, 0, 0, 1, 0, 0); CASE(1, 0, 1, 1, 0, 0);
	CASE(0, 0, 0, 0, 0, 0); CASE(0, 0, 1, 0, 0, 0);
	CASE(0, 0, 0, 1, 1, 0); CASE(0, 0, 1, 1, 1, 0); CASE(0, 0, 0, 1, 0, 0); CASE(0, 0, 1, 1, 0, 0);
	CASE(1, 0, 0, 0, 0, 1); CASE(1, 1, 0, 0, 0, 1); CASE(0, 0, 0, 0, 0, 1);
#undef CASE
	return ScanSplit4(in, lag, out, n, lsb, carry_h, carry_l, rowpos0, w, f8, excl, diff, mean, plain,
					  stop != NULL, stop);
}

#endif							/* GS_HAVE_AVX512_BUILD */
