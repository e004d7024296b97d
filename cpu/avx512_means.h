/*
 * cpu/avx512_means.h — the AVX-512 kernels' exact means of
 * eight sums: a count's reciprocals, the quotient's fast test and its
 * exact fallback, the counts of a running or moving mean, and the batches
 * in which the scan kernels divide their sums (cpu/avx512_*.c).
 */
#ifndef GPUSCAN_AVX512_MEANS_H
#define GPUSCAN_AVX512_MEANS_H

#include "avx512.h"

#ifdef GS_HAVE_AVX512_BUILD

/* A count's reciprocals in eight lanes (gs_quotient_recips). */
typedef struct Recips8
{
	__m512d		r,
				rp,
				rm;
} Recips8;

/*
 * 1 / cd in eight lanes without a division (AVX-512's takes 16 cycles a
 * vector on the H100 host): the 14-bit estimate refined twice by Newton's
 * step r + r (1 - cd r), each an fma for 1 - cd r (its rounding 2^-53 of
 * a value below 2^-13) and one for the step, which squares the relative
 * error: 2^-14, then below 2^-28 + 2^-53, then below 2^-56 + 2^-53 + ... <
 * 1.1 * 2^-53.  cd is a count times 2^-lsb, well inside the normal range
 * (no estimate's special case).
 */
static inline __attribute__((always_inline)) AVX512_TARGET __m512d
Recip8(__m512d cd)
{
	const __m512d one = _mm512_set1_pd(1.0);
	__m512d		r = _mm512_rcp14_pd(cd);

	r = _mm512_fmadd_pd(r, _mm512_fnmadd_pd(cd, r, one), r);
	return _mm512_fmadd_pd(r, _mm512_fnmadd_pd(cd, r, one), r);
}

/*
 * 1 / cd in eight lanes to within 2^-41.9, relatively, for a float's mean
 * (FloatQuot8): the 14-bit estimate r refined once by the cubic step r + r
 * (e + e^2), e = 1 - cd r: r (1 + e + e^2) differs from 1 / cd = r (1 + e
 * + e^2 + ...) by r e^3 / (1 - e) < 1.001 * 2^-42 / cd, the two fmas'
 * roundings (of e and of e + e^2, each below 2^-13) add 2^-66 each, the
 * step's own rounding 2^-53: one fma fewer than Recip8's two steps.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __m512d
RecipF8(__m512d cd)
{
	__m512d		r = _mm512_rcp14_pd(cd),
				e = _mm512_fnmadd_pd(cd, r, _mm512_set1_pd(1.0));

	return _mm512_fmadd_pd(r, _mm512_fmadd_pd(e, e, e), r);
}

/* gs_quotient_recips in eight lanes, rc from Recip8 (which the bracket allows). */
static inline __attribute__((always_inline)) AVX512_TARGET Recips8
Recips8Of(__m512d cd)
{
	Recips8		rr;

	rr.r = Recip8(cd);
	rr.rp = _mm512_mul_pd(rr.r, _mm512_set1_pd(1.0 + GS_QUOT_BRACKET));
	rr.rm = _mm512_mul_pd(rr.r, _mm512_set1_pd(1.0 - GS_QUOT_BRACKET));
	return rr;
}

/* No reciprocals (a float's mean takes its quotient from FloatQuot8 or FloatQuot4). */
static inline __attribute__((always_inline)) AVX512_TARGET Recips8
Recips8None(void)
{
	Recips8		rr;

	rr.r = rr.rp = rr.rm = _mm512_setzero_pd();
	return rr;
}

