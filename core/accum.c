/*
 * core/accum.c — the exact accumulator's carries, results and serial form
 * (core/accum.h).
 */
#include "accum.h"

#include <string.h>

/* 2^31: the top digit of a normalised accumulator lies in [-2^31, 2^31). */
#define TOP_LIMIT	(INT64_C(1) << 31)

/* Serial form: a header of this many bytes, then the digits, 8 bytes each. */
#define SERIAL_VERSION	1
#define SERIAL_HEADER	(4 + 4 + 4 + 5 * 8)

/* An empty accumulator of a kind. */
void
gs_accum_init_kind(GsAccum *a, int kind)
{
	int			n = gs_accum_digits(kind);

	memset(a, 0, gs_accum_kind_bytes(kind));
	a->kind = kind;
	a->ndigits = n;
	a->lo = n;
	a->hi = -1;
}

/* The place of digit 0's lowest bit: 2^-149, 2^-1074 or (squares, products) 2^-2148. */
static int
Unit0(const GsAccum *a)
{
	return a->kind >= GS_ACCUM_SQUARES ? -2148 : a->kind == GS_ACCUM_DOUBLES ? -1074 : -149;
}

/*
 * Propagate the carries and narrow [lo, hi] to the digits the sum needs:
 * the same sum has the same digits whatever the moves that made it.
 */
void
gs_accum_normalize(GsAccum *a)
{
	int64_t		c = 0;
	int			i;

	a->pending = 0;
	if (a->hi < a->lo)
		return;
	for (i = a->lo; i < a->hi; i++)
	{
		int64_t		x = a->d[i] + c;

		a->d[i] = x & INT64_C(0xffffffff);
		c = x >> 32;
	}
	/* the top digit takes the carry; carry on above it while it is too large */
	for (;;)
	{
		int64_t		x = a->d[i] + c;

		if ((x >= -TOP_LIMIT && x < TOP_LIMIT) || i + 1 >= a->ndigits)
		{
			a->d[i] = x;
			break;
		}
		a->d[i] = x & INT64_C(0xffffffff);
		c = x >> 32;
		i++;
	}
	a->hi = i;
	/*
	 * the shortest form: a top digit of 0, or of -1 above a digit of 2^31 or
	 * more, is the sign of the digit below it alone
	 */
	for (;;)
	{
		if (a->hi > a->lo && a->d[a->hi] == 0 && a->d[a->hi - 1] < TOP_LIMIT)
			a->d[a->hi--] = 0;
		else if (a->hi > a->lo && a->d[a->hi] == -1 && a->d[a->hi - 1] >= TOP_LIMIT)
		{
			a->d[a->hi--] = 0;
			a->d[a->hi] -= INT64_C(1) << 32;
		}
		else
			break;
	}
	while (a->lo < a->hi && a->d[a->lo] == 0)
		a->lo++;
	if (a->lo == a->hi && a->d[a->lo] == 0)
	{
		a->lo = a->ndigits;
		a->hi = -1;
	}
}

/* Add everything b holds to a. */
void
gs_accum_combine(GsAccum *a, const GsAccum *b)
{
	int			i;

	gs_accum_normalize(a);
	/* a's digits below 2^32, b's below 2^32 * (b->pending + 1): the bound of pending + 2 moves */
	for (i = b->lo; i <= b->hi; i++)
		a->d[i] += b->d[i];
	if (b->hi >= b->lo)
	{
		a->lo = b->lo < a->lo ? b->lo : a->lo;
		a->hi = b->hi > a->hi ? b->hi : a->hi;
	}
	a->nvalues += b->nvalues;
	a->nan += b->nan;
	a->pinf += b->pinf;
	a->ninf += b->ninf;
	a->nonnegz += b->nonnegz;
	a->pending = b->pending + 2;
	if (a->pending >= GS_ACCUM_PENDING_MAX)
		gs_accum_normalize(a);
}

/*
 * The normalised sum as two's complement limbs from digit lo rounded down
 * to an even one: returns how many limbs it takes (0: the sum is zero), or
 * -1 when more than nlimbs; the limbs above, up to nlimbs, are
 * sign-extended.  nlimbs 0: as many as it takes (w holds GS_MAX_LIMBS,
 * for squares GS_ACCUM_LIMBS_SQ), none above.
 */
static int
Limbs(GsAccum *a, uint64_t *w, int nlimbs, int *unit)
{
	int			l0,
				top,
				used,
				j;
	int64_t		t;

	if (a->pending)
		gs_accum_normalize(a);
	*unit = 0;
	if (a->hi < a->lo)
	{
		memset(w, 0, sizeof(uint64_t) * nlimbs);
		return 0;
	}
	l0 = a->lo & ~1;
	top = a->hi - l0;
	used = top / 2 + 1;
	if (nlimbs > 0 && used > nlimbs)
		return -1;
	for (j = 0; j + 1 < top; j += 2)
		w[j / 2] = (uint64_t) (uint32_t) a->d[l0 + j] | ((uint64_t) a->d[l0 + j + 1] << 32);
	if (j < top)
		w[j / 2] = (uint64_t) (uint32_t) a->d[l0 + j];
	/* the top digit, signed: its sign fills everything above it */
	t = a->d[a->hi];
	if (top & 1)
		w[top / 2] |= (uint64_t) (uint32_t) t << 32;
	else
		w[top / 2] = (uint64_t) t;
	for (j = used; j < nlimbs; j++)
		w[j] = t < 0 ? ~UINT64_C(0) : 0;
	*unit = 32 * l0 + Unit0(a);
	return used;
}

