/*
 * cpu/cpu_simd.c — AVX-512 and AVX2 scan kernels of the exact CPU engine.
 *
 * The same plan and the same integers as core/exact.h, eight values at a
 * time: each float becomes its fixed-point integer (exact: a power-of-two
 * scaling of a float is exact, and so is splitting it at 2^64), the integers
 * are prefix-summed inside the register in three shift-and-add steps
 * (integer addition is associative, so this equals the sequential sum), and
 * each sum is rounded once: the hardware's int64->float conversion rounds to
 * nearest even, after a 128-bit sum has been narrowed to 63 bits plus a
 * sticky bit, and vscalef then applies the power of two exactly.  The test
 * program checks these kernels bit for bit against the scalar engine's
 * reference.
 *
 * Used when the CPU has AVX-512 F, DQ, CD, VL and BW, checked at run time
 * (gs_simd_enabled); else the AVX2 kernels below (with FMA, gs_avx2_enabled)
 * compute the same four values at a time; the scalar loops of
 * cpu/sum_float.c serve every other case.  The vector float analysis is
 * core/analysis.c's.
 */
#include "cpu_simd.h"
#include "../core/exact.h"
#include "../core/simd.h"

#include <limits.h>
#include <math.h>

#ifdef GS_HAVE_AVX512_BUILD

/*
 * Prefetch the input one block ahead: the scan kernels are compute-bound, so
 * the next block arrives in the cache while this one is scanned, and its
 * analysis pass (memory-bound otherwise) reads it from there.  A prefetch
 * past the end of the array is harmless.
 */
#define PREFETCH_AHEAD(in, i, f8) \
	_mm_prefetch((const char *) (in) + ((i) + GS_PREFETCH_VALUES) * ((f8) ? 8 : 4), _MM_HINT_T0)

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

/* Load eight values as doubles: plain loads, masked only for the tail. */
#define LOAD8(in, i, n, f8, k) \
	((f8) \
	 ? ((n) - (i) >= 8 ? _mm512_loadu_pd((const double *) (in) + (i)) \
		: _mm512_maskz_loadu_pd((k), (const double *) (in) + (i))) \
	 : _mm512_cvtps_pd((n) - (i) >= 8 ? _mm256_loadu_ps((const float *) (in) + (i)) \
					   : _mm256_maskz_loadu_ps((k), (const float *) (in) + (i))))

/*
 * Can a sum below 2^bits units of 2^lsb round to an infinity in the
 * results' type (double: 2^1024, float: 2^128)?  Where it cannot, the
 * kernels store their sums unchecked.
 */
static inline int
MayOverflow(int f8, int lsb, int bits)
{
	return lsb + bits > (f8 ? 1023 : 127);
}

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

/*
 * The scalar mean of a sum s (units of 2^e) over c into out[k] (double, or
 * float), for the lanes the vector code leaves.
 */
static void
StoreMeanScalar(void *out, int64_t k, int f8, gs_i128 s, int64_t c, int e, double scale)
{
	double		m = s == 0 ? 0.0 : gs_mean_round(s, e, scale, (uint64_t) c, f8);

	if (f8)
		((double *) out)[k] = m;
	else
		((float *) out)[k] = (float) m;
}

/* A sum x1 * 2^k + x2, as the kernels hold it, as one integer (for StoreMeanScalar). */
static inline gs_i128
JoinSum(int64_t x1, int64_t x2, int k)
{
	return (gs_i128) x1 * ((gs_i128) 1 << k) + x2;
}

/*
 * The kernels with means take MEAN_CHUNK values at a time (a multiple of
 * their batches, MEAN_BATCH vectors) and leave the lanes whose quotient the
 * vector code did not decide in a MeansPending, whose means the scalar
 * code rounds after each chunk (MeansDrain): no call in a loop over
 * vectors, which would clobber every vector register, so the compiler
 * keeps the loop's constants in registers (test/bench/NOTES.md; one
 * exception, in Scan64Mean4).  The vector code has stored something in
 * those lanes; the scalar code's result replaces it, at positions the
 * kernel has read already.
 */
#define MEAN_CHUNK 512

typedef struct MeansPending
{
	int			n;				/* lanes held */
	int			k;				/* their sums are x1 * 2^k + x2 */
	int64_t		pos[MEAN_CHUNK];	/* where each mean goes */
	int64_t		x1[MEAN_CHUNK];
	int64_t		x2[MEAN_CHUNK];
	int64_t		c[MEAN_CHUNK];	/* the counts */
} MeansPending;

/* Leave one lane (its result's position, its sum x1 * 2^k + x2, its count) to the scalar code. */
static inline void
MeansPend(MeansPending *pend, int64_t pos, int64_t x1, int64_t x2, int64_t c)
{
	pend->pos[pend->n] = pos;
	pend->x1[pend->n] = x1;
	pend->x2[pend->n] = x2;
	pend->c[pend->n] = c;
	pend->n++;
}