/*
 * A mean in eight lanes from the sum S as sh = RN(S) and sl = S - sh and
 * the count as the double cd (1 <= c < 2^52), scale 2^e (with prescaled,
 * the count is c * 2^-e, and the quotient the mean: no scaling; exact
 * where the mean is a normal double, as for a float's, and a double's in
 * a plain block): a float's from q (FloatQuot8) by gs_quotient_fast's
 * test (core/exact.h) widened to 2^12 ulps (FloatQuot8 proves it), a
 * double's from the reciprocals rr by gs_quotient_bracket (the same
 * operations in the same order), which the caller computed (FlushMeans8 a
 * vector ahead).  Returns
 * the lanes decided, their results in *res (float results as doubles, to
 * be converted once).  With normal, a result that is not a normal number
 * is not decided; without, the caller knows that every result is one
 * (gs_simd_means_plain), and a zero sum gives +0, decided.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
QuotD8Rest(__m512d q, Recips8 rr, __m512d sh, __m512d sl, __m512d cd, __m512d scale, int f8,
		   int normal, const int prescaled, __m512d *res)
{
	__m512d		q0,
				r,
				q1,
				ar;
	__mmask8	ok;

	if (!f8)
	{
		/* not within 2^12 ulps of a float midpoint (FloatQuot8); a normal float */
		__m512i		d = _mm512_sub_epi64(_mm512_and_si512(_mm512_castpd_si512(q), _mm512_set1_epi64((INT64_C(1) << 29) - 1)),
										 _mm512_set1_epi64((INT64_C(1) << 28) - (INT64_C(1) << 12)));

		ok = _mm512_cmpgt_epu64_mask(d, _mm512_set1_epi64(INT64_C(1) << 13));
		*res = prescaled ? q : _mm512_mul_pd(q, scale);
		if (!normal)
			return ok;
		ar = _mm512_abs_pd(*res);
		return ok & _mm512_cmp_pd_mask(ar, _mm512_set1_pd(0x1p-126), _CMP_GE_OQ) &
			_mm512_cmp_pd_mask(ar, _mm512_set1_pd(0x1p128), _CMP_LT_OQ);
	}
	/* gs_quotient_bracket */
	q0 = _mm512_mul_pd(sh, rr.r);
	r = _mm512_add_pd(_mm512_fnmadd_pd(q0, cd, sh), sl);
	q1 = _mm512_fmadd_pd(r, rr.rp, q0);
	ok = _mm512_cmp_pd_mask(q1, _mm512_fmadd_pd(r, rr.rm, q0), _CMP_EQ_OQ);
	*res = prescaled ? q1 : _mm512_mul_pd(q1, scale);
	if (!normal)
		return ok;
	/* scaling exact: a normal result (gs_quotient_fast's step 6) */
	ar = _mm512_abs_pd(*res);
	return ok & _mm512_cmp_pd_mask(ar, _mm512_set1_pd(0x1p-1022), _CMP_GT_OQ) &
		_mm512_cmp_pd_mask(ar, _mm512_set1_pd(0x1.fffffffffffffp1023), _CMP_LE_OQ);
}

/*
 * Step 1 in eight lanes: S = hi * 2^52 + lo (0 <= lo < 2^52, |hi| <=
 * 2^51) as sh + sl by Fast2Sum of two exact doubles.
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
Sum2x8(__m512i hi, __m512i lo, __m512d *sh, __m512d *sl)
{
	__m512d		a = _mm512_mul_pd(_mm512_cvtepi64_pd(hi), _mm512_set1_pd(0x1p52));
	__m512d		b = _mm512_cvtepi64_pd(lo);

	*sh = _mm512_add_pd(a, b);
	*sl = _mm512_sub_pd(b, _mm512_sub_pd(*sh, a));
}

/*
 * The fast quotient in eight lanes for any sums hi * 2^52 + lo and counts
 * c >= 1 (QuotD8Rest, with every check): a zero sum is +0, decided; a lane
 * outside the fast quotient's range is not.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
Quot8Rest(__m512d q, Recips8 rr, __m512d sh, __m512d sl, __m512i hi, __m512i lo, __m512i c,
		  __m512d scale, int f8, const int prescaled, __m512d *res)
{
	__mmask8	zsum = _mm512_cmpeq_epi64_mask(_mm512_or_si512(hi, lo), _mm512_setzero_si512());
	/* the fast quotient's range: hi in [-2^51, 2^51), c <= GS_QUOT_MAX_COUNT */
	__mmask8	range = _mm512_cmplt_epu64_mask(_mm512_add_epi64(hi, _mm512_set1_epi64(INT64_C(1) << 51)),
												_mm512_set1_epi64(INT64_C(1) << 52)) &
		_mm512_cmple_epu64_mask(c, _mm512_set1_epi64((int64_t) GS_QUOT_MAX_COUNT));

	return range & (zsum | QuotD8Rest(q, rr, sh, sl, _mm512_cvtepi64_pd(c), scale, f8, 1, prescaled, res));
}

