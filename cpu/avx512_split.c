/*
 * cpu/avx512_split.c — the AVX-512 carry-save 128-bit
 * kernel: running totals, moving sums and means of values whose sums need
 * more than 64 bits, eight values at a time.
 */
#include "avx512_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * The carry-save 128-bit kernel.  A value is H * 2^59 + L with H and L plain
 * int64 and |L| <= 2^58 for one value, so eight of them and a carry sum
 * without overflow: the in-register prefix needs no carry logic.  Each value
 * is split exactly with the magic-number rounding trick; the carry is
 * renormalised once per eight values, off the critical path.
 *
 * Rounding a sum S = H * 2^59 + L, |L| < 2^61.4 (eight values and a carry):
 *  - |H| >= 21 in every lane (float4: 8): |S| >= 2^63, and the bits of L
 *    below the jam bit (2^9 for float8, 2^30 for float4) can only decide a
 *    tie, so they are folded into that one sticky bit (round to odd), which
 *    leaves L exact as a double; one fused multiply-add H * 2^59 + L then
 *    rounds the sum once (float8) or forms it exactly (float4, |S| < 2^81)
 *    for the conversion to float;
 *  - |H| <= 10 in every lane: |S| < 2^63, converted directly from int64;
 *  - otherwise L is normalised to [-2^58, 2^58): lanes with |H| <= 2 convert
 *    directly, the others (|S| > 2^60) are jammed at 2^6 (float8) or 2^30.
 * Caller guarantees |S| < 2^109 (float4: 2^81) and lsb in [-1022, 1015].
 * With mean, each sum is divided by its count, min(rowpos0 + i + 1, w),
 * instead (FlushMeans8, in batches, with the sum as (H * 2^7 + floor(L /
 * 2^52)) * 2^52 + (L mod 2^52), exact for any L).
 */
