/*
 * cpu/avx512_scan64.c — the AVX-512 64-bit kernel: running
 * totals, moving sums and running and moving means of values whose sums fit
 * an int64 (in units of the block's least bit), checked or not, eight
 * values at a time.
 */
#include "avx512_means.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * The 64-bit kernel: each value is x * 2^-lsb, an int64 (exact: the caller
 * checked the width); int64->float conversion rounds each sum once, and the
 * scaling by 2^lsb is exact.  With mean, each sum is divided by its count,
 * min(rowpos0 + i + 1, w), instead (FlushMeans8: a double's sums in
 * batches, a float's at once; but a double's in a plain block, while its
 * sums are exact (ExactSums8), in this loop, each one division: a leaf
 * that needs no batch, which measured faster than batching it).  check 1:
 * every sum checked (gs_simd_scan64_checked); 2: every value too, none
 * analysed (gs_simd_scan64_guess, gs_simd_cummean64_guess: no lag).
 */
static inline __attribute__((always_inline)) AVX512_TARGET int64_t
Scan64Mean(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *acc,
		   int64_t rowpos0, int64_t w, const int f8, const int excl, const int mean,
		   const int diff, const int plain, const int check, int64_t *stop)
{
	const __m512i zero = _mm512_setzero_si512();
	const __m512i last = _mm512_set1_epi64(7);
	const Scale8 sc = Scale8Of(f8, lsb, 63);
	__m512i		carry = _mm512_set1_epi64(*acc);
	__m512i		bp[MEAN_BATCH];
	MeansPending pend;
	int64_t		i,
				iend;
	Counts8		cn,
				cnb;			/* the counts at the batch's start, for its replay */
	__mmask8	xbad = 0;		/* the lanes whose sum was not exact */
	int			ex = f8 && plain;	/* a double's means in the loop while its sums are exact */

	Counts8Init(&cn, rowpos0, w, MeansPrescaled(f8, plain), lsb);
	cnb = cn;
	pend.n = 0;
	for (i = 0; i < n;)
	{
		/* a chunk, its undecided means rounded after it (MeansPending) */
		iend = mean && n - i > MEAN_CHUNK ? i + MEAN_CHUNK : n;
		for (; i < iend; i += 8)
		{
			__mmask8	k = TAIL8(n - i);
			__m512i		q,
						p;
			__mmask8	bad,
						fine,
						vheld = 0xff;

			PREFETCH_AHEAD(in, i, f8);
			if (lag)
				PREFETCH_AHEAD(lag, i, f8);
			if (lag && diff)
				/* a moving sum whose differences are exact doubles: one conversion */
				q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8_DIFF(in, lag, i, n, f8, k), sc.in));
			else if (check == 2)
			{
				/* values not analysed (gs_simd_scan64_guess): each a multiple of 2^lsb below 2^62 units? */
				__m512d		xs = _mm512_mul_pd(LOAD8(in, i, n, f8, k), sc.in);

				q = _mm512_cvttpd_epi64(xs);
				vheld = Held8(xs, xs, q);
			}
			else
			{
				q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(in, i, n, f8, k), sc.in));
				if (lag)
					/* a moving sum: the value leaving subtracts */
					q = _mm512_sub_epi64(q, _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(lag, i, n, f8, k), sc.in)));
			}
			p = q;

			PREFIX8(p);
			p = _mm512_add_epi64(p, carry);
			/* the lanes fine: a sum below 2^62 units, (guess) a value held */
			if (check && (fine = _mm512_mask_testn_epi64_mask(vheld, _mm512_add_epi64(p, _mm512_set1_epi64(INT64_C(1) << 62)),
															  _mm512_set1_epi64(INT64_MIN)),
						  __builtin_expect(!_kortestc_mask8_u8(fine, fine), 0)))
			{
				/*
				 * a sum of 2^62 units or more, or (guess) a value the unit does
				 * not hold: stop before this vector (gs_simd_scan64_checked)
				 */
				int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));

				if (mean && f8 && j > 0 && (!ex || xbad))
					/* the batch so far (divided where ex: taken again only for a sum not exact) */
					FlushMeans8(out, i - 8 * j, n, j, 1, sc.d, plain, 0, bp, NULL, ex ? &cnb : &cn, &pend);
				if (mean && pend.n > 0)
					gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
				*acc = _mm_cvtsi128_si64(_mm512_castsi512_si128(carry));
				*stop = i;
				return -1;
			}
			carry = _mm512_permutexvar_epi64(last, p);
			if (excl)
				p = _mm512_sub_epi64(p, q);
			if (mean && !f8)
			{
				/* a float's quotient is short: batching costs it more than it gains */
				FlushMeans8(out, i, n, 1, 0, sc.d, plain, 0, &p, NULL, &cn, &pend);
				continue;
			}
			if (mean && ex)
			{
				/*
				 * a double's sums exact so far: its mean here, one division, a
				 * leaf of the loop; a batch with a sum not exact takes its means
				 * again (FlushMeans8 from cnb)
				 */
				int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));
				__m512d		sh;
				__mmask8	okx;

				if (j == 0)
					cnb = cn;
				bp[j] = p;
				okx = ExactSums8(p, &sh);
				_mm512_mask_storeu_pd((double *) out + i, k, _mm512_div_pd(sh, Counts8Next(&cn, i)));
				xbad |= (__mmask8) (k & ~okx);
				if ((j == MEAN_BATCH - 1 || i + 8 >= n) && __builtin_expect(xbad != 0, 0))
				{
					FlushMeans8(out, i - 8 * j, n, j + 1, 1, sc.d, plain, 0, bp, NULL, &cnb, &pend);
					ex = 0;
				}
				continue;
			}
			if (mean)
			{
				int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));

				bp[j] = p;
				if (j == MEAN_BATCH - 1 || i + 8 >= n)
					FlushMeans8(out, i - 8 * j, n, j + 1, 1, sc.d, plain, 0, bp, NULL, &cn, &pend);
				continue;
			}
			bad = StoreSums8(out, i, n, k, f8, p, sc.d, sc.f, sc.ovf);
			if (sc.ovf && __builtin_expect(bad != 0, 0))
				return i + __builtin_ctz(bad);
		}
		if (mean && pend.n > 0)
			gs_simd_means_drain(&pend, out, f8, lsb, gs_pow2(lsb));
	}
	*acc = _mm_cvtsi128_si64(_mm512_castsi512_si128(carry));
	if (check)
		*stop = n;
	return -1;
}

