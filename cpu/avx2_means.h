/*
 * cpu/avx2_means.h — the AVX2 kernels' exact means of
 * four sums: a count's reciprocals, the quotient's fast test and its exact
 * fallback, the counts of a running or moving mean, and the batches in
 * which the scan kernels divide their sums (cpu/avx2_*.c).
 */
#ifndef GPUSCAN_AVX2_MEANS_H
#define GPUSCAN_AVX2_MEANS_H

#include "avx2.h"

#ifdef GS_HAVE_AVX512_BUILD

/* A count's reciprocals in four lanes (gs_quotient_recips). */
typedef struct Recips4
{
	__m256d		r,
				rp,
				rm;
} Recips4;

/* gs_quotient_brackets in four lanes: rc = RN(1 / cd) and its brackets. */
static inline __attribute__((always_inline)) AVX2_TARGET Recips4
Recips4From(__m256d rc)
{
	Recips4		rr;

	rr.r = rc;
	rr.rp = _mm256_mul_pd(rc, _mm256_set1_pd(1.0 + GS_QUOT_BRACKET));
	rr.rm = _mm256_mul_pd(rc, _mm256_set1_pd(1.0 - GS_QUOT_BRACKET));
	return rr;
}

/* gs_quotient_recips in four lanes. */
static inline __attribute__((always_inline)) AVX2_TARGET Recips4
Recips4Of(__m256d cd)
{
	return Recips4From(_mm256_div_pd(_mm256_set1_pd(1.0), cd));
}

/* No reciprocals (a float's mean takes its quotient from FloatQuot8 or FloatQuot4). */
static inline __attribute__((always_inline)) AVX2_TARGET Recips4
Recips4None(void)
{
	Recips4		rr;

	rr.r = rr.rp = rr.rm = _mm256_setzero_pd();
	return rr;
}

/*
 * QuotD8Rest in four lanes on AVX2 (masks are lanes of all ones): the same
 * operations in the same order, from the quotient q (FloatQuot4) for a
 * float, the reciprocals rr for a double, which the caller computed
 * (FlushMeans4 a vector ahead).  Returns the lanes decided.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
QuotD4Rest(__m256d q, Recips4 rr, __m256d sh, __m256d sl, __m256d cd, __m256d scale, int f8,
		   int normal, const int prescaled, __m256d *res)
{
	const __m256d absmask = _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX));
	__m256d		q0,
				r,
				q1,
				ar;
	__m256i		ok;

	if (!f8)
	{
		/* q's low 29 bits less 2^28 - 2, modulo 2^29: 4 or less within two ulps of a float midpoint */
		__m256i		d = _mm256_and_si256(_mm256_sub_epi64(_mm256_castpd_si256(q), _mm256_set1_epi64x((INT64_C(1) << 28) - 2)),
										 _mm256_set1_epi64x((INT64_C(1) << 29) - 1));

		*res = prescaled ? q : _mm256_mul_pd(q, scale);
		ok = _mm256_cmpgt_epi64(d, _mm256_set1_epi64x(4));
		if (!normal)
			return ok;
		ar = _mm256_and_pd(*res, absmask);
		return _mm256_and_si256(ok, _mm256_castpd_si256(_mm256_and_pd(_mm256_cmp_pd(ar, _mm256_set1_pd(0x1p-126), _CMP_GE_OQ),
																	   _mm256_cmp_pd(ar, _mm256_set1_pd(0x1p128), _CMP_LT_OQ))));
	}
	/* gs_quotient_bracket */
	q0 = _mm256_mul_pd(sh, rr.r);
	r = _mm256_add_pd(_mm256_fnmadd_pd(q0, cd, sh), sl);
	q1 = _mm256_fmadd_pd(r, rr.rp, q0);
	ok = _mm256_castpd_si256(_mm256_cmp_pd(q1, _mm256_fmadd_pd(r, rr.rm, q0), _CMP_EQ_OQ));
	*res = prescaled ? q1 : _mm256_mul_pd(q1, scale);
	if (!normal)
		return ok;
	ar = _mm256_and_pd(*res, absmask);
	return _mm256_and_si256(ok, _mm256_castpd_si256(_mm256_and_pd(_mm256_cmp_pd(ar, _mm256_set1_pd(0x1p-1022), _CMP_GT_OQ),
																   _mm256_cmp_pd(ar, _mm256_set1_pd(0x1.fffffffffffffp1023), _CMP_LE_OQ))));
}

