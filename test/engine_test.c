/*
 * test/engine_test.c — the CPU engine against a slow reference of its own.
 *
 * The reference shares no code with the engine: it keeps each running total
 * as a big two's complement integer of 32-bit digits in units of the type's
 * smallest subnormal, and rounds it bit by bit (round half to even), building
 * the result with ldexp.  Random arrays of every type, null pattern, row
 * shape and option, at the edge sizes 0, 1, 2, 2047, 2048, 2049 and 2^20+1,
 * are compared bit for bit, errors included.
 *
 * Usage: engine_test [-q] [seed]      Prints "N passed, N failed".
 */
#include "../core/engine.h"
#include "cases.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- the reference ---------- */

#define REF_DIGITS 80			/* 2560 bits: 2^1024 * 2^30 in units of 2^-1074 */

typedef struct RefAcc
{
	uint32_t	d[REF_DIGITS];	/* two's complement, least significant first */
	int			nan,
				pinf,
				ninf,
				any,
				nonnegzero;
} RefAcc;

/* acc += sign * m * 2^shift: add or subtract three digits, then carry. */
static void
RefAdd(RefAcc *a, int neg, uint64_t m, int shift)
{
	unsigned __int128 v = (unsigned __int128) m << (shift % 32);
	int			q = shift / 32;
	int			i;
	int64_t		carry = 0;		/* +1 carry or -1 borrow */

	for (i = q; i < REF_DIGITS; i++)
	{
		int64_t		part = i < q + 3 ? (int64_t) (uint32_t) (v >> (32 * (i - q))) : 0;
		int64_t		d = (int64_t) a->d[i] + (neg ? -part : part) + carry;

		if (i >= q + 3 && carry == 0)
			break;
		a->d[i] = (uint32_t) d;
		carry = d < 0 ? -1 : (d >> 32);
	}
}

/* Add one float (given as double with its format) to the reference. */
static void
RefAddFloat(RefAcc *a, double x, int f8)
{
	int			e;
	double		fr;
	uint64_t	m;
	int			unit = f8 ? -1074 : -149;
	int			prec = f8 ? 53 : 24;

	a->any = 1;
	if (isnan(x))
	{
		a->nan = 1;
		a->nonnegzero = 1;
		return;
	}
	if (isinf(x))
	{
		if (x > 0)
			a->pinf = 1;
		else
			a->ninf = 1;
		a->nonnegzero = 1;
		return;
	}
	if (!(x == 0 && signbit(x)))
		a->nonnegzero = 1;
	if (x == 0)
		return;
	fr = frexp(fabs(x), &e);	/* |x| = fr * 2^e, fr in [0.5, 1) */
	/* |x| = m * 2^(e - prec), m an integer below 2^prec */
	m = (uint64_t) ldexp(fr, prec);
	if (e - prec < unit)
	{
		/* subnormal: m * 2^(e-prec) with e-prec below the unit; shift m down */
		int			d = unit - (e - prec);

		m >>= d;
		e += d;
	}
	RefAdd(a, x < 0, m, e - prec - unit);
}

/*
 * Round the reference's exact value to the format, half to even, or report
 * overflow (returns 0 and sets *overflow).
 */