/* The 64-bit kernel of running and moving sums. */
static inline __attribute__((always_inline)) AVX512_TARGET int64_t
Scan64(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *acc,
	   const int f8, const int excl)
{
	return Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, f8, excl, 0, 0, 0, 0, NULL);
}

/*
 * The 64-bit kernel of a moving sum over a short window, w < 8 * nv
 * positions: the values leaving are not loaded again but taken, already
 * converted, from the last nv vectors of values entering, kept in registers
 * (hist), so each value is loaded and converted once.  Loading them again,
 * a few positions behind, would read addresses that equal, modulo 4 KiB,
 * those of results stored moments before and still waiting for their cache
 * lines when the results follow the values by a multiple of 4 KiB (as a
 * PostgreSQL array and its result of the same layout do): each such load
 * waits on a store it does not depend on (test/bench/NOTES.md).  The first
 * vectors come from lag, the values leaving the block's first w positions
 * (n >= w).  nv is a constant, so hist is a set of registers.
 */
static inline __attribute__((always_inline)) AVX512_TARGET int64_t
Scan64Near(const void *in, const void *lag, void *out, int64_t n, int lsb, int64_t *acc,
		   int64_t w, const int f8, const int nv)
{
	const __m512i zero = _mm512_setzero_si512();
	const __m512i last = _mm512_set1_epi64(7);
	const Scale8 sc = Scale8Of(f8, lsb, 63);
	const int	b = (int) (w & 7);	/* w = 8 * (nv - 1) + b */
	/* lane j leaving: lane j + 8 - b of (hist[0], the next vector) */
	const __m512i idx = _mm512_add_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
										 _mm512_set1_epi64(8 - b));
	__m512i		carry = _mm512_set1_epi64(*acc);
	__m512i		hist[GS_SIMD_NEAR_VECTORS];
	int64_t		i;
	int			v;

	/* hist[v]: the values at positions 8 * (v - nv) + j of the block, from lag */
#pragma GCC unroll 16
	for (v = 0; v < nv; v++)
	{
		int64_t		at = 8 * v - 8 + b;	/* lag index of lane 0 */
		__mmask8	m = v == 0 ? (__mmask8) (0xff << (8 - b)) : 0xff;
		__m512d		y = f8 ? _mm512_maskz_loadu_pd(m, (const double *) lag + at)
			: _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m, (const float *) lag + at));

		hist[v] = _mm512_cvttpd_epi64(_mm512_mul_pd(y, sc.in));
	}
	for (i = 0; i < n; i += 8)
	{
		__mmask8	k = TAIL8(n - i);
		__m512i		q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(in, i, n, f8, k), sc.in));
		__m512i		y = _mm512_permutex2var_epi64(hist[0], idx, nv >= 2 ? hist[1] : q);
		/* lanes past the block: zero (y holds values there), or the carry is wrong */
		__m512i		p = _mm512_maskz_sub_epi64(k, q, y);
		__mmask8	bad;

		PREFETCH_AHEAD(in, i, f8);
#pragma GCC unroll 16
		for (v = 0; v < nv - 1; v++)
			hist[v] = hist[v + 1];
		hist[nv - 1] = q;
		PREFIX8(p);
		p = _mm512_add_epi64(p, carry);
		carry = _mm512_permutexvar_epi64(last, p);
		bad = StoreSums8(out, i, n, k, f8, p, sc.d, sc.f, sc.ovf);
		if (sc.ovf && __builtin_expect(bad != 0, 0))
			return i + __builtin_ctz(bad);
	}
	*acc = _mm_cvtsi128_si64(_mm512_castsi512_si128(carry));
	return -1;
}

