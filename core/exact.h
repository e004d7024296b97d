/*
 * core/exact.h — the exact-arithmetic core of gpuscan.
 *
 * Written once and included by both engines: the C CPU engine (cpu/) and
 * the CUDA kernels (cuda/).  Every output of a float scan is the correctly
 * rounded (round-half-to-even) value of the exact sum of the inputs so far.
 * The method:
 *
 *   1. Every finite input x is m * 2^e exactly (m an integer mantissa).  Over
 *	    the whole array we find lsb = min(e + ctz(m)) and msb = max(bit length).
 *   2. Each x becomes the integer x * 2^-lsb, which is exact, in a two's
 *	    complement accumulator wide enough for any prefix of the array:
 *	    bits = msb - lsb + ceil(log2(n)) + 2.  64 bits, 128 bits, or an array
 *	    of 64-bit limbs (CPU only) when the exponent range needs more.
 *   3. Integer addition is associative, so any order of additions (sequential
 *	    on the CPU, a tree on the GPU) gives the same integers.
 *   4. Each prefix integer K is rounded once: its top 63 bits with a sticky bit
 *	    are converted by the hardware's round-to-nearest-even int64->float
 *	    conversion, then scaled by a power of two, which is exact (a result in
 *	    the subnormal range is always exact, since every input is a multiple
 *	    of 2^lsb).
 *
 * No PostgreSQL header is included here.  Functions are static inline, and
 * __host__ __device__ when compiled by nvcc.
 */
#ifndef GPUSCAN_EXACT_H
#define GPUSCAN_EXACT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define GS_HD __host__ __device__ __forceinline__
#else
#define GS_HD __attribute__((always_inline)) static inline
#endif

typedef __int128 gs_i128;
typedef unsigned __int128 gs_u128;

/* Per-row flags of values that do not enter the fixed-point accumulator. */
#define GS_FLAG_NAN			0x1u	/* a NaN so far */
#define GS_FLAG_PINF		0x2u	/* a +Infinity so far */
#define GS_FLAG_NINF		0x4u	/* a -Infinity so far */
#define GS_FLAG_NONNEGZERO	0x8u	/* a term other than -0 so far */
#define GS_FLAG_ANY			0x10u	/* any term so far */

/* The flags of a prefix that is not finite. */
#define GS_FLAG_NONFINITE	(GS_FLAG_NAN | GS_FLAG_PINF | GS_FLAG_NINF)

/* Widest accumulator the exact core handles: limbs of 64 bits. */
#define GS_MAX_LIMBS		36	/* 2304 bits: float8 needs at most 2128 */

/* Count leading zeros of a nonzero 64-bit word. */
GS_HD int
gs_clz64(uint64_t x)
{
#ifdef __CUDA_ARCH__
	return __clzll((long long) x);
#else
	return __builtin_clzll(x);
#endif
}

/* Count trailing zeros of a nonzero 64-bit word. */
GS_HD int
gs_ctz64(uint64_t x)
{
#ifdef __CUDA_ARCH__
	return __ffsll((long long) x) - 1;
#else
	return __builtin_ctzll(x);
#endif
}

/* Smallest e with 2^e >= n (n >= 1). */
GS_HD int
gs_ceil_log2(int64_t n)
{
	int			e = 0;

	while (e < 63 && (INT64_C(1) << e) < n)
		e++;
	return e;
}

/* Reinterpret the bits of x (of type From) as a To, the same size. */
#define GS_BIT_CAST(name, To, From) \
	GS_HD To \
	name(From x) \
	{ \
		To			y; \
		\
		memcpy(&y, &x, sizeof(y)); \
		return y; \
	}

/* A float's or a double's bits, and the value from its bits. */
GS_BIT_CAST(gs_f32_bits, uint32_t, float)
GS_BIT_CAST(gs_f32_from_bits, float, uint32_t)
GS_BIT_CAST(gs_f64_bits, uint64_t, double)
GS_BIT_CAST(gs_f64_from_bits, double, uint64_t)
#undef GS_BIT_CAST

/* 2^e as a double, exactly, for e in [-1074, 1023]; +Infinity above. */
GS_HD double
gs_pow2(int e)
{
	if (e > 1023)
		return gs_f64_from_bits(UINT64_C(0x7ff0000000000000));
	if (e >= -1022)
		return gs_f64_from_bits((uint64_t) (e + 1023) << 52);
	return gs_f64_from_bits(UINT64_C(1) << (e + 1074));
}

/* x 2^e: a multiplication where 2^e is a double, else ldexp. */
GS_HD double
gs_scale2(double x, int e)
{
	return e >= -1022 && e <= 1023 ? x * gs_pow2(e) : ldexp(x, e);
}

/*
 * The IEEE formats' fields: mantissa bits (without the implicit bit), the
 * sign bit and +Infinity's bits; f8 selects double over float (whose bits
 * are zero-extended to 64).
 */
#define GS_MANT_BITS(f8)	((f8) ? 52 : 23)
#define GS_SIGN_BIT(f8)		((f8) ? UINT64_C(0x8000000000000000) : UINT64_C(0x80000000))
#define GS_INF_BITS(f8)		((f8) ? UINT64_C(0x7ff0000000000000) : UINT64_C(0x7f800000))

/*
 * A lowest set bit's position lo (gs_float_class) stands for the power of
 * two 2^(lo - GS_LO_BIAS): the exponent bias plus the mantissa bits, 150
 * for floats, 1075 for doubles.
 */
#define GS_LO_BIAS(f8)		((f8) ? 1075 : 150)

/*
 * Decompose a finite float or double into |x| = m * 2^e (m < 2^24 or 2^53,
 * an integer).  Returns the sign bit.  A zero gives m = 0.
 */
GS_HD int
gs_float_parts(uint64_t u, int f8, uint64_t *m, int *e)
{
	const int	mb = GS_MANT_BITS(f8);
	uint64_t	a = u & (GS_SIGN_BIT(f8) - 1);
	uint32_t	ef = (uint32_t) (a >> mb);
	uint64_t	mf = a & ((UINT64_C(1) << mb) - 1);

	*m = ef ? (mf | (UINT64_C(1) << mb)) : mf;
	*e = (int) (ef ? ef : 1) - GS_LO_BIAS(f8);
	return (int) (u >> (f8 ? 63 : 31));
}