/* The scalar means of the lanes pending into out (sums in units of 2^e, scale 2^e); none pending after. */
static __attribute__((noinline)) void
MeansDrain(MeansPending *pend, void *out, int f8, int e, double scale)
{
	int			j;

	for (j = 0; j < pend->n; j++)
		StoreMeanScalar(out, pend->pos[j], f8, JoinSum(pend->x1[j], pend->x2[j], pend->k),
						pend->c[j], e, scale);
	pend->n = 0;
}

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
			MeansDrain(&pend, out, f8, e, scale);
	}
}

/*
 * Integers to doubles without AVX-512's conversion, exactly: x in [0,
 * 2^52) OR-ed into the mantissa of 2^52, x in [-2^51, 2^51) added to the
 * bits of 2^52 + 2^51; then the power subtracted (every step exact).
 */
#define U52_TO_PD(x) \
	_mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256((x), _mm256_set1_epi64x(INT64_C(0x4330000000000000)))), \
				  _mm256_set1_pd(0x1p52))
#define I51_TO_PD(x) \
	_mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64((x), _mm256_set1_epi64x(INT64_C(0x4338000000000000)))), \
				  _mm256_set1_pd(0x1.8p52))

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
			MeansDrain(&pend, out, f8, e, scale);
	}
	for (i = n & ~3; i < n; i++)
		StoreMeanScalar(out, i, f8, JoinSum(hi[i], lo[i], 52), c[i], e, scale);
}

/* Which batch code gs_simd_means may use: 0 the best the CPU has, 1 none, 4 AVX2 at most. */
int			gs_cpu_means_lanes = 0;

/* gs_cpu_means's batch on AVX-512 or AVX2 where the CPU has it (cpu_simd.h). */
bool
gs_simd_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			  double scale, bool f8, void *out)
{
	if (gs_cpu_means_lanes == 1)
		return false;
	if (gs_cpu_means_lanes == 0 && gs_simd_enabled())
	{
		if (f8)
			Means512(hi, lo, c, n, e, scale, 1, out);
		else
			Means512(hi, lo, c, n, e, scale, 0, out);
		return true;
	}
	if (!gs_avx2_enabled())
		return false;
	if (f8)
		Means256(hi, lo, c, n, e, scale, 1, out);
	else
		Means256(hi, lo, c, n, e, scale, 0, out);
	return true;
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

/* The means of int2 or int4 values (cpu_simd.h): AVX-512, else AVX2, else false. */
bool
gs_simd_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
				  double step, double *out)
{
	if (gs_cpu_means_lanes == 1)
		return false;
	if (gs_cpu_means_lanes == 0 && gs_simd_enabled())
	{
		if (lag)
			isz == 2 ? IntMeans512(in, lag, 2, n, acc, c0, step, out)
				: IntMeans512(in, lag, 4, n, acc, c0, step, out);
		else
			isz == 2 ? IntMeans512(in, NULL, 2, n, acc, c0, step, out)
				: IntMeans512(in, NULL, 4, n, acc, c0, step, out);
	}
	else if (gs_avx2_enabled())
	{
		if (lag)
			isz == 2 ? IntMeans256(in, lag, 2, n, acc, c0, step, out)
				: IntMeans256(in, lag, 4, n, acc, c0, step, out);
		else
			isz == 2 ? IntMeans256(in, NULL, 2, n, acc, c0, step, out)
				: IntMeans256(in, NULL, 4, n, acc, c0, step, out);
	}
	else
		return false;
	return true;
}

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
 * Are a block's counts kept times 2^-lsb (QuotD8Rest's prescaled)?  For
 * float results, and in plain blocks (their means normal, 2^-lsb <= 2^960).
 */