static inline __attribute__((always_inline)) AVX512_TARGET int64_t
ScanSplit(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *carry_h,
		  int64_t *carry_l, int64_t rowpos0, int64_t w, const int f8, const int excl,
		  const int diff, const int mean, const int plain, const int check, int64_t *stop)
{
	const __m512i low52 = _mm512_set1_epi64(GS_QUOT_LO_MASK);
	const __m512i zero = _mm512_setzero_si512();
	const __m512i last = _mm512_set1_epi64(7);
	const __m512i half = _mm512_set1_epi64(INT64_C(1) << 58);
	const __m512i two = _mm512_set1_epi64(2);
	const __m512i four = _mm512_set1_epi64(4);
	/* |H| >= big: 21 (float8: |S| >= 2^63), 8 (float4: |S| >= 2^61) */
	const __m512i big_m1 = _mm512_set1_epi64(f8 ? 20 : 7);
	const __m512i big2_m1 = _mm512_set1_epi64(f8 ? 40 : 14);
	const __m512i ten = _mm512_set1_epi64(10);
	const __m512i twenty = _mm512_set1_epi64(20);
	/* jam masks: big sums (unnormalised L), then normalised L */
	const __m512i jam_low_b = _mm512_set1_epi64(f8 ? 511 : (INT64_C(1) << 30) - 1);
	const __m512i jam_bit_b = _mm512_set1_epi64(f8 ? 512 : INT64_C(1) << 30);
	const __m512i jam_low_n = _mm512_set1_epi64(f8 ? 63 : (INT64_C(1) << 30) - 1);
	const __m512i jam_bit_n = _mm512_set1_epi64(f8 ? 64 : INT64_C(1) << 30);
	const __m512d magic = _mm512_set1_pd(0x1.8p52);
	const __m512i magic_bits = _mm512_castpd_si512(magic);
	const __m512d two59 = _mm512_set1_pd(0x1p59);
	const Scale8 sc = Scale8Of(f8, lsb, f8 ? 109 : 81);	/* |S| < 2^109 (float4: 2^81) */
	const __m512d in_scale59 = _mm512_set1_pd(gs_pow2(-lsb - 59));
	__m512i		ch = _mm512_set1_epi64(*carry_h);
	__m512i		cl = _mm512_set1_epi64(*carry_l);
	__m512i		b1[MEAN_BATCH],
				b2[MEAN_BATCH];
	MeansPending pend;
	int64_t		i,
				iend;
	Counts8		cn;

	Counts8Init(&cn, rowpos0, w, MeansPrescaled(f8, plain), lsb);
	pend.n = 0;

/* move L's excess over [-2^58, 2^58) into H (c: scratch) */
#define RENORM59(h, l) \
	do { \
		c = _mm512_srai_epi64(_mm512_add_epi64((l), half), 59); \
		(h) = _mm512_add_epi64((h), c); \
		(l) = _mm512_sub_epi64((l), _mm512_slli_epi64(c, 59)); \
	} while (0)
#define JAM(l, jl, jb) \
	_mm512_or_si512(_mm512_andnot_si512((jl), (l)), \
					_mm512_and_si512(_mm512_add_epi64(_mm512_and_si512((l), (jl)), (jl)), (jb)))
#define JAMMED_SUM(h, l, jl, jb, rd, rf) \
	do { \
		__m512d s_ = _mm512_fmadd_pd(_mm512_cvtepi64_pd(h), two59, \
									 _mm512_cvtepi64_pd(JAM((l), (jl), (jb)))); \
		if (f8) \
			(rd) = _mm512_mul_pd(s_, sc.d); \
		else \
			(rf) = _mm512_cvtpd_ps(_mm512_mul_pd(s_, sc.d)); \
	} while (0)

#define DIRECT_SUM(h, l, rd, rf) \
	do { \
		__m512i v_ = _mm512_add_epi64(_mm512_slli_epi64((h), 59), (l)); \
		if (f8) \
			(rd) = _mm512_mul_pd(_mm512_cvtepi64_pd(v_), sc.d); \
		else \
			(rf) = _mm256_mul_ps(_mm512_cvtepi64_ps(v_), sc.f); \
	} while (0)

	for (i = 0; i < n;)
	{
		/* a chunk, its undecided means rounded after it (MeansPending) */
		iend = mean && n - i > MEAN_CHUNK ? i + MEAN_CHUNK : n;
		for (; i < iend; i += 8)
		{
			__mmask8	k = TAIL8(n - i);
			__m512i		qh,
						ql,
						ph,
						pl,
						th,
						tl,
						c;
			__m512d		rd = _mm512_setzero_pd();
			__m256		rf = _mm256_setzero_ps();
			__mmask8	bad,
						held;

			PREFETCH_AHEAD(in, i, f8);
			if (lag)
				PREFETCH_AHEAD(lag, i, f8);
			if (lag && diff)
			{
				/*
				 * A moving sum whose differences are exact doubles below 2^53
				 * units: each is L alone (H = 0), and only the sums and the
				 * carry need two words.
				 */
				pl = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8_DIFF(in, lag, i, n, f8, k), sc.in));
				PREFIX8(pl);
				tl = _mm512_permutexvar_epi64(last, pl);
				ph = ch;
				pl = _mm512_add_epi64(pl, cl);
				cl = _mm512_add_epi64(cl, tl);
				RENORM59(ch, cl);
			}
			else
			{
				__m512d		x = LOAD8(in, i, n, f8, k);
				__m512d		xs = _mm512_mul_pd(x, sc.in);
				__m512d		a = _mm512_fmadd_pd(x, in_scale59, magic);	/* RN(x*2^-lsb-59) + magic */
				__m512d		r = _mm512_fnmadd_pd(_mm512_sub_pd(a, magic), two59, xs);

				qh = _mm512_sub_epi64(_mm512_castpd_si512(a), magic_bits);
				ql = _mm512_cvttpd_epi64(r);
				/*
				 * values not analysed (gs_simd_scan_split_guess,
				 * gs_simd_cummean_split_guess): stop before a vector with a
				 * value the unit does not hold; r is exact for any x (see
				 * Split51), an integer only where x * 2^-lsb is one
				 */
				if (check && (held = Held8(xs, r, ql), __builtin_expect(!_kortestc_mask8_u8(held, held), 0)))
				{
					int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));

					if (mean && j > 0)
						FlushMeans8(out, i - 8 * j, n, j, f8, sc.d, plain, 1, b1, b2, &cn, &pend);
					if (mean && pend.n > 0)
						gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
					goto stopped;
				}
				if (lag)
				{
					/*
					 * A moving sum: the value leaving subtracts, split the same
					 * way; the difference's L is normalised back to [-2^58,
					 * 2^58), so the bounds below hold as for one value.
					 */
					__m512d		y = LOAD8(lag, i, n, f8, k);
					__m512d		ay = _mm512_fmadd_pd(y, in_scale59, magic);

					qh = _mm512_sub_epi64(qh, _mm512_sub_epi64(_mm512_castpd_si512(ay), magic_bits));
					ql = _mm512_sub_epi64(ql, _mm512_cvttpd_epi64(_mm512_fnmadd_pd(_mm512_sub_pd(ay, magic), two59,
																				   _mm512_mul_pd(y, sc.in))));
					RENORM59(qh, ql);
				}
				ph = qh;
				pl = ql;
				PREFIX8(ph);
				PREFIX8(pl);
				th = _mm512_permutexvar_epi64(last, ph);
				tl = _mm512_permutexvar_epi64(last, pl);
				ph = _mm512_add_epi64(ph, ch);
				pl = _mm512_add_epi64(pl, cl);
				/* the carry: add the eight values' total and renormalise */
				cl = _mm512_add_epi64(cl, tl);
				ch = _mm512_add_epi64(ch, th);
				RENORM59(ch, cl);
				if (excl)
				{
					ph = _mm512_sub_epi64(ph, qh);
					pl = _mm512_sub_epi64(pl, ql);
				}
			}

			if (mean)
			{
				int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));

				b1[j] = _mm512_add_epi64(_mm512_slli_epi64(ph, 7), _mm512_srai_epi64(pl, 52));
				b2[j] = _mm512_and_si512(pl, low52);
				if (j == MEAN_BATCH - 1 || i + 8 >= n)
					FlushMeans8(out, i - 8 * j, n, j + 1, f8, sc.d, plain, 1, b1, b2, &cn, &pend);
				continue;
			}
			if (_mm512_cmpgt_epu64_mask(_mm512_add_epi64(ph, big_m1), big2_m1) == 0xff)
				JAMMED_SUM(ph, pl, jam_low_b, jam_bit_b, rd, rf);	/* every |H| >= big */
			else if (_mm512_cmple_epu64_mask(_mm512_add_epi64(ph, ten), twenty) == 0xff)
				DIRECT_SUM(ph, pl, rd, rf); /* every |H| <= 10: |S| < 2^63 */
			else
			{
				/* mixed or middling sums: normalise L to [-2^58, 2^58) */
				__mmask8	small;

				RENORM59(ph, pl);
				small = _mm512_cmple_epu64_mask(_mm512_add_epi64(ph, two), four);
				if (small != 0xff)
					JAMMED_SUM(ph, pl, jam_low_n, jam_bit_n, rd, rf);
				if (small)
				{
					__m512d		sd = rd;
					__m256		sf = rf;

					DIRECT_SUM(ph, pl, sd, sf);
					if (f8)
						rd = _mm512_mask_mov_pd(rd, small, sd);
					else
						rf = _mm256_mask_mov_ps(rf, small, sf);
				}
			}
			bad = Store8(out, i, n, k, f8, rd, rf, sc.ovf);
			if (sc.ovf && __builtin_expect(bad != 0, 0))
				return i + __builtin_ctz(bad);
		}
		if (mean && pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
	}