/* Decompose a finite float (see gs_float_parts). */
GS_HD int
gs_f32_parts(uint32_t u, uint64_t *m, int *e)
{
	return gs_float_parts(u, 0, m, e);
}

/* Decompose a finite double (see gs_float_parts). */
GS_HD int
gs_f64_parts(uint64_t u, uint64_t *m, int *e)
{
	return gs_float_parts(u, 1, m, e);
}

/*
 * Flags of one float or double term (see GS_FLAG_*): exponent field all
 * ones is NaN or an infinity.
 */
GS_HD uint32_t
gs_float_flags(uint64_t u, int f8)
{
	const uint64_t inf = GS_INF_BITS(f8);
	uint32_t	f = GS_FLAG_ANY;

	if (u != GS_SIGN_BIT(f8))
		f |= GS_FLAG_NONNEGZERO;
	if ((u & inf) == inf)
	{
		if (u & ((UINT64_C(1) << GS_MANT_BITS(f8)) - 1))
			f |= GS_FLAG_NAN;
		else
			f |= (u & GS_SIGN_BIT(f8)) ? GS_FLAG_NINF : GS_FLAG_PINF;
	}
	return f;
}

/* Flags of one float term. */
GS_HD uint32_t
gs_f32_flags(uint32_t u)
{
	return gs_float_flags(u, 0);
}

/* Flags of one double term. */
GS_HD uint32_t
gs_f64_flags(uint64_t u)
{
	return gs_float_flags(u, 1);
}

/* What one value is to the float analysis (gs_float_class). */
#define GS_VALUE_ZERO		0	/* +0: adds nothing, no flag */
#define GS_VALUE_FINITE		1	/* finite and nonzero: enters the fixed point */
#define GS_VALUE_SPECIAL	2	/* NaN, an infinity or -0: needs the flags */

/*
 * The float analysis of one value, u the bits of a float (zero-extended) or
 * of a double (f8): every analysis, on the host and on the GPU, goes through
 * here.  *abs gets the magnitude's bits (positive floats order as their
 * bits).  For a finite nonzero value *lo gets its lowest set bit's position
 * as (biased exponent field, at least 1) + trailing zeros of the mantissa
 * with its implicit bit, so the value is a multiple of
 * 2^(*lo - GS_LO_BIAS(f8)).  Returns a GS_VALUE_*.
 */
GS_HD int
gs_float_class(uint64_t u, int f8, uint64_t *abs, int32_t *lo)
{
	const int	mb = GS_MANT_BITS(f8);
	uint64_t	a = u & (GS_SIGN_BIT(f8) - 1);
	uint32_t	ef;

	*abs = a;
	if (a - 1 >= GS_INF_BITS(f8) - 1)
	{
		/* zero, an infinity or NaN */
		return a != 0 || u == GS_SIGN_BIT(f8) ? GS_VALUE_SPECIAL : GS_VALUE_ZERO;
	}
	/* OR-ing the implicit bit in keeps a subnormal's trailing zeros */
	ef = (uint32_t) (a >> mb);
	*lo = (int32_t) (ef ? ef : 1) +
		gs_ctz64((a & ((UINT64_C(1) << mb) - 1)) | (UINT64_C(1) << mb));
	return GS_VALUE_FINITE;
}

/*
 * The position of the top bit of the largest magnitude, maxabs its bits
 * (finite, nonzero): the magnitude lies in [2^top, 2^(top+1)).
 */
GS_HD int
gs_float_top_bit(uint64_t maxabs, int f8)
{
	uint64_t	m;
	int			e;

	gs_float_parts(maxabs, f8, &m, &e);
	return e + 63 - gs_clz64(m);
}

/*
 * The IEEE value of a prefix whose flags say it is not finite: NaN when any
 * NaN or both infinities were seen, else the infinity seen.  Returns 0 when
 * the prefix is finite.  Encoded as a double (cast to float for float4).
 */
GS_HD int
gs_special_value(uint32_t flags, double *v)
{
	if ((flags & GS_FLAG_NAN) ||
		(flags & (GS_FLAG_PINF | GS_FLAG_NINF)) == (GS_FLAG_PINF | GS_FLAG_NINF))
	{
		*v = gs_f64_from_bits(UINT64_C(0x7ff8000000000000));
		return 1;
	}
	if (flags & GS_FLAG_PINF)
	{
		*v = gs_f64_from_bits(UINT64_C(0x7ff0000000000000));
		return 1;
	}
	if (flags & GS_FLAG_NINF)
	{
		*v = gs_f64_from_bits(UINT64_C(0xfff0000000000000));
		return 1;
	}
	return 0;
}

/* The zero a finite prefix with exact sum 0 rounds to: -0 only if all terms were -0. */
GS_HD int
gs_zero_is_negative(uint32_t flags)
{
	return (flags & (GS_FLAG_ANY | GS_FLAG_NONNEGZERO)) == GS_FLAG_ANY;
}

/* ---------- float -> fixed point ---------- */

/*
 * x * 2^-lsb as a 64-bit integer; exact when the plan chose 64 bits.  Two
 * power-of-two multiplications keep every intermediate normal, so the
 * products are exact, and the final conversion truncates an integer.
 */
GS_HD int64_t
gs_f64_to_fixed64(double x, double s1, double s2)
{
	return (int64_t) ((x * s1) * s2);
}

/*
 * A float x * 2^-lsb as a 64-bit integer, inv = 2^-lsb a float (-lsb at
 * most 127); exact when the plan chose 64 bits: the product only moves the
 * exponent (its result is 0 or an integer at least 1, so normal), and the
 * conversion truncates an integer.
 */
GS_HD int64_t
gs_f32_to_fixed64(float x, float inv)
{
	return (int64_t) (x * inv);
}

/* The two factors whose product is 2^-lsb, each representable as a double. */
GS_HD void
gs_fixed_factors(int lsb, double *s1, double *s2)
{
	int			a = -lsb / 2;

	*s1 = gs_pow2(a);
	*s2 = gs_pow2(-lsb - a);
}

/*
 * Align m * 2^e to the unit 2^lsb: returns the shift that makes it an integer
 * in those units.  lsb may exceed e by the trailing zeros of m (the plan
 * counts them), in which case m loses only zero bits.  A zero (m = 0, e the
 * type's smallest exponent) may lie 64 or more places below the unit: a
 * shift that far is undefined in C, and its result is 0.
 */
