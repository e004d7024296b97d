/*
 * cpu/avx2.h — the AVX2 kernels' loads, exact splits and
 * conversions, in-register prefix sums and stores of four values
 * (cpu/avx2_*.c).
 */
#ifndef GPUSCAN_AVX2_H
#define GPUSCAN_AVX2_H

#include "simd_kernels.h"

#ifdef GS_HAVE_AVX512_BUILD

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

#endif							/* GS_HAVE_AVX512_BUILD */

#endif							/* GPUSCAN_AVX2_H */