static inline int
MeansPrescaled(int f8, int plain)
{
	return !f8 || plain;
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
 * A kernel with means stores its sums, MEAN_BATCH vectors of them, and
 * divides them in a loop of their own (FlushMeans8, FlushMeans4): the
 * sums' chain and the quotients' then overlap in the core instead of
 * queueing behind each other (test/bench/NOTES.md).
 */
#define MEAN_BATCH 16

/* a chunk holds whole batches, of eight lanes and of four */
_Static_assert(MEAN_CHUNK % (8 * MEAN_BATCH) == 0, "MEAN_CHUNK holds whole batches");

/*
 * Where a batch of vectors (four values each) from i ends: after vectors
 * of them, or at iend, the chunk's end; all of it where vectors is 0.
 */
static inline int64_t
MeansBatchEnd(int64_t i, int64_t iend, int vectors)
{
	return vectors > 0 && iend - i > 4 * vectors ? i + 4 * vectors : iend;
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
	const __m512d in_scale = _mm512_set1_pd(gs_pow2(-lsb));
	const __m512d scale_d = _mm512_set1_pd(gs_pow2(lsb));
	const __m256 scale_f = _mm256_set1_ps((float) gs_pow2(lsb));
	const int	ovf = MayOverflow(f8, lsb, 63);
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
				q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8_DIFF(in, lag, i, n, f8, k), in_scale));
			else if (check == 2)
			{
				/* values not analysed (gs_simd_scan64_guess): each a multiple of 2^lsb below 2^62 units? */
				__m512d		xs = _mm512_mul_pd(LOAD8(in, i, n, f8, k), in_scale);

				q = _mm512_cvttpd_epi64(xs);
				vheld = Held8(xs, xs, q);
			}
			else
			{
				q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(in, i, n, f8, k), in_scale));
				if (lag)
					/* a moving sum: the value leaving subtracts */
					q = _mm512_sub_epi64(q, _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(lag, i, n, f8, k), in_scale)));
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
					FlushMeans8(out, i - 8 * j, n, j, 1, scale_d, plain, 0, bp, NULL, ex ? &cnb : &cn, &pend);
				if (mean && pend.n > 0)
					MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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
				FlushMeans8(out, i, n, 1, 0, scale_d, plain, 0, &p, NULL, &cn, &pend);
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
					FlushMeans8(out, i - 8 * j, n, j + 1, 1, scale_d, plain, 0, bp, NULL, &cnb, &pend);
					ex = 0;
				}
				continue;
			}
			if (mean)
			{
				int			j = (int) ((i >> 3) & (MEAN_BATCH - 1));

				bp[j] = p;
				if (j == MEAN_BATCH - 1 || i + 8 >= n)
					FlushMeans8(out, i - 8 * j, n, j + 1, 1, scale_d, plain, 0, bp, NULL, &cn, &pend);
				continue;
			}
			bad = StoreSums8(out, i, n, k, f8, p, scale_d, scale_f, ovf);
			if (ovf && __builtin_expect(bad != 0, 0))
				return i + __builtin_ctz(bad);
		}
		if (mean && pend.n > 0)
			MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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
	const __m512d in_scale = _mm512_set1_pd(gs_pow2(-lsb));
	const __m512d scale_d = _mm512_set1_pd(gs_pow2(lsb));
	const __m256 scale_f = _mm256_set1_ps((float) gs_pow2(lsb));
	const int	ovf = MayOverflow(f8, lsb, 63);
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

		hist[v] = _mm512_cvttpd_epi64(_mm512_mul_pd(y, in_scale));
	}
	for (i = 0; i < n; i += 8)
	{
		__mmask8	k = TAIL8(n - i);
		__m512i		q = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8(in, i, n, f8, k), in_scale));
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
		bad = StoreSums8(out, i, n, k, f8, p, scale_d, scale_f, ovf);
		if (ovf && __builtin_expect(bad != 0, 0))
			return i + __builtin_ctz(bad);
	}
	*acc = _mm_cvtsi128_si64(_mm512_castsi512_si128(carry));
	return -1;
}

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
	const __m512d in_scale = _mm512_set1_pd(gs_pow2(-lsb));
	const __m512d in_scale59 = _mm512_set1_pd(gs_pow2(-lsb - 59));
	const __m512d scale_d = _mm512_set1_pd(gs_pow2(lsb));
	const __m256 scale_f = _mm256_set1_ps((float) gs_pow2(lsb));
	const int	ovf = MayOverflow(f8, lsb, f8 ? 109 : 81);	/* |S| < 2^109 (float4: 2^81) */
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
			(rd) = _mm512_mul_pd(s_, scale_d); \
		else \
			(rf) = _mm512_cvtpd_ps(_mm512_mul_pd(s_, scale_d)); \
	} while (0)

#define DIRECT_SUM(h, l, rd, rf) \
	do { \
		__m512i v_ = _mm512_add_epi64(_mm512_slli_epi64((h), 59), (l)); \
		if (f8) \
			(rd) = _mm512_mul_pd(_mm512_cvtepi64_pd(v_), scale_d); \
		else \
			(rf) = _mm256_mul_ps(_mm512_cvtepi64_ps(v_), scale_f); \
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
				pl = _mm512_cvttpd_epi64(_mm512_mul_pd(LOAD8_DIFF(in, lag, i, n, f8, k), in_scale));
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
				__m512d		xs = _mm512_mul_pd(x, in_scale);
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
						FlushMeans8(out, i - 8 * j, n, j, f8, scale_d, plain, 1, b1, b2, &cn, &pend);
					if (mean && pend.n > 0)
						MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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
																				   _mm512_mul_pd(y, in_scale))));
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
					FlushMeans8(out, i - 8 * j, n, j + 1, f8, scale_d, plain, 1, b1, b2, &cn, &pend);
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
			bad = Store8(out, i, n, k, f8, rd, rf, ovf);
			if (ovf && __builtin_expect(bad != 0, 0))
				return i + __builtin_ctz(bad);
		}
		if (mean && pend.n > 0)
			MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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

/* The 64-bit kernel, specialised. */
static AVX512_TARGET int64_t
Avx512Scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
			   bool excl, int64_t *acc)
{
	if (f8)
		return excl ? Scan64(in, NULL, out, n, lsb, acc, 1, 1) : Scan64(in, NULL, out, n, lsb, acc, 1, 0);
	return excl ? Scan64(in, NULL, out, n, lsb, acc, 0, 1) : Scan64(in, NULL, out, n, lsb, acc, 0, 0);
}

/* The checked 64-bit kernel (gs_simd_scan64_checked), specialised. */
static AVX512_TARGET int64_t
Avx512Scan64Checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
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
static AVX512_TARGET int64_t
Avx512Scan64Guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
				  int64_t *acc, int64_t *stop)
{
	if (f8)
		return excl ? Scan64Mean(in, NULL, out, n, lsb, acc, 0, 0, 1, 1, 0, 0, 0, 2, stop)
			: Scan64Mean(in, NULL, out, n, lsb, acc, 0, 0, 1, 0, 0, 0, 0, 2, stop);
	return excl ? Scan64Mean(in, NULL, out, n, lsb, acc, 0, 0, 0, 1, 0, 0, 0, 2, stop)
		: Scan64Mean(in, NULL, out, n, lsb, acc, 0, 0, 0, 0, 0, 0, 0, 2, stop);
}