GS_HD int
gs_align(uint64_t *m, int e, int lsb)
{
	int			d = e - lsb;

	if (d < 0)
	{
		*m = d > -64 ? *m >> -d : 0;
		return 0;
	}
	return d;
}

/* |x| = m * 2^e into a 128-bit two's complement integer in units of 2^lsb. */
GS_HD gs_i128
gs_parts_to_fixed128(int neg, uint64_t m, int e, int lsb)
{
	int			sh = gs_align(&m, e, lsb);
	gs_i128		v = (gs_i128) ((gs_u128) m << sh);

	return neg ? -v : v;
}

/* A finite float (f8: double) as a 128-bit fixed-point integer. */
GS_HD gs_i128
gs_float_to_fixed128(uint64_t u, int f8, int lsb)
{
	uint64_t	m;
	int			e;
	int			neg = gs_float_parts(u, f8, &m, &e);

	return gs_parts_to_fixed128(neg, m, e, lsb);
}

/* A finite float as a 128-bit fixed-point integer. */
GS_HD gs_i128
gs_f32_to_fixed128(uint32_t u, int lsb)
{
	return gs_float_to_fixed128(u, 0, lsb);
}

/* A finite double as a 128-bit fixed-point integer. */
GS_HD gs_i128
gs_f64_to_fixed128(uint64_t u, int lsb)
{
	return gs_float_to_fixed128(u, 1, lsb);
}

/* ---------- fixed point -> float, correctly rounded ---------- */

/*
 * Round mag * 2^exp to float (mag > 0 holds at most 63 significant bits, the
 * lowest of them sticky).  int64->float conversion rounds to nearest even;
 * the scaling by a power of two is exact unless it overflows, which gives
 * +Infinity as IEEE rounding does.
 */
GS_HD float
gs_round_f32(int neg, int64_t mag, int exp)
{
	double		r = (double) (float) mag * gs_pow2(exp);

	return (float) (neg ? -r : r);
}

/* Round mag * 2^exp to double (mag as above, exp >= -1074). */
GS_HD double
gs_round_f64(int neg, int64_t mag, int exp)
{
	double		r = (double) mag;

	/* exp > 1023 with mag >= 1 overflows in any case */
	r = r * gs_pow2(exp);
	return neg ? -r : r;
}

/*
 * A 128-bit magnitude of at least 2^63 reduced to 63 significant bits with a
 * sticky bit; returns the power of two the reduced value must be scaled by.
 */
GS_HD int
gs_reduce128(gs_u128 mag, int64_t *top)
{
	uint64_t	hi = (uint64_t) (mag >> 64);
	uint64_t	lo = (uint64_t) mag;
	int			z;
	uint64_t	t,
				rest;

	if (hi == 0)
	{
		/* 2^63 <= mag < 2^64 */
		*top = (int64_t) ((lo >> 1) | (lo & 1));
		return 1;
	}
	z = gs_clz64(hi);
	t = z ? (hi << z) | (lo >> (64 - z)) : hi;
	rest = z ? lo << z : lo;

	/* t holds 64 significant bits; keep 63 and fold everything below into bit 0 */
	*top = (int64_t) ((t >> 1) | (t & 1) | (rest != 0));
	return 65 - z;
}

/* K * 2^lsb rounded to float, K a 64-bit integer (not zero). */
GS_HD float
gs_fixed64_to_f32(int64_t k, float scale)
{
	/* (float)k rounds once; scale = 2^lsb is a float and the product is exact */
	return (float) k * scale;
}

/* K * 2^lsb rounded to double, K a 64-bit integer (not zero). */
GS_HD double
gs_fixed64_to_f64(int64_t k, double scale)
{
	return (double) k * scale;
}

/*
 * K * 2^lsb rounded to float (f8: double), K a 128-bit integer (not
 * zero); a float result is returned exactly as a double.  Beyond 64
 * bits, K shifted right (floor) with the bits shifted out OR-ed into the
 * lowest bit rounds to the same float once it keeps at least two bits more
 * than the format: any rounding boundary lies on an even integer of the
 * shifted scale, and the shifted value lies strictly between the same two
 * boundaries as K's.  The scaling by a power of two is exact (the result is
 * normal: |K| >= 2^63) unless it overflows, which gives +-Infinity as IEEE
 * rounding does.
 */
GS_HD double
gs_fixed128_round(gs_i128 k, int lsb, int f8, double scale)
{
	int64_t		hi = (int64_t) (k >> 64);
	int64_t		lo = (int64_t) (uint64_t) k;
	const int	s = f8 ? 9 : 32;	/* |K| < 2^(63 + s): K >> s keeps 55 or 32 bits */
	int			neg;
	gs_u128		mag;
	int64_t		top;

	if (hi == (lo >> 63))
		return f8 ? (double) lo * scale : (double) ((float) lo * (float) scale);
	if (hi >= -(INT64_C(1) << (s - 1)) && hi < (INT64_C(1) << (s - 1)))
	{
		int64_t		t = (int64_t) (((uint64_t) hi << (64 - s)) | ((uint64_t) lo >> s)) |
			((lo & ((INT64_C(1) << s) - 1)) != 0);

		return f8 ? (double) t * (scale * 512.0)
			: (double) ((float) t * (float) (scale * 4294967296.0));
	}
	neg = hi < 0;
	mag = neg ? (gs_u128) 0 - (gs_u128) k : (gs_u128) k;
	lsb += gs_reduce128(mag, &top);
	return f8 ? gs_round_f64(neg, top, lsb) : (double) gs_round_f32(neg, top, lsb);
}

/* K * 2^lsb rounded to float, K a 128-bit integer (not zero). */
GS_HD float
gs_fixed128_to_f32(gs_i128 k, int lsb, float scale)
{
	return (float) gs_fixed128_round(k, lsb, 0, scale);
}

/* K * 2^lsb rounded to double, K a 128-bit integer (not zero). */
GS_HD double
gs_fixed128_to_f64(gs_i128 k, int lsb, double scale)
{
	return gs_fixed128_round(k, lsb, 1, scale);
}

/* ---------- the order of running maxima and minima ---------- */

