/*
 * test/engine/decimal_test.c — the decimal fixed point of the numeric
 * scans (core/decimal.h) against a reference of its own: decimal digit
 * strings, added and divided digit by digit as on paper.
 *
 * Checked: a value's digits to its integer at a scale and back
 * (gs_dec_scaled, gs_dec_digits: PostgreSQL's base-10000 form, no leading
 * or trailing zero digit), limbs split and joined (gs_dec_limb,
 * gs_dec_join) over sums of many values, and means (gs_dec_mean) with
 * PostgreSQL's division scale, rounded half away from zero, on and next to
 * ties.  Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/decimal.h"
#include "../rand.h"

static long passed,
			failed;

/* Count a check; print the first failures. */
static void
check(int ok, const char *what, const char *detail)
{
	if (ok)
		passed++;
	else if (++failed <= 20)
		printf("FAIL %s: %s\n", what, detail);
}

/*
 * The reference: a decimal as a sign and digit string with a scale (digits
 * after the point), no leading zeros ("0" for zero).
 */
typedef struct Dec
{
	int			neg;
	char		d[200];			/* most significant first */
	int			scale;
} Dec;

/* Strip leading zeros (keeping one). */
static void
Norm(Dec *x)
{
	int			i = 0,
				n = (int) strlen(x->d);

	while (i < n - 1 && x->d[i] == '0')
		i++;
	memmove(x->d, x->d + i, n - i + 1);
	if (strcmp(x->d, "0") == 0)
		x->neg = 0;
}

/* |a| + |b| or |a| - |b| (|a| >= |b|) of digit strings of one scale. */
static void
AddMag(const char *a, const char *b, int sub, char *out)
{
	int			na = (int) strlen(a),
				nb = (int) strlen(b),
				n = (na > nb ? na : nb) + 1,
				carry = 0;
	char		r[210];

	r[n] = '\0';
	for (int i = 0; i < n; i++)
	{
		int			da = i < na ? a[na - 1 - i] - '0' : 0,
					db = i < nb ? b[nb - 1 - i] - '0' : 0,
					v = sub ? da - db - carry : da + db + carry;

		carry = sub ? v < 0 : v >= 10;
		v = sub ? (v + 10) % 10 : v % 10;
		r[n - 1 - i] = (char) ('0' + v);
	}
	strcpy(out, r);
}

/* Compare magnitudes of digit strings without leading zeros. */
static int
CmpMag(const char *a, const char *b)
{
	int			na = (int) strlen(a),
				nb = (int) strlen(b);

	if (na != nb)
		return na < nb ? -1 : 1;
	return strcmp(a, b) < 0 ? -1 : strcmp(a, b) > 0;
}

/* x += y (same scale). */
static void
DecAdd(Dec *x, const Dec *y)
{
	if (x->neg == y->neg)
		AddMag(x->d, y->d, 0, x->d);
	else if (CmpMag(x->d, y->d) >= 0)
		AddMag(x->d, y->d, 1, x->d);
	else
	{
		AddMag(y->d, x->d, 1, x->d);
		x->neg = y->neg;
	}
	Norm(x);
}

/* A random decimal of up to ndig digits at scale. */
static Dec
RandDec(int ndig, int scale)
{
	Dec			x;
	int			n = 1 + (int) (Rand64() % (uint64_t) ndig);

	for (int i = 0; i < n; i++)
		x.d[i] = (char) ('0' + Rand64() % 10);
	x.d[n] = '\0';
	x.neg = (int) (Rand64() & 1);
	x.scale = scale;
	Norm(&x);
	return x;
}

/* PostgreSQL's base-10000 digits of a reference decimal: count, weight, digits. */
static int
NbaseOf(const Dec *x, int16_t *digits, int *weight)
{
	/* pad to whole groups on both sides of the point */
	char		s[260];
	int			n = (int) strlen(x->d),
				intdig = n - x->scale,
				fracpad = (4 - x->scale % 4) % 4,
				lead,
				len,
				ng,
				first = -1,
				last = -1;

	if (intdig < 0)
		intdig = 0;
	lead = (4 - (n - x->scale > 0 ? n - x->scale : 0) % 4) % 4;
	len = 0;
	for (int i = 0; i < lead; i++)
		s[len++] = '0';
	for (int i = 0; i < x->scale - n; i++)
		s[len++] = '0';			/* zeros between the point and the digits */
	memcpy(s + len, x->d, n);
	len += n;
	for (int i = 0; i < fracpad; i++)
		s[len++] = '0';
	ng = len / 4;
	for (int g = 0; g < ng; g++)
	{
		int			v = (s[4 * g] - '0') * 1000 + (s[4 * g + 1] - '0') * 100 +
			(s[4 * g + 2] - '0') * 10 + (s[4 * g + 3] - '0');

		digits[g] = (int16_t) v;
		if (v != 0)
		{
			if (first < 0)
				first = g;
			last = g;
		}
	}
	if (first < 0)
	{
		*weight = 0;
		return 0;
	}
	/* group g counts 10000^(intgroups - 1 - g) */
	{
		int			intgroups = (lead + (n - x->scale > 0 ? n - x->scale : 0)) / 4;

		*weight = intgroups - 1 - first;
	}
	memmove(digits, digits + first, (last - first + 1) * sizeof(int16_t));
	return last - first + 1;
}