/*
 * The bits of 1.5 * 2^(52 + k), whose ulp is 2^k: with x1, |x1| <= 2^51,
 * added as an integer, those of the double 1.5 * 2^(52 + k) + x1 * 2^k
 * (x1 = -2^51 too: its mantissa then is 0).
 */
static inline int64_t
Sum2Bias(int k)
{
	return (int64_t) (((UINT64_C(0x433) + k) << 52) | (UINT64_C(1) << 51));
}

/*
 * Step 1 in four lanes (Sum2x8): S = x1 * 2^k + x2, k = 52 (|x1| <= 2^51,
 * 0 <= x2 < 2^52) or 51 (|x1| < 2^51, 0 <= x2 < 2^51), from xb = x1 +
 * Sum2Bias(k) and x2: a = x1 * 2^k - 2^52, that double less 1.5 * 2^(52
 * + k) + 2^52 (53 bits at most), exact (a multiple of 2^k below 2^104); b
 * = 2^52 + x2 from x2's bits (U52_TO_PD without its subtraction); sh =
 * RN(a + b) = RN(S), and sl = b - (sh - a) = S - sh exactly: by Fast2Sum
 * where |a| >= 2^52 (a's exponent is b's or more), else (a = 0, or k = 51
 * and |a| <= 2^51) a + b < 2^53 is exact.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
Sum2Biased4(__m256i xb, __m256i x2, int k, __m256d *sh, __m256d *sl)
{
	__m256d		a = _mm256_sub_pd(_mm256_castsi256_pd(xb), _mm256_set1_pd(1.5 * gs_pow2(52 + k) + 0x1p52));
	__m256d		b = _mm256_castsi256_pd(_mm256_or_si256(x2, _mm256_set1_epi64x(INT64_C(0x4330000000000000))));

	*sh = _mm256_add_pd(a, b);
	*sl = _mm256_sub_pd(b, _mm256_sub_pd(*sh, a));
}

/* Sum2Biased4 from x1 itself. */
static inline __attribute__((always_inline)) AVX2_TARGET void
Sum2x4(__m256i x1, __m256i x2, int k, __m256d *sh, __m256d *sl)
{
	Sum2Biased4(_mm256_add_epi64(x1, _mm256_set1_epi64x(Sum2Bias(k))), x2, k, sh, sl);
}

/*
 * Quot8Rest in four lanes (QuotD4Rest, with every check): the conversions
 * exact in the range of gs_quotient_fast; lanes outside it are not
 * decided.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Quot4Rest(__m256d q, Recips4 rr, __m256d sh, __m256d sl, __m256i hi, __m256i lo, __m256i c,
		  __m256d scale, int f8, const int prescaled, __m256d *res)
{
	__m256i		zsum = _mm256_cmpeq_epi64(_mm256_or_si256(hi, lo), _mm256_setzero_si256());
	/* the fast quotient's range: hi in [-2^51, 2^51), c <= GS_QUOT_MAX_COUNT */
	__m256i		hb = _mm256_add_epi64(hi, _mm256_set1_epi64x(INT64_C(1) << 51));
	__m256i		range = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi64(hb, _mm256_set1_epi64x(-1)),
														  _mm256_cmpgt_epi64(_mm256_set1_epi64x(INT64_C(1) << 52), hb)),
										 _mm256_cmpgt_epi64(_mm256_set1_epi64x((int64_t) GS_QUOT_MAX_COUNT + 1), c));

	return _mm256_and_si256(range, _mm256_or_si256(zsum, QuotD4Rest(q, rr, sh, sl, U52_TO_PD(c), scale, f8, 1, prescaled, res)));
}