/*
 * PostgreSQL's order of floats (float4_gt, float8_gt) as 64-bit integer
 * keys, b the bits of a float (zero-extended) or of a double (f8): every
 * NaN above +Infinity and equal to every other NaN, -0 equal to 0,
 * otherwise the numeric order.  Integers are their own keys.
 */
GS_HD int64_t
gs_order_key_float(uint64_t b, int f8)
{
	uint64_t	mag = b & (GS_SIGN_BIT(f8) - 1);

	if (mag > GS_INF_BITS(f8))
		return INT64_MAX;
	return (b & GS_SIGN_BIT(f8)) ? -(int64_t) mag : (int64_t) mag;
}

/*
 * The order key of a stored value's raw bits (floats zero-extended,
 * integers sign-extended) for an operator: a running minimum is a running
 * maximum of the complemented keys (~ reverses the order of all int64).
 */
GS_HD int64_t
gs_order_key(int isfloat, int size, uint64_t raw, int is_min)
{
	int64_t		k = !isfloat ? (int64_t) raw : gs_order_key_float(raw, size == 8);

	return is_min ? ~k : k;
}

/* Does a later value of key kb replace the running extreme of key ka?  Ties: yes. */
GS_HD int
gs_order_takes(int64_t ka, int64_t kb)
{
	return kb >= ka;
}

/* ---------- wide accumulators: L limbs of 64 bits, two's complement ---------- */

/*
 * acc += (neg ? -1 : 1) * m * 2^sh, sh >= 0, over L limbs (modulo 2^(64 L));
 * m * 2^sh must lie within them (the sums of doubles: m < 2^53, sh + 53 <
 * 64 L).
 */
GS_HD void
gs_wide_add(uint64_t *acc, int nlimbs, int neg, uint64_t m, int sh)
{
	int			k = sh >> 6;
	int			b = sh & 63;
	uint64_t	lo = m << b;
	uint64_t	hi = b ? m >> (64 - b) : 0;
	int			i;

	if (!neg)
	{
		uint64_t	s = acc[k] + lo;
		uint64_t	c = s < lo;

		acc[k] = s;
		if (k + 1 < nlimbs)
		{
			uint64_t	t = acc[k + 1] + hi;
			uint64_t	c2 = t < hi;

			t += c;
			c2 |= t < c;
			acc[k + 1] = t;
			c = c2;
		}
		for (i = k + 2; c && i < nlimbs; i++)
			c = ++acc[i] == 0;
	}
	else
	{
		uint64_t	old = acc[k];
		uint64_t	b1 = old < lo;

		acc[k] = old - lo;
		if (k + 1 < nlimbs)
		{
			uint64_t	o2 = acc[k + 1];
			uint64_t	d = o2 - hi;
			uint64_t	b2 = o2 < hi;

			b2 |= d < b1;
			acc[k + 1] = d - b1;
			b1 = b2;
		}
		for (i = k + 2; b1 && i < nlimbs; i++)
			b1 = acc[i]-- == 0;
	}
}

/*
 * y (ny limbs) = floor(x 2^d), x of nx limbs sign-extended above (sign:
 * two's complement; else zero-extended) and zeros below: bits [64 j - d,
 * 64 j - d + 64) of x into limb j of y.
 */
GS_HD void
gs_wide_shift(const uint64_t *x, int nx, int sign, int d, uint64_t *y, int ny)
{
	uint64_t	sext = sign && (x[nx - 1] >> 63) ? ~UINT64_C(0) : 0;

	for (int j = 0; j < ny; j++)
	{
		int64_t		lo = 64 * (int64_t) j - d;
		int64_t		li = lo >= 0 ? lo / 64 : -((-lo + 63) / 64);
		int			bi = (int) (lo - 64 * li);
		uint64_t	x0 = li < 0 ? 0 : li >= nx ? sext : x[li],
					x1 = li + 1 < 0 ? 0 : li + 1 >= nx ? sext : x[li + 1];

		y[j] = bi ? (x0 >> bi) | (x1 << (64 - bi)) : x0;
	}
}

/*
 * The magnitude of a negative two's complement integer of nlimbs limbs into
 * mag (which may be x itself); returns whether x was negative, and leaves
 * mag alone when it was not.
 */
GS_HD int
gs_wide_negate_if(const uint64_t *x, int nlimbs, uint64_t *mag)
{
	uint64_t	carry = 1;

	if ((x[nlimbs - 1] >> 63) == 0)
		return 0;
	for (int i = 0; i < nlimbs; i++)
	{
		mag[i] = ~x[i] + carry;
		carry = carry && mag[i] == 0;
	}
	return 1;
}

/*
 * A wide integer reduced to its sign, 63 significant bits with a sticky bit,
 * and the power of two (in units of the integer's lsb) they are scaled by.
 * Returns 0 when the integer is zero.  scratch holds nlimbs words.
 */
GS_HD int
gs_wide_reduce(const uint64_t *acc, int nlimbs, uint64_t *scratch,
			   int *neg, int64_t *top, int *sh)
{
	const uint64_t *mag = acc;
	int			t;
	int			i;
	uint64_t	below = 0;

	*neg = gs_wide_negate_if(acc, nlimbs, scratch);
	if (*neg)
		mag = scratch;
	for (t = nlimbs - 1; t >= 0 && mag[t] == 0; t--)
		;
	if (t < 0)
		return 0;
	if (t == 0)
	{
		uint64_t	v = mag[0];

		if (v >> 63)
		{
			*top = (int64_t) ((v >> 1) | (v & 1));
			*sh = 1;
		}
		else
		{
			*top = (int64_t) v;
			*sh = 0;
		}
		return 1;
	}
	for (i = 0; i < t - 1 && !below; i++)
		below = mag[i] != 0;
	*sh = gs_reduce128(((gs_u128) mag[t] << 64) | mag[t - 1], top) + 64 * (t - 1);
	*top |= (int64_t) below;
	return 1;
}

/*
 * The bits a two's complement integer of nlimbs limbs needs beside its
 * sign: its magnitude's bit length, one more for a negative value (whose
 * magnitude ~w + 1 may carry into it); 0 for zero.  *low: its lowest set
 * bit, or nlimbs * 64 for zero.
 */