/* The 64-bit kernel of running means of values not analysed (gs_simd_cummean64_guess), specialised. */
static AVX512_TARGET void
Avx512Cummean64Guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
					 int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) Scan64Mean(in, NULL, out, n, lsb, acc, rowpos0, INT64_MAX, F8, 0, 1, 0, PLAIN, 2, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/* The carry-save kernel of running means of values not analysed (gs_simd_cummean_split_guess), specialised. */
static AVX512_TARGET void
Avx512CummeanSplitGuess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
						int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) ScanSplit(in, NULL, out, n, lsb, carry_h, carry_l, rowpos0, INT64_MAX, F8, 0, 0, 1, PLAIN, 1, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/* The 64-bit kernel of a moving sum, specialised. */
static AVX512_TARGET int64_t
Avx512Movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
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
	if (f8)
		return diff ? Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, 1, 0, 0, 1, 0, 0, NULL)
			: Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, 1, 0, 0, 0, 0, 0, NULL);
	return diff ? Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, 0, 0, 0, 1, 0, 0, NULL)
		: Scan64Mean(in, lag, out, n, lsb, acc, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
}

/*
 * The 64-bit kernel of a moving or running mean, specialised; checked
 * where stop is given (gs_simd_movmean64).
 */
static AVX512_TARGET void
Avx512Movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
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

/*
 * The carry-save 128-bit kernel, specialised; checking each value where
 * stop is given (gs_simd_scan_split_guess).
 */
static AVX512_TARGET int64_t
Avx512ScanSplit(const void *in, void *out, int64_t n, bool f8, int lsb,
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
static AVX512_TARGET int64_t
Avx512MovsumSplit(const void *in, const void *lag, void *out, int64_t n, bool f8,
					 int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	if (f8)
		return diff ? ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 1, 0, 1, 0, 0, 0, NULL)
			: ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 1, 0, 0, 0, 0, 0, NULL);
	return diff ? ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 0, 0, 1, 0, 0, 0, NULL)
		: ScanSplit(in, lag, out, n, lsb, carry_h, carry_l, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
}