/* Quot8Rest with its sum's two doubles (Sum2x8) and a division (a float) or reciprocals. */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
Quot8(__m512i hi, __m512i lo, __m512i c, __m512d scale, int f8, __m512d *res)
{
	__m512d		sh,
				sl;

	Sum2x8(hi, lo, &sh, &sl);
	if (f8)
		return Quot8Rest(sh, Recips8Of(_mm512_cvtepi64_pd(c)), sh, sl, hi, lo, c, scale, 1, 0, res);
	return Quot8Rest(_mm512_div_pd(sh, _mm512_cvtepi64_pd(c)), Recips8None(), sh, sl, hi, lo, c, scale,
					 0, 0, res);
}

/*
 * Leave the lanes bad of the eight means at out + i to the scalar code
 * (pend): sum x1 * 2^sh + x2, count cd * cunit (cd a double, cunit a power
 * of two).
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
PendMeans8(int64_t i, __mmask8 bad, __m512i x1, __m512i x2, int sh, __m512d cd, __m512d cunit,
		   MeansPending *pend)
{
	if (__builtin_expect(bad != 0, 0))
	{
		int			m = pend->n;

		_mm512_mask_compressstoreu_epi64(pend->pos + m, bad,
										 _mm512_add_epi64(_mm512_set1_epi64(i),
														  _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0)));
		_mm512_mask_compressstoreu_epi64(pend->x1 + m, bad, x1);
		_mm512_mask_compressstoreu_epi64(pend->x2 + m, bad, x2);
		_mm512_mask_compressstoreu_epi64(pend->c + m, bad, _mm512_cvttpd_epi64(_mm512_mul_pd(cd, cunit)));
		pend->n = m + __builtin_popcount(bad);
		pend->k = sh;
	}
}

/*
 * Store eight means (lanes k) at out + i, and leave the lanes not in ok to
 * the scalar code (pend): sum x1 * 2^sh + x2, count cd * cunit (cd a
 * double, cunit a power of two).
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
StoreMeans8(void *out, int64_t i, __mmask8 k, __mmask8 ok, int f8, __m512d v, __m512i x1,
			__m512i x2, int sh, __m512d cd, __m512d cunit, MeansPending *pend)
{
	if (f8)
		_mm512_mask_storeu_pd((double *) out + i, k, v);
	else
		_mm256_mask_storeu_ps((float *) out + i, k, _mm512_cvtpd_ps(v));
	PendMeans8(i, (__mmask8) (k & ~ok), x1, x2, sh, cd, cunit, pend);
}

/*
 * A batch's sum m as S = x1 * 2^k + x2 (units of 2^lsb) and as two doubles
 * sh + sl = S: with wide, ScanSplit's hi * 2^52 + lo (p, p2; 0 <= lo <
 * 2^52), k = 52; else Scan64Mean's int64 p: for plain blocks p itself (k =
 * 0; RN(S) by the int64's conversion and, for a double, S - RN(S) exactly:
 * |S - RN(S)| <= 2^10, and where RN(S) = 2^63 its conversion back gives
 * INT64_MIN, and the wrapping subtraction still the right difference; a
 * float's quotient needs no sl), else p >> 52 and its low 52 bits (k = 52).
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
MeanSum8(__m512i p, __m512i p2, int f8, int plain, const int wide, __m512i *x1, __m512i *x2,
		 int *k, __m512d *sh, __m512d *sl)
{
	if (!wide && plain)
	{
		*x1 = p;
		*x2 = _mm512_setzero_si512();
		*k = 0;
		*sh = _mm512_cvtepi64_pd(p);
		*sl = f8 ? _mm512_cvtepi64_pd(_mm512_sub_epi64(p, _mm512_cvttpd_epi64(*sh))) : _mm512_setzero_pd();
		return;
	}
	*x1 = wide ? p : _mm512_srai_epi64(p, 52);
	*x2 = wide ? p2 : _mm512_and_si512(p, _mm512_set1_epi64(GS_QUOT_LO_MASK));
	*k = 52;
	Sum2x8(*x1, *x2, sh, sl);
}

/*
 * The counts of the means of a block (Scan64Mean, ScanSplit): the row's
 * positions so far, rowpos0 + i + j + 1 for lane j of the vector at i, at
 * most the window w; as doubles, times 2^-lsb where MeansPrescaled (so
 * that the quotient is the mean itself, with no scaling; exact, a power of
 * two times an integer below 2^52).  A vector short of the window takes
 * one addition, the one across it a minimum too, and those past it none.
 */