GS_HD int
gs_wide_bits(const uint64_t *w, int nlimbs, int *low)
{
	uint64_t	sext = (w[nlimbs - 1] >> 63) ? ~UINT64_C(0) : 0;
	int			i;

	*low = 64 * nlimbs;
	for (i = 0; i < nlimbs; i++)
		if (w[i] != 0)
		{
			*low = 64 * i + gs_ctz64(w[i]);
			break;
		}
	for (i = nlimbs - 1; i >= 0; i--)
	{
		uint64_t	x = w[i] ^ sext;	/* |w| <= ~w + 1 for negative w */

		if (x)
			return 64 * i + 64 - gs_clz64(x) + (sext != 0);
	}
	return sext ? 1 : 0;		/* -1, or zero */
}

/* ---------- means: an exact quotient, rounded once ---------- */

/* Bit length of a nonzero 128-bit magnitude. */
GS_HD int
gs_bits128(gs_u128 x)
{
	uint64_t	hi = (uint64_t) (x >> 64);

	return hi ? 128 - gs_clz64(hi) : 64 - gs_clz64((uint64_t) x);
}

/*
 * A nonzero 128-bit magnitude m as h + l truncated to 106 bits: h its top
 * 53 bits, l the next 53 (each exact as a double), so m lies in [h + l,
 * (h + l)(1 + 2^-104)).
 */
GS_HD void
gs_u128_top_dd(gs_u128 m, double *h, double *l)
{
	int			b = gs_bits128(m);

	if (b <= 53)
	{
		*h = (double) (uint64_t) m;
		*l = 0;
	}
	else
	{
		int			sh = b - 53;
		uint64_t	top = (uint64_t) (m >> sh);
		gs_u128		rest = m - ((gs_u128) top << sh);
		int			rb = rest ? gs_bits128(rest) : 0,
					sh2 = rb > 53 ? rb - 53 : 0;

		*h = (double) top * gs_pow2(sh);
		*l = (double) (uint64_t) (rest >> sh2) * gs_pow2(sh2);
	}
}

/*
 * q * 2^e rounded to float (f8: double), half to even, with gradual
 * underflow and overflow to +-Infinity; when sticky, the exact value lies
 * strictly between q * 2^e and (q + 1) * 2^e.  q must hold at least two
 * bits more than the format (q >= 2^(p+1)), so the rounding point lies
 * below its lowest bit.  A float result is returned exactly as a double.
 */
GS_HD double
gs_round_sticky(int neg, uint64_t q, int sticky, int e, int f8)
{
	const int	p = f8 ? 53 : 24;
	const int	ulp_min = f8 ? -1074 : -149;
	int			ulp = e + (64 - gs_clz64(q)) - p;
	int			d;
	uint64_t	m,
				rest,
				half;
	double		r;

	if (ulp < ulp_min)
		ulp = ulp_min;
	d = ulp - e;				/* >= 2: the bits of q below one ulp */
	if (d >= 64)
	{
		/* q < 2^64 <= 2^(d-1): below half an ulp of the smallest subnormal, or at it */
		m = (d == 64 && (q >> 63) && ((q << 1) != 0 || sticky)) ? 1 : 0;
	}
	else
	{
		m = q >> d;
		rest = q & ((UINT64_C(1) << d) - 1);
		half = UINT64_C(1) << (d - 1);
		if (rest > half || (rest == half && (sticky || (m & 1))))
			m++;
	}
	/* m <= 2^p: exact as a double; scaling by 2^ulp is exact or overflows */
	r = (double) m * gs_pow2(ulp);
	if (!f8)
		r = (double) (float) r;
	return neg ? -r : r;
}

/*
 * (hi 2^64 + lo) / d and its remainder (*r), for hi < d: the quotient fits
 * 64 bits, one divide instruction on x86-64.
 */
GS_HD uint64_t
gs_udiv128(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *r)
{
	uint64_t	q;

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(GS_PORTABLE_ONLY)
	__asm__("divq %4" : "=a"(q), "=d"(*r) : "a"(lo), "d"(hi), "rm"(d));
#else
	gs_u128		t = ((gs_u128) hi << 64) | lo;

	q = (uint64_t) (t / d);
	*r = (uint64_t) (t % d);
#endif
	return q;
}

/*
 * (mag * 2^e) / c rounded to float (f8: double), half to even, mag > 0,
 * c >= 1; when sticky_in, mag stands for a value strictly between mag and
 * mag + 1 (units 2^e), and must then hold at least 120 bits.  The dividend
 * is brought to p + 3 + bits(c) bits (shifted left, or right with the bits
 * shifted out folded into its lowest bit), so the quotient, p + 3 or p + 4
 * bits, fits 64 bits and its remainder is the sticky bit: every rounding
 * boundary lies on a multiple of 4 * c of the dividend, so the folding
 * moves no value across one.  A float result is returned as a double.
 */
GS_HD double
gs_round_quotient(int neg, gs_u128 mag, int sticky_in, int e, uint64_t c, int f8)
{
	const int	want = (f8 ? 53 : 24) + 3 + (64 - gs_clz64(c));
	int			nb = gs_bits128(mag);
	gs_u128		dv;
	uint64_t	q,
				r;

	if (nb <= want)
	{
		dv = mag << (want - nb);
		e -= want - nb;
	}
	else
	{
		int			sh = nb - want;

		dv = (mag >> sh) | (gs_u128) (sticky_in || (mag & (((gs_u128) 1 << sh) - 1)) != 0);
		e += sh;
	}
	if ((dv >> 64) == 0)
	{
		q = (uint64_t) dv / c;
		r = (uint64_t) dv % c;
	}
	else
		q = gs_udiv128((uint64_t) (dv >> 64), (uint64_t) dv, c, &r);	/* the quotient fits 64 bits */
	return gs_round_sticky(neg, q, r != 0, e, f8);
}

/* A fused multiply-add, a * b + c rounded once (a library call on a host without FMA). */
#ifdef __CUDACC__
#define GS_FMA(a, b, c)		fma((a), (b), (c))
#else
#define GS_FMA(a, b, c)		__builtin_fma((a), (b), (c))
#endif

/*
 * On a function of the exact paths' hot arithmetic (the covariances' final
 * roundings, a pair's move): compiled twice on x86-64, for CPUs with FMA
 * and without, chosen once by the dynamic linker, so that GS_FMA is one
 * instruction rather than a call of libm's fma.  The same bits either way
 * (each fma is one rounding); where the compiler contracts a product and a
 * sum into one, only a bound's or a low part's rounding changes, within
 * the margin each such function's bound allows.
 */