/* The carry-save 128-bit kernel of a moving or running mean, specialised. */
static AVX512_TARGET void
Avx512MovmeanSplit(const void *in, const void *lag, void *out, int64_t n, bool f8,
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

/*
 * The AVX2 kernels, for CPUs without AVX-512: the same sums in four lanes,
 * each step exact, so every result equals the AVX-512 kernels' and the
 * scalar loops'.  AVX2 has no conversion between int64 and double, so:
 *
 *  - a value x (a multiple of 2^lsb) becomes x * 2^-lsb = H * 2^51 + L,
 *    two integers below 2^51 read from the bits of doubles (Split51);
 *  - an int64 v is rounded to double once: its high half times 2^32 is an
 *    exact double, its low half another, and one addition rounds their sum
 *    (I64ToPd);
 *  - a result rounded to float is first made exact in double by jamming
 *    its bits below the float's rounding bit into one sticky bit (Jam4).
 *
 * The carry-save kernel keeps a sum as H * 2^51 + L with L normalised to
 * [0, 2^51), two exact doubles, where the AVX-512 kernel's is H * 2^59 + L
 * (both give and take the carry in the AVX-512 form).
 */

/* Lanes [0, rem) of four 64-bit lanes, all ones; and of four 32-bit lanes. */
#define TAIL4(rem) _mm256_cmpgt_epi64(_mm256_set1_epi64x(rem), _mm256_set_epi64x(3, 2, 1, 0))
#define TAIL4_32(rem) _mm_cmpgt_epi32(_mm_set1_epi32((int) (rem)), _mm_set_epi32(3, 2, 1, 0))

/* Load four values as doubles: plain loads, masked only for the tail. */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
Load4(const void *in, int64_t i, int64_t n, int f8)
{
	if (f8)
		return n - i >= 4 ? _mm256_loadu_pd((const double *) in + i)
			: _mm256_maskload_pd((const double *) in + i, TAIL4(n - i));
	return _mm256_cvtps_pd(n - i >= 4 ? _mm_loadu_ps((const float *) in + i)
						   : _mm_maskload_ps((const float *) in + i, TAIL4_32(n - i)));
}

/*
 * Inclusive prefix sum of four int64 lanes: within each 128-bit half by a
 * byte shift (one cycle, no lane crossing), then the low half's total
 * added to the high half (one permute).
 */
#define PREFIX4(p) \
	do { \
		(p) = _mm256_add_epi64((p), _mm256_slli_si256((p), 8)); \
		(p) = _mm256_add_epi64((p), _mm256_blend_epi32(_mm256_permute4x64_epi64((p), 0x50), \
													   _mm256_setzero_si256(), 0x0f)); \
	} while (0)

/* Lane 3 in every lane. */
#define LAST4(p) _mm256_permute4x64_epi64((p), 0xff)

/*
 * The lanes a checked conversion does not hold: where v, read back from
 * b = v + 1.5 * 2^52 as b less that, is not v (v not an integer, or NaN),
 * or where the scaled value xs is bound or more in magnitude (infinities
 * and NaN among them).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Unheld4(__m256d b, __m256d v, __m256d xs, double bound)
{
	return _mm256_castpd_si256(_mm256_or_pd(_mm256_cmp_pd(_mm256_sub_pd(b, _mm256_set1_pd(0x1.8p52)), v, _CMP_NEQ_UQ),
											_mm256_cmp_pd(_mm256_and_pd(xs, _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX))),
														  _mm256_set1_pd(bound), _CMP_NLT_UQ)));
}

/*
 * x * 2^-lsb = H * 2^51 + L for four doubles below 2^102 units (scale:
 * 2^-lsb, scale51: 2^(-lsb-51)): H = RN(x * 2^(-lsb-51)) read from the bits
 * of its sum with 1.5 * 2^52 (|H| < 2^51), and L = x * 2^-lsb - H * 2^51,
 * exact from one fused multiply-add, |L| <= 2^50, read likewise.  With bad
 * (values not analysed: the guess kernels), *bad gets the lanes whose
 * x * 2^-lsb is not an integer below 2^62 (NaN and infinities among them):
 * the fused multiply-add is exact for any double x (x * 2^-lsb and H *
 * 2^51 are multiples of x's lowest bit, and their difference lies below
 * 2^51 or is x * 2^-lsb itself), so L is an integer exactly when the value
 * is one, and then reading it from the bits of L + 1.5 * 2^52 is exact:
 * the bits read back equal L only then.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
Split51(__m256d x, __m256d scale, __m256d scale51, __m256i *h, __m256i *l, __m256i *bad)
{
	const __m256d magic = _mm256_set1_pd(0x1.8p52);
	__m256d		xs = _mm256_mul_pd(x, scale);
	__m256d		a = _mm256_fmadd_pd(x, scale51, magic);
	__m256d		ld = _mm256_fnmadd_pd(_mm256_sub_pd(a, magic), _mm256_set1_pd(0x1p51), xs);
	__m256d		lb = _mm256_add_pd(ld, magic);

	*h = _mm256_sub_epi64(_mm256_castpd_si256(a), _mm256_castpd_si256(magic));
	*l = _mm256_sub_epi64(_mm256_castpd_si256(lb), _mm256_castpd_si256(magic));
	if (bad)
		*bad = Unheld4(lb, ld, xs, 0x1p62);
}

/*
 * x * 2^-lsb as int64 for four doubles, each zero or a normal multiple of
 * 2^lsb below 2^63 units: H * 2^51 + L (Split51, bad as there); with
 * narrow (never with bad), below 2^51 units, read from the bits of its sum
 * with 1.5 * 2^52 (one rounding-free fused multiply-add).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Fixed64(__m256d x, __m256d scale, __m256d scale51, int narrow, __m256i *bad)
{
	__m256i		h,
				l;

	if (narrow)
		return _mm256_sub_epi64(_mm256_castpd_si256(_mm256_fmadd_pd(x, scale, _mm256_set1_pd(0x1.8p52))),
								_mm256_set1_epi64x(INT64_C(0x4338000000000000)));
	Split51(x, scale, scale51, &h, &l, bad);
	return _mm256_add_epi64(_mm256_slli_epi64(h, 51), l);
}

/*
 * x * 2^-lsb as int64 for four doubles not analysed, below 2^51 units:
 * read from the bits of its sum with 1.5 * 2^52, which rounds it to an
 * integer; *bad gets the lanes where that changed it (not a multiple of
 * 2^lsb, NaN among them) or where it is 2^51 units or more (infinities
 * among them: inf - 1.5 * 2^52 is inf).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Narrow64Checked(__m256d x, __m256d scale, __m256i *bad)
{
	const __m256d magic = _mm256_set1_pd(0x1.8p52);
	__m256d		xs = _mm256_mul_pd(x, scale);
	__m256d		a = _mm256_add_pd(xs, magic);

	*bad = Unheld4(a, xs, xs, 0x1p51);
	return _mm256_sub_epi64(_mm256_castpd_si256(a), _mm256_castpd_si256(magic));
}

/*
 * Four int64 to double, each rounded once: (high half + 2^31) * 2^32 in
 * the significand of 2^84, less 2^84 + 2^63 + 2^52, is the high half
 * times 2^32 less 2^52, exactly; the low half in the significand of 2^52
 * is 2^52 plus it; their sum is the only rounding.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
I64ToPd(__m256i v)
{
	__m256i		hb = _mm256_xor_si256(_mm256_srli_epi64(v, 32),
									  _mm256_set1_epi64x(INT64_C(0x4530000080000000)));
	__m256i		lb = _mm256_blend_epi32(v, _mm256_set1_epi64x(INT64_C(0x4330000000000000)), 0xaa);

	return _mm256_add_pd(_mm256_sub_pd(_mm256_castsi256_pd(hb), _mm256_set1_pd(0x1.00000801p84)),
						 _mm256_castsi256_pd(lb));
}

/*
 * I64ToPd(v) * 2^lsb, rounded once, for lsb in [-1022, 939]: the same
 * two halves with lsb added to both exponent fields (xhi: the bits of
 * 2^(84 + lsb) and 2^31, xlo: of 2^(52 + lsb); Scan64Mean4's), less csub,
 * 2^lsb (2^84 + 2^63 + 2^52): every step exact but the last addition, as
 * in I64ToPd scaled by 2^lsb, and no multiplication after it.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256d
I64ToPdScaled(__m256i v, __m256i xhi, __m256i xlo, __m256d csub)
{
	__m256i		hb = _mm256_xor_si256(_mm256_srli_epi64(v, 32), xhi);
	__m256i		lb = _mm256_blend_epi32(v, xlo, 0xaa);

	return _mm256_add_pd(_mm256_sub_pd(_mm256_castsi256_pd(hb), csub), _mm256_castsi256_pd(lb));
}

/*
 * An int64 S as sh = RN(S) and sl = S - sh, exactly: its signed high half
 * H times 2^32, less 2^52, and its unsigned low half L plus 2^52, exact
 * doubles (from the bits, as in I64ToPd), joined by Fast2Sum, which is
 * exact here: a = H * 2^32 - 2^52 has b's exponent (52) or more where
 * |a| >= 2^52, and else 0 < H < 2^21, so a + b = S < 2^53 is exact.
 */
static inline __attribute__((always_inline)) AVX2_TARGET void
Split64x4(__m256i v, __m256d *sh, __m256d *sl)
{
	__m256d		a = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_xor_si256(_mm256_srli_epi64(v, 32),
																	   _mm256_set1_epi64x(INT64_C(0x4530000080000000)))),
								  _mm256_set1_pd(0x1.00000801p84));
	__m256d		b = _mm256_castsi256_pd(_mm256_blend_epi32(v, _mm256_set1_epi64x(INT64_C(0x4330000000000000)), 0xaa));

	*sh = _mm256_add_pd(a, b);
	*sl = _mm256_sub_pd(b, _mm256_sub_pd(*sh, a));
}