/* The exact sum as limbs of a two's complement integer in units of 2^*unit. */
bool
gs_accum_limbs(GsAccum *a, uint64_t *w, int nlimbs, int *unit)
{
	return Limbs(a, w, nlimbs, unit) >= 0;
}

/* The exact sum in as few limbs as it takes. */
int
gs_accum_limbs_min(GsAccum *a, uint64_t *w, int *unit)
{
	return Limbs(a, w, 0, unit);
}

/*
 * A normalised accumulator's sum as (h + l) * 2^e: its top four digits T
 * (a signed 128-bit integer; the digits below dropped, nonnegative, so the
 * sum lies in [T, T + 1) * 2^e) as a double-double truncated to 106 bits;
 * false for a zero sum.  With digits dropped, |T| >= 2^96: T stands for the
 * sum within 2^-95 of it, h + l for T within 2^-104 (h its top 53 bits,
 * l the next 53).
 */
bool
gs_accum_top(const GsAccum *a, double *h, double *l, int *e)
{
	int			k = a->hi - 3 > a->lo ? a->hi - 3 : a->lo,
				neg;
	gs_i128		t;
	gs_u128		m;

	if (a->hi < a->lo)
		return false;
	t = a->d[a->hi];
	for (int i = a->hi - 1; i >= k; i--)
		t = t * ((gs_i128) 1 << 32) + a->d[i];
	neg = t < 0;
	m = neg ? -(gs_u128) t : (gs_u128) t;
	gs_u128_top_dd(m, h, l);
	if (neg)
	{
		*h = -*h;
		*l = -*l;
	}
	*e = 32 * k + Unit0(a);
	return true;
}

/* The start state of a running total or mean from the values in a. */
void
gs_accum_run_state(GsAccum *a, GsRunState *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->nvalues = a->nvalues;
	rs->flags = gs_accum_flags(a);
	/* the widest sum, 68 digits, fits GS_RUN_LIMBS (36) limbs */
	(void) Limbs(a, rs->w, GS_RUN_LIMBS, &rs->unit);
}

/* The flags of the values in a. */
uint32_t
gs_accum_flags(const GsAccum *a)
{
	uint32_t	f = 0;

	if (a->nvalues > 0)
		f |= GS_FLAG_ANY;
	if (a->nonnegz > 0)
		f |= GS_FLAG_NONNEGZERO;
	if (a->nan > 0)
		f |= GS_FLAG_NAN;
	if (a->pinf > 0)
		f |= GS_FLAG_PINF;
	if (a->ninf > 0)
		f |= GS_FLAG_NINF;
	return f;
}

/*
 * The result of an accumulator with a special value in it, or no value, or
 * an exact sum of zero: returns true and sets *out (or *empty), else false
 * with the sum in *nl limbs of w.
 */
static bool
SpecialResult(GsAccum *a, double *out, bool *empty, uint64_t *w, int *nl, int *unit)
{
	*empty = a->nvalues <= 0;
	if (*empty)
		return true;
	if ((a->nan | a->pinf | a->ninf) && gs_special_value(gs_accum_flags(a), out))
		return true;
	*nl = Limbs(a, w, 0, unit);
	if (*nl == 0)
	{
		*out = a->nonnegz == 0 ? -0.0 : 0.0;
		return true;
	}
	return false;
}

/*
 * The sum, rounded once.  From the top three digits of the normalised sum,
 * T, and whether any digit lies below them (the lowest digit is never
 * zero): the sum is T * 2^(32k) + R, 0 <= R < 2^(32k), so its magnitude is
 * |T| when R is 0, else T plus a fraction or, T negative, -T - 1 plus one.
 * T holds 63 bits or more whenever R is not 0, which is enough to round
 * with R as the sticky bit.
 */
int
gs_accum_sum(GsAccum *a, bool f8_out, double *out)
{
	int			k,
				i,
				neg,
				sh = 0;
	bool		sticky;
	gs_i128		t;
	gs_u128		mag;
	int64_t		top;

	if (a->nvalues <= 0)
		return GS_ACCUM_EMPTY;
	if ((a->nan | a->pinf | a->ninf) && gs_special_value(gs_accum_flags(a), out))
		return 0;
	if (a->pending)
		gs_accum_normalize(a);
	if (a->hi < a->lo)
	{
		*out = a->nonnegz == 0 ? -0.0 : 0.0;
		return 0;
	}
	k = a->hi - 2 > a->lo ? a->hi - 2 : a->lo;
	t = a->d[a->hi];
	for (i = a->hi - 1; i >= k; i--)
		t = t * ((gs_i128) 1 << 32) + a->d[i];
	sticky = k > a->lo;
	neg = t < 0;
	mag = !neg ? (gs_u128) t : sticky ? (gs_u128) (-(t + 1)) : (gs_u128) -t;
	if ((mag >> 63) == 0)
		top = (int64_t) mag | sticky;
	else
	{
		sh = gs_reduce128(mag, &top);
		top |= sticky;
	}
	sh += 32 * k + Unit0(a);
	*out = f8_out ? gs_round_f64(neg, top, sh) : (double) gs_round_f32(neg, top, sh);
	return __builtin_isinf(*out) ? GS_ACCUM_OVERFLOW : 0;
}