typedef struct Counts8
{
	__m512d		next;			/* the next vector's counts, uncapped */
	__m512d		w;				/* the window */
	__m512d		step;			/* eight positions */
	Recips8		rw;				/* the window's reciprocals */
	int64_t		across;			/* a vector at i > across reaches the window */
	int64_t		past;			/* from i >= past on, every count is the window */
} Counts8;

/*
 * The counts of a block from its row position rowpos0, window w (INT64_MAX:
 * none), times 2^-lsb where prescaled (MeansPrescaled), else 1.
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
Counts8Init(Counts8 *cn, int64_t rowpos0, int64_t w, int prescaled, int lsb)
{
	const __m512d u = _mm512_set1_pd(prescaled ? gs_pow2(-lsb) : 1.0);

	cn->next = _mm512_mul_pd(_mm512_add_pd(_mm512_set_pd(8, 7, 6, 5, 4, 3, 2, 1),
										   _mm512_set1_pd((double) rowpos0)), u);
	cn->w = _mm512_mul_pd(_mm512_set1_pd((double) w), u);
	cn->step = _mm512_mul_pd(_mm512_set1_pd(8), u);
	cn->rw = Recips8Of(cn->w);
	cn->across = w - rowpos0 - 8;
	cn->past = w - rowpos0 - 1;
}

/* The counts of the vector at i, the vectors taken in order. */
static inline __attribute__((always_inline)) AVX512_TARGET __m512d
Counts8Next(Counts8 *cn, int64_t i)
{
	__m512d		cd;

	if (i >= cn->past)
		return cn->w;
	cd = cn->next;
	cn->next = _mm512_add_pd(cn->next, cn->step);
	if (i > cn->across)
		cd = _mm512_min_pd(cd, cn->w);
	return cd;
}

/*
 * The reciprocals of the counts cd of the vector at i (Counts8Next's):
 * past the window, the window's.
 */
static inline __attribute__((always_inline)) AVX512_TARGET Recips8
Counts8Recips(const Counts8 *cn, int64_t i, __m512d cd)
{
	return i >= cn->past ? cn->rw : Recips8Of(cd);
}

/*
 * A float mean's double quotient q for QuotD8Rest, of the sum sh = RN(S)
 * over the counts cd of the vector at i: RN(sh * rc), rc within 1.01 *
 * 2^-42 of 1 / cd (RecipF8; past the window the window's, within 1.1 *
 * 2^-53, taken once), with no division (FloatQuot4 divides short of the
 * window).  With u = ulp(q) = 2^(E_q - 52): |sh rc| < 2^(E_q + 1) (RN is
 * monotone), so |sh / cd| < 1.01 * 2^(E_q + 1), and |S / c - sh / cd| <=
 * 2^-53 |sh / cd| < 1.01 u, |sh / cd - sh rc| < 1.03 * 2^11 u, |sh rc - q|
 * <= u / 2: |S / c - q| < 2112 u (1.51 u when dividing, as Quot8 does).
 * So no float midpoint lies between S / c and q when q's low 29 bits differ
 * from 2^28 (a midpoint's) by more than 2^12: in q's binade the nearest
 * midpoint is then farther than 2^12 u; across a power of two, the
 * midpoints nearest it lie 2^27 u or more from it.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __m512d
FloatQuot8(const Counts8 *cn, int64_t i, __m512d sh, __m512d cd)
{
	return _mm512_mul_pd(sh, i >= cn->past ? cn->rw.r : RecipF8(cd));
}

/*
 * A plain block's int64 sums p (MeanSum8's, k = 0) as doubles *sh,
 * returning the lanes where they are exact, |p| <= 2^53: there one
 * division, RN(sh / cd), is the mean rounded once, the counts being
 * prescaled (cd = c * 2^-lsb exactly, MeansPrescaled) and the mean a
 * normal double (gs_simd_means_plain).
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
ExactSums8(__m512i p, __m512d *sh)
{
	*sh = _mm512_cvtepi64_pd(p);
	return _mm512_cmple_epu64_mask(_mm512_add_epi64(p, _mm512_set1_epi64(INT64_C(1) << 53)),
								   _mm512_set1_epi64(INT64_C(1) << 54));
}

/*
 * The rest of a mean in eight lanes (FlushMeans8): for plain blocks
 * QuotD8Rest without the checks they cover, else Quot8Rest.
 */