#undef RENORM59
#undef JAM
#undef JAMMED_SUM
#undef DIRECT_SUM
stopped:
	*carry_h = _mm_cvtsi128_si64(_mm512_castsi512_si128(ch));
	*carry_l = _mm_cvtsi128_si64(_mm512_castsi512_si128(cl));
	if (check)
		*stop = i < n ? i : n;
	return -1;
}

/* The carry-save kernel of running means of values not analysed (gs_simd_cummean_split_guess), specialised. */
AVX512_TARGET void
gs_avx512_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
							  int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) ScanSplit(in, NULL, out, n, lsb, carry_h, carry_l, rowpos0, INT64_MAX, F8, 0, 0, 1, PLAIN, 1, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/*
 * The carry-save 128-bit kernel, specialised; checking each value where
 * stop is given (gs_simd_scan_split_guess).
 */
AVX512_TARGET int64_t
gs_avx512_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
					 bool excl, int64_t *carry_h, int64_t *carry_l, int64_t *stop)
{
#define CASE(F8, EXCL, CHECK) \
	if (f8 == (F8) && excl == (EXCL) && (stop != NULL) == (CHECK)) \
		return ScanSplit(in, NULL, out, n, lsb, carry_h, carry_l, 0, 0, F8, EXCL, 0, 0, 0, CHECK, stop)
	CASE(1, 0, 0); CASE(1, 1, 0); CASE(0, 0, 0); CASE(0, 1, 0);
	CASE(1, 0, 1); CASE(1, 1, 1); CASE(0, 0, 1); CASE(0, 1, 1);
#undef CASE
	return ScanSplit(in, NULL, out, n, lsb, carry_h, carry_l, 0, 0, f8, excl, 0, 0, 0, stop != NULL, stop);
}

/* The carry-save 128-bit kernel of a moving sum, specialised. */
AVX512_TARGET int64_t
gs_avx512_movsum_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					   int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	if (f8)
		return diff ? ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 1, 0, 1, 0, 0, 0, NULL)
			: ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 1, 0, 0, 0, 0, 0, NULL);
	return diff ? ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 0, 0, 1, 0, 0, 0, NULL)
		: ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
}

/* The carry-save 128-bit kernel of a moving or running mean, specialised. */
AVX512_TARGET void
gs_avx512_movmean_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
						int lsb, bool diff, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
						int64_t w, bool plain)
{
#define CASE(F8, DIFF, PLAIN) \
	if (f8 == (F8) && diff == (DIFF) && plain == (PLAIN)) \
		(void) ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, rowpos0, w, F8, 0, DIFF, 1, PLAIN, 0, NULL)
	CASE(1, 1, 1); else CASE(1, 0, 1); else CASE(0, 1, 1); else CASE(0, 0, 1);
	else CASE(1, 1, 0); else CASE(1, 0, 0); else CASE(0, 1, 0); else CASE(0, 0, 0);
#undef CASE
}

#endif							/* GS_HAVE_AVX512_BUILD */