/* The mean, rounded once. */
int
gs_accum_mean(GsAccum *a, bool f8_out, double *out)
{
	uint64_t	w[GS_MAX_LIMBS],
				mag[GS_MAX_LIMBS];
	int			nl = 0,
				unit = 0,
				neg,
				sticky,
				sh;
	gs_u128		top;
	bool		empty;

	if (SpecialResult(a, out, &empty, w, &nl, &unit))
		return empty ? GS_ACCUM_EMPTY : 0;
	neg = gs_wide_negate_if(w, nl, mag);
	sh = gs_wide_top127(neg ? mag : w, nl, &top, &sticky);
	*out = gs_round_quotient(neg, top, sticky, unit + sh, (uint64_t) a->nvalues, f8_out);
	return 0;
}

/* Little-endian stores and loads of the serial form: the low n bytes of v. */
static void
PutLE(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t) (v >> (8 * i));
}

static uint64_t
GetLE(const uint8_t *p, int n)
{
	uint64_t	v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t) p[i] << (8 * i);
	return v;
}

/* Bytes of a's serial form. */
size_t
gs_accum_serial_bytes(GsAccum *a)
{
	gs_accum_normalize(a);
	return SERIAL_HEADER + 8 * (size_t) (a->hi >= a->lo ? a->hi - a->lo + 1 : 0);
}

/*
 * The serial form, little-endian whatever the host: version and type, the
 * first digit and how many, the counts, the normalised digits.
 */
void
gs_accum_serialize(GsAccum *a, uint8_t *buf)
{
	int			n;

	gs_accum_normalize(a);
	n = a->hi >= a->lo ? a->hi - a->lo + 1 : 0;
	buf[0] = SERIAL_VERSION;
	buf[1] = (uint8_t) a->kind;
	buf[2] = buf[3] = 0;
	PutLE(buf + 4, (uint32_t) (n ? a->lo : 0), 4);
	PutLE(buf + 8, (uint32_t) n, 4);
	PutLE(buf + 12, (uint64_t) a->nvalues, 8);
	PutLE(buf + 20, (uint64_t) a->nan, 8);
	PutLE(buf + 28, (uint64_t) a->pinf, 8);
	PutLE(buf + 36, (uint64_t) a->ninf, 8);
	PutLE(buf + 44, (uint64_t) a->nonnegz, 8);
	for (int i = 0; i < n; i++)
		PutLE(buf + SERIAL_HEADER + 8 * i, (uint64_t) a->d[a->lo + i], 8);
}

/* Read a serial form; false when the bytes are not one. */
bool
gs_accum_deserialize(const uint8_t *buf, size_t n, GsAccum *a, int *kind)
{
	uint32_t	lo,
				nd;
	int			ndigits;

	if (n < SERIAL_HEADER || buf[0] != SERIAL_VERSION || buf[1] > GS_ACCUM_PRODUCTS)
		return false;
	*kind = buf[1];
	if (a == NULL)
		return true;
	ndigits = gs_accum_digits(*kind);
	lo = (uint32_t) GetLE(buf + 4, 4);
	nd = (uint32_t) GetLE(buf + 8, 4);
	if (nd > (uint32_t) ndigits || lo > (uint32_t) ndigits - nd ||
		n != SERIAL_HEADER + 8 * (size_t) nd)
		return false;
	gs_accum_init_kind(a, *kind);
	a->nvalues = (int64_t) GetLE(buf + 12, 8);
	a->nan = (int64_t) GetLE(buf + 20, 8);
	a->pinf = (int64_t) GetLE(buf + 28, 8);
	a->ninf = (int64_t) GetLE(buf + 36, 8);
	a->nonnegz = (int64_t) GetLE(buf + 44, 8);
	for (uint32_t i = 0; i < nd; i++)
	{
		int64_t		v = (int64_t) GetLE(buf + SERIAL_HEADER + 8 * i, 8);

		/* normalised digits: [0, 2^32) below the top, the top within [-2^31, 2^31) */
		if (i + 1 < nd ? (v < 0 || v > INT64_C(0xffffffff)) : (v < -TOP_LIMIT || v >= TOP_LIMIT))
			return false;
		a->d[lo + i] = v;
	}
	if (nd > 0)
	{
		a->lo = (int32_t) lo;
		a->hi = (int32_t) (lo + nd - 1);
	}
	gs_accum_normalize(a);
	return true;
}