#if defined(__x86_64__) && !defined(GS_PORTABLE_ONLY) && !defined(__CUDACC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define GS_FMA_CLONES __attribute__((target_clones("fma", "default")))
#endif
#endif
#ifndef GS_FMA_CLONES
#define GS_FMA_CLONES
#endif

/*
 * The number nearest to y + corr, y > 0 a number of a format whose unit in the
 * last place at y is ulp and just below y is low (ulp / 2 at a power of
 * two), corr within one and a half of them, known within bound: y or a
 * neighbour, where y + corr with the bound lies inside that one's rounding
 * interval; false where it does not.
 */
GS_HD bool
gs_round_near_in(double y, double corr, double bound, double ulp, double low, double *out)
{
	if (corr + bound < ulp / 2 && corr - bound > -low / 2)
		*out = y;
	else if (corr - bound > ulp / 2 && corr + bound < 1.5 * ulp)
		*out = y + ulp;
	else if (corr + bound < -low / 2 && corr - bound > -1.5 * low)
		*out = y - low;
	else
		return false;
	return true;
}

/* The same for a double y, to double (gs_round_near_in). */
GS_HD bool
gs_round_near(double y, double corr, double bound, double *out)
{
	double		ulp = gs_f64_from_bits(gs_f64_bits(y) & UINT64_C(0x7ff0000000000000)) * 0x1p-52;

	return gs_round_near_in(y, corr, bound, ulp,
							(gs_f64_bits(y) & ((UINT64_C(1) << 52) - 1)) == 0 ? ulp / 2 : ulp, out);
}

/*
 * The same to float (as a double): the float f nearest to y, then f or a
 * neighbour by y - f + corr within bound (plus that sum's own rounding);
 * y a normal double whose float is normal.
 */
GS_HD bool
gs_round_near_float(double y, double corr, double bound, double *out)
{
	double		f = (double) (float) y,
				c = (y - f) + corr,
				ulp = gs_f64_from_bits(gs_f64_bits(f) & UINT64_C(0x7ff0000000000000)) * 0x1p-23;

	return gs_round_near_in(f, c, bound + (c < 0 ? -c : c) * 0x1p-52, ulp,
							(gs_f64_bits(f) & ((UINT64_C(1) << 52) - 1)) == 0 ? ulp / 2 : ulp, out);
}

/* Largest count the fast quotient takes (gs_quotient_fast): below 2^52. */
#define GS_QUOT_MAX_COUNT	((UINT64_C(1) << 52) - 1)

/*
 * A sum S as the fast quotient takes it: S = hi * 2^52 + lo, 0 <= lo <
 * 2^52 (GS_QUOT_LO(S), S's low 52 bits; hi = S >> 52, arithmetic).
 */
#define GS_QUOT_LO_MASK		((INT64_C(1) << 52) - 1)

/*
 * Does such a sum lie in the fast quotient's range, hi in [-2^51, 2^51),
 * so |S| <= 2^103?  (Then hi, lo and a count below 2^52 convert to doubles
 * exactly also by adding a magic number, as the AVX2 code does.)
 */
#define GS_QUOT_HI_OK(hi)	((uint64_t) ((hi) + (INT64_C(1) << 51)) < (UINT64_C(1) << 52))

/*
 * A float mean from the double q, within 1.5 of q's ulps of the exact
 * quotient (gs_quotient_fast's step 5, gs_quotient_exact): is q's rounding
 * to float that of the exact quotient, q's low 29 bits (qb: q's bits)
 * differing from a float midpoint's 2^28 by 2 or more?
 */
GS_HD int
gs_quot_float_clear(uint64_t qb)
{
	return ((qb & ((UINT64_C(1) << 29) - 1)) - ((UINT64_C(1) << 28) - 1)) > 2;
}

/*
 * Is a scaled mean res a normal number of its type, so that its scaling was
 * exact (gs_quotient_fast's step 6; a double's bound strict: a product just
 * below 2^-1022 may round onto it)?
 */
GS_HD int
gs_quot_normal(double res, int f8)
{
	double		ar = gs_f64_from_bits(gs_f64_bits(res) & ~UINT64_C(0x8000000000000000));

	if (f8)
		return (ar > 0x1p-1022) & (ar <= 0x1.fffffffffffffp1023);
	return (ar >= 0x1p-126) & (ar < 0x1p128);
}

/*
 * The fast exact quotient: S * 2^e / c rounded to double (f8) or float,
 * half to even, for S = hi * 2^52 + lo (0 <= lo < 2^52, hi in range:
 * GS_QUOT_HI_OK, so |S| <= 2^103), S != 0, 1 <= c < 2^52, scale = 2^e.
 * Returns 1 with *out set (a float as a double), or 0 where it cannot
 * decide: then gs_round_quotient must.  u below is ulp(q) = 2^(E_q - 52),
 * 2^E_q <= |q| < 2^(E_q + 1).  The steps and why each is exact:
 *
 *  1. S_hi = RN(S), S_lo = S - S_hi: hi * 2^52 and lo are exact doubles
 *     (|hi| <= 2^51, lo < 2^52), and Fast2Sum of them (|hi * 2^52| >= 2^52
 *     > lo, or hi = 0) is exact: S_lo is a double.  S_hi is an integer.
 *  2. q = RN(S_hi / c): c is exact (c <= 2^53); |S_hi| >= 1 and c <= 2^52,
 *     so q is normal, and |q| <= |S_hi| (RN is monotone), so u <= ulp(S_hi).
 *  3. r1 = S_hi - q c by one fma, exact: q c and S_hi are multiples of u
 *     (c an integer, u <= ulp(S_hi)), and |r1| = c |S_hi / c - q| <= c u / 2
 *     (q correctly rounded), so r1 = k u with |k| <= c / 2 < 2^53.
 *  4. R = r1 + S_lo = S - q c, exact in one addition: |S_hi| <= c (|q| +
 *     u / 2) < c 2^(E_q + 1), so ulp(S_hi) < 2 c u and |S_lo| <= ulp(S_hi) / 2
 *     < c u: |R| < 1.5 c u.  If u <= 1, R is a multiple of u (S_lo an
 *     integer) and |R| / u < 1.5 c <= 1.5 * 2^52 < 2^53; if u >= 2, R is an
 *     integer and c u <= |q| c 2^-52 <= (|S_hi| + c u / 2) 2^-52 gives
 *     c u <= 2^52 (|S_hi| <= 2^104), so |R| < 2^53.  R is a double.
 *     (The proof holds to |S| <= 2^104 and c <= 2^52; the range taken is
 *     a little narrower, for the AVX2 code's conversions.)
 *  5. S / c = q + R / c.  h = c u / 2 is an exact double, and |R| against h
 *     is an exact comparison: |R| < h, q is nearest; |R| = h, a tie between
 *     q and its neighbour toward R, the even one; |R| > h (and |R| < 1.5 c u),
 *     the neighbour toward R.  The neighbours of q are q +- u but below a
 *     power of two (|q| = 2^E_q), whose lower neighbour is u / 2 away: R
 *     pointing there (and not zero) is left to the slow path.  The
 *     neighbour's bits are q's plus or minus one.
 *  6. Scaling by 2^e is exact when the result is a normal double; a
 *     subnormal or infinite result is left to the slow path.  The test is
 *     |result| > 2^-1022, strictly: a product just below 2^-1022 rounds
 *     (to the subnormal grid) and may land on 2^-1022 itself, a second
 *     rounding (engine tests caught it).
 *
 * A float result needs no residual: from steps 4 and 5, |S / c - q| =
 * |R| / c < 1.5 u, and the only float midpoints near q are those of q's
 * binade, whose low 29 mantissa bits are 2^28 (any other float midpoint is
 * 2^-25 |q| away or more): when q's low 29 bits differ from 2^28 by 2 or
 * more, no midpoint lies within 1.5 u, and RN_24(q) = RN_24(S / c); the
 * others (and results not normal floats) are left to the slow path.
 * Multiplications in this function are exact, so contraction into fused
 * multiply-adds changes nothing.
 */