/* Quot4Rest with its sum's two doubles (Sum2x4, k = 52) and a division (a float) or reciprocals. */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Quot4(__m256i hi, __m256i lo, __m256i c, __m256d scale, int f8, __m256d *res)
{
	__m256d		sh,
				sl;

	Sum2x4(hi, lo, 52, &sh, &sl);
	if (f8)
		return Quot4Rest(sh, Recips4Of(U52_TO_PD(c)), sh, sl, hi, lo, c, scale, 1, 0, res);
	return Quot4Rest(_mm256_div_pd(sh, U52_TO_PD(c)), Recips4None(), sh, sl, hi, lo, c, scale, 0, 0, res);
}

/*
 * Leave the lanes of the four means at out + i, [0, n - i), not in ok (a
 * movemask) to the scalar code (pend; as PendMeans8): sum x1 * 2^k + x2,
 * count cd * cunit.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
PendMeans4(int64_t i, int64_t n, int ok, __m256i x1, __m256i x2, int k, __m256d cd, __m256d cunit,
		   MeansPending *pend)
{
	int			lanes = n - i >= 4 ? 15 : (1 << (n - i)) - 1,
				j;

	if (__builtin_expect((ok & lanes) != lanes, 0))
	{
		int64_t		a1[4],
					a2[4];
		double		ac[4];

		_mm256_storeu_si256((__m256i *) a1, x1);
		_mm256_storeu_si256((__m256i *) a2, x2);
		_mm256_storeu_pd(ac, _mm256_mul_pd(cd, cunit));
		for (j = 0; j < 4; j++)
			if (((lanes & ~ok) >> j) & 1)
				MeansPend(pend, i + j, a1[j], a2[j], (int64_t) ac[j]);
		pend->k = k;
	}
}

/*
 * A batch's sum m as S = x1 * 2^k + x2 (units of 2^lsb; Sum2x4's ranges)
 * and as two doubles sh + sl = S (sl = 0 where sh is exact): with wide,
 * ScanSplit4's H * 2^51 + L (p, p2; L normalised; p holds H +
 * Sum2Bias(51)), k = 51 for plain blocks, else floor(H / 2) * 2^52 + ((H
 * mod 2) * 2^51 + L), k = 52; else
 * Scan64Mean4's int64 p: for plain blocks p itself (k = 0; sh + sl from
 * I51_TO_PD where narrow, Split64x4 for a double, I64ToPd for a float, whose
 * quotient needs no sl), else p >> 52 and its low 52 bits (k = 52).
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
MeanSum4(__m256i p, __m256i p2, int f8, int plain, int narrow, const int wide, __m256i *x1,
		 __m256i *x2, int *k, __m256d *sh, __m256d *sl)
{
	*sl = _mm256_setzero_pd();
	if (wide && plain)
	{
		*x1 = _mm256_sub_epi64(p, _mm256_set1_epi64x(Sum2Bias(51)));
		*x2 = p2;
		*k = 51;
		Sum2Biased4(p, p2, 51, sh, sl);
		return;
	}
	else if (wide)
	{
		/* H + 2^62 (the bias subtracted, Sum2Bias(51) even), shifted */
		*x1 = _mm256_sub_epi64(_mm256_srli_epi64(_mm256_add_epi64(p, _mm256_set1_epi64x((int64_t) ((UINT64_C(1) << 62) - (uint64_t) Sum2Bias(51)))), 1),
							   _mm256_set1_epi64x(INT64_C(1) << 61));
		*x2 = _mm256_or_si256(_mm256_slli_epi64(_mm256_and_si256(p, _mm256_set1_epi64x(1)), 51), p2);
		*k = 52;
	}
	else if (plain)
	{
		*x1 = p;
		*x2 = _mm256_setzero_si256();
		*k = 0;
		if (narrow)
			*sh = I51_TO_PD(p);
		else if (f8)
			Split64x4(p, sh, sl);
		else
			*sh = I64ToPd(p);
		return;
	}
	else
	{
		/* x1: p >> 52, arithmetic */
		*x1 = _mm256_or_si256(_mm256_srli_epi64(p, 52),
							  _mm256_slli_epi64(_mm256_cmpgt_epi64(_mm256_setzero_si256(), p), 12));
		*x2 = _mm256_and_si256(p, _mm256_set1_epi64x(GS_QUOT_LO_MASK));
		*k = 52;
	}
	Sum2x4(*x1, *x2, *k, sh, sl);
}