/* The integer x * 10^scale of a reference decimal (|x| < 10^38 at scale). */
static gs_i128
IntOf(const Dec *x)
{
	gs_i128		v = 0;

	for (const char *p = x->d; *p; p++)
		v = v * 10 + (*p - '0');
	return x->neg ? -v : v;
}

/* Text of a reference decimal: sign, digits, point. */
static void
Text(const Dec *x, char *out)
{
	int			n = (int) strlen(x->d);

	if (x->scale == 0)
		sprintf(out, "%s%s", x->neg ? "-" : "", x->d);
	else if (n > x->scale)
		sprintf(out, "%s%.*s.%s", x->neg ? "-" : "", n - x->scale, x->d, x->d + n - x->scale);
	else
		sprintf(out, "%s0.%0*d%s", x->neg ? "-" : "", x->scale - n, 0, x->d);
}

/* The digits a GsInt192 at a scale gives, against the reference's. */
static void
CheckDigits(const GsInt192 *v, const Dec *want, const char *what)
{
	int16_t		got[GS_DEC_MAX_NBASE],
				ref[80];
	int			gw,
				rw,
				gn,
				rn;
	bool		neg;
	char		buf[600],
				t[300];

	gn = gs_dec_digits(v, want->scale, got, &gw, &neg);
	rn = NbaseOf(want, ref, &rw);
	Text(want, t);
	snprintf(buf, sizeof(buf), "%s: %d digits weight %d (want %d, %d)", t, gn, gw, rn, rw);
	check(gn == rn && (gn == 0 || gw == rw) && memcmp(got, ref, gn * sizeof(int16_t)) == 0 &&
		  neg == (want->neg && strcmp(want->d, "0") != 0), what, buf);
}

/* Values through gs_dec_scaled at a scale at least theirs, and back through gs_dec_digits. */
static void
TestRoundTrip(void)
{
	for (int it = 0; it < 200000; it++)
	{
		int			dscale = (int) (Rand64() % 12),
					scale = dscale + (int) (Rand64() % 8);
		Dec			x = RandDec(38 - (scale - dscale), dscale),
					xs = x;
		int16_t		nb[80];
		int			w,
					n = NbaseOf(&x, nb, &w);
		gs_i128		v;
		char		t[300];

		/* the same value at the larger scale: zeros appended */
		for (int i = 0; i < scale - dscale; i++)
			strcat(xs.d, "0");
		xs.scale = scale;
		Norm(&xs);
		Text(&x, t);
		check(gs_dec_scaled(nb, n, w, x.neg, scale, &v) && v == IntOf(&xs), "scaled", t);
		{
			GsInt192	g = gs_i192_from_i128(v);

			CheckDigits(&g, &xs, "digits");
		}
		/* below the value's own scale it is no integer, unless its last digits are zeros */
		if (dscale > 0 && x.d[strlen(x.d) - 1] != '0' && strcmp(x.d, "0") != 0)
			check(!gs_dec_scaled(nb, n, w, x.neg, dscale - 1, &v), "not integer", t);
	}
	/* 38 digits fit, 39 do not */
	{
		Dec			a = {0, "", 0};
		int16_t		nb[80];
		int			w,
					n;
		gs_i128		v;

		memset(a.d, '9', 38);
		a.d[38] = '\0';
		n = NbaseOf(&a, nb, &w);
		check(gs_dec_scaled(nb, n, w, false, 0, &v), "38 nines", a.d);
		check(!gs_dec_scaled(nb, n, w, false, 1, &v), "38 nines at scale 1", a.d);
		strcpy(a.d, "1");
		for (int i = 0; i < 38; i++)
			strcat(a.d, "0");
		n = NbaseOf(&a, nb, &w);
		check(!gs_dec_scaled(nb, n, w, false, 0, &v), "10^38", a.d);
	}
}