/* The 64-bit kernel, specialised. */
AVX512_TARGET int64_t
gs_avx512_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
				 bool excl, int64_t *acc)
{
	if (f8)
		return excl ? Scan64(in, NULL, out, n, lsb, acc, 1, 1) : Scan64(in, NULL, out, n, lsb, acc, 1, 0);
	return excl ? Scan64(in, NULL, out, n, lsb, acc, 0, 1) : Scan64(in, NULL, out, n, lsb, acc, 0, 0);
}

/* The checked 64-bit kernel (gs_simd_scan64_checked), specialised. */
AVX512_TARGET int64_t
gs_avx512_scan64_checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
						 bool excl, bool diff, int64_t *acc, int64_t *stop)
{
#define CHECKED(F8, EXCL, DIFF) \
	if (f8 == (F8) && excl == (EXCL) && diff == (DIFF)) \
		return Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, F8, EXCL, 0, DIFF, 0, 1, stop)
	CHECKED(1, 0, 0); CHECKED(1, 1, 0); CHECKED(1, 0, 1);
	CHECKED(0, 0, 0); CHECKED(0, 1, 0); CHECKED(0, 0, 1);
#undef CHECKED
	return Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, f8, excl, 0, diff, 0, 1, stop);
}

/* The 64-bit kernel of values not analysed (gs_simd_scan64_guess), specialised. */
AVX512_TARGET int64_t
gs_avx512_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
					   int64_t *acc, int64_t *stop)
{
#define GUESS(F8, EXCL) Scan64Mean(in, NULL, out, n, lsb, acc, 0, 0, F8, EXCL, 0, 0, 0, 2, stop)
	return GS_SPECIALISE2(f8, excl, GUESS);
#undef GUESS
}

/* The 64-bit kernel of running means of values not analysed (gs_simd_cummean64_guess), specialised. */
AVX512_TARGET void
gs_avx512_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						  int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) Scan64Mean(in, NULL, out, n, lsb, acc, rowpos0, INT64_MAX, F8, 0, 1, 0, PLAIN, 2, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/* The 64-bit kernel of a moving sum, specialised. */
AVX512_TARGET int64_t
gs_avx512_movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				   int lsb, bool diff, int64_t w, int64_t *acc)
{
	if (w < 8 * GS_SIMD_NEAR_VECTORS && n >= w)
	{
		/* a short window: the values leaving kept in registers */
		switch ((int) (w / 8) + 2 * f8 * GS_SIMD_NEAR_VECTORS)
		{
#define NEAR_CASE(V) \
			case (V) - 1: \
				return Scan64Near(in, lag, out, n, lsb, acc, w, 0, V); \
			case (V) - 1 + 2 * GS_SIMD_NEAR_VECTORS: \
				return Scan64Near(in, lag, out, n, lsb, acc, w, 1, V);
				NEAR_CASE(1) NEAR_CASE(2) NEAR_CASE(3) NEAR_CASE(4)
				NEAR_CASE(5) NEAR_CASE(6) NEAR_CASE(7) NEAR_CASE(8)
				NEAR_CASE(9) NEAR_CASE(10) NEAR_CASE(11) NEAR_CASE(12)
#undef NEAR_CASE
		}
	}
#define MOVSUM(F8, DIFF) Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, F8, 0, 0, DIFF, 0, 0, NULL)
	return GS_SPECIALISE2(f8, diff, MOVSUM);
#undef MOVSUM
}

/*
 * The 64-bit kernel of a moving or running mean, specialised; checked
 * where stop is given (gs_simd_movmean64).
 */
AVX512_TARGET void
gs_avx512_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
					int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain,
					int64_t *stop)
{
#define CASE(F8, DIFF, CHECK, PLAIN) \
	if (f8 == (F8) && diff == (DIFF) && (stop != NULL) == (CHECK) && plain == (PLAIN)) \
	{ \
		(void) Scan64Mean(in, lag, out, n, lsb, acc, rowpos0, w, F8, 0, 1, DIFF, PLAIN, CHECK, stop); \
		return; \
	}
	CASE(1, 1, 0, 1); CASE(1, 0, 0, 1); CASE(0, 1, 0, 1); CASE(0, 0, 0, 1);
	CASE(1, 1, 1, 1); CASE(1, 0, 1, 1); CASE(0, 1, 1, 1); CASE(0, 0, 1, 1);
	CASE(1, 1, 0, 0); CASE(1, 0, 0, 0); CASE(0, 1, 0, 0); CASE(0, 0, 0, 0);
	CASE(1, 1, 1, 0); CASE(1, 0, 1, 0); CASE(0, 1, 1, 0); CASE(0, 0, 1, 0);
#undef CASE
}

#endif							/* GS_HAVE_AVX512_BUILD */
