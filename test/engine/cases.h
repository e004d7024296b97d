/*
 * test/engine/cases.h — random test data and the case shapes shared by the
 * engine tests (engine_test.c: the CPU engine against reference.h;
 * engine_compare.c: the GPU engine against the CPU engine).  Header-only;
 * the random numbers are test/rand.h's.
 */
#ifndef GPUSCAN_TEST_CASES_H
#define GPUSCAN_TEST_CASES_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../core/engine.h"
#include "../rand.h"

/* Distributions of random values. */
enum
{
	D_UNIT,						/* uniform in [-1, 1) with random low bits */
	D_INTS,						/* small integers as floats: 64-bit path */
	D_WIDE,						/* any finite exponent: wide path */
	D_CANCEL,					/* large values that cancel, with small ones */
	D_SPECIAL,					/* NaN, Infinity, -0 mixed in */
	D_OVERFLOW,					/* values near the type's maximum */
	D_NEGZERO,					/* only zeros, mostly -0 */
	D_TIES,						/* powers of two making exact rounding ties */
	D_CANCEL_WIDE,				/* huge values that cancel, with tiny ones (wide) */
	D_SPECIAL_WIDE,				/* NaN, Infinity, -0 and subnormals (wide) */
	D_RARE,						/* integers, and one in 2^20 a tiny value or NaN */
	ND
};

/* For D_TIES: the exponent of the tiny term that tips a tie (per case). */
static int	tie_shift;

/* One random float of a distribution, as double (rounded to float4 by caller). */
static double
RandFloat(int dist, int f8)
{
	int			maxe = f8 ? 1023 : 127;
	int			mine = f8 ? -1074 : -149;
	uint64_t	r = Rand64();
	double		x;

	switch (dist)
	{
		case D_UNIT:
			return ldexp((double) (int64_t) (r >> 11) - ldexp(1, 52), -52 - (int) RandBelow(30));
		case D_INTS:
			return (double) ((int64_t) RandBelow(2000001) - 1000000) / 4;
		case D_WIDE:
			x = ldexp((double) (r >> 11), (int) RandBelow(maxe - mine - 52) + mine);
			return (Rand64() & 1) ? -x : x;
		case D_CANCEL:
		case D_CANCEL_WIDE:
			{
				/* within 128 bits for D_CANCEL, far beyond for D_CANCEL_WIDE */
				int			big = dist == D_CANCEL_WIDE ? (f8 ? 900 : 100) : (f8 ? 40 : 20);

				switch (RandBelow(4))
				{
					case 0:
						return ldexp(1, big);
					case 1:
						return -ldexp(1, big);
					default:
						return ldexp((double) (r >> 40) - ldexp(1, 23), -(int) RandBelow(40));
				}
			}
		case D_SPECIAL:
		case D_SPECIAL_WIDE:
			switch (RandBelow(40))
			{
				case 0:
					return NAN;
				case 1:
					return INFINITY;
				case 2:
					return -INFINITY;
				case 3:
				case 4:
					return -0.0;
				case 5:
					return 0.0;
				case 6:
					if (dist == D_SPECIAL_WIDE)
						return ldexp((double) (r >> 40), mine);	/* subnormal */
					/* FALLTHROUGH */
				default:
					return ldexp((double) (int64_t) (r >> 40) - ldexp(1, 23), -(int) RandBelow(20));
			}
		case D_OVERFLOW:
			x = (f8 ? DBL_MAX : FLT_MAX) / (1 + (double) RandBelow(8));
			return RandBelow(3) == 0 ? -x : x;
		case D_NEGZERO:
			return RandBelow(50) ? -0.0 : 0.0;
		case D_RARE:
			/* what a sample of the array misses: a speculative plan must notice */
			if (RandBelow(1 << 20) == 0)
				return (Rand64() & 1) ? NAN : ldexp(1, -40);
			return (double) ((int64_t) RandBelow(2001) - 1000);
		case D_TIES:
			{
				/* near 1: half an ulp is 2^-p; 2^-tie_shift tips ties either way */
				int			p = f8 ? 53 : 24;
				static const int pick[] = {0, 0, 0, 1, 1, 2, 3, 3};
				int			which = pick[RandBelow(8)];
				int			e = which == 0 ? 0 : which == 1 ? -p : which == 2 ? -p - 1 : -tie_shift;

				x = ldexp(1.0, e) * (RandBelow(4) == 0 ? 3 : 1);
				return (Rand64() & 1) ? -x : x;
			}
	}
	return 0;
}