/* Counts8 in four lanes. */
typedef struct Counts4
{
	__m256d		next;
	__m256d		w;
	__m256d		step;
	Recips4		rw;
	int64_t		across;
	int64_t		past;
	__m256d		cd;				/* a double's: the counts of the next vector to flush */
	__m256d		rc;				/* and their reciprocal (Counts4Prime, FlushMeans4) */
} Counts4;

/* Counts8Init in four lanes. */
static inline __attribute__((always_inline)) AVX2_TARGET void
Counts4Init(Counts4 *cn, int64_t rowpos0, int64_t w, int prescaled, int lsb)
{
	const __m256d u = _mm256_set1_pd(prescaled ? gs_pow2(-lsb) : 1.0);

	cn->next = _mm256_mul_pd(_mm256_add_pd(_mm256_set_pd(4, 3, 2, 1), _mm256_set1_pd((double) rowpos0)), u);
	cn->w = _mm256_mul_pd(_mm256_set1_pd((double) w), u);
	cn->step = _mm256_mul_pd(_mm256_set1_pd(4), u);
	cn->rw = Recips4Of(cn->w);
	cn->across = w - rowpos0 - 4;
	cn->past = w - rowpos0 - 1;
	cn->cd = cn->rc = _mm256_setzero_pd();	/* a double's kernel primes them (Counts4Prime) */
}

/*
 * Whether the vector at i lies past the window (every count the
 * window's), where zone says what the caller knows of i (nothing is
 * tested then): 1, i <= across (no count capped by the window); 2, i >=
 * past; 0, nothing.
 */
static inline __attribute__((always_inline)) int
Counts4Past(const Counts4 *cn, int64_t i, const int zone)
{
	return zone == 2 || (zone == 0 && i >= cn->past);
}

/* Counts8Next in four lanes (zone: Counts4Past's). */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
Counts4Next(Counts4 *cn, int64_t i, const int zone)
{
	__m256d		cd;

	if (Counts4Past(cn, i, zone))
		return cn->w;
	cd = cn->next;
	cn->next = _mm256_add_pd(cn->next, cn->step);
	if (zone == 0 && i > cn->across)
		cd = _mm256_min_pd(cd, cn->w);
	return cd;
}

/* The reciprocal of the counts cd of the vector at i: past the window, the window's (zone: Counts4Past's). */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
Counts4Recip(const Counts4 *cn, int64_t i, __m256d cd, const int zone)
{
	return Counts4Past(cn, i, zone) ? cn->rw.r : _mm256_div_pd(_mm256_set1_pd(1.0), cd);
}

/* The counts of the vector at i and their reciprocal into cn (FlushMeans4 takes them a vector ahead). */
static inline __attribute__((always_inline)) AVX2_TARGET void
Counts4Prime(Counts4 *cn, int64_t i)
{
	cn->cd = Counts4Next(cn, i, 0);
	cn->rc = Counts4Recip(cn, i, cn->cd, 0);
}

/* The brackets of that reciprocal rc (Counts4Recip's): past the window, the window's (zone: Counts4Past's). */
static inline __attribute__((always_inline)) AVX2_TARGET Recips4
Counts4Brackets(const Counts4 *cn, int64_t i, __m256d rc, const int zone)
{
	return Counts4Past(cn, i, zone) ? cn->rw : Recips4From(rc);
}

/* Counts8Recips in four lanes: Counts4Recip and Counts4Brackets in one. */
static inline __attribute__((always_inline)) AVX2_TARGET Recips4
Counts4Recips(const Counts4 *cn, int64_t i, __m256d cd)
{
	return Counts4Brackets(cn, i, Counts4Recip(cn, i, cd, 0), 0);
}