/* Sums of many values by limbs, against the reference's sums. */
static void
TestLimbSums(void)
{
	for (int it = 0; it < 3000; it++)
	{
		int			n = 1 + (int) (Rand64() % 300),
					ndig = 1 + (int) (Rand64() % 38),
					scale = (int) (Rand64() % 6),
					nl;
		gs_i128		v[300];
		gs_u128		maxabs = 0;
		int64_t		ls[GS_DEC_MAX_LIMBS] = {0};
		Dec			sum = {0, "0", scale};

		for (int i = 0; i < n; i++)
		{
			Dec			x = RandDec(ndig, scale);
			gs_u128		a;

			v[i] = IntOf(&x);
			a = v[i] < 0 ? -(gs_u128) v[i] : (gs_u128) v[i];
			if (a > maxabs)
				maxabs = a;
			DecAdd(&sum, &x);
		}
		nl = gs_dec_limbs(maxabs);
		check(nl >= 1 && nl <= GS_DEC_MAX_LIMBS, "limbs", "count");
		for (int i = 0; i < n; i++)
		{
			gs_i128		back = 0;

			for (int k = nl - 1; k >= 0; k--)
			{
				int32_t		l = gs_dec_limb(v[i], k, nl);

				ls[k] += l;
				back = back * ((gs_i128) 1 << GS_DEC_LIMB_BITS) + (k == nl - 1 ? (gs_i128) l : (gs_i128) (uint32_t) l);
			}
			check(back == v[i], "limbs of a value", "split and joined");
		}
		{
			GsInt192	g = gs_dec_join(ls, nl);

			CheckDigits(&g, &sum, "limb sum");
		}
	}
}

/* The reference mean: |sum| / n to rscale digits, half away from zero. */
static void
RefMean(const Dec *sum, int64_t n, int rscale, Dec *q)
{
	/* long division of the digits, extended to rscale places */
	char		num[300];
	int			len = 0;
	unsigned __int128 rem = 0;
	int			qi = 0;

	strcpy(num, sum->d);
	len = (int) strlen(num);
	for (int i = sum->scale; i < rscale; i++)
		num[len++] = '0';
	num[len] = '\0';
	for (int i = 0; i < len; i++)
	{
		rem = rem * 10 + (unsigned) (num[i] - '0');
		q->d[qi++] = (char) ('0' + (int) (rem / (uint64_t) n));
		rem %= (uint64_t) n;
	}
	q->d[qi] = '\0';
	q->scale = rscale;
	q->neg = sum->neg;
	if (2 * rem >= (unsigned __int128) n)
	{
		Dec			one = {q->neg, "1", rscale};

		DecAdd(q, &one);
	}
	Norm(q);
}

/* PostgreSQL's select_div_scale for sum / n, in the reference's terms. */
static int
RefScale(const Dec *sum, int dscale, int64_t n)
{
	int16_t		nb[80];
	int			w1 = 0,
				w2 = 0,
				f1 = 0,
				qw,
				rs;
	int64_t		f2 = n;

	if (NbaseOf(sum, nb, &w1) > 0)
		f1 = nb[0];
	else
		w1 = 0;
	while (f2 >= 10000)
	{
		f2 /= 10000;
		w2++;
	}
	qw = w1 - w2 - (f1 <= f2);
	rs = 16 - 4 * qw;
	if (rs < dscale)
		rs = dscale;
	if (rs < 0)
		rs = 0;
	return rs > 1000 ? 1000 : rs;
}

/* Means on random sums and on ties. */
static void
TestMeans(void)
{
	for (int it = 0; it < 100000; it++)
	{
		int			scale = (int) (Rand64() % 8),
					dscale = scale - (int) (Rand64() % (scale + 1));
		Dec			sum = RandDec(1 + (int) (Rand64() % 36), scale);
		int64_t		n = 1 + (int64_t) (Rand64() % (it % 3 == 0 ? 7 : 100000000));
		GsInt192	s = gs_i192_from_i128(IntOf(&sum)),
					q;
		int			rscale;
		Dec			want;
		char		t[300],
					buf[400];

		/* ties: a sum that is n times an odd number of half units */
		if (it % 4 == 1)
		{
			n = 2;
			sum.d[strlen(sum.d) - 1] = (char) ('1' + 2 * (Rand64() % 5));
			s = gs_i192_from_i128(IntOf(&sum));
		}
		Text(&sum, t);
		if (!gs_dec_mean(&s, scale, dscale, n, &q, &rscale))
		{
			/* only where the division's scale is below the sum's */
			snprintf(buf, sizeof(buf), "%s / %lld declined", t, (long long) n);
			check(RefScale(&sum, dscale, n) < scale, "mean", buf);
			continue;
		}
		snprintf(buf, sizeof(buf), "%s / %lld: scale %d, want %d", t, (long long) n, rscale,
				 RefScale(&sum, dscale, n));
		check(rscale == RefScale(&sum, dscale, n), "mean scale", buf);
		RefMean(&sum, n, rscale, &want);
		CheckDigits(&q, &want, "mean");
	}
}

int
main(void)
{
	rng_state = 20261205;
	TestRoundTrip();
	TestLimbSums();
	TestMeans();
	printf("%ld passed, %ld failed\n", passed, failed);
	return failed != 0;
}