GS_HD int
gs_quotient_fast(int64_t hi, int64_t lo, uint64_t c, double scale, int f8, double *out)
{
	const uint64_t sign = UINT64_C(0x8000000000000000);
	const uint64_t mant = (UINT64_C(1) << 52) - 1;
	double		a = (double) hi * 0x1p52,
				b = (double) lo,
				sh = a + b,
				sl = b - (sh - a),
				cd = (double) c,
				q = sh / cd,
				r,
				u,
				h,
				ar,
				res;
	uint64_t	qb = gs_f64_bits(q),
				rb;
	int			up,
				toward0,
				ok;

	/* (branch-free: the outcomes are data, and mispredicted branches cost more) */
	if (!f8)
	{
		res = q * scale;
		*out = (double) (float) res;
		/* not within one ulp of a float midpoint; a normal float */
		return gs_quot_float_clear(qb) & gs_quot_normal(res, 0);
	}
	r = GS_FMA(-q, cd, sh) + sl;
	rb = gs_f64_bits(r);
	u = gs_f64_from_bits(qb & UINT64_C(0x7ff0000000000000)) * 0x1p-52;
	h = cd * (u * 0.5);
	ar = gs_f64_from_bits(rb & ~sign);
	/* to the neighbour toward R (away from zero when R has q's sign) */
	up = (ar > h) | ((ar == h) & (int) (qb & 1));
	toward0 = (int) ((rb ^ qb) >> 63);
	/* R toward zero from a power of two: a nearer neighbour, left to the slow path */
	ok = !(((qb & mant) == 0) & toward0 & (ar != 0));
	qb += (uint64_t) (int64_t) (up - 2 * (up & toward0));
	res = gs_f64_from_bits(qb) * scale;
	*out = res;
	return ok & gs_quot_normal(res, 1);
}

/*
 * The quotient of a sum S (units of 2^e) and a count c by one division,
 * S * 2^e / c rounded to double (f8) or float, from sd = S and cd = c, both
 * exact doubles (|S| < 2^53, 1 <= c < 2^53); a float's sum may also be
 * rounded, sd = RN(S), |S| < 2^63.  IEEE division rounds sd / cd once, to
 * nearest, ties to even, so for exact sd, q = RN(S / c) is the double
 * result unscaled, and scaling by 2^e is exact where the result is a
 * normal double (gs_quot_normal).  A float: |sd - S| <= 2^-53 |S| and |q
 * - sd / c| <= u / 2 give |q - S / c| < 1.5 u, so gs_quotient_fast's
 * midpoint test holds (gs_quot_float_clear).  plain: every result is known
 * normal (cpu/cpu_simd.h's gs_simd_means_plain), so only a float's
 * midpoint test remains.  Returns 1 with *out set (a float as a double; S
 * = 0 gives +0), or 0 where it cannot decide (results not normal, a
 * float near a midpoint): gs_mean_round must then.
 */
GS_HD int
gs_quotient_exact(double sd, double cd, double scale, int f8, int plain, double *out)
{
	double		q = sd / cd,
				res = q * scale;

	if (!f8)
	{
		int			mid = gs_quot_float_clear(gs_f64_bits(q)) | (sd == 0);

		*out = (double) (float) res;
		return plain ? mid : mid & (gs_quot_normal(res, 0) | (sd == 0));
	}
	*out = res;
	return plain || gs_quot_normal(res, 1) | (sd == 0);
}

/*
 * The bracketed quotient's perturbation: the reciprocal of a count is
 * taken times 1 + GS_QUOT_BRACKET and 1 - GS_QUOT_BRACKET
 * (gs_quotient_bracket).
 */
#define GS_QUOT_BRACKET		0x1p-20

/*
 * The reciprocals of a count cd for gs_quotient_bracket: rc = RN(1 / cd)
 * (gs_quotient_recips), and its brackets rcp = RN(rc (1 + 2^-20)), rcm =
 * RN(rc (1 - 2^-20)).  A count shared by many quotients (a moving mean's
 * window) takes them once.  The bracket needs rc only within 2^-52 of 1 /
 * cd, relatively (the AVX-512 code refines an estimate instead of
 * dividing, then takes its brackets the same way).
 */
GS_HD void
gs_quotient_brackets(double rc, double *rcp, double *rcm)
{
	*rcp = rc * (1.0 + GS_QUOT_BRACKET);
	*rcm = rc * (1.0 - GS_QUOT_BRACKET);
}

