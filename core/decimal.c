/*
 * core/decimal.c — exact decimal fixed point for the numeric scans
 * (core/decimal.h).
 */
#include "decimal.h"

/* 10^k for k = 0 .. 38, as unsigned 128-bit integers. */
static gs_u128
Pow10(int k)
{
	static gs_u128 table[GS_DEC_MAX_DIGITS + 1];
	static bool made;

	if (!made)
	{
		gs_u128		p = 1;

		for (int i = 0; i <= GS_DEC_MAX_DIGITS; i++, p *= 10)
			table[i] = p;
		made = true;
	}
	return table[k];
}

/* a += b. */
void
gs_i192_add(GsInt192 *a, const GsInt192 *b)
{
	gs_u128		s = (gs_u128) a->w[0] + b->w[0];

	a->w[0] = (uint64_t) s;
	s = (s >> 64) + a->w[1] + b->w[1];
	a->w[1] = (uint64_t) s;
	a->w[2] += b->w[2] + (uint64_t) (s >> 64);
}

/* a += x * 2^shift (0 <= shift < 128). */
void
gs_i192_add_shifted(GsInt192 *a, int64_t x, int shift)
{
	GsInt192	b;

	if (shift < 64)
		b = gs_i192_from_i128((gs_i128) ((gs_u128) (gs_i128) x << shift));
	else
	{
		gs_i128		t = (gs_i128) ((gs_u128) (gs_i128) x << (shift - 64));

		b.w[0] = 0;
		b.w[1] = (uint64_t) t;
		b.w[2] = (uint64_t) ((gs_u128) t >> 64);
	}
	gs_i192_add(a, &b);
}