static double
RefRound(const RefAcc *a, int f8, int *overflow)
{
	uint32_t	mag[REF_DIGITS];
	int			neg = (a->d[REF_DIGITS - 1] >> 31) & 1;
	int			i,
				top;
	int			unit = f8 ? -1074 : -149;
	int			prec = f8 ? 53 : 24;
	uint64_t	mant = 0;
	int			roundbit,
				sticky = 0;
	double		r;

	*overflow = 0;
	if (a->nan || (a->pinf && a->ninf))
		return NAN;
	if (a->pinf)
		return INFINITY;
	if (a->ninf)
		return -INFINITY;
	memcpy(mag, a->d, sizeof(mag));
	if (neg)
	{
		uint64_t	carry = 1;

		for (i = 0; i < REF_DIGITS; i++)
		{
			uint64_t	v = (uint64_t) (uint32_t) ~mag[i] + carry;

			mag[i] = (uint32_t) v;
			carry = v >> 32;
		}
	}
	for (i = REF_DIGITS - 1; i >= 0 && mag[i] == 0; i--)
		;
	top = i < 0 ? -1 : 32 * i + 31 - __builtin_clz(mag[i]);
	if (top < 0)
		return (a->any && !a->nonnegzero) ? -0.0 : 0.0;
#define BIT(b) ((b) >= 0 ? (int) ((mag[(b) / 32] >> ((b) % 32)) & 1) : 0)
	if (top < prec)
	{
		/* exact: the value has at most prec bits */
		for (i = top; i >= 0; i--)
			mant = (mant << 1) | BIT(i);
		r = ldexp((double) mant, unit);
	}
	else
	{
		int			low = top - prec + 1;	/* lowest kept bit */

		for (i = top; i >= low; i--)
			mant = (mant << 1) | BIT(i);
		roundbit = BIT(low - 1);
		/* any bit in [0, low-2]: whole digits where possible */
		for (i = 0; i <= low - 2 && !sticky;)
		{
			if (i % 32 == 0 && i + 31 <= low - 2)
			{
				sticky = mag[i / 32] != 0;
				i += 32;
			}
			else
			{
				sticky = BIT(i);
				i++;
			}
		}
		if (roundbit && (sticky || (mant & 1)))
			mant++;
		r = ldexp((double) mant, low + unit);
	}
#undef BIT
	if (f8 ? isinf(r) : (r > FLT_MAX))
	{
		*overflow = 1;
		return 0;
	}
	return neg ? -r : r;
}

/* ---------- test cases ---------- */

typedef struct Case
{
	GsElemType	type;
	int64_t		nitems;
	int64_t		row_len;
	uint8_t    *nulls;
	void	   *values;			/* packed */
	int64_t		nvalues;
	bool		exclusive;
	GsScanOp	op;
	const char *what;
} Case;

static int	passed,
			failed,
			quiet;

/* Is position p present (not NULL)? */
static int
Present(const Case *c, int64_t p)
{
	return !c->nulls || ((c->nulls[p >> 3] >> (p & 7)) & 1);
}

/* Bits of result i (osz bytes each) for comparison: integers sign-extended, NaNs alike. */
static uint64_t
ResultBits(GsElemType t, int osz, const void *out, int64_t i)
{
	if (osz == 2)
	{
		int16_t		v;

		memcpy(&v, (const char *) out + 2 * i, 2);
		return (uint64_t) (int64_t) v;
	}
	if (osz == 4 && t == GS_INT4)
	{
		int32_t		v;

		memcpy(&v, (const char *) out + 4 * i, 4);
		return (uint64_t) (int64_t) v;
	}
	if (t == GS_FLOAT4)
	{
		uint32_t	u;

		memcpy(&u, (const char *) out + 4 * i, 4);
		/* all NaNs compare equal */
		if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
			return 0x7fc00000u;
		return u;
	}
	else
	{
		uint64_t	u;

		memcpy(&u, (const char *) out + 8 * i, 8);
		if (t == GS_FLOAT8 && (u & UINT64_C(0x7ff0000000000000)) == UINT64_C(0x7ff0000000000000)
			&& (u & UINT64_C(0xfffffffffffff)))
			return UINT64_C(0x7ff8000000000000);
		return u;
	}
}

/*
 * Does a later value x replace the running extreme best?  PostgreSQL's
 * float order with C's comparisons: NaN above everything and equal to
 * itself, -0 == 0 (C compares them equal), the later of equals wins.
 */
static int
RefTakes(double best, double x, int is_min)
{
	if (isnan(x))
		return !is_min || isnan(best);
	if (isnan(best))
		return is_min;
	return is_min ? x <= best : x >= best;
}

/* Reference running maxima / minima of a case into out (packed, the input's type). */
static void
ReferenceOrder(const Case *c, void *out)
{
	int			sz = gs_type_size(c->type);
	int			is_min = c->op == GS_OP_MIN;
	int			isfloat = c->type == GS_FLOAT4 || c->type == GS_FLOAT8;
	int64_t		p,
				k = 0,
				best = -1;		/* index of the row's extreme so far */

	for (p = 0; p < c->nitems; p++)
	{
		if (p % c->row_len == 0)
			best = -1;
		if (!Present(c, p))
			continue;
		if (best < 0)
			best = k;
		else if (isfloat)
		{
			double		b = c->type == GS_FLOAT4 ? ((float *) c->values)[best] : ((double *) c->values)[best];
			double		x = c->type == GS_FLOAT4 ? ((float *) c->values)[k] : ((double *) c->values)[k];

			if (RefTakes(b, x, is_min))
				best = k;
		}
		else
		{
			int64_t		b = (int64_t) ResultBits(c->type, sz, c->values, best);
			int64_t		x = (int64_t) ResultBits(c->type, sz, c->values, k);

			if (is_min ? x <= b : x >= b)
				best = k;
		}
		memcpy((char *) out + k * sz, (const char *) c->values + best * sz, sz);
		k++;
	}
}

