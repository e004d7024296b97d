/*
 * src/numeric_datum.c — numeric values in and out: PostgreSQL's stored
 * form of a numeric read into its parts, and written from digits.
 *
 * The stored form is the one numeric.c defines (and pg_upgrade keeps): a
 * varlena whose first 16-bit word says NaN, Infinity or -Infinity, or
 * holds the sign, display scale and weight (short form, when the scale is
 * at most 63 and the weight within [-64, 63]), else a second word for the
 * weight (long form); then base-10000 digits, 16 bits each, without
 * leading or trailing zero digits.  Results are written as numeric.c's
 * make_result writes them, so they equal its own byte for byte.
 */
#include "postgres.h"

#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "numeric.h"

/* The first word's flags (numeric.c's NUMERIC_*). */
#define N_SIGN_MASK			0xC000
#define N_NEG				0x4000
#define N_SHORT				0x8000
#define N_SPECIAL			0xC000
#define N_NAN				0xC000
#define N_PINF				0xD000
#define N_NINF				0xF000
#define N_SHORT_SIGN		0x2000
#define N_SHORT_DSCALE_MASK	0x1F80
#define N_SHORT_DSCALE_SHIFT 7
#define N_SHORT_DSCALE_MAX	63
#define N_SHORT_WEIGHT_SIGN	0x0040
#define N_SHORT_WEIGHT_MASK	0x003F
#define N_SHORT_WEIGHT_MAX	63
#define N_SHORT_WEIGHT_MIN	(-64)
#define N_DSCALE_MASK		0x3FFF

/* Read a numeric varlena into its parts. */
void
gpuscan_numeric_parts(const char *ptr, NumParts *p)
{
	const char *data = VARDATA_ANY(ptr);
	Size		len = VARSIZE_ANY_EXHDR(ptr);
	uint16		h;

	memcpy(&h, data, sizeof(h));
	p->neg = false;
	p->weight = 0;
	p->dscale = 0;
	p->ndigits = 0;
	p->digits = NULL;
	if ((h & N_SIGN_MASK) == N_SPECIAL)
	{
		p->kind = h == N_PINF ? NUM_PINF : h == N_NINF ? NUM_NINF : NUM_NAN;
		return;
	}
	p->kind = NUM_FINITE;
	if ((h & N_SIGN_MASK) == N_SHORT)
	{
		p->neg = (h & N_SHORT_SIGN) != 0;
		p->dscale = (h & N_SHORT_DSCALE_MASK) >> N_SHORT_DSCALE_SHIFT;
		p->weight = (h & N_SHORT_WEIGHT_SIGN ? ~N_SHORT_WEIGHT_MASK : 0) | (h & N_SHORT_WEIGHT_MASK);
		p->digits = data + 2;
		p->ndigits = (int) (len - 2) / 2;
	}
	else
	{
		int16		w;

		memcpy(&w, data + 2, sizeof(w));
		p->neg = (h & N_SIGN_MASK) == N_NEG;
		p->dscale = h & N_DSCALE_MASK;
		p->weight = w;
		p->digits = data + 4;
		p->ndigits = (int) (len - 4) / 2;
	}
}

/* The digits of a value, aligned. */
void
gpuscan_numeric_digits(const NumParts *p, int16 *digits)
{
	memcpy(digits, p->digits, p->ndigits * sizeof(int16));
}

/* Does a value of this weight and scale take the short form? */
static inline bool
CanBeShort(int weight, int dscale)
{
	return dscale <= N_SHORT_DSCALE_MAX && weight <= N_SHORT_WEIGHT_MAX &&
		weight >= N_SHORT_WEIGHT_MIN;
}

/* Bytes of a numeric of n digits. */
Size
gpuscan_numeric_size(int ndigits, int weight, int dscale)
{
	return VARHDRSZ + (CanBeShort(weight, dscale) ? 2 : 4) + ndigits * sizeof(int16);
}

/* Write a finite numeric (digits canonical: no leading or trailing zero digit) at dst. */
Size
gpuscan_numeric_write(char *dst, bool neg, int weight, int dscale, const int16 *digits, int ndigits)
{
	Size		len = gpuscan_numeric_size(ndigits, weight, dscale);
	char	   *data = dst + VARHDRSZ;
	uint16		h;

	if (ndigits == 0)
	{
		neg = false;
		weight = 0;
	}
	if (weight > PG_INT16_MAX || weight < PG_INT16_MIN || dscale > N_DSCALE_MASK)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value overflows numeric format")));
	SET_VARSIZE(dst, len);
	if (CanBeShort(weight, dscale))
	{
		h = (neg ? N_SHORT | N_SHORT_SIGN : N_SHORT) | (dscale << N_SHORT_DSCALE_SHIFT) |
			(weight < 0 ? N_SHORT_WEIGHT_SIGN : 0) | (weight & N_SHORT_WEIGHT_MASK);
		memcpy(data, &h, 2);
		data += 2;
	}
	else
	{
		int16		w = (int16) weight;

		h = (neg ? N_NEG : 0) | (dscale & N_DSCALE_MASK);
		memcpy(data, &h, 2);
		memcpy(data + 2, &w, 2);
		data += 4;
	}
	memcpy(data, digits, ndigits * sizeof(int16));
	return len;
}

/* Write NaN, Infinity or -Infinity at dst. */
Size
gpuscan_numeric_write_special(char *dst, NumKind kind)
{
	uint16		h = kind == NUM_PINF ? N_PINF : kind == NUM_NINF ? N_NINF : N_NAN;

	SET_VARSIZE(dst, VARHDRSZ + 2);
	memcpy(dst + VARHDRSZ, &h, 2);
	return VARHDRSZ + 2;
}