static inline __attribute__((always_inline)) AVX512_TARGET __mmask8
MeanRest8(__m512d q, Recips8 rr, __m512d sh, __m512d sl, __m512i x1, __m512i x2, __m512d cd,
		  __m512d vscale, int f8, int plain, const int pre, __m512d *v)
{
	if (plain)
		return QuotD8Rest(q, rr, sh, sl, cd, vscale, f8, 0, pre, v);
	return Quot8Rest(q, rr, sh, sl, x1, x2, _mm512_cvttpd_epi64(pre ? _mm512_mul_pd(cd, vscale) : cd),
					 vscale, f8, pre, v);
}

/*
 * The means of cnt vectors of sums (positions i0, i0 + 8, ...; their
 * counts from cn, times 2^-lsb where MeansPrescaled; b1, b2: MeanSum8's p,
 * p2) by MeanRest8, scaled by vscale (2^lsb); the lanes left are the
 * scalar code's (PendMeans8, pend), found after the batch: a test and
 * branch on every vector, waiting on its mean's whole chain, measured
 * slower, and so did keeping each vector's mask and counts for the search
 * (a store or two a vector), where the rare batch with such a lane takes
 * its means again.  Each sum's two doubles and its quotient (a float) or
 * its count's reciprocals (a double) are computed a vector ahead of the
 * rest of its mean (as FlushMeans4).
 */
static inline __attribute__((always_inline)) AVX512_TARGET void
FlushMeans8(void *out, int64_t i0, int64_t n, int cnt, int f8, __m512d vscale, const int plain,
			const int wide, const __m512i *b1, const __m512i *b2, Counts8 *cn, MeansPending *pend)
{
	const int	pre = MeansPrescaled(f8, plain);
	Counts8		cn0 = *cn;
	__m512i		x1,
				x2;
	__m512d		sh,
				sl,
				q,
				cd;
	__mmask8	anybad = 0;
	Recips8		rr;
	int			k,
				m;

	cd = Counts8Next(cn, i0);
	MeanSum8(b1[0], wide ? b2[0] : b1[0], f8, plain, wide, &x1, &x2, &k, &sh, &sl);
	q = f8 ? sh : FloatQuot8(cn, i0, sh, cd);
	rr = f8 ? Counts8Recips(cn, i0, cd) : Recips8None();
	for (m = 0; m < cnt; m++)
	{
		int64_t		i = i0 + 8 * m;
		__mmask8	lanes = TAIL8(n - i);
		__m512i		y1 = x1,
					y2 = x2;
		__m512d		v,
					th = sh,
					tl = sl,
					tq = q,
					tc = cd;
		Recips8		tr = rr;

		if (m + 1 < cnt)
		{
			/* the next vector's sum, and quotient (a float) or reciprocals */
			cd = Counts8Next(cn, i + 8);
			MeanSum8(b1[m + 1], wide ? b2[m + 1] : b1[m + 1], f8, plain, wide, &x1, &x2, &k, &sh, &sl);
			if (f8)
				rr = Counts8Recips(cn, i + 8, cd);
			else
				q = FloatQuot8(cn, i + 8, sh, cd);
		}
		anybad |= (__mmask8) (lanes & ~MeanRest8(tq, tr, th, tl, y1, y2, tc, vscale, f8, plain, pre, &v));
		if (f8)
			_mm512_mask_storeu_pd((double *) out + i, lanes, v);
		else
			_mm256_mask_storeu_ps((float *) out + i, lanes, _mm512_cvtpd_ps(v));
	}

	/*
	 * the lanes not decided, found after the batch: its means taken again,
	 * as above (no mask or count kept per vector for this)
	 */
	if (__builtin_expect(anybad != 0, 0))
		for (m = 0; m < cnt; m++)
		{
			int64_t		i = i0 + 8 * m;
			__m512d		v;
			__mmask8	ok;

			cd = Counts8Next(&cn0, i);
			MeanSum8(b1[m], wide ? b2[m] : b1[m], f8, plain, wide, &x1, &x2, &k, &sh, &sl);
			q = f8 ? sh : FloatQuot8(&cn0, i, sh, cd);
			rr = f8 ? Counts8Recips(&cn0, i, cd) : Recips8None();
			ok = MeanRest8(q, rr, sh, sl, x1, x2, cd, vscale, f8, plain, pre, &v);
			PendMeans8(i, (__mmask8) (TAIL8(n - i) & ~ok), x1, x2, k, cd, pre ? vscale : _mm512_set1_pd(1),
					   pend);
		}
}

#endif							/* GS_HAVE_AVX512_BUILD */

#endif							/* GPUSCAN_AVX512_MEANS_H */