/*
 * Compute the reference result of a case into out (packed); returns the
 * position of the first error, or -1.
 */
static int64_t
Reference(const Case *c, void *out)
{
	RefAcc		acc;
	int64_t		p,
				k = 0;
	int			f8 = c->type == GS_FLOAT8;
	__int128	isum = 0;

	if (c->op != GS_OP_SUM)
	{
		ReferenceOrder(c, out);
		return -1;
	}
	memset(&acc, 0, sizeof(acc));
	for (p = 0; p < c->nitems; p++)
	{
		double		x = 0;
		__int128	xi = 0;
		int			pass;

		if (p % c->row_len == 0)
		{
			memset(&acc, 0, sizeof(acc));
			isum = 0;
		}
		if (!Present(c, p))
			continue;
		switch (c->type)
		{
			case GS_INT2:
				xi = ((int16_t *) c->values)[k];
				break;
			case GS_INT4:
				xi = ((int32_t *) c->values)[k];
				break;
			case GS_INT8:
				xi = ((int64_t *) c->values)[k];
				break;
			case GS_FLOAT4:
				x = ((float *) c->values)[k];
				break;
			case GS_FLOAT8:
				x = ((double *) c->values)[k];
				break;
		}
		/* pass 0 adds before output (inclusive), pass 1 after (exclusive) */
		for (pass = 0; pass < 2; pass++)
		{
			if (pass == (c->exclusive ? 1 : 0))
			{
				if (c->type == GS_FLOAT4 || c->type == GS_FLOAT8)
					RefAddFloat(&acc, x, f8);
				else
					isum += xi;
			}
			if (pass == 0)
			{
				if (c->type == GS_FLOAT4 || c->type == GS_FLOAT8)
				{
					int			ovf;
					double		r = RefRound(&acc, f8, &ovf);

					if (ovf)
						return p;
					if (f8)
						((double *) out)[k] = r;
					else
						((float *) out)[k] = (float) r;
				}
				else if (!c->exclusive)
				{
					if (isum > INT64_MAX || isum < INT64_MIN)
						return p;
					((int64_t *) out)[k] = (int64_t) isum;
				}
				else
				{
					/* exclusive: output is the sum before this value */
					if (isum > INT64_MAX || isum < INT64_MIN)
						return p;
					((int64_t *) out)[k] = (int64_t) isum;
				}
			}
		}
		k++;
	}
	return -1;
}