/*
 * Jam the lanes sel of v: the bits below the jam bit jb (jl = jb - 1) are
 * folded into it as a sticky bit (v unchanged where they are zero).  v and
 * the result then lie strictly between the same two multiples of 2 jb, so
 * they round alike to any precision whose rounding bit lies above jb.
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
Jam4(__m256i v, __m256i sel, int64_t jl)
{
	__m256i		l = _mm256_and_si256(sel, _mm256_set1_epi64x(jl));
	__m256i		b = _mm256_and_si256(sel, _mm256_set1_epi64x(jl + 1));

	return _mm256_or_si256(_mm256_andnot_si256(l, v),
						   _mm256_and_si256(_mm256_add_epi64(_mm256_and_si256(v, l), l), b));
}

/*
 * v, |v| < 2^63, jammed at 2^10 where |v| >= 2^53: exact in double, and
 * rounding it to float rounds v (whose float rounding bit lies above 2^29).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m256i
JamForFloat(__m256i v)
{
	__m256i		big = _mm256_or_si256(_mm256_cmpgt_epi64(v, _mm256_set1_epi64x((INT64_C(1) << 53) - 1)),
									  _mm256_cmpgt_epi64(_mm256_set1_epi64x(-(INT64_C(1) << 53) + 1), v));

	if (_mm256_testz_si256(big, big))
		return v;
	return Jam4(v, big, 1023);
}

/*
 * Store four results at out + i, lanes [0, n - i): the doubles rd, or rd
 * rounded to float, which is returned (float4; else zeros).
 */
static inline __attribute__((always_inline)) AVX2_TARGET __m128
Put4(void *out, int64_t i, int64_t n, int f8, __m256d rd)
{
	__m128		rf = _mm_setzero_ps();

	if (f8)
	{
		if (n - i >= 4)
			_mm256_storeu_pd((double *) out + i, rd);
		else
			_mm256_maskstore_pd((double *) out + i, TAIL4(n - i), rd);
	}
	else
	{
		rf = _mm256_cvtpd_ps(rd);
		if (n - i >= 4)
			_mm_storeu_ps((float *) out + i, rf);
		else
			_mm_maskstore_ps((float *) out + i, TAIL4_32(n - i), rf);
	}
	return rf;
}

/*
 * Store four results (Put4) and return the lanes that overflowed to an
 * infinity (no input is infinite).
 */
static inline __attribute__((always_inline)) AVX2_TARGET int
Store4(void *out, int64_t i, int64_t n, int f8, __m256d rd)
{
	int			lanes = n - i >= 4 ? 15 : (1 << (n - i)) - 1;
	__m128		rf = Put4(out, i, n, f8, rd);

	if (f8)
		return _mm256_movemask_pd(_mm256_cmp_pd(_mm256_and_pd(rd, _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX))),
												_mm256_set1_pd(INFINITY), _CMP_EQ_OQ)) & lanes;
	return _mm_movemask_ps(_mm_cmpeq_ps(_mm_and_ps(rf, _mm_castsi128_ps(_mm_set1_epi32(INT32_MAX))),
										_mm_set1_ps(INFINITY))) & lanes;
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
static __attribute__((noinline)) AVX2_TARGET void
FlushDoubles4Plain(void *out, int64_t i0, int64_t n, int cnt, __m256d vsc, const __m256i *b1,
				   Counts4 *cn, MeansPending *pend, int *exact)
{
	FlushMeans4(out, i0, n, cnt, 1, vsc, 1, 0, 0, b1, NULL, cn, pend, exact);
}