/* gs_quotient_brackets of rc = RN(1 / cd). */
GS_HD void
gs_quotient_recips(double cd, double *rc, double *rcp, double *rcm)
{
	*rc = 1.0 / cd;
	gs_quotient_brackets(*rc, rcp, rcm);
}

/*
 * The bracketed quotient: V = (sh + sl) / cd rounded to double, half to
 * even, with no division and no rounding test of its own, for the CPU
 * engine's vector kernels (which do these operations in the same order);
 * sh = RN(sh + sl) (so |sl| <= 2^-53 |sh|), cd > 0, and its reciprocals
 * from gs_quotient_recips.  Returns 1 with *out = RN(V), or 0 where V
 * lies within about 2^-17 ulp of a midpoint, ties among them: then the
 * slow path must decide.  With
 * U = ulp(V) (2^(E - 52), 2^E <= |V| < 2^(E + 1)), V = 0 aside:
 *
 *  1. q0 = RN(sh rc): sh is S (1 + t), |t| <= 2^-53 (1 + 2^-52), rc is
 *     (1 / cd)(1 + t'), |t'| <= 2^-52 (gs_quotient_recips), so |sh rc - V|
 *     < 3.01 * 2^-53 |V| < 3.01 U, and |q0 - V| < 4.01 U (ulp(q0) <= 2 U).
 *     q0 is a double, ulp(q0) >= U / 2; the midpoints nearest it lie
 *     ulp(q0) / 4 >= U / 8 away or more.
 *  2. r = RN(RN(sh - q0 cd) + sl) (one fma, one addition) is R = S - q0 cd
 *     = cd (V - q0), |R| / cd < 4.01 U, in two roundings, each of a value
 *     below 5.1 U cd (|sh / cd - q0| <= |sl| / cd + |V - q0| < 1.01 U +
 *     4.01 U): |r / cd - R / cd| < 2 * 2^-53 * 5.1 U < 2^-49 U.
 *  3. x = r rc, exactly (inside the fma): |x - R / cd| < 2^-49 U + 2^-52 *
 *     4.1 U (1 + 2^-52) < 2^-48 U =: Er.  And V = q0 + R / cd.
 *  4. q1 = RN(q0 + r rcp), q2 = RN(q0 + r rcm), each one fma, one rounding.
 *     r rcp and r rcm are x times rcp / rc and rcm / rc, which differ from
 *     1 by 2^-20 +- 2^-52: on either side of x, each at least |x| 2^-21
 *     from it.  If |x| 2^-21 >= Er, R / cd lies between them, so V lies
 *     between q0 + r rcm and q0 + r rcp, and RN, monotone, gives RN(V)
 *     between q2 and q1: when q1 = q2, q1 = RN(V).  Else |x| < 2^-27 U,
 *     |R / cd| < 2^-26 U, so RN(V) = q0 (step 1's midpoints are farther),
 *     and q1 = q2 = q0 as well: q0 + r rcp and q0 + r rcm lie within 2^-26
 *     U of q0 too.
 *
 * Ties need no case of their own (one lies between q0 + r rcm and q0 + r
 * rcp, and q1 != q2, or RN(V) is decided as above).  The steps need no
 * exact product or remainder, only no underflow or overflow in them: in
 * the engine sh, sl, r are in units (S = 0 or |S| >= 1, |S| <= 2^104), cd
 * is a count below 2^52 times a power of two 2^-e, and the
 * results decided are normal doubles (a zero sum: q0 = r = q1 = q2 = +0).
 */
GS_HD int
gs_quotient_bracket(double sh, double sl, double cd, double rc, double rcp, double rcm, double *out)
{
	double		q0 = sh * rc,
				r = GS_FMA(-q0, cd, sh) + sl,
				q1 = GS_FMA(r, rcp, q0),
				q2 = GS_FMA(r, rcm, q0);

	*out = q1;
	return q1 == q2;
}

/*
 * A mean: the exact sum s (units 2^e, not zero) over a count c >= 1,
 * rounded once to double (f8) or float (returned as a double), scale =
 * 2^e: the fast quotient where it decides, else gs_round_quotient.
 */
GS_HD double
gs_mean_round(gs_i128 s, int e, double scale, uint64_t c, int f8)
{
	gs_i128		hi = s >> 52;
	double		v;
	int			neg;

	if (hi >= -(INT64_C(1) << 51) && hi < (INT64_C(1) << 51) && c <= GS_QUOT_MAX_COUNT &&
		gs_quotient_fast((int64_t) hi, (int64_t) s & GS_QUOT_LO_MASK, c, scale, f8, &v))
		return v;
	neg = s < 0;
	return gs_round_quotient(neg, neg ? (gs_u128) 0 - (gs_u128) s : (gs_u128) s, 0, e, c, f8);
}

/*
 * A wide integer's magnitude (nlimbs limbs, nonzero) as its top 127 bits
 * (or all of it when shorter) and whether any bit below them is set; returns
 * the power of two they are scaled by.
 */
GS_HD int
gs_wide_top127(const uint64_t *mag, int nlimbs, gs_u128 *top, int *sticky)
{
	int			t,
				nb,
				sh,
				k,
				b,
				i;
	uint64_t	w0,
				w1,
				w2;
	gs_u128		lo;

	for (t = nlimbs - 1; t > 0 && mag[t] == 0; t--)
		;
	nb = mag[t] ? 64 * t + 64 - gs_clz64(mag[t]) : 0;
	*sticky = 0;
	if (nb <= 127)
	{
		*top = ((gs_u128) (nlimbs > 1 ? mag[1] : 0) << 64) | mag[0];
		return 0;
	}
	/* bits [sh, sh + 127), from at most three limbs */
	sh = nb - 127;
	k = sh / 64;
	b = sh % 64;
	w0 = mag[k];
	w1 = k + 1 < nlimbs ? mag[k + 1] : 0;
	w2 = k + 2 < nlimbs ? mag[k + 2] : 0;
	lo = ((gs_u128) w1 << 64) | w0;
	*top = b ? (lo >> b) | ((gs_u128) w2 << (128 - b)) : lo;
	*sticky = b && (w0 & ((UINT64_C(1) << b) - 1)) != 0;
	for (i = 0; i < k && !*sticky; i++)
		*sticky = mag[i] != 0;
	return sh;
}

#endif							/* GPUSCAN_EXACT_H */