/* Run one case through the engine and the reference and compare. */
static void
RunCase(Case *c)
{
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	int			osz = gs_output_size(c->type, c->op);
	void	   *got = malloc(osz * (c->nvalues + 1));
	void	   *want = malloc(osz * (c->nvalues + 1));
	int64_t		want_err;
	int			ok = 1;
	int64_t		k;
	char		why[200] = "";

	memset(got, 0xa5, osz * (c->nvalues + 1));
	memset(&spec, 0, sizeof(spec));
	spec.type = c->type;
	spec.values = c->values;
	spec.result = got;
	spec.nitems = c->nitems;
	spec.row_len = c->row_len;
	spec.nulls = c->nulls;
	spec.exclusive = c->exclusive;
	spec.op = c->op;
	gs_plan(&spec, &plan);
	gs_cpu_scan(&spec, &res);
	want_err = Reference(c, want);

	if (plan.nvalues != c->nvalues)
	{
		ok = 0;
		snprintf(why, sizeof(why), "nvalues %" PRId64 " != %" PRId64, plan.nvalues, c->nvalues);
	}
	else if (want_err >= 0 || res.status != GS_OK)
	{
		GsStatus	want_status = (c->type == GS_FLOAT4 || c->type == GS_FLOAT8)
			? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE;

		if (want_err < 0 || res.status != want_status || res.error_position != want_err)
		{
			ok = 0;
			snprintf(why, sizeof(why), "error: engine status %d at %" PRId64 ", reference at %" PRId64,
					 res.status, res.error_position, want_err);
		}
	}
	else
	{
		for (k = 0; k < c->nvalues; k++)
		{
			if (ResultBits(c->type, osz, got, k) != ResultBits(c->type, osz, want, k))
			{
				ok = 0;
				if (osz < 8 && c->type != GS_FLOAT4)
					snprintf(why, sizeof(why), "value %" PRId64 ": got %" PRId64 " want %" PRId64, k,
							 (int64_t) ResultBits(c->type, osz, got, k),
							 (int64_t) ResultBits(c->type, osz, want, k));
				else if (c->type == GS_FLOAT4)
					snprintf(why, sizeof(why), "value %" PRId64 ": got %a want %a", k,
							 ((float *) got)[k], ((float *) want)[k]);
				else if (c->type == GS_FLOAT8)
					snprintf(why, sizeof(why), "value %" PRId64 ": got %a want %a", k,
							 ((double *) got)[k], ((double *) want)[k]);
				else
					snprintf(why, sizeof(why), "value %" PRId64 ": got %" PRId64 " want %" PRId64, k,
							 ((int64_t *) got)[k], ((int64_t *) want)[k]);
				break;
			}
		}
		/* the engine must not write past the last result */
		if (ok && memcmp((char *) got + osz * c->nvalues, "\xa5\xa5\xa5\xa5", osz < 4 ? osz : 4) != 0)
		{
			ok = 0;
			snprintf(why, sizeof(why), "wrote past the end");
		}
	}
	if (ok)
		passed++;
	else
		failed++;
	if (!ok || !quiet)
		printf("%s %s: type %d n %" PRId64 " row %" PRId64 " nulls %s %s acc %d%s%s\n",
			   ok ? "ok  " : "FAIL", c->what, c->type, c->nitems, c->row_len,
			   c->nulls ? "yes" : "no",
			   c->op == GS_OP_MAX ? "max" : c->op == GS_OP_MIN ? "min" : c->exclusive ? "excl" : "incl",
			   res.acc_bits, ok ? "" : " — ", why);
	free(got);
	free(want);
}

/* Build and run a random case of an operator. */
static void
RandomCaseOp(GsElemType type, int64_t nitems, int64_t row_len, int nullpct,
			 int dist, bool excl, GsScanOp op, const char *what)
{
	Case		c;
	int			isz = gs_type_size(type);

	memset(&c, 0, sizeof(c));
	c.type = type;
	c.nitems = nitems;
	c.row_len = row_len;
	c.exclusive = excl;
	c.op = op;
	c.what = what;
	c.nulls = RandomNulls(nitems, nullpct);
	c.values = malloc((size_t) isz * (nitems + 1));
	c.nvalues = RandomValues(type, nitems, c.nulls, dist, c.values);
	RunCase(&c);
	free(c.values);
	free(c.nulls);
}

/* Build and run a random case of running totals. */
static void
RandomCase(GsElemType type, int64_t nitems, int64_t row_len, int nullpct,
		   int dist, bool excl, const char *what)
{
	RandomCaseOp(type, nitems, row_len, nullpct, dist, excl, GS_OP_SUM, what);
}

/* Running maxima and minima of a type and distribution: one row and rows, NULLs. */
static void
OrderCases(GsElemType ty, int64_t n, int dist)
{
	GsScanOp	op;

	for (op = GS_OP_MAX; op <= GS_OP_MIN; op++)
	{
		RandomCaseOp(ty, n, n ? n : 1, 0, dist, false, op, "order, one row");
		RandomCaseOp(ty, n, n ? n : 1, 20, dist, false, op, "order, one row, nulls");
		RandomCaseOp(ty, n - n % 3, 3, 30, dist, false, op, "order, rows of 3, nulls");
		RandomCaseOp(ty, n, 1, 50, dist, false, op, "order, rows of 1, nulls");
		RandomCaseOp(ty, n, n ? n : 1, 100, dist, false, op, "order, all NULL");
	}
}

/* Run a fixed float4 case given as a list. */
static void
FixedCase4(const float *v, int n, bool excl, const float *expect, const char *what)
{
	Case		c;
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	float		got[16];
	int			i,
				ok = 1;

	memset(&c, 0, sizeof(c));
	memset(&spec, 0, sizeof(spec));
	spec.type = GS_FLOAT4;
	spec.values = v;
	spec.result = got;
	spec.nitems = n;
	spec.row_len = n;
	spec.exclusive = excl;
	gs_plan(&spec, &plan);
	gs_cpu_scan(&spec, &res);
	for (i = 0; i < n; i++)
		if (memcmp(&got[i], &expect[i], 4) != 0)
			ok = 0;
	if (ok && res.status == GS_OK)
		passed++;
	else
	{
		failed++;
		printf("FAIL %s:", what);
		for (i = 0; i < n; i++)
			printf(" %a", got[i]);
		printf("\n");
	}
}