/* FloatQuot8 in four lanes, dividing short of the window (AVX2 has no estimate of a double's reciprocal). */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
FloatQuot4(const Counts4 *cn, int64_t i, __m256d sh, __m256d cd)
{
	return i >= cn->past ? _mm256_mul_pd(sh, cn->rw.r) : _mm256_div_pd(sh, cd);
}

/*
 * The rest of a mean in four lanes (FlushMeans4): for plain blocks
 * QuotD4Rest without the checks they cover, else Quot4Rest, the counts as
 * int64 (below 2^52: read from the bits of c + 2^52).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
MeanRest4(__m256d q, Recips4 rr, __m256d sh, __m256d sl, __m256i x1, __m256i x2, __m256d cd,
		  __m256d vsc, int f8, int plain, const int pre, __m256d *v)
{
	if (plain)
		return QuotD4Rest(q, rr, sh, sl, cd, vsc, f8, 0, pre, v);
	return Quot4Rest(q, rr, sh, sl, x1, x2,
					 _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(pre ? _mm256_mul_pd(cd, vsc) : cd,
																	  _mm256_set1_pd(0x1p52))),
									  _mm256_castpd_si256(_mm256_set1_pd(0x1p52))),
					 vsc, f8, pre, v);
}

/*
 * ExactSums8 in four lanes, for sums below 2^51 units (exact in a double
 * from the bits of their sum with 1.5 * 2^52, as I51_TO_PD): the lanes
 * held, those whose bits then carry 1.5 * 2^52's exponent (the sums lie
 * within int64, so no other sum does); every lane where narrow.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
ExactSums4(__m256i p, int narrow, __m256d *sh)
{
	__m256i		b = _mm256_add_epi64(p, _mm256_set1_epi64x(INT64_C(0x4338000000000000)));

	*sh = _mm256_sub_pd(_mm256_castsi256_pd(b), _mm256_set1_pd(0x1.8p52));
	if (narrow)
		return _mm256_set1_epi64x(-1);
	return _mm256_cmpeq_epi64(_mm256_srli_epi64(b, 52), _mm256_set1_epi64x(0x433));
}

/*
 * FlushMeans4's means, returning the lanes decided: a float's sum and
 * quotient and a double's reciprocal are computed a vector ahead of the
 * rest of its mean (the division's latency is most of the chain, as the
 * conversion is in Scan64Mean4), a double's across batches too (cn's cd
 * and rc, which the kernel primes: no division waits at a batch's start);
 * a double's sum and brackets in its own iteration, which leaves fewer
 * registers live across them (AVX2 has 16; test/bench/NOTES.md).  zone:
 * as Counts4Past's, for every vector of a double's batch and the next.
 * With exact (a double's plain 64-bit sums), each mean is one division
 * (ExactSums4), decided where the sum is exact.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
FlushRun4(void *out, int64_t i0, int64_t n, int cnt, int f8, __m256d vsc, int plain, int narrow,
		  const int wide, const __m256i *b1, const __m256i *b2, Counts4 *cn, const int zone,
		  const int exact)
{
	const int	pre = MeansPrescaled(f8, plain);
	__m256i		x1 = _mm256_setzero_si256(),
				x2 = _mm256_setzero_si256(),
				allok = _mm256_set1_epi64x(-1);
	__m256d		sh = _mm256_setzero_pd(),
				sl = _mm256_setzero_pd(),
				q = _mm256_setzero_pd(),
				rc = _mm256_setzero_pd(),
				cd;
	int			k,
				m;

	if (exact)
	{
		/* sums exact as doubles: each mean one division (ExactSums4, a vector ahead) */
		__m256i		okx = ExactSums4(b1[0], narrow, &sh);

		cd = cn->cd;
		q = _mm256_div_pd(sh, cd);
		for (m = 0; m < cnt; m++)
		{
			__m256i		tok = okx;
			__m256d		tq = q;

			cd = Counts4Next(cn, i0 + 4 * m + 4, zone);
			if (m + 1 < cnt)
			{
				okx = ExactSums4(b1[m + 1], narrow, &sh);
				q = _mm256_div_pd(sh, cd);
			}
			allok = _mm256_and_si256(allok, tok);
			(void) Put4(out, i0 + 4 * m, n, 1, tq);
		}
		cn->cd = cd;
		return allok;
	}
	cd = f8 ? cn->cd : Counts4Next(cn, i0, 0);
	if (f8)
		rc = cn->rc;
	else
	{
		MeanSum4(b1[0], wide ? b2[0] : b1[0], f8, plain, narrow, wide, &x1, &x2, &k, &sh, &sl);
		q = FloatQuot4(cn, i0, sh, cd);
	}
	for (m = 0; m < cnt; m++)
	{
		int64_t		i = i0 + 4 * m;
		__m256i		y1 = x1,
					y2 = x2;
		__m256d		v,
					th = sh,
					tl = sl,
					tq = q,
					tc = cd;
		Recips4		tr = Recips4None();

		if (f8)
		{
			/* a double's sum now, its brackets from the reciprocal taken a vector ahead */
			MeanSum4(b1[m], wide ? b2[m] : b1[m], f8, plain, narrow, wide, &y1, &y2, &k, &th, &tl);
			tq = th;
			tr = Counts4Brackets(cn, i, rc, zone);
		}
		if (f8 || m + 1 < cnt)
		{
			/* the next vector's count, and reciprocal (a double) or sum and quotient (a float) */
			cd = Counts4Next(cn, i + 4, zone);
			if (f8)
				rc = Counts4Recip(cn, i + 4, cd, zone);
			else
			{
				MeanSum4(b1[m + 1], wide ? b2[m + 1] : b1[m + 1], f8, plain, narrow, wide, &x1, &x2, &k,
						 &sh, &sl);
				q = FloatQuot4(cn, i + 4, sh, cd);
			}
		}
		allok = _mm256_and_si256(allok, MeanRest4(tq, tr, th, tl, y1, y2, tc, vsc, f8, plain, pre, &v));
		(void) Put4(out, i, n, f8, v);
	}
	if (f8)
	{
		cn->cd = cd;
		cn->rc = rc;
	}
	return allok;
}