/* Compare a and b: -1, 0 or 1. */
int
gs_i192_cmp(const GsInt192 *a, const GsInt192 *b)
{
	if (a->w[2] != b->w[2])
		return (int64_t) a->w[2] < (int64_t) b->w[2] ? -1 : 1;
	for (int i = 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* -a, in place (the most negative value stays itself: callers read it as unsigned). */
static void
Negate(GsInt192 *a)
{
	static const GsInt192 one = {{1, 0, 0}};

	for (int i = 0; i < 3; i++)
		a->w[i] = ~a->w[i];
	gs_i192_add(a, &one);
}

/* m * f + carry in place, over unsigned words; the carry out. */
static uint64_t
MulSmall(GsInt192 *m, uint64_t f)
{
	uint64_t	carry = 0;

	for (int i = 0; i < 3; i++)
	{
		gs_u128		p = (gs_u128) m->w[i] * f + carry;

		m->w[i] = (uint64_t) p;
		carry = (uint64_t) (p >> 64);
	}
	return carry;
}

/* m / d in place, over unsigned words; the remainder. */
static uint64_t
DivSmall(GsInt192 *m, uint64_t d)
{
	gs_u128		r = 0;

	for (int i = 2; i >= 0; i--)
	{
		gs_u128		cur = (r << 64) | m->w[i];

		m->w[i] = (uint64_t) (cur / d);
		r = cur % d;
	}
	return (uint64_t) r;
}

/*
 * The value +-digits * 10^scale as an integer below 10^38 in magnitude,
 * or false.
 */
bool
gs_dec_scaled(const int16_t *digits, int ndigits, int weight, bool neg, int scale, gs_i128 *v)
{
	/* the power of ten of the last digit's units, at the scale */
	int64_t		e = 4 * ((int64_t) weight - ndigits + 1) + scale;
	gs_u128		m = 0;
	const gs_u128 limit_4 = Pow10(GS_DEC_MAX_DIGITS - 4);

	if (ndigits == 0)
	{
		*v = 0;
		return true;
	}
	if (e < -3)
		return false;			/* a nonzero digit below the scale */
	for (int i = 0; i < ndigits; i++)
	{
		gs_u128		mult = 10000;
		uint16_t	dig = (uint16_t) digits[i];

		/* the last digit's places below the scale are zeros: dropped */
		if (i == ndigits - 1 && e < 0)
		{
			uint16_t	p = (uint16_t) Pow10((int) -e);

			if (dig % p != 0)
				return false;
			dig /= p;
			mult = Pow10((int) (4 + e));
		}
		if (m >= (mult == 10000 ? limit_4 : Pow10(GS_DEC_MAX_DIGITS - 4 - (int) e)))
			return false;		/* m * mult would reach 10^38 */
		m = m * mult + dig;
	}
	if (e > 0 && (e >= GS_DEC_MAX_DIGITS || m >= Pow10(GS_DEC_MAX_DIGITS - (int) e)))
		return false;
	if (e > 0)
		m *= Pow10((int) e);
	*v = neg ? -(gs_i128) m : (gs_i128) m;
	return true;
}

/* Limbs a value of magnitude at most maxabs needs. */
int
gs_dec_limbs(gs_u128 maxabs)
{
	int			bits = 0;

	while (maxabs != 0)
	{
		bits++;
		maxabs >>= 1;
	}
	return bits <= GS_DEC_LIMB_BITS ? 1 : (bits + GS_DEC_LIMB_BITS - 1) / GS_DEC_LIMB_BITS;
}

/* v * 10^k in place, or false when it leaves 192 bits. */
bool
gs_i192_mul_pow10(GsInt192 *v, int k)
{
	bool		neg = gs_i192_negative(v);
	GsInt192	m = *v;

	if (neg)
		Negate(&m);
	while (k > 0)
	{
		int			step = k > 19 ? 19 : k;

		if (MulSmall(&m, (uint64_t) Pow10(step)) != 0)
			return false;
		k -= step;
	}
	if ((int64_t) m.w[2] < 0)
		return false;
	if (neg)
		Negate(&m);
	*v = m;
	return true;
}

/* x / 10^r and x % 10^r for r = 1, 2, 3, by constants (multiplications, not divisions). */
static inline uint64_t
SplitLow(uint64_t *x, int r)
{
	uint64_t	low;

	switch (r)
	{
		case 1:
			low = *x % 10;
			*x /= 10;
			break;
		case 2:
			low = *x % 100;
			*x /= 100;
			break;
		default:
			low = *x % 1000;
			*x /= 1000;
			break;
	}
	return low;
}

/* Base-10000 groups of a word, least significant first, at g; how many. */
static inline int
Groups64(uint64_t x, uint16_t *g)
{
	int			n = 0;

	for (; x != 0; x /= 10000)
		g[n++] = (uint16_t) (x % 10000);
	return n;
}

/* PostgreSQL's digits of v * 10^-scale: their count, the first's weight, the sign. */
int
gs_dec_digits(const GsInt192 *v, int scale, int16_t *digits, int *weight, bool *neg)
{
	uint16_t	g[GS_DEC_MAX_NBASE + 8];
	int			ng = 0,
				lo,
				hi,
				r = scale % 4;
	GsInt192	m = *v;

	*neg = gs_i192_negative(v);
	if (*neg)
		Negate(&m);
	if (gs_i192_is_zero(&m))
	{
		*neg = false;
		*weight = 0;
		return 0;
	}
	/*
	 * the lowest group holds the scale's last r digits, so that the point
	 * falls between groups: a word's split by constants; a wider value is
	 * first multiplied by 10^(4 - r) (the scale then a multiple of 4), then
	 * cut 16 digits at a time
	 */
	if ((m.w[1] | m.w[2]) == 0)
	{
		uint64_t	x = m.w[0];

		if (r > 0)
			g[ng++] = (uint16_t) (SplitLow(&x, r) * (uint64_t) Pow10(4 - r));
		ng += Groups64(x, g + ng);
	}
	else
	{
		if (r > 0 && MulSmall(&m, (uint64_t) Pow10(4 - r)) == 0 && (int64_t) m.w[2] >= 0)
			scale += 4 - r;
		else if (r > 0)
		{
			/* too wide to pad: the low digits apart */
			m = *v;
			if (*neg)
				Negate(&m);
			g[ng++] = (uint16_t) (DivSmall(&m, (uint64_t) Pow10(r)) * (uint64_t) Pow10(4 - r));
		}
		while (m.w[2] != 0)
		{
			uint64_t	rem = DivSmall(&m, UINT64_C(10000000000000000));

			for (int i = 0; i < 4; i++, rem /= 10000)
				g[ng++] = (uint16_t) (rem % 10000);
		}
		for (gs_u128 x = ((gs_u128) m.w[1] << 64) | m.w[0]; x != 0;)
		{
			gs_u128		q;
			uint64_t	rem;

			if ((uint64_t) (x >> 64) == 0)
			{
				ng += Groups64((uint64_t) x, g + ng);
				break;
			}
			q = x / UINT64_C(10000000000000000);
			rem = (uint64_t) (x - q * UINT64_C(10000000000000000));
			for (int i = 0; i < 4; i++, rem /= 10000)
				g[ng++] = (uint16_t) (rem % 10000);
			x = q;
		}
	}

	for (lo = 0; g[lo] == 0; lo++)
		;
	for (hi = ng - 1; g[hi] == 0; hi--)
		;
	for (int i = 0; i <= hi - lo; i++)
		digits[i] = (int16_t) g[hi - i];
	*weight = hi - (scale + 3) / 4;
	return hi - lo + 1;
}

/* The mean of n values of exact sum sum * 10^-scale, as PostgreSQL's avg(numeric) rounds it. */
bool
gs_dec_mean(const GsInt192 *sum, int scale, int dscale, int64_t n, GsInt192 *q, int *rscale)
{
	int16_t		d[GS_DEC_MAX_NBASE];
	int			weight1 = 0,
				weight2 = 0,
				first1 = 0,
				qweight,
				rs;
	int64_t		first2 = n;
	bool		neg;
	GsInt192	num = *sum;
	uint64_t	rem;

	/* select_div_scale: the weights and first digits of both, the quotient's weight */
	if (gs_dec_digits(sum, scale, d, &weight1, &neg) > 0)
		first1 = d[0];
	while (first2 >= 10000)
	{
		first2 /= 10000;
		weight2++;
	}
	qweight = weight1 - weight2;
	if (first1 <= first2)
		qweight--;
	rs = 16 - qweight * 4;
	if (rs < dscale)
		rs = dscale;
	if (rs < 0)
		rs = 0;
	if (rs > GS_DEC_MAX_DISPLAY_SCALE)
		rs = GS_DEC_MAX_DISPLAY_SCALE;
	if (rs < scale || !gs_i192_mul_pow10(&num, rs - scale))
		return false;

	/* the quotient rounded half away from zero */
	if (neg)
		Negate(&num);
	rem = DivSmall(&num, (uint64_t) n);
	if (rem >= (uint64_t) n - rem)
	{
		static const GsInt192 one = {{1, 0, 0}};

		gs_i192_add(&num, &one);
	}
	if (neg)
		Negate(&num);
	*q = num;
	*rscale = rs;
	return true;
}