/* Hand-written exactness cases whose answers are known. */
static void
FixedCases(void)
{
	{
		float		v[] = {1e8f, 1, -1e8f};
		float		e[] = {1e8f, 1e8f, 1};

		FixedCase4(v, 3, false, e, "1e8, 1, -1e8");
	}
	{
		/* 2^24 + 1 is a tie: rounds to even 2^24; + another 1 gives 2^24 + 2 */
		float		v[] = {16777216.0f, 1, 1, -16777216.0f};
		float		e[] = {16777216.0f, 16777216.0f, 16777218.0f, 2};

		FixedCase4(v, 4, false, e, "ties to even");
	}
	{
		float		v[] = {-0.0f, -0.0f, 0.0f, -0.0f};
		float		e[] = {-0.0f, -0.0f, 0.0f, 0.0f};

		FixedCase4(v, 4, false, e, "negative zeros");
	}
	{
		float		v[] = {-0.0f, -0.0f, 5};
		float		e[] = {0.0f, -0.0f, -0.0f};

		FixedCase4(v, 3, true, e, "exclusive negative zeros");
	}
	{
		float		v[] = {1, INFINITY, 1, -INFINITY, 1};
		float		e[] = {1, INFINITY, INFINITY, NAN, NAN};

		/* NaN bits: the engine's NaN is the quiet 0x7fc00000 */
		FixedCase4(v, 5, false, e, "infinities");
	}
}

/* Run every random case at the given edge sizes. */
int
main(int argc, char **argv)
{
	/* the edge sizes, and the CPU engine's block edges (4096) */
	static const int64_t sizes[] = {0, 1, 2, 2047, 2048, 2049, 4097, 12289, (1 << 20) + 1};
	static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
	int			argi = 1;
	unsigned	s,
				t,
				d;
	int			pass;

	if (argi < argc && strcmp(argv[argi], "-q") == 0)
	{
		quiet = 1;
		argi++;
	}
	rng_state = argi < argc ? strtoull(argv[argi], NULL, 10) : 20261121;

	for (pass = 0; pass < 2; pass++)
	{
	/* pass 0: the scalar loops; pass 1: the AVX-512 kernels where the CPU has them */
	gs_cpu_simd = pass == 0 ? 0 : -1;
	printf("-- %s\n", pass == 0 ? "scalar engine" : "default engine (AVX-512 where available)");
	FixedCases();
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
	{
		int64_t		n = sizes[s];
		int			big = n > 100000;

		for (t = 0; t < 5; t++)
		{
			GsElemType	ty = types[t];
			int			isfloat = ty == GS_FLOAT4 || ty == GS_FLOAT8;

			for (d = 0; d < (isfloat ? ND : 1); d++)
			{
				if (pass == 0 && (!big || d == D_SPECIAL || d == D_NEGZERO))
					OrderCases(ty, n, d);
				/* one row, then rows of 3, with and without NULLs, both modes */
				RandomCase(ty, n, n ? n : 1, 0, d, false, "one row");
				RandomCase(ty, n, n ? n : 1, 0, d, true, "one row");
				if (big && d != D_UNIT && d != D_INTS)
					continue;	/* keep the large size to the main paths */
				RandomCase(ty, n, n ? n : 1, 20, d, false, "one row, nulls");
				RandomCase(ty, n - n % 3, 3, 0, d, true, "rows of 3");
				RandomCase(ty, n - n % 3, 3, 30, d, false, "rows of 3, nulls");
				RandomCase(ty, n, 1, 50, d, true, "rows of 1, nulls");
				if (n >= 10000)
					RandomCase(ty, n - n % 5000, 5000, 5, d, false, "rows of 5000, nulls");
				RandomCase(ty, n, n ? n : 1, 100, d, false, "all NULL");
			}
			if (ty == GS_INT8)
			{
				RandomCase(ty, n, n ? n : 1, 0, D_OVERFLOW, false, "int8 overflow");
				RandomCase(ty, n, n ? n : 1, 10, D_OVERFLOW, true, "int8 overflow");
			}
		}
	}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