/* FlushMeans4 of a double's sums in a block not plain, not narrow, out of line (Flush64x4). */
static __attribute__((noinline)) AVX2_TARGET void
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
						MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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
					MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
			}
		}
		if (mean && pend.n > 0)
			MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
	}
	*acc = _mm_cvtsi128_si64(_mm256_castsi256_si128(carry));
	if (check)
		*stop = n;
	return -1;
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
						MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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
			MeansDrain(&pend, out, f8, lsb, gs_pow2(lsb));
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

/*
 * The 64-bit kernel on AVX2 (running totals, or moving sums with lag),
 * specialised; checked where stop is given (gs_simd_scan64_checked; never
 * narrow then).
 */
static AVX2_TARGET int64_t
Avx2Scan64(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
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
static AVX2_TARGET int64_t
Avx2Scan64Guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl, bool narrow,
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

/*
 * Does a guess kernel's carry let it begin narrow (sums below 2^51 units)?
 * Below 2^50 units: a carry nearer the bound would stop it at once.
 */
static inline bool
Narrow2(int64_t acc)
{
	return acc >= -(INT64_C(1) << 50) && acc < INT64_C(1) << 50;
}

/* The 64-bit kernel of running means of values not analysed on AVX2 (gs_simd_cummean64_guess), specialised; a double's narrow as Avx2Scan64Guess. */
static AVX2_TARGET void
Avx2Cummean64Guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
				   int64_t rowpos0, bool plain, bool narrow, int64_t *stop)
{
#define CASE(F8, PLAIN, NARROW) \
	if (f8 == (F8) && plain == (PLAIN) && narrow == (NARROW)) \
		(void) Scan64Mean4(in, NULL, out, n, lsb, acc, rowpos0, INT64_MAX, F8, 0, 1, 0, PLAIN, NARROW, 2, stop)
	CASE(1, 1, 0); else CASE(1, 0, 0); else CASE(0, 1, 0); else CASE(0, 0, 0);
	else CASE(1, 1, 1); else CASE(1, 0, 1);
#undef CASE
}

/* The carry-save kernel of running means of values not analysed on AVX2 (gs_simd_cummean_split_guess), specialised. */
static AVX2_TARGET void
Avx2CummeanSplitGuess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
					  int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
#define CASE(F8, PLAIN) \
	if (f8 == (F8) && plain == (PLAIN)) \
		(void) ScanSplit4(in, NULL, out, n, lsb, carry_h, carry_l, rowpos0, INT64_MAX, F8, 0, 0, 1, PLAIN, 1, stop)
	CASE(1, 1); else CASE(1, 0); else CASE(0, 1); else CASE(0, 0);
#undef CASE
}

/*
 * The 64-bit kernel of a mean on AVX2, specialised; checked where stop is
 * given (never narrow then).
 */
static AVX2_TARGET void
Avx2Movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
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

/*
 * The carry-save 128-bit kernel on AVX2 (sums, or means with mean),
 * specialised; checking each value where stop is given (values not
 * analysed, no lag).
 */
static AVX2_TARGET int64_t
Avx2ScanSplit(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
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

/* The 64-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
			   bool excl, bool narrow, int64_t *acc)
{
	if (gs_simd_enabled())
		return Avx512Scan64(in, out, n, f8, lsb, excl, acc);
	return Avx2Scan64(in, NULL, out, n, f8, lsb, excl, false, narrow, acc, NULL);
}

/* The checked 64-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64_checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
					   bool excl, bool diff, int64_t *acc, int64_t *stop)
{
	if (gs_simd_enabled())
		return Avx512Scan64Checked(in, lag, out, n, f8, lsb, excl, diff, acc, stop);
	return Avx2Scan64(in, lag, out, n, f8, lsb, excl, diff, false, acc, stop);
}

/* The 64-bit kernel of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
					 int64_t *acc, int64_t *stop)
{
	int64_t		done = 0,
				d2,
				bad;
	int			isz = f8 ? 8 : 4;

	if (gs_simd_enabled())
		return Avx512Scan64Guess(in, out, n, f8, lsb, excl, acc, stop);
	if (Narrow2(*acc))
	{
		bad = Avx2Scan64Guess(in, out, n, f8, lsb, excl, true, acc, &done);
		if (bad >= 0 || done == n)
		{
			*stop = done;
			return bad;
		}
	}
	bad = Avx2Scan64Guess((const char *) in + done * isz, (char *) out + done * isz, n - done, f8, lsb,
						  excl, false, acc, &d2);
	*stop = done + d2;
	return bad >= 0 ? bad + done : -1;
}

/* The 64-bit kernel of running means of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						int64_t rowpos0, bool plain, int64_t *stop)
{
	int64_t		done = 0,
				d2;
	int			isz = f8 ? 8 : 4;

	if (gs_simd_enabled())
	{
		Avx512Cummean64Guess(in, out, n, f8, lsb, acc, rowpos0, plain, stop);
		return;
	}
	/* a double's sums narrow first (a float's measured slower so: test/bench/NOTES.md) */
	if (f8 && Narrow2(*acc))
	{
		Avx2Cummean64Guess(in, out, n, f8, lsb, acc, rowpos0, plain, true, &done);
		if (done == n)
		{
			*stop = n;
			return;
		}
	}
	Avx2Cummean64Guess((const char *) in + done * isz, (char *) out + done * isz, n - done, f8, lsb, acc,
					   rowpos0 + done, plain, false, &d2);
	*stop = done + d2;
}