/*
 * FlushRun4 in the batch's zone (Counts4Past's): a double's batch that
 * lies before the window fills, or past it, tests no position.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
FlushZones4(void *out, int64_t i0, int64_t n, int cnt, int f8, __m256d vsc, int plain, int narrow,
			const int wide, const __m256i *b1, const __m256i *b2, Counts4 *cn, const int exact)
{
	if (f8 && i0 + 4 * cnt <= cn->across)
		return FlushRun4(out, i0, n, cnt, f8, vsc, plain, narrow, wide, b1, b2, cn, 1, exact);
	if (f8 && i0 >= cn->past)
		return FlushRun4(out, i0, n, cnt, f8, vsc, plain, narrow, wide, b1, b2, cn, 2, exact);
	return FlushRun4(out, i0, n, cnt, f8, vsc, plain, narrow, wide, b1, b2, cn, 0, exact);
}

/*
 * FlushMeans8 in four lanes: the batch's sums (b1, b2: MeanSum4's p, p2)
 * over their counts (cn, times 2^-lsb where MeansPrescaled) into out + i0
 * .., scaled by vsc (2^lsb): MeanRest4 (FlushRun4); the lanes left are the
 * scalar code's (PendMeans4, pend), found after the batch (as in
 * FlushMeans8); exact as there.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
FlushMeans4(void *out, int64_t i0, int64_t n, int cnt, int f8, __m256d vsc, int plain, int narrow,
			const int wide, const __m256i *b1, const __m256i *b2, Counts4 *cn, MeansPending *pend,
			int *exact)
{
	const int	pre = MeansPrescaled(f8, plain);
	const int	divided = exact && *exact;	/* this batch's means are divisions */
	Counts4		cn0 = *cn;
	__m256i		x1,
				x2,
				allok;
	__m256d		sh,
				sl,
				q,
				cd;
	Recips4		rr;
	int			k,
				m;

	if (divided)
	{
		allok = FlushZones4(out, i0, n, cnt, f8, vsc, plain, narrow, wide, b1, b2, cn, 1);
		if (__builtin_expect(_mm256_movemask_pd(_mm256_castsi256_pd(allok)) != 15, 0))
		{
			/* a sum not exact: the brackets from here on, the next vector's reciprocal primed */
			*exact = 0;
			cn->rc = Counts4Recip(cn, i0 + 4 * cnt, cn->cd, 0);
		}
	}
	else
		allok = FlushZones4(out, i0, n, cnt, f8, vsc, plain, narrow, wide, b1, b2, cn, 0);

	/*
	 * the lanes not decided (or past n), found after the batch: its means
	 * taken again, as above (no mask or count kept per vector for this)
	 */
	if (__builtin_expect(_mm256_movemask_pd(_mm256_castsi256_pd(allok)) != 15, 0))
		for (m = 0; m < cnt; m++)
		{
			__m256d		v;
			__m256i		ok;

			cd = f8 && m == 0 ? cn0.cd : Counts4Next(&cn0, i0 + 4 * m, 0);
			MeanSum4(b1[m], wide ? b2[m] : b1[m], f8, plain, narrow, wide, &x1, &x2, &k, &sh, &sl);
			q = f8 ? sh : FloatQuot4(&cn0, i0 + 4 * m, sh, cd);
			rr = f8 ? Counts4Recips(&cn0, i0 + 4 * m, cd) : Recips4None();
			ok = MeanRest4(q, rr, sh, sl, x1, x2, cd, vsc, f8, plain, pre, &v);
			if (divided)
				/* the first pass divided: its results stand only where the sums were exact */
				(void) Put4(out, i0 + 4 * m, n, f8, v);
			PendMeans4(i0 + 4 * m, n, _mm256_movemask_pd(_mm256_castsi256_pd(ok)), x1, x2, k, cd,
					   pre ? vsc : _mm256_set1_pd(1), pend);
		}
}