/* A random null bitmap with nullpct% NULLs, or NULL when nullpct is 0. */
static uint8_t *
RandomNulls(int64_t nitems, int nullpct)
{
	uint8_t    *nulls;
	int64_t		p;

	if (nullpct <= 0)
		return NULL;
	nulls = (uint8_t *) calloc((size_t) (nitems + 7) / 8 + 1, 1);
	for (p = 0; p < nitems; p++)
		if ((int) RandBelow(100) >= nullpct)
			nulls[p >> 3] |= 1 << (p & 7);
	return nulls;
}

/*
 * Random packed values of a type and distribution for the present positions
 * of nitems; returns how many.  values holds nitems elements.
 */
static int64_t
RandomValues(GsElemType type, int64_t nitems, const uint8_t *nulls, int dist,
			 void *values)
{
	int64_t		k = 0;
	int64_t		p;

	tie_shift = (type == GS_FLOAT8 ? 55 : 26) + (int) RandBelow(70);
	for (p = 0; p < nitems; p++)
	{
		if (nulls && !((nulls[p >> 3] >> (p & 7)) & 1))
			continue;
		switch (type)
		{
			case GS_INT2:
				((int16_t *) values)[k] = (int16_t) Rand64();
				break;
			case GS_INT4:
				((int32_t *) values)[k] = (int32_t) Rand64();
				break;
			case GS_INT8:
				/* D_OVERFLOW: large values whose sums overflow int8 */
				((int64_t *) values)[k] = dist == D_OVERFLOW
					? (int64_t) Rand64() / 4
					: (int64_t) Rand64() >> 20;
				break;
			case GS_FLOAT4:
				((float *) values)[k] = (float) RandFloat(dist, 0);
				break;
			case GS_FLOAT8:
				((double *) values)[k] = RandFloat(dist, 1);
				break;
		}
		k++;
	}
	return k;
}

/*
 * One case of an engine test: a random array of nitems values of a type and
 * distribution, with nullpct% NULLs, in rows of row_len, scanned with op
 * (exclusive: sums only).  what names the shape in the test's output.
 */
typedef void (*CaseRunner) (GsElemType type, int64_t nitems, int64_t row_len, int nullpct,
							int dist, bool excl, GsScanOp op, const char *what);

/*
 * Running totals of n values of a type and distribution: one row, inclusive
 * and exclusive; unless only_one_row, one row with NULLs, rows of 3 with and
 * without NULLs, rows of 1 with NULLs, and all NULL.
 */
static void
SumShapes(CaseRunner run, GsElemType type, int64_t n, int dist, bool only_one_row)
{
	int64_t		one = n ? n : 1;

	run(type, n, one, 0, dist, false, GS_OP_SUM, "one row");
	run(type, n, one, 0, dist, true, GS_OP_SUM, "one row");
	if (only_one_row)
		return;
	run(type, n, one, 20, dist, false, GS_OP_SUM, "one row, nulls");
	run(type, n - n % 3, 3, 0, dist, true, GS_OP_SUM, "rows of 3");
	run(type, n - n % 3, 3, 30, dist, false, GS_OP_SUM, "rows of 3, nulls");
	run(type, n, 1, 50, dist, true, GS_OP_SUM, "rows of 1, nulls");
	run(type, n, one, 100, dist, false, GS_OP_SUM, "all NULL");
}

/*
 * Running maxima, then minima, of n values of a type and distribution: one
 * row with and without NULLs, rows of 3 and of 1 with NULLs, all NULL.
 */
static void
OrderShapes(CaseRunner run, GsElemType type, int64_t n, int dist)
{
	int64_t		one = n ? n : 1;
	GsScanOp	op;

	for (op = GS_OP_MAX; op <= GS_OP_MIN; op = (GsScanOp) (op + 1))
	{
		run(type, n, one, 0, dist, false, op, "order, one row");
		run(type, n, one, 20, dist, false, op, "order, one row, nulls");
		run(type, n - n % 3, 3, 30, dist, false, op, "order, rows of 3, nulls");
		run(type, n, 1, 50, dist, false, op, "order, rows of 1, nulls");
		run(type, n, one, 100, dist, false, op, "order, all NULL");
	}
}

#endif							/* GPUSCAN_TEST_CASES_H */