/* The carry-save kernel of running means of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
							int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
	if (gs_simd_enabled())
		Avx512CummeanSplitGuess(in, out, n, f8, lsb, carry_h, carry_l, rowpos0, plain, stop);
	else
		Avx2CummeanSplitGuess(in, out, n, f8, lsb, carry_h, carry_l, rowpos0, plain, stop);
}

/* The 64-bit kernel of a moving sum (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				 int lsb, bool diff, bool narrow, int64_t w, int64_t *acc)
{
	if (gs_simd_enabled())
		return Avx512Movsum64(in, lag, out, n, f8, lsb, diff, w, acc);
	return Avx2Scan64(in, lag, out, n, f8, lsb, false, diff, narrow, acc, NULL);
}

/* The 64-bit kernel of a mean (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				  int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain,
				  bool narrow, int64_t *stop)
{
	if (gs_simd_enabled())
		Avx512Movmean64(in, lag, out, n, f8, lsb, diff, acc, rowpos0, w, plain, stop);
	else
		Avx2Movmean64(in, lag, out, n, f8, lsb, diff, acc, rowpos0, w, plain, narrow, stop);
}

/* The carry-save 128-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
				   bool excl, int64_t *carry_h, int64_t *carry_l)
{
	if (gs_simd_enabled())
		return Avx512ScanSplit(in, out, n, f8, lsb, excl, carry_h, carry_l, NULL);
	return Avx2ScanSplit(in, NULL, out, n, f8, lsb, excl, false, false, carry_h, carry_l, 0, 0, false, NULL);
}

/* The carry-save 128-bit kernel of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
						 int64_t *carry_h, int64_t *carry_l, int64_t *stop)
{
	if (gs_simd_enabled())
		return Avx512ScanSplit(in, out, n, f8, lsb, excl, carry_h, carry_l, stop);
	return Avx2ScanSplit(in, NULL, out, n, f8, lsb, excl, false, false, carry_h, carry_l, 0, 0, false, stop);
}

/* The carry-save 128-bit kernel of a moving sum (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_movsum_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					 int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	if (gs_simd_enabled())
		return Avx512MovsumSplit(in, lag, out, n, f8, lsb, diff, carry_h, carry_l);
	return Avx2ScanSplit(in, lag, out, n, f8, lsb, false, diff, false, carry_h, carry_l, 0, 0, false, NULL);
}

/* The carry-save 128-bit kernel of a mean (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_movmean_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					  int lsb, bool diff, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
					  int64_t w, bool plain)
{
	if (gs_simd_enabled())
		Avx512MovmeanSplit(in, lag, out, n, f8, lsb, diff, carry_h, carry_l, rowpos0, w, plain);
	else
		(void) Avx2ScanSplit(in, lag, out, n, f8, lsb, false, diff, true, carry_h, carry_l,
							 rowpos0, w, plain, NULL);
}

#else							/* !GS_HAVE_AVX512_BUILD */

/* Which batch code gs_simd_means may use (none in this build). */
int			gs_cpu_means_lanes = 0;

/* Built without AVX-512 or AVX2 code: the scalar loop takes every batch. */
bool
gs_simd_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			  double scale, bool f8, void *out)
{
	return false;
}

/* Built without AVX-512 or AVX2 code: the scalar loop takes the means. */
bool
gs_simd_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
				  double step, double *out)
{
	return false;
}

/* Built without AVX-512 support: gs_simd_enabled() is false, never called. */
int64_t
gs_simd_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
			   bool excl, bool narrow, int64_t *acc)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
					 int64_t *acc, int64_t *stop)
{
	*stop = 0;
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						int64_t rowpos0, bool plain, int64_t *stop)
{
	*stop = 0;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
							int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
	*stop = 0;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan64_checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
					   bool excl, bool diff, int64_t *acc, int64_t *stop)
{
	*stop = 0;
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				 int lsb, bool diff, bool narrow, int64_t w, int64_t *acc)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				  int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain,
				  bool narrow, int64_t *stop)
{
	if (stop)
		*stop = 0;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_movsum_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					 int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_movmean_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					  int lsb, bool diff, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
					  int64_t w, bool plain)
{
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
				   bool excl, int64_t *carry_h, int64_t *carry_l)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
						 int64_t *carry_h, int64_t *carry_l, int64_t *stop)
{
	*stop = 0;
	return -1;
}

#endif							/* GS_HAVE_AVX512_BUILD */