/* FlushMeans4 of a double's sums in a plain block, not narrow, out of line (Flush64x4). */
static __attribute__((noinline, unused)) AVX2_TARGET void
FlushDoubles4Plain(void *out, int64_t i0, int64_t n, int cnt, __m256d vsc, const __m256i *b1,
				   Counts4 *cn, MeansPending *pend, int *exact)
{
	FlushMeans4(out, i0, n, cnt, 1, vsc, 1, 0, 0, b1, NULL, cn, pend, exact);
}

/* FlushMeans4 of a double's sums in a block not plain, not narrow, out of line (Flush64x4). */
static __attribute__((noinline, unused)) AVX2_TARGET void
FlushDoubles4(void *out, int64_t i0, int64_t n, int cnt, __m256d vsc, const __m256i *b1,
			  Counts4 *cn, MeansPending *pend, int *exact)
{
	FlushMeans4(out, i0, n, cnt, 1, vsc, 0, 0, 0, b1, NULL, cn, pend, exact);
}

/*
 * Scan64Mean4's FlushMeans4: a double's batch whose sums are not narrow,
 * of analysed values (check < 2), out of line; inlined there, its
 * registers crowded the kernel's loop, which then kept its look-ahead and
 * constants on the stack (AVX2 has 16), and its moving means measured
 * 10-20% slower on Zen 4; the others inline, as they measured as fast or
 * faster (test/bench/NOTES.md).
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
Flush64x4(void *out, int64_t i0, int64_t n, int cnt, int f8, __m256d vsc, int plain, int narrow,
		  const int check, const __m256i *b1, Counts4 *cn, MeansPending *pend, int *exact)
{
	if (f8 && !narrow && check < 2)
	{
		if (plain)
			FlushDoubles4Plain(out, i0, n, cnt, vsc, b1, cn, pend, exact);
		else
			FlushDoubles4(out, i0, n, cnt, vsc, b1, cn, pend, exact);
	}
	else
		FlushMeans4(out, i0, n, cnt, f8, vsc, plain, narrow, 0, b1, NULL, cn, pend, exact);
}

#endif							/* GS_HAVE_AVX512_BUILD */

#endif							/* GPUSCAN_AVX2_MEANS_H */
