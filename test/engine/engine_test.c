/*
 * test/engine/engine_test.c — the CPU engine against a slow reference of its
 * own.  Beside it, engine_compare.c holds the GPU engine to the CPU engine.
 *
 * The reference (reference.h) shares no code with the engine.  Random
 * arrays of every type, null pattern, row shape and option, at the edge sizes
 * 0, 1, 2, 2047, 2048, 2049 and 2^20+1, are compared bit for bit, errors
 * included.  The window operators (moving sums and means, running means)
 * too: hand-written cases with known answers, the window reference checked
 * against exact-by-construction arithmetic, random cases over every type
 * with windows of 1, 2, primes, about the engine's blocks of 4096
 * positions, the row and beyond it, null runs longer than the window,
 * subnormals, huge values and int8 sums about the limits, each also read
 * through a reader source with windows of odd sizes (the values leaving
 * read again) and compared with the scan in memory.
 *
 * Usage: engine_test [-q] [seed]      Prints "N passed, N failed".
 */
#include "../../core/accum.h"
#include "../../core/engine.h"
#include "cases.h"
#include "reference.h"

#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	int64_t		window;			/* GS_OP_MOVSUM, GS_OP_MOVAVG */
	const char *what;
} Case;

static int	passed,
			failed,
			quiet;

/* The operator of a case, for the output. */
static const char *
OpName(const Case *c, char *buf, size_t len)
{
	switch (c->op)
	{
		case GS_OP_MAX:
			return "max";
		case GS_OP_MIN:
			return "min";
		case GS_OP_MOVSUM:
		case GS_OP_MOVAVG:
			snprintf(buf, len, "%s window %" PRId64, c->op == GS_OP_MOVSUM ? "movsum" : "movavg",
					 c->window);
			return buf;
		case GS_OP_CUMAVG:
			return "cumavg";
		default:
			return c->exclusive ? "excl" : "incl";
	}
}

/* Count one check of a case and print it (failures always). */
static void
Report(const Case *c, int ok, int acc_bits, const char *why, const char *how)
{
	char		opbuf[64];

	if (ok)
		passed++;
	else
		failed++;
	if (!ok || !quiet)
		printf("%s %s%s: type %d n %" PRId64 " row %" PRId64 " nulls %s %s acc %d%s%s\n",
			   ok ? "ok  " : "FAIL", c->what, how, c->type, c->nitems, c->row_len,
			   c->nulls ? "yes" : "no", OpName(c, opbuf, sizeof(opbuf)),
			   acc_bits, ok ? "" : " — ", ok ? "" : why);
}

/* The engine's spec of a case, with its results to go to result. */
static void
CaseSpec(const Case *c, void *result, GsScanSpec *spec)
{
	memset(spec, 0, sizeof(*spec));
	spec->type = c->type;
	spec->values = c->values;
	spec->result = result;
	spec->nitems = c->nitems;
	spec->row_len = c->row_len;
	spec->nulls = c->nulls;
	spec->exclusive = c->exclusive;
	spec->op = c->op;
	spec->window = c->window;
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
	int			ok;
	char		why[200] = "";

	memset(got, REF_POISON, osz * (c->nvalues + 1));
	CaseSpec(c, got, &spec);
	gs_plan(&spec, &plan);
	gs_cpu_scan(&spec, &res);
	want_err = Reference(&spec, want);
	ok = RefCheck(&spec, c->nvalues, &plan, &res, got, want, want_err, why, sizeof(why));
	Report(c, ok, res.acc_bits, why, "");

	/* results of the input's size may be written over the input, but for
	 * exclusive sums (src/scans.c does so) */
	if (osz == gs_type_size(c->type) && !c->exclusive && !GS_OP_IS_WINDOW(c->op) &&
		res.status == GS_OK)
	{
		memcpy(got, c->values, (size_t) osz * c->nvalues);
		spec.values = got;
		spec.result = got;
		gs_cpu_scan(&spec, &res);
		spec.values = c->values;
		ok = RefCheck(&spec, c->nvalues, &plan, &res, got, want, want_err, why, sizeof(why));
		Report(c, ok, res.acc_bits, why, " in place");
	}
	free(got);
	free(want);
}

/* Build and run a random case of an operator. */
static void
RandomCaseOp(GsElemType type, int64_t nitems, int64_t row_len, int nullpct,
			 int dist, bool excl, GsScanOp op, const char *what)
{
	Case		c = {.type = type, .nitems = nitems, .row_len = row_len,
	.exclusive = excl, .op = op, .what = what};
	int			isz = gs_type_size(type);

	c.nulls = RandomNulls(nitems, nullpct);
	c.values = malloc((size_t) isz * (nitems + 1));
	c.nvalues = RandomValues(type, nitems, c.nulls, dist, c.values);
	RunCase(&c);
	free(c.values);
	free(c.nulls);
}

/* Run a fixed float4 case given as a list. */
static void
FixedCase4(const float *v, int n, bool excl, const float *expect, const char *what)
{
	Case		c = {.type = GS_FLOAT4, .nitems = n, .row_len = n, .values = (void *) v,
	.nvalues = n, .exclusive = excl, .what = what};
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	float		got[16];
	int			i,
				ok = 1;

	CaseSpec(&c, got, &spec);
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

/* ---------- the window operators: moving sums, moving means, running means ---------- */

/* More distributions of values, for the window cases (after cases.h's). */
enum
{
	WD_SUBNORMAL = ND,			/* floats: a few smallest subnormals and +-0 (integers: -3..3) */
	WD_HUGE_TINY,				/* floats: near the largest and the smallest (integers: extremes) */
	WD_PAIRS,					/* each value's negation a few values later: exact cancellation */
	WD_INT8_EDGE,				/* int8 near INT64_MAX / m: window sums about the limits */
	WD_HUGE_CANCEL,				/* floats: huge x then -x, tiny values between: wide, no overflow */
	WND,
	WD_LOW_UNIT = WND			/* floats: +-b + k u, signs alternating, u near the smallest unit of the kernels' plain means (MeanUnitCases) */
};

/* A float of the window distributions beyond cases.h's, as double. */
static double
WindowFloat(int dist, int f8)
{
	int			prec = f8 ? 53 : 24;
	int			tiny = f8 ? -1074 : -149;
	int			emax = f8 ? 1023 : 127;
	double		big = f8 ? DBL_MAX : FLT_MAX;
	double		sign = (Rand64() & 1) ? -1.0 : 1.0;
	static const int ks[] = {0, 1, 1, 1, 2, 3, 5, 7};

	if (dist == WD_SUBNORMAL)
	{
		uint64_t	r = RandBelow(12);

		if (r < 8)
			return ks[r] == 0 ? (RandBelow(3) ? -0.0 : 0.0) : sign * ldexp(ks[r], tiny);
		if (r < 10)
			return sign * ldexp((double) RandBelow(UINT64_C(1) << (prec - 1)), tiny);
		if (r < 11)
			return sign * ldexp(1.0, f8 ? -1022 : -126);	/* the smallest normal */
		return sign * ldexp((double) (RandBelow(UINT64_C(1) << 20) + 1), tiny);
	}
	/* WD_HUGE_TINY */
	switch (RandBelow(10))
	{
		case 0:
		case 1:
			return sign * big;
		case 2:
			return sign * (big - ldexp(1.0, emax - prec + 1));	/* the largest's neighbour */
		case 3:
			return sign * ldexp(1.0, emax);
		case 4:
			return sign * ldexp(1.0, emax - prec);				/* half an ulp of the largest */
		case 5:
		case 6:
			return sign * ldexp((double) (1 + RandBelow(3)), tiny);
		case 7:
			return sign;
		default:
			return sign * ldexp((double) (Rand64() >> (64 - prec)), (int) RandBelow(emax - tiny - prec) + tiny);
	}
}

/* Random packed values of a window distribution; returns how many. */
static int64_t
WindowValues(GsElemType type, int64_t nitems, const uint8_t *nulls, int dist, void *values)
{
	int			isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
	int			isz = gs_type_size(type);
	int64_t		k = 0,
				p;
	int			m = 1 + (int) RandBelow(3);	/* WD_INT8_EDGE: near INT64_MAX / m */
	double		pending = 0;	/* WD_HUGE_CANCEL: the huge value not yet taken back */

	if (dist < ND && (isfloat || dist != D_OVERFLOW || type == GS_INT8))
		return RandomValues(type, nitems, nulls, dist, values);
	for (p = 0; p < nitems; p++)
	{
		int64_t		iv = 0;
		double		fv = 0;

		if (nulls && !((nulls[p >> 3] >> (p & 7)) & 1))
			continue;
		if (dist == WD_LOW_UNIT && isfloat)
		{
			/*
			 * the sums of an even number of values are k u, small: their
			 * means lie below the smallest normal, or near it
			 */
			int			f8 = type == GS_FLOAT8;
			int			ue = f8 ? -1022 + (int) RandBelow(4) * 20 : -140 + (int) RandBelow(4) * 25;

			fv = ldexp(RandBelow(16) == 0 ? -1.0 : (k % 2 ? -1.0 : 1.0), f8 ? -1000 : -120) +
				ldexp((double) ((int64_t) RandBelow(7) - 3), ue);
		}
		else if (dist == WD_HUGE_CANCEL && isfloat)
		{
			/*
			 * a huge positive value, later (mostly next) its negation, tiny
			 * values between the pairs: one pair open at a time, so no
			 * window's sum comes near the largest value
			 */
			int			f8 = type == GS_FLOAT8;
			double		big = f8 ? DBL_MAX : FLT_MAX;

			if (pending != 0 && RandBelow(8))
			{
				fv = -pending;
				pending = 0;
			}
			else if (pending == 0 && RandBelow(3) == 0)
			{
				static const double div[] = {1, 1, 1.5, 3, 5};

				fv = pending = RandBelow(4) ? big / div[RandBelow(5)]
					: ldexp((double) (Rand64() >> (f8 ? 11 : 40)), (f8 ? 1023 - 52 : 127 - 23) - (int) RandBelow(3));
			}
			else
				fv = RandBelow(2) ? WindowFloat(WD_SUBNORMAL, f8)
					: ldexp((double) ((int64_t) RandBelow(2001) - 1000), -(int) RandBelow(60));
		}
		else if (dist == WD_PAIRS && k > 0 && RandBelow(2))
		{
			/* the negation of one of the last four values */
			int64_t		j = k - 1 - (int64_t) RandBelow(k < 4 ? k : 4);

			if (isfloat)
			{
				fv = type == GS_FLOAT4 ? -(double) ((float *) values)[j] : -((double *) values)[j];
				if (RandBelow(8) == 0)
					fv = -fv;	/* or the value again */
			}
			else
			{
				iv = -(int64_t) ResultBits(type, isz, values, j);
				if (iv == -(int64_t) ResultBits(type, isz, values, j) && iv != 0 && RandBelow(8) == 0)
					iv = -iv;
			}
		}
		else if (isfloat)
		{
			if (dist == WD_PAIRS)
				fv = RandBelow(10) == 0 ? RandFloat(D_SPECIAL, type == GS_FLOAT8)
					: RandFloat(RandBelow(2) ? D_UNIT : D_WIDE, type == GS_FLOAT8);
			else
				fv = WindowFloat(dist, type == GS_FLOAT8);
		}
		else
		{
			int64_t		hi = type == GS_INT2 ? INT16_MAX : type == GS_INT4 ? INT32_MAX : INT64_MAX;

			switch (dist)
			{
				case WD_SUBNORMAL:
					iv = (int64_t) RandBelow(7) - 3;
					break;
				case WD_INT8_EDGE:
					if (type == GS_INT8)
					{
						iv = INT64_MAX / m - (int64_t) RandBelow(4);
						if (RandBelow(4) == 0)
							iv = -iv - (int64_t) RandBelow(3);
						if (RandBelow(16) == 0)
							iv = (int64_t) RandBelow(5) - 2;
						break;
					}
					/* FALLTHROUGH */
				case WD_HUGE_TINY:
					iv = RandBelow(2) ? hi : -hi - 1;
					if (RandBelow(4) == 0)
						iv = (int64_t) RandBelow(3) - 1;
					break;
				default:
					iv = (int64_t) Rand64() >> (type == GS_INT8 ? 20 : 0);
					break;
			}
		}
		switch (type)
		{
			case GS_INT2:
				((int16_t *) values)[k] = (int16_t) iv;
				break;
			case GS_INT4:
				((int32_t *) values)[k] = (int32_t) iv;
				break;
			case GS_INT8:
				((int64_t *) values)[k] = iv;
				break;
			case GS_FLOAT4:
				((float *) values)[k] = (float) fv;
				break;
			case GS_FLOAT8:
				((double *) values)[k] = fv;
				break;
		}
		k++;
	}
	return k;
}

/* Null patterns of the window cases. */
enum
{
	WN_NONE,
	WN_SOME,					/* 20% NULL */
	WN_RUNS,					/* runs of values and runs of NULLs, longer than the window too */
	WN_MOST,					/* 95% NULL */
	WN_ALL,
	WN_COUNT
};

/* A null bitmap of a pattern (NULL for WN_NONE); window sizes the runs. */
static uint8_t *
WindowNulls(int64_t nitems, int pattern, int64_t window)
{
	uint8_t    *nulls;
	int64_t		p = 0,
				w = window < 5000 ? window : 5000;

	if (pattern == WN_NONE)
		return NULL;
	if (pattern != WN_RUNS)
		return RandomNulls(nitems, pattern == WN_SOME ? 20 : pattern == WN_MOST ? 95 : 100);
	nulls = (uint8_t *) calloc((size_t) (nitems + 7) / 8 + 1, 1);
	while (p < nitems)
	{
		int64_t		present = 1 + (int64_t) RandBelow(2 * w + 1);
		int64_t		absent = 1 + (int64_t) RandBelow(3 * w + 3);

		for (; present > 0 && p < nitems; present--, p++)
			nulls[p >> 3] |= 1 << (p & 7);
		p += absent;
	}
	return nulls;
}

/* Calls of the interrupt callback in the current scan. */
static int64_t interrupt_calls;

static void
CountInterrupt(void)
{
	interrupt_calls++;
}

/* Reader runs, and those that read values leaving the window again. */
static int	reader_runs,
			lag_read_runs;

/* Memory for a reader's window: guard bytes, then the headroom, then bytes. */
#define GUARD_BYTES 65536
#define GUARD_BYTE	0xc3

static char *
GuardedAlloc(size_t bytes)
{
	char	   *m = (char *) malloc(GUARD_BYTES + GS_SOURCE_HEADROOM + bytes + GUARD_BYTES);

	memset(m, GUARD_BYTE, GUARD_BYTES + GS_SOURCE_HEADROOM + bytes + GUARD_BYTES);
	return m + GUARD_BYTES + GS_SOURCE_HEADROOM;
}

/* Are the guards around a window untouched?  Frees it. */
static int
GuardedFree(char *w, size_t bytes)
{
	char	   *m = w - GS_SOURCE_HEADROOM - GUARD_BYTES;
	int			ok = 1;
	size_t		i;

	for (i = 0; i < GUARD_BYTES && ok; i++)
		ok = (uint8_t) m[i] == GUARD_BYTE && (uint8_t) w[bytes + i] == GUARD_BYTE;
	free(m);
	return ok;
}

/* A reader source over packed values in memory, as src/toast_source.c reads TOAST. */
typedef struct TestReader
{
	const char *values;
	int64_t		nbytes;
	int64_t		reads;
	int64_t		bytes_read;
	int			bad;			/* a read outside the values */
	const char *lag;			/* the lag window: reads into it counted apart */
	int64_t		lag_reads;
} TestReader;

static void
TestRead(void *ctx, int64_t offset, size_t nbytes, void *dst)
{
	TestReader *r = (TestReader *) ctx;

	r->reads++;
	r->bytes_read += (int64_t) nbytes;
	r->lag_reads += (const char *) dst == r->lag;
	if (offset < 0 || (int64_t) nbytes > r->nbytes - offset)
	{
		r->bad = 1;
		return;
	}
	/* the TOAST reader writes a varlena header in front of dst: use all the headroom */
	memset((char *) dst - GS_SOURCE_HEADROOM, 0x5a, GS_SOURCE_HEADROOM);
	memcpy(dst, r->values + offset, nbytes);
}

/*
 * Scan a case through a reader source with windows of lead_bytes and
 * lag_bytes, and compare with the scan of the values in memory (mres, its
 * results mgot): the same outcome bit for bit, no read outside the values,
 * nothing written outside the windows.  With may_refuse, GS_ERR_INTERNAL
 * (windows too small) is an answer too.
 */
static void
ReaderRun(const Case *c, const GsScanResult *mres, const void *mgot, size_t lead_bytes,
		  size_t lag_bytes, bool may_refuse, const char *how)
{
	int			osz = gs_output_size(c->type, c->op);
	int			isz = gs_type_size(c->type);
	char	   *got = (char *) malloc((size_t) osz * (c->nvalues + 1));
	GsSource	src;
	TestReader	rd = {(const char *) c->values, (int64_t) isz * c->nvalues, 0, 0, 0, NULL, 0};
	GsScanSpec	spec;
	GsScanResult res;
	char		why[200] = "";
	int			ok = 1;
	char		label[160];

	memset(got, REF_POISON, (size_t) osz * (c->nvalues + 1));
	memset(&src, 0, sizeof(src));
	src.nbytes = rd.nbytes;
	src.ctx = &rd;
	src.read = TestRead;
	src.window = GuardedAlloc(lead_bytes);
	src.window_bytes = lead_bytes;
	src.lag_window = GuardedAlloc(lag_bytes);
	src.lag_window_bytes = lag_bytes;
	rd.lag = src.lag_window;
	CaseSpec(c, got, &spec);
	spec.values = NULL;
	spec.source = &src;
	gs_cpu_scan(&spec, &res);
	if (!GuardedFree(src.window, lead_bytes))
	{
		ok = 0;
		snprintf(why, sizeof(why), "wrote outside the window (%zu bytes)", lead_bytes);
	}
	if (!GuardedFree(src.lag_window, lag_bytes) && ok)
	{
		ok = 0;
		snprintf(why, sizeof(why), "wrote outside the lag window (%zu bytes)", lag_bytes);
	}
	if (ok && rd.bad)
	{
		ok = 0;
		snprintf(why, sizeof(why), "read outside the values");
	}
	if (ok && may_refuse && res.status == GS_ERR_INTERNAL)
		;
	else if (ok && (res.status != mres->status || res.error_position != mres->error_position))
	{
		ok = 0;
		snprintf(why, sizeof(why), "status %d at %" PRId64 ", in memory %d at %" PRId64 " (%s)",
				 res.status, res.error_position, mres->status, mres->error_position, res.message);
	}
	else if (ok && res.status == GS_OK && memcmp(got, mgot, (size_t) osz * (c->nvalues + 1)) != 0)
	{
		int64_t		k = 0;

		while (memcmp(got + k * osz, (const char *) mgot + k * osz, osz) == 0)
			k++;
		ok = 0;
		snprintf(why, sizeof(why), "result %" PRId64 " differs from the scan in memory", k);
	}
	snprintf(label, sizeof(label), "%s (windows of %zu and %zu bytes, %" PRId64 " reads, %" PRId64 " into the lag window)",
			 how, lead_bytes, lag_bytes, rd.reads, rd.lag_reads);
	reader_runs++;
	lag_read_runs += rd.lag_reads > 0;
	Report(c, ok, res.acc_bits, why, label);
	free(got);
}

/* Window bytes of the reader runs: blocks of 4096 values and odd sizes beyond. */
static size_t
ReaderBytes(int isz, bool lag)
{
	static const int64_t lead_vals[] = {4096, 4096, 4097, 4099, 4099, 5003, 8191, 12289, 65536};
	static const int64_t lag_vals[] = {4096, 4099, 4111, 6007, 9001, 65536};
	static const int odd[] = {0, 0, 1, 3, 7};
	int64_t		v = lag ? lag_vals[RandBelow(6)] : lead_vals[RandBelow(9)];

	return (size_t) (v * isz + odd[RandBelow(5)] % isz);
}

/*
 * Run a window case: the engine against the reference; a moving sum whose
 * window spans the row against the engine's running totals (they must be
 * alike); with reader, through a reader source as well.
 */
static void
RunWindowCase(Case *c, bool reader)
{
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	int			osz = gs_output_size(c->type, c->op);
	char	   *got = (char *) malloc((size_t) osz * (c->nvalues + 1));
	char	   *want = (char *) malloc((size_t) osz * (c->nvalues + 1));
	int64_t		want_err;
	int			ok;
	char		why[200] = "";

	memset(got, REF_POISON, (size_t) osz * (c->nvalues + 1));
	CaseSpec(c, got, &spec);
	spec.interrupt = CountInterrupt;
	interrupt_calls = 0;
	gs_plan_counts(&spec, &plan);
	gs_cpu_scan(&spec, &res);
	want_err = Reference(&spec, want);
	ok = RefCheck(&spec, c->nvalues, &plan, &res, got, want, want_err, why, sizeof(why));
	Report(c, ok, res.acc_bits, why, "");
	if (c->nitems > GS_INTERRUPT_INTERVAL)
	{
		/*
		 * the interrupt callback: a window scan counts positions (NULLs
		 * too), one call per GS_INTERRUPT_INTERVAL of them, between blocks
		 * of at most 4096
		 */
		int64_t		m = res.status == GS_OK ? c->nitems : res.error_position + 1;
		int64_t		most = (m - 1) / GS_INTERRUPT_INTERVAL;
		int64_t		least = (m + GS_INTERRUPT_INTERVAL + 4095 - 1) / (GS_INTERRUPT_INTERVAL + 4095) - 1;

		snprintf(why, sizeof(why), "%" PRId64 " interrupt calls over %" PRId64 " positions, expected %"
				 PRId64 " to %" PRId64, interrupt_calls, m, least, most);
		Report(c, interrupt_calls >= least && interrupt_calls <= most, res.acc_bits, why, " interrupts");
	}

	if (c->op == GS_OP_MOVSUM && c->window >= c->row_len)
	{
		/* a window over the whole row: gpu_cumsum's result exactly */
		char	   *sum = (char *) malloc((size_t) osz * (c->nvalues + 1));
		GsScanResult sres;

		memset(sum, REF_POISON, (size_t) osz * (c->nvalues + 1));
		spec.op = GS_OP_SUM;
		spec.result = sum;
		gs_cpu_scan(&spec, &sres);
		ok = sres.status == res.status && sres.error_position == res.error_position &&
			(res.status != GS_OK || memcmp(sum, got, (size_t) osz * (c->nvalues + 1)) == 0);
		snprintf(why, sizeof(why), "running totals: status %d at %" PRId64 ", moving sums: %d at %" PRId64,
				 sres.status, sres.error_position, res.status, res.error_position);
		Report(c, ok, res.acc_bits, why, " = cumsum");
		free(sum);
	}
	if (reader)
		ReaderRun(c, &res, got, ReaderBytes(gs_type_size(c->type), false),
				  ReaderBytes(gs_type_size(c->type), true), false, " reader");
	free(got);
	free(want);
}

/* Build and run a random window case. */
static void
RandomWindowCase(GsElemType type, int64_t nitems, int64_t row_len, int nullpat, int dist,
				 GsScanOp op, int64_t window, bool reader, const char *what)
{
	Case		c = {.type = type, .nitems = nitems, .row_len = row_len, .op = op,
	.window = op == GS_OP_CUMAVG ? 0 : window, .what = what};

	c.nulls = WindowNulls(nitems, nullpat, window);
	c.values = malloc((size_t) gs_type_size(type) * (nitems + 1));
	c.nvalues = WindowValues(type, nitems, c.nulls, dist, c.values);
	RunWindowCase(&c, reader);
	free(c.values);
	free(c.nulls);
}

/*
 * Moving windows that fill with -0 after blocks in 64 bits: the block after
 * one in 64 bits is first checked against its unit (gs_float_stats_in_unit),
 * which must leave a -0 to the full analysis (its count makes a window of
 * -0 only sum to -0).  A first block of w grid values, then 3w -0s within
 * the next block of 4096 positions, then grid values again.
 */
static void
ZeroRunWindowCases(void)
{
	static const int64_t ws[] = {16, 64, 1000};
	int			wi,
				o;

	for (wi = 0; wi < 3; wi++)
		for (o = 0; o < 2; o++)
		{
			int64_t		w = ws[wi],
						n = w + 4096 + 100,
						k;
			Case		c = {.type = GS_FLOAT8, .nitems = n, .row_len = n,
			.op = o ? GS_OP_MOVAVG : GS_OP_MOVSUM, .window = w, .what = "a run of -0 after 64-bit blocks"};
			double	   *v = malloc(sizeof(double) * (n + 1));

			for (k = 0; k < n; k++)
				v[k] = k >= w + 50 && k < 4 * w + 50 ? -0.0 : ldexp((double) ((k * 7919) % 2001) - 1000, -20);
			c.values = v;
			c.nvalues = n;
			RunWindowCase(&c, false);
			free(v);
		}
}

/* The windows of the cases: small, prime, about a block, the row, beyond it. */
#define NWINDOWS 16
static int64_t
WindowPick(int i, int64_t row_len)
{
	static const int64_t fixed_w[] = {1, 2, 3, 7, 13, 31, 4095, 4096, 4097, 8191, 8193};

	if (i < 11)
		return fixed_w[i];
	switch (i)
	{
		case 11:
			return row_len;
		case 12:
			return row_len + 1;
		case 13:
			return row_len > 1 ? row_len - 1 : 1;
		case 14:
			return RandBelow(2) ? INT32_MAX : INT64_C(1) << 40;
		default:
			return 1 + (int64_t) RandBelow(2 * row_len + 2);
	}
}

/*
 * Window cases over every type, at sizes about the engine's blocks of 4096
 * positions: each distribution with each operator, the windows, row shapes
 * and null patterns taken in turn (and at random), some through a reader.
 */
static void
WindowCases(bool full)
{
	static const int64_t sizes_full[] = {1, 2, 7, 100, 4095, 4096, 4097, 8193, 12289, 30011};
	static const int64_t sizes_short[] = {3, 4097, 12289};
	static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
	static const int int_dists[] = {D_UNIT, D_OVERFLOW, WD_SUBNORMAL, WD_HUGE_TINY, WD_PAIRS, WD_INT8_EDGE};
	const int64_t *sizes = full ? sizes_full : sizes_short;
	int			nsizes = full ? 10 : 3;
	unsigned	counter = 0;
	int			s,
				t,
				di;

	for (s = 0; s < nsizes; s++)
	{
		int64_t		n = sizes[s];

		for (t = 0; t < 5; t++)
		{
			GsElemType	ty = types[t];
			int			isfloat = ty == GS_FLOAT4 || ty == GS_FLOAT8;
			int			ndists = isfloat ? WND - 1 : (ty == GS_INT8 ? 6 : 5);

			for (di = 0; di < ndists; di++)
			{
				int			dist = isfloat ? (di == WD_INT8_EDGE ? WD_HUGE_CANCEL : di) : int_dists[di];
				GsScanOp	op;

				if (!full && di % 3 != 0)
					continue;
				for (op = GS_OP_MOVSUM; op <= GS_OP_CUMAVG; op = (GsScanOp) (op + 1))
				{
					static const int64_t rows[] = {0, 0, 3, 1, 1000, 4097};
					int64_t		row = rows[(counter / 3) % 6];
					int64_t		w;
					int			nullpat = (int) ((counter / 7) % WN_COUNT);
					bool		reader;

					counter++;
					if (row == 0 || row > n)
						row = n;
					w = WindowPick((int) (counter % NWINDOWS), row);
					if (RandBelow(4) == 0)
						nullpat = (int) RandBelow(WN_COUNT);
					reader = n >= 100 && (RandBelow(2) || !full);
					RandomWindowCase(ty, n - n % row, row, nullpat, dist, op, w, reader,
									 "window");
				}
			}
		}
	}
	if (!full)
		return;
	/* long rows: many values in a mean, the wide accumulator, a reader over a long array */
	RandomWindowCase(GS_FLOAT8, (1 << 20) + 1, (1 << 20) + 1, WN_NONE, D_UNIT, GS_OP_CUMAVG, 0,
					 true, "window, long");
	RandomWindowCase(GS_FLOAT4, (1 << 20) + 1, (1 << 20) + 1, WN_RUNS, D_WIDE, GS_OP_MOVAVG, 4097,
					 true, "window, long");
	RandomWindowCase(GS_FLOAT8, 1 << 20, 1 << 19, WN_SOME, WD_HUGE_CANCEL, GS_OP_MOVSUM, 65537,
					 true, "window, long");
	RandomWindowCase(GS_INT8, (1 << 20) + 1, (1 << 20) + 1, WN_NONE, D_OVERFLOW, GS_OP_MOVAVG, 8193,
					 true, "window, long");
	RandomWindowCase(GS_INT4, 3 << 20, 3 << 20, WN_SOME, D_UNIT, GS_OP_MOVSUM, 100000,
					 true, "window, long");
	RandomWindowCase(GS_FLOAT4, 1 << 20, 1 << 18, WN_NONE, D_SPECIAL, GS_OP_MOVSUM, 4096,
					 true, "window, long");
	/* rows beyond 4M positions: each kept analysis covers 8,192 positions and more */
	RandomWindowCase(GS_FLOAT4, (4 << 20) + 3, (4 << 20) + 3, WN_RUNS, D_WIDE, GS_OP_MOVSUM,
					 (2 << 20) + 5, false, "window, longer rows");
	RandomWindowCase(GS_FLOAT8, (9 << 20) + 1, (9 << 20) + 1, WN_NONE, D_WIDE, GS_OP_MOVSUM,
					 5000, false, "window, longer rows");
}

/*
 * Means of floats without NULLs (the vector kernels' blocks) whose values'
 * lowest bits lie about and below where the kernels' means skip their
 * range and result checks (gs_simd_means_plain): many means below the
 * smallest normal, rows of 100 to 12,289 positions.
 */
static void
MeanUnitCases(void)
{
	static const int64_t sizes[] = {100, 4097, 12289};
	static const int64_t windows[] = {2, 7, 1000, 0};
	int			s,
				t,
				wi;

	for (s = 0; s < 3; s++)
		for (t = 0; t < 2; t++)
			for (wi = 0; wi < 4; wi++)
			{
				GsElemType	ty = t ? GS_FLOAT8 : GS_FLOAT4;
				int64_t		n = sizes[s];

				RandomWindowCase(ty, n, n, WN_NONE, WD_LOW_UNIT, windows[wi] ? GS_OP_MOVAVG : GS_OP_CUMAVG,
								 windows[wi], false, "means, low units");
			}
}

/*
 * Means of doubles without NULLs whose sums need 65 to 103 bits at the
 * ends of the range of units: multiples of 2^971 and 2^972 among values
 * in [2^1023, 2^1024) (the portable loop splits each value at 2^(unit +
 * 52), which must be a double: 971 the last unit it takes) and of the
 * smallest subnormal among values about 2^-1000; one row of 12,289.  And
 * moving sums of three positions over values of alternating sign about
 * 2^(unit + 51), and of 101 over 301 such values (sums in 64 bits): the
 * value entering less the one leaving lies beyond the largest double at
 * unit 972 (the kernels must not form it as one), though every window
 * sum is about one value.
 */
static void
HighUnitMeanCases(void)
{
	static const int units[] = {971, 972, -1074};
	static const int64_t windows[] = {0, 3000, 3, 101};
	int			u,
				w;

	for (u = 0; u < 3; u++)
		for (w = 0; w < 4; w++)
		{
			int64_t		n = w == 3 ? 301 : 12289;
			Case		c = {.type = GS_FLOAT8, .nitems = n, .row_len = n,
				.op = w >= 2 ? GS_OP_MOVSUM : w ? GS_OP_MOVAVG : GS_OP_CUMAVG,
				.window = windows[w],
			.what = "sums at the ends of the units"};
			double	   *v = (double *) malloc(sizeof(double) * n);
			int64_t		i;

			for (i = 0; i < n; i++)
			{
				double		sign = (Rand64() & 1) ? -1.0 : 1.0;
				uint64_t	m = (UINT64_C(1) << 52) | (Rand64() >> 12);

				if (w >= 2)
					v[i] = (i % 2 ? -1.0 : 1.0) *
						ldexp((double) ((INT64_C(1) << 51) + 1 + 2 * (int64_t) RandBelow(1 << 19)), units[u]);
				else if (i % 2 == 0)
					v[i] = sign * ldexp((double) (1 + 2 * RandBelow(1 << 19)), units[u]);
				else
					v[i] = sign * (units[u] > 0 ? ldexp((double) (m & ~UINT64_C(3)), 971)
								   : ldexp((double) m, -1052));
			}
			c.values = v;
			c.nvalues = n;
			RunWindowCase(&c, false);
			free(v);
		}
}

/*
 * Moving sums of floats without NULLs (where the AVX-512 kernels take
 * blocks of finite values): every distribution, windows about the block
 * size and small ones, one row and rows of 1000.
 */
static void
MovsumNoNullCases(void)
{
	static const int64_t sizes[] = {4097, 12289, 30011};
	static const int64_t windows[] = {1, 2, 7, 4095, 4096, 4097, 8193, 0};
	int			s,
				t,
				d,
				wi;

	for (s = 0; s < 3; s++)
		for (t = 0; t < 2; t++)
			for (d = 0; d < WND; d++)
			{
				GsElemType	ty = t ? GS_FLOAT8 : GS_FLOAT4;
				int64_t		n = sizes[s];
				int			dist = d == WD_INT8_EDGE ? D_INTS : d;

				for (wi = 0; wi < 8; wi += 1 + (int) RandBelow(3))
				{
					int64_t		row = (wi + s) % 2 ? 1000 : n;
					int64_t		w = windows[wi] ? windows[wi] : 1 + (int64_t) RandBelow(2 * row);

					RandomWindowCase(ty, n - n % row, row, WN_NONE, dist, GS_OP_MOVSUM, w,
									 RandBelow(3) == 0, "movsum, no NULLs");
				}
			}
}

/*
 * Short windows, 1 to 100 positions (the AVX-512 kernel takes the values
 * leaving windows shorter than 96 from registers): values whose
 * differences are exact doubles (and some whose are not), one row of a few
 * blocks and rows of 1000 and 37.
 */
static void
ShortWindowCases(void)
{
	int64_t		w;
	int			t;

	for (w = 1; w <= 100; w++)
		for (t = 0; t < 2; t++)
		{
			GsElemType	ty = t ? GS_FLOAT8 : GS_FLOAT4;
			int64_t		row = w % 3 == 0 ? 1000 : w % 3 == 1 ? 8197 + w : 37;
			int64_t		n = row == 37 ? 37 * 300 : row == 1000 ? 9000 : row;

			RandomWindowCase(ty, n, row, WN_NONE, w % 7 == 0 ? D_UNIT : D_INTS, GS_OP_MOVSUM, w,
							 w % 10 == 0, "movsum, short windows");
		}
}

/*
 * Long windows of coarse values with a few fine ones among them: the
 * window's sums need more than 64 bits (the carry-save kernel) while each
 * value entering minus the one leaving stays below 2^53 units, so the
 * AVX-512 kernels subtract in double and convert once (gs_simd_diff_ok);
 * and the same with a huge value mixed in, which forbids that.  Means and
 * sums, one long row, against the exact reference.
 */
static void
LongFineCases(void)
{
	static const int64_t windows[] = {(1 << 19) + 3, 300001, 4099, 20};
	int			t,
				wi,
				huge;

	for (t = 0; t < 2; t++)
		for (huge = 0; huge < 2; huge++)
			for (wi = 0; wi < 4; wi++)
			{
				GsElemType	ty = t ? GS_FLOAT8 : GS_FLOAT4;
				int64_t		n = (1 << 20) + 11,
							i;
				Case		c = {.type = ty, .nitems = n, .row_len = n,
				.op = wi % 2 ? GS_OP_MOVAVG : GS_OP_MOVSUM, .window = windows[wi],
				.what = huge ? "long window, fine and huge values" : "long window, fine values"};

				c.values = malloc((size_t) gs_type_size(ty) * (n + 1));
				c.nvalues = n;
				for (i = 0; i < n; i++)
				{
					/* k * 2^-24, k < 2^24; every ~65,536th (1 + 2^-23) * 2^-21: lsb 2^-44 */
					double		x = ldexp((double) RandBelow(1 << 24), -24);

					if (RandBelow(1 << 16) == 0)
						x = ldexp(1 + ldexp(1, -23), -21);
					if (huge && RandBelow(1 << 18) == 0)
						x = ldexp(1, 40);
					if (ty == GS_FLOAT8)
						((double *) c.values)[i] = x;
					else
						((float *) c.values)[i] = (float) x;
				}
				RunWindowCase(&c, false);
				free(c.values);
			}
}

/* The operators of the edge cases below: inclusive and exclusive sums, then the window forms. */
static const GsScanOp edge_ops[] = {GS_OP_SUM, GS_OP_SUM, GS_OP_CUMAVG, GS_OP_MOVAVG, GS_OP_MOVSUM};

/*
 * Run a case on the doubles x (as the case's type: exact by the caller's
 * choice), through RunCase or, for a window operator, RunWindowCase.
 */
static void
RunDoubles(Case *c, const double *x)
{
	int64_t		i;

	c->values = malloc((size_t) gs_type_size(c->type) * (c->nitems + 1));
	c->nvalues = c->nitems;
	for (i = 0; i < c->nitems; i++)
	{
		if (c->type == GS_FLOAT8)
			((double *) c->values)[i] = x[i];
		else
			((float *) c->values)[i] = (float) x[i];
	}
	if (GS_OP_IS_WINDOW(c->op))
		RunWindowCase(c, false);
	else
		RunCase(c);
	free(c->values);
}

/*
 * Sums about 2^51 units, where the AVX2 kernels stop converting by the
 * bits of a sum with 1.5 * 2^52 (gs_simd_narrow): one unit-valued value,
 * then 4095 of (2^24 - 1) * 2^14 units (the first block's sums below 2^50,
 * 52 bits needed) and 4096 of (2^24 - 1) * 2^15 (the second's, with the
 * carry, up to 1.5 * 2^51: 53 bits); both signs, float4 and float8 (every
 * value exact in both), sums both ways and means, against the reference.
 */
static void
NarrowEdgeCases(void)
{
	static double x[8192];
	int			t,
				sg,
				op;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (sg = 0; sg < 2; sg++)
			for (op = 0; op < 4; op++)
			{
				Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4, .nitems = 8192, .row_len = 8192,
					.exclusive = op == 1, .op = edge_ops[op], .window = 5000,
				.what = "sums about 2^51 units"};

				for (i = 0; i < 8192; i++)
					x[i] = (sg ? -1 : 1) * (i == 0 ? 1.0 : ldexp((double) ((1 << 24) - 1), i < 4096 ? 14 : 15));
				RunDoubles(&c, x);
			}
}

/*
 * Blocks whose bound on the sums exceeds 64 bits, tried on the checked
 * 64-bit kernels (gs_simd_scan64_checked, with and without lag,
 * gs_simd_movmean64 with stop): one unit-valued value per 1000, then values
 * of about 2^55 units (or 2^50, whose differences are exact doubles), all
 * of one sign or in runs of alternating sign, so the sums pass 2^62 units
 * within a block (the kernel stops and the 128-bit kernel takes the
 * rest), in later blocks, or never; and values just below 2^62 units (the
 * largest the kernel takes), 2^63 and 2^64 (which it must not); one row of
 * three blocks and rows of 1000; sums both ways, moving sums, running and
 * moving means, against the reference.
 */
static void
CheckedStopCases(void)
{
	static const int shifts[] = {31, 38, 39, 40, 26};
	static double x[12289];
	int			t,
				sg,
				op,
				rows,
				mag;
	int64_t		i;

	for (mag = 0; mag < 5; mag++)
		for (t = 0; t < 2; t++)
			for (sg = 0; sg < 3; sg++)
				for (op = 0; op < 5; op++)
					for (rows = 0; rows < 2; rows++)
					{
						int64_t		n = rows ? 12000 : 12289;
						Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4, .nitems = n,
							.row_len = rows ? 1000 : n, .exclusive = op == 1, .op = edge_ops[op],
						.window = 700 + 4000 * !rows, .what = "sums past 2^62 units"};

						for (i = 0; i < n; i++)
						{
							/* (2^24 - 1) * 2^shift units: exact in float4 */
							x[i] = i % 1000 == 0 ? 1.0
								: ldexp((double) ((1 << 24) - 1), shifts[mag] - (mag == 0 ? (int) RandBelow(3) : 0));
							if (sg == 1 || (sg == 2 && (i / 300) % 2))
								x[i] = -x[i];
						}
						RunDoubles(&c, x);
					}
}

/*
 * Units about those where the vector kernels stop checking their results
 * for overflow and convert them scaled (cpu/simd_kernels.h, MayOverflow): the
 * smallest value 2^u, one per 1000, the others (2^24 - 1) * 2^(u + s)
 * (exact in float4 too; left out where not finite in the type), for u
 * at, below and above each boundary (float8: 920 and 921 of the 128-bit
 * kernels, 939 and 940 of the AVX2 64-bit ones, 960 and 961 of the
 * AVX-512 ones, and the smallest normal units; float4: 46 and 47, 64 and
 * 65) and s from narrow sums to the 128-bit kernel's; all of one sign
 * (sums that overflow where they can) or in runs of alternating sign;
 * sums both ways, moving sums, running and moving means, against the
 * reference.
 */
static void
UnitEdgeCases(void)
{
	static const int units8[] = {-1023, -1022, -1021, 900, 919, 920, 921, 922, 938, 939, 940, 941,
	959, 960, 961, 962};
	static const int units4[] = {-149, -140, 40, 45, 46, 47, 48, 63, 64, 65, 66, 80};
	static const int shifts[] = {14, 31, 39, 45};
	static double x[8192];
	int			t,
				ui,
				si,
				sg,
				op;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (ui = 0; ui < (t ? 16 : 12); ui++)
			for (si = 0; si < 4; si++)
			{
				int			u = t ? units8[ui] : units4[ui];
				int			top = u + shifts[si] + 24;	/* the large values below 2^top */

				if (top > (t ? 1024 : 128))
					continue;
				for (sg = 0; sg < 2; sg++)
					for (op = 0; op < 5; op++)
					{
						Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4, .nitems = 8192,
							.row_len = 8192, .exclusive = op == 1, .op = edge_ops[op],
						.window = 700, .what = "units about the unchecked stores' bounds"};

						for (i = 0; i < 8192; i++)
						{
							x[i] = i % 1000 == 0 ? ldexp(1.0, u)
								: ldexp((double) ((1 << 24) - 1), u + shifts[si]);
							if (sg && (i / 300) % 2)
								x[i] = -x[i];
						}
						RunDoubles(&c, x);
					}
			}
}

/*
 * Running totals and means whose blocks begin in a guessed unit
 * (gs_cpu_unit_hint, cpu/sum_block.c's BlockGuess, cpu/window.c's
 * MeanGuess): rows like PostgreSQL's random() * 200 - 100 of 100, 1,000
 * and 5,000 values, and the same with a value the guess cannot hold placed
 * in them (a tiny one, NaN, an infinity, a huge one, -0 first or after
 * +0, a subnormal), whole numbers, float4 too; the hint none, the
 * smallest, finer than the rows need, about what they need, coarser, and
 * above 2^0; sums both ways and running means, against the reference.
 */
static void
GuessCases(void)
{
	static const int hints[] = {INT_MIN, -1022, -60, -50, -49, -47, -20, 0, 12};
	static const double odd[] = {0, 1e-20, NAN, INFINITY, 1e300, -0.0, 0x1p-1074, 3.0};
	static double x[5000];
	static const int64_t lens[] = {100, 1000, 5000};
	int			t,
				h,
				li,
				oi,
				ex;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (li = 0; li < 3; li++)
			for (oi = 0; oi < 8; oi++)
				for (h = 0; h < 9; h++)
					for (ex = 0; ex < 3; ex++)
					{
						int64_t		n = 5000,
									rl = lens[li];
						Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4,
							.nitems = n, .row_len = rl, .exclusive = ex == 1,
							.op = ex == 2 ? GS_OP_CUMAVG : GS_OP_SUM,
						.what = "rows in a guessed unit"};

						for (i = 0; i < n; i++)
							x[i] = oi == 7 ? (double) ((int64_t) RandBelow(2000) - 1000)
								: (double) (int64_t) (RandBelow(UINT64_C(1) << 52)) * 0x1p-52 * 200 - 100;
						if (oi > 0 && oi < 7)
						{
							/* the odd value in the first row (at 0, or past a vector), then in a later one */
							int64_t		at = oi == 5 ? 0 : 9 + (int64_t) RandBelow((uint64_t) (rl - 9));

							x[at] = odd[oi];
							if (oi == 5 && rl + 1 < n)
							{
								x[rl] = 0.0;
								x[rl + 1] = -0.0;
							}
							else if (oi != 5 && rl + at < n)
								x[rl + at] = odd[oi];
						}
						gs_cpu_unit_hint[t] = hints[h];
						RunDoubles(&c, x);
					}
	gs_cpu_unit_hint[0] = gs_cpu_unit_hint[1] = INT_MIN;
}

/*
 * Rows whose running totals outgrow 2^62 units of the guessed unit, so
 * that blocks go on in the carry-save kernel without an analysis
 * (gs_simd_scan_split_guess): three blocks and a bit of values about 100
 * plus a drift, after a first value of 0, 2^30, 2^45 or 2^56 (carries from
 * 2^62 units up to and past the carry-save kernels' bounds), with the
 * hint at or finer than the values' unit; and an odd value in the second
 * or third block (at a vector's start or inside one): a finer value, NaN,
 * an infinity, values at and just below 2^62 units, a subnormal.  Both
 * types, sums both ways and running means, against the reference.
 */
static void
WideGuessCases(void)
{
	static const int hints[] = {-70, -60, -52, -47};
	static const double first[] = {0, 0x1p30, 0x1p45, 0x1p56};
	static const double odd[] = {0, 1e-20, NAN, -INFINITY, 0x1p14, 0x1.fffffffffffffp13, 0x1p-1074};
	static double x[3 * 4096 + 100];
	int64_t		n = 3 * 4096 + 100;
	int			t,
				h,
				fi,
				oi,
				ex;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (fi = 0; fi < 4; fi++)
			for (oi = 0; oi < 7; oi++)
				for (h = 0; h < 4; h++)
					for (ex = 0; ex < 3; ex++)
					{
						Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4,
							.nitems = n, .row_len = n, .exclusive = ex == 1,
							.op = ex == 2 ? GS_OP_CUMAVG : GS_OP_SUM,
						.what = "rows past 2^62 units in a guessed unit"};

						for (i = 0; i < n; i++)
							x[i] = (double) (int64_t) (RandBelow(UINT64_C(1) << 52)) * 0x1p-52 * 100 + 50;
						x[0] = first[fi];
						if (oi > 0)
						{
							/* in the second block at a vector's start, in the third inside one */
							x[4096 + 8 * (int64_t) RandBelow(500)] = odd[oi];
							x[2 * 4096 + 1 + (int64_t) RandBelow(4000)] = odd[oi];
						}
						/* the hint for the first block, then what the kernels leave in it */
						gs_cpu_unit_hint[t] = hints[h] + (t ? 0 : 29);
						RunDoubles(&c, x);
					}
	gs_cpu_unit_hint[0] = gs_cpu_unit_hint[1] = INT_MIN;
}

/*
 * Rows in a guessed unit whose sums cross 2^51 units, where the AVX2 guess
 * kernels' narrow pass stops (gs_simd_scan64_guess): whole numbers in the
 * unit 2^0 (the hint), from a first value below 2^51 (2^51 - 1 and -2^51
 * + 1 where the type holds them, then 1 or -1: a sum of exactly 2^51,
 * which stops, or -2^51, which does not, then one past it) or with a
 * drift of 2^21 a value, noise of 2^23, that crosses the bound inside the
 * first block; and a random walk of steps up to 2^40 about 2^50, so that
 * later blocks begin with carries either side of 2^50, where the narrow
 * pass is tried (Narrow2).  Both types, sums both ways and running means,
 * against the reference.
 */
static void
NarrowGuessCases(void)
{
	static double x[3 * 4096 + 100];
	int64_t		n = 3 * 4096 + 100;
	int			t,
				pi,
				s,
				ex;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (pi = 0; pi < 4; pi++)
			for (s = -1; s <= 1; s += 2)
				for (ex = 0; ex < 3; ex++)
				{
					Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4,
						.nitems = pi == 3 ? 12000 : n, .row_len = pi == 3 ? 1000 : n, .exclusive = ex == 1,
						.op = ex == 2 ? GS_OP_CUMAVG : GS_OP_SUM,
					.what = "rows crossing 2^51 units in a guessed unit"};

					for (i = 0; i < n; i++)
					{
						if (pi == 2)
							/* a walk about 2^50: steps below 2^40, a multiple of 2^16 (a float's) */
							x[i] = (double) ((int64_t) RandBelow(UINT64_C(1) << 25) - (INT64_C(1) << 24)) * 0x1p16;
						else if (pi == 0)
							/* a drift that crosses 2^51 after about 64 values */
							x[i] = (double) ((int64_t) RandBelow(UINT64_C(1) << 24) - (INT64_C(1) << 23) + (INT64_C(1) << 21));
						else
							x[i] = (double) ((int64_t) RandBelow(2000) - 1000);
						x[i] *= s;
					}
					if (pi == 0 || pi == 3)
						x[0] = s * (0x1p51 - 0x1p27);
					else if (pi == 1)
					{
						/* to exactly 2^51 (stops) and -2^51 (does not), then past */
						x[0] = t ? s * (0x1p51 - 1) : s * (0x1p51 - 0x1p27);
						x[1] = x[2] = x[3] = x[4] = 0;
						x[5] = t ? s * 1.0 : s * 0x1p27;
						x[6] = s > 0 ? 0 : -1.0;
						x[7] = s > 0 ? 1.0 : -1.0;
					}
					else
						x[0] = s * 0x1p50;
					gs_cpu_unit_hint[t] = 0;
					RunDoubles(&c, x);
				}
	gs_cpu_unit_hint[0] = gs_cpu_unit_hint[1] = INT_MIN;
}

/*
 * Running totals whose terms are -0 up to a block's end or about it (the
 * CPU engine's blocks are GS_CPU_BLOCK_VALUES long): the exclusive sum at
 * the first other term is -0, the inclusive one +0 where that term is +0;
 * runs of 4,095 to 8,193 -0 then +0, 1 or PostgreSQL-like random values,
 * both types, sums both ways and running means, with and without a unit
 * hint.
 */
static void
NegZeroPrefixCases(void)
{
	static const int64_t runs[] = {4095, 4096, 4097, 8191, 8192, 8193};
	static double x[12000];
	int			t,
				ri,
				v,
				ex,
				h;
	int64_t		i;

	for (t = 0; t < 2; t++)
		for (ri = 0; ri < 6; ri++)
			for (v = 0; v < 3; v++)
				for (ex = 0; ex < 3; ex++)
					for (h = 0; h < 2; h++)
					{
						Case		c = {.type = t ? GS_FLOAT8 : GS_FLOAT4, .nitems = 12000,
							.row_len = 12000, .exclusive = ex == 1,
							.op = ex == 2 ? GS_OP_CUMAVG : GS_OP_SUM,
						.what = "-0 up to a block's end"};

						for (i = 0; i < 12000; i++)
							x[i] = i < runs[ri] ? -0.0 : v == 0 ? 0.0 : v == 1 ? 1.0
								: (double) (int64_t) (RandBelow(UINT64_C(1) << 52)) * 0x1p-52 * 200 - 100;
						gs_cpu_unit_hint[t] = h ? -49 : INT_MIN;
						RunDoubles(&c, x);
					}
	gs_cpu_unit_hint[0] = gs_cpu_unit_hint[1] = INT_MIN;
}

/*
 * Reader sources whose lag window holds fewer values than a block: the
 * engine must refuse (GS_ERR_INTERNAL) or scan right, and never write
 * outside the windows it was given.
 */
static void
SmallLagWindows(void)
{
	static const size_t lag_vals[] = {1, 7, 1000, 4095};
	static const GsElemType types[] = {GS_INT4, GS_FLOAT8};
	int			i,
				t;

	for (t = 0; t < 2; t++)
		for (i = 0; i < 4; i++)
		{
			int64_t		n = 20000;
			Case		c = {.type = types[t], .nitems = n, .row_len = n, .op = GS_OP_MOVSUM,
			.window = 5000, .what = "small lag window"};
			int			isz = gs_type_size(c.type);
			int			osz = gs_output_size(c.type, c.op);
			char	   *got = (char *) malloc((size_t) osz * (n + 1));
			GsScanSpec	spec;
			GsScanResult res;

			c.nulls = NULL;
			c.values = malloc((size_t) isz * (n + 1));
			c.nvalues = WindowValues(c.type, n, NULL, D_UNIT, c.values);
			memset(got, REF_POISON, (size_t) osz * (n + 1));
			CaseSpec(&c, got, &spec);
			gs_cpu_scan(&spec, &res);
			ReaderRun(&c, &res, got, (size_t) 8192 * isz, lag_vals[i] * isz, true, " reader");
			free(got);
			free(c.values);
		}
}

/* One check of the window reference itself. */
static void
SelfCheckReport(int ok, const char *what, int64_t k, double got, double want)
{
	if (ok)
	{
		passed++;
		return;
	}
	failed++;
	printf("FAIL window reference self-check, %s: output %" PRId64 ": reference %a, expected %a\n",
		   what, k, got, want);
}

/*
 * The window reference against arithmetic that is exact by construction,
 * each window summed afresh: integers and quarters whose sums a double
 * holds (the mean then is one IEEE division, correctly rounded), small
 * integers as float4 (one float division), multiples of the smallest
 * subnormal (the mean by integer division, rounded half to even by hand);
 * and its moving sums over windows spanning the row against the running
 * totals' reference.
 */
static void
WindowSelfCheck(void)
{
	int			iter;

	for (iter = 0; iter < 3000; iter++)
	{
		int			kind = iter % 5;	/* int8, float8 quarters, float4 ints, float8 and float4 subnormals */
		GsElemType	type = kind == 0 ? GS_INT8 : kind == 1 || kind == 3 ? GS_FLOAT8 : GS_FLOAT4;
		int			f8 = type == GS_FLOAT8;
		int64_t		n = 1 + (int64_t) RandBelow(60);
		int64_t		row = 1 + (int64_t) RandBelow(n);
		GsScanOp	op = (GsScanOp) (GS_OP_MOVSUM + RandBelow(3));
		int64_t		w = 1 + (int64_t) RandBelow(n + 2);
		uint8_t    *nulls = RandomNulls(n, (int) RandBelow(3) * 25);
		int64_t		iv[64];		/* values as integers (floats: units of 1/4 or of the smallest subnormal) */
		int			special[64];	/* floats: 0, or 1 -0, 2 +Inf, 3 -Inf, 4 NaN */
		char		vals[8 * 64],
					out[8 * 65];
		int64_t		p,
					k = 0,
					err;
		GsScanSpec	spec;
		int			tinyexp = f8 ? -1074 : -149;

		n -= n % row;
		memset(&spec, 0, sizeof(spec));
		for (p = 0; p < n; p++)
		{
			double		x;

			if (!RefPresent(&(GsScanSpec) {.nulls = nulls}, p))
				continue;
			special[k] = 0;
			iv[k] = kind == 0 ? (int64_t) RandBelow(1 << 21) - (1 << 20)
				: kind <= 2 ? (int64_t) RandBelow(2001) - 1000
				: (int64_t) RandBelow(41) - 20;
			if (kind != 0 && RandBelow(10) == 0)
			{
				special[k] = 1 + (int) RandBelow(4);
				iv[k] = 0;
			}
			x = special[k] == 1 ? -0.0 : special[k] == 2 ? INFINITY : special[k] == 3 ? -INFINITY
				: special[k] == 4 ? NAN
				: kind == 1 ? iv[k] / 4.0 : kind == 2 ? (double) iv[k] : ldexp((double) iv[k], tinyexp);
			if (type == GS_INT8)
				((int64_t *) vals)[k] = iv[k];
			else if (f8)
				((double *) vals)[k] = x;
			else
				((float *) vals)[k] = (float) x;
			k++;
		}
		spec.type = type;
		spec.op = op;
		spec.values = vals;
		spec.nitems = n;
		spec.row_len = row;
		spec.nulls = nulls;
		spec.window = w;
		err = Reference(&spec, out);
		if (err >= 0)
		{
			SelfCheckReport(0, "an error where none can be", err, 0, 0);
			free(nulls);
			continue;
		}
		/* every window afresh */
		k = 0;
		for (p = 0; p < n; p++)
		{
			int64_t		q,
						lo = p - (p % row),
						sum = 0,
						cnt = 0,
						negz = 0,
						j,
						kq;
			int			nan = 0,
						pinf = 0,
						ninf = 0;
			double		want,
						got;

			if (!RefPresent(&spec, p))
				continue;
			if (op != GS_OP_CUMAVG && p - w + 1 > lo)
				lo = p - w + 1;
			/* kq: the value index of position lo */
			for (kq = 0, j = 0; j < lo; j++)
				kq += RefPresent(&spec, j);
			for (q = lo; q <= p; q++)
			{
				if (!RefPresent(&spec, q))
					continue;
				cnt++;
				if (special[kq] == 1)
					negz++;
				nan |= special[kq] == 4;
				pinf |= special[kq] == 2;
				ninf |= special[kq] == 3;
				sum += iv[kq];
				kq++;
			}
			if (type == GS_INT8)
			{
				if (op == GS_OP_MOVSUM)
				{
					SelfCheckReport(((int64_t *) out)[k] == sum, "int8 sum", k,
									(double) ((int64_t *) out)[k], (double) sum);
					k++;
					continue;
				}
				want = (double) sum / (double) cnt;		/* |sum| < 2^53: one rounding */
				if (sum == 0)
					want = 0.0;
			}
			else if (nan || (pinf && ninf))
				want = NAN;
			else if (pinf || ninf)
				want = pinf ? INFINITY : -INFINITY;
			else if (sum == 0)
				want = negz == cnt ? -0.0 : 0.0;
			else if (kind == 1)
				want = op == GS_OP_MOVSUM ? sum / 4.0 : (sum / 4.0) / (double) cnt;
			else if (kind == 2)
				want = op == GS_OP_MOVSUM ? (double) sum : (double) ((float) sum / (float) cnt);
			else
			{
				/* multiples of the smallest subnormal: round sum / cnt to an integer, half to even */
				int64_t		a = sum < 0 ? -sum : sum;
				int64_t		qq = op == GS_OP_MOVSUM ? a : a / cnt,
							rr = op == GS_OP_MOVSUM ? 0 : a % cnt;

				if (2 * rr > cnt || (2 * rr == cnt && (qq & 1)))
					qq++;
				want = ldexp((double) qq, tinyexp);
				if (sum < 0)
					want = -want;	/* -0 when it rounds to zero */
			}
			got = f8 || type == GS_INT8 ? ((double *) out)[k] : (double) ((float *) out)[k];
			SelfCheckReport(ResultBits(GS_FLOAT8, 8, &got, 0) == ResultBits(GS_FLOAT8, 8, &want, 0),
							kind == 0 ? "int8 mean" : kind == 1 ? "float8 quarters"
							: kind == 2 ? "float4 integers" : "subnormals", k, got, want);
			k++;
		}
		free(nulls);
	}

	/* moving sums over the whole row: the running totals' reference, code apart */
	for (iter = 0; iter < 400; iter++)
	{
		static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
		GsElemType	type = types[iter % 5];
		int			isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
		int			dist = isfloat ? (int) RandBelow(WND - 1) : (int) (RandBelow(2) ? D_OVERFLOW : WD_INT8_EDGE);
		int64_t		n = 1 + (int64_t) RandBelow(iter < 300 ? 200 : 9000);
		int64_t		row = RandBelow(2) ? n : 1 + (int64_t) RandBelow(n);
		uint8_t    *nulls;
		void	   *vals = malloc((size_t) 8 * (n + 1));
		char	   *a = (char *) malloc((size_t) 8 * (n + 1));
		char	   *b = (char *) malloc((size_t) 8 * (n + 1));
		int64_t		nv,
					ea,
					eb,
					k;
		GsScanSpec	spec;
		int			ok = 1;

		n -= n % row;
		nulls = RandomNulls(n, (int) RandBelow(3) * 20);
		nv = WindowValues(type, n, nulls, dist, vals);
		memset(&spec, 0, sizeof(spec));
		spec.type = type;
		spec.values = vals;
		spec.nitems = n;
		spec.row_len = row;
		spec.nulls = nulls;
		spec.op = GS_OP_SUM;
		ea = Reference(&spec, a);
		spec.op = GS_OP_MOVSUM;
		spec.window = row + (int64_t) RandBelow(3);
		eb = Reference(&spec, b);
		ok = ea == eb;
		for (k = 0; ok && ea < 0 && k < nv; k++)
			ok = ResultBits(isfloat ? type : GS_INT8, gs_result_size(type), a, k)
				== ResultBits(isfloat ? type : GS_INT8, gs_result_size(type), b, k);
		if (!ok)
			printf("FAIL window reference self-check: type %d dist %d n %" PRId64 " row %" PRId64
				   ": moving sums over the row differ from running totals (errors %" PRId64 ", %" PRId64 ")\n",
				   type, dist, n, row, ea, eb);
		if (ok)
			passed++;
		else
			failed++;
		free(vals);
		free(a);
		free(b);
		free(nulls);
	}
}

/*
 * A hand-written window case with its known answer: n values (fv for
 * floats, iv for integers; NULL where mask has '0'), and the expected
 * outputs of the values (fexp: floats and integer means; iexp: integer
 * sums) or the position of the expected error.  Both the reference and
 * the engine are held to it.
 */
static void
FixedWindow(const char *what, GsElemType type, GsScanOp op, int64_t window, int n,
			const double *fv, const int64_t *iv, const char *mask,
			const double *fexp, const int64_t *iexp, int64_t want_err)
{
	Case		c = {.type = type, .nitems = n, .row_len = n, .op = op, .window = window, .what = what};
	int			isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
	int			osz = gs_output_size(type, op);
	char		vals[8 * 32],
				expect[8 * 33],
				got[8 * 33],
				ref[8 * 33];
	uint8_t		nulls[4] = {0};
	GsElemType	rt = isfloat ? type : op == GS_OP_MOVSUM ? GS_INT8 : GS_FLOAT8;
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	int64_t		ref_err,
				k = 0;
	int			p,
				ok;
	char		why[200] = "";

	for (p = 0; p < n; p++)
	{
		if (mask && mask[p] == '0')
			continue;
		nulls[p >> 3] |= 1 << (p & 7);
		switch (type)
		{
			case GS_INT2:
				((int16_t *) vals)[k] = (int16_t) iv[p];
				break;
			case GS_INT4:
				((int32_t *) vals)[k] = (int32_t) iv[p];
				break;
			case GS_INT8:
				((int64_t *) vals)[k] = iv[p];
				break;
			case GS_FLOAT4:
				((float *) vals)[k] = (float) fv[p];
				break;
			case GS_FLOAT8:
				((double *) vals)[k] = fv[p];
				break;
		}
		if (rt == GS_INT8)
			((int64_t *) expect)[k] = want_err >= 0 ? 0 : iexp[k];
		else if (rt == GS_FLOAT4)
			((float *) expect)[k] = want_err >= 0 ? 0 : (float) fexp[k];
		else
			((double *) expect)[k] = want_err >= 0 ? 0 : fexp[k];
		k++;
	}
	c.values = vals;
	c.nvalues = k;
	c.nulls = mask ? nulls : NULL;
	memset(expect + k * osz, REF_POISON, osz);

	/* the reference */
	CaseSpec(&c, ref, &spec);
	ref_err = Reference(&spec, ref);
	memset(ref + k * osz, REF_POISON, osz);
	gs_plan_counts(&spec, &plan);
	res.status = ref_err >= 0 ? (isfloat ? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE) : GS_OK;
	res.error_position = ref_err;
	ok = RefCheck(&spec, k, &plan, &res, ref, expect, want_err, why, sizeof(why));
	Report(&c, ok, 0, why, " (the reference)");

	/* the engine */
	memset(got, REF_POISON, sizeof(got));
	spec.result = got;
	gs_cpu_scan(&spec, &res);
	ok = RefCheck(&spec, k, &plan, &res, got, expect, want_err, why, sizeof(why));
	Report(&c, ok, res.acc_bits, why, "");
}

/* Hand-written window cases whose answers are known. */
static void
FixedWindowCases(void)
{
	const double d = ldexp(1, -1074),
				fs = ldexp(1, -149);

	{
		/* a tie to even in a window of two, then the window moves past the big value */
		double		v[] = {16777216, 1, 1, 1};
		double		e[] = {16777216, 16777216, 2, 2};

		FixedWindow("movsum real tie", GS_FLOAT4, GS_OP_MOVSUM, 2, 4, v, NULL, NULL, e, NULL, -1);
	}
	{
		/* a NULL position counts: the window of the last value is {4, NULL, 8} */
		double		v[] = {1, 2, 4, 0, 8};
		double		e[] = {1, 1.5, 0x1.2aaaaaaaaaaabp+1, 6};

		FixedWindow("movavg nulls", GS_FLOAT8, GS_OP_MOVAVG, 3, 5, v, NULL, "11101", e, NULL, -1);
	}
	{
		int64_t		v[] = {1, 2, -3};
		double		e[] = {1, 1.5, -0.5};

		FixedWindow("movavg int4", GS_INT4, GS_OP_MOVAVG, 2, 3, NULL, v, NULL, e, NULL, -1);
	}
	{
		int64_t		v[] = {1, 2, 2, -5};
		double		e[] = {1, 1.5, 0x1.aaaaaaaaaaaabp+0, 0};

		FixedWindow("cumavg int2", GS_INT2, GS_OP_CUMAVG, 0, 4, NULL, v, NULL, e, NULL, -1);
	}
	{
		/* means of subnormals: 0.5 ulp ties to 0, 1.5 to 2, -0.5 to -0 */
		double		v[] = {d, 0, 3 * d, 0, -d, 0};
		double		e[] = {d, 0, 2 * d, 2 * d, -0.0, -0.0};

		FixedWindow("movavg subnormals", GS_FLOAT8, GS_OP_MOVAVG, 2, 6, v, NULL, NULL, e, NULL, -1);
		{
			double		v4[] = {fs, 0, 3 * fs, 0, -fs, 0};
			double		e4[] = {fs, 0, 2 * fs, 2 * fs, -0.0, -0.0};

			FixedWindow("movavg real subnormals", GS_FLOAT4, GS_OP_MOVAVG, 2, 6, v4, NULL, NULL, e4, NULL, -1);
		}
	}
	{
		/* 0.75 of the smallest subnormal rounds up, 0.4 and 1/6 down to +0, an exact 0 is +0, -1/8 is -0 */
		double		v[] = {d, d, d, 0, -d, -d, -d, -d};
		double		e[] = {d, d, d, d, 0, 0, 0, -0.0};

		FixedWindow("cumavg subnormals", GS_FLOAT8, GS_OP_CUMAVG, 0, 8, v, NULL, NULL, e, NULL, -1);
	}
	{
		double		v[] = {-0.0, -0.0, 0, -0.0, -0.0};
		double		e[] = {-0.0, -0.0, 0, 0, -0.0};

		FixedWindow("movsum -0", GS_FLOAT8, GS_OP_MOVSUM, 2, 5, v, NULL, NULL, e, NULL, -1);
		FixedWindow("movavg -0", GS_FLOAT4, GS_OP_MOVAVG, 2, 5, v, NULL, NULL, e, NULL, -1);
	}
	{
		/* specials entering and leaving */
		double		v[] = {INFINITY, 1, 2, -INFINITY, 3, NAN, 4, 5};
		double		e[] = {INFINITY, INFINITY, 3, -INFINITY, -INFINITY, NAN, NAN, 9};
		double		m[] = {INFINITY, INFINITY, 1.5, -INFINITY, -INFINITY, NAN, NAN, 4.5};

		FixedWindow("movsum specials", GS_FLOAT8, GS_OP_MOVSUM, 2, 8, v, NULL, NULL, e, NULL, -1);
		FixedWindow("movavg specials", GS_FLOAT4, GS_OP_MOVAVG, 2, 8, v, NULL, NULL, m, NULL, -1);
	}
	{
		double		v[] = {INFINITY, -INFINITY, 1, 1, 1};
		double		e[] = {INFINITY, NAN, NAN, -INFINITY, 3};

		FixedWindow("movsum inf - inf", GS_FLOAT8, GS_OP_MOVSUM, 3, 5, v, NULL, NULL, e, NULL, -1);
	}
	{
		double		v[] = {DBL_MAX, DBL_MAX, -DBL_MAX};
		double		e1[] = {DBL_MAX, DBL_MAX, -DBL_MAX};
		double		e2[] = {DBL_MAX, DBL_MAX, 0};

		FixedWindow("movsum overflow", GS_FLOAT8, GS_OP_MOVSUM, 2, 3, v, NULL, NULL, NULL, NULL, 1);
		FixedWindow("movsum no overflow", GS_FLOAT8, GS_OP_MOVSUM, 1, 3, v, NULL, NULL, e1, NULL, -1);
		FixedWindow("movavg huge", GS_FLOAT8, GS_OP_MOVAVG, 2, 3, v, NULL, NULL, e2, NULL, -1);
		FixedWindow("cumavg huge", GS_FLOAT8, GS_OP_CUMAVG, 0, 3, v, NULL, NULL,
					(double[]) {DBL_MAX, DBL_MAX, 0x1.5555555555555p+1022}, NULL, -1);
	}
	{
		double		v[] = {FLT_MAX, FLT_MAX, FLT_MAX};
		double		e[] = {FLT_MAX, FLT_MAX, FLT_MAX};

		FixedWindow("movavg real huge", GS_FLOAT4, GS_OP_MOVAVG, 2, 3, v, NULL, NULL, e, NULL, -1);
		FixedWindow("movsum real overflow", GS_FLOAT4, GS_OP_MOVSUM, 3, 3, v, NULL, NULL, NULL, NULL, 1);
		/* FLT_MAX + 2^103 (half an ulp) is the tie that overflows; minus 2^80 it does not */
		FixedWindow("movsum real overflow tie", GS_FLOAT4, GS_OP_MOVSUM, 2, 2,
					(double[]) {FLT_MAX, 0x1p103}, NULL, NULL, NULL, NULL, 1);
		FixedWindow("movsum real below tie", GS_FLOAT4, GS_OP_MOVSUM, 3, 3,
					(double[]) {FLT_MAX, -0x1p80, 0x1p103}, NULL, NULL,
					(double[]) {FLT_MAX, FLT_MAX, FLT_MAX}, NULL, -1);
	}
	{
		/* the window moves past what overflowed the running total: no error */
		int64_t		v[] = {INT64_MAX, 0, INT64_MAX, 0, INT64_MAX};
		int64_t		e[] = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};

		FixedWindow("int8 running total beyond bigint", GS_INT8, GS_OP_MOVSUM, 2, 5, NULL, v, NULL, NULL, e, -1);
		FixedWindow("int8 window sum beyond bigint", GS_INT8, GS_OP_MOVSUM, 3, 5, NULL, v, NULL, NULL, NULL, 2);
	}
	{
		int64_t		v[] = {INT64_MAX, 1, -1};
		int64_t		u[] = {INT64_MIN, 0, -1, -1};
		int64_t		eu[] = {INT64_MIN, INT64_MIN, -1, -2};

		FixedWindow("int8 over", GS_INT8, GS_OP_MOVSUM, 2, 3, NULL, v, NULL, NULL, NULL, 1);
		FixedWindow("int8 under after NULL", GS_INT8, GS_OP_MOVSUM, 3, 4, NULL, u, "1011", NULL, NULL, 2);
		FixedWindow("int8 under window 2", GS_INT8, GS_OP_MOVSUM, 2, 4, NULL, u, NULL, NULL, eu, -1);
		FixedWindow("int8 mean", GS_INT8, GS_OP_MOVAVG, 2, 3, NULL, v, NULL,
					(double[]) {0x1p63, 0x1p62, 0}, NULL, -1);
		FixedWindow("int8 cumavg of extremes", GS_INT8, GS_OP_CUMAVG, 0, 4, NULL,
					(int64_t[]) {INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN}, NULL,
					(double[]) {0x1p63, 0x1p63, 0x1.5555555555555p+61, -0.5}, NULL, -1);
	}
	{
		/* cancellation to an exact 0 across 2^200 */
		double		v[] = {1, 0x1p200, -0x1p200, 1, -1};
		double		e2[] = {1, 0x1p200, 0, -0x1p200, 0};
		double		e3[] = {1, 0x1p200, 1, 1, -0x1p200};

		FixedWindow("movsum cancel", GS_FLOAT8, GS_OP_MOVSUM, 2, 5, v, NULL, NULL, e2, NULL, -1);
		FixedWindow("movsum cancel 3", GS_FLOAT8, GS_OP_MOVSUM, 3, 5, v, NULL, NULL, e3, NULL, -1);
	}
	{
		/* the exact sums of the doubles nearest 0.1, 0.2, 0.3, divided */
		double		v[] = {0.1, 0.2, 0.3};

		FixedWindow("cumavg decimals", GS_FLOAT8, GS_OP_CUMAVG, 0, 3, v, NULL, NULL,
					(double[]) {0.1, 0x1.3333333333334p-3, 0x1.999999999999ap-3}, NULL, -1);
	}
	/* empty arrays: nothing to write, nothing written */
	{
		static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
		int			t;
		GsScanOp	op;

		for (t = 0; t < 5; t++)
			for (op = GS_OP_MOVSUM; op <= GS_OP_CUMAVG; op = (GsScanOp) (op + 1))
				FixedWindow("empty", types[t], op, 3, 0, NULL, NULL, NULL, NULL, NULL, -1);
	}
	/* a window of 0 is refused */
	{
		Case		c = {.type = GS_FLOAT8, .nitems = 1, .row_len = 1, .op = GS_OP_MOVSUM, .window = 0,
		.what = "window 0"};
		double		v = 1,
					out[2];
		GsScanSpec	spec;
		GsScanResult res;

		c.values = &v;
		c.nvalues = 1;
		CaseSpec(&c, out, &spec);
		gs_cpu_scan(&spec, &res);
		Report(&c, res.status == GS_ERR_INTERNAL, 0, "not refused", "");
	}
}

/*
 * A start state (GsScanSpec.init): a random one-row array split at a random
 * position; the row after the split scanned from the state of the values
 * before it must give what the reference gives for those positions of the
 * whole row.  The state comes from the exact accumulator (float sums and
 * means: core/accum.h), from an integer sum, or from the reference's own
 * running extreme at the split; integer sums are int8 (src/window.c
 * widens narrower ones), and the whole row's reference must not fail
 * before the split (a window form would have stopped there).
 */
static void
StartStateCase(GsElemType type, GsScanOp op, int64_t n, int nullpct, int dist)
{
	Case		c = {.type = type, .nitems = n, .row_len = n ? n : 1, .op = op,
	.what = "start state"};
	int			isz = gs_type_size(type),
				osz = gs_output_size(type, op);
	bool		isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
	GsScanSpec	whole,
				tail;
	GsRunState	rs;
	GsScanResult res;
	GsPlan		plan;
	void	   *want,
			   *got;
	uint8_t    *tnulls = NULL;
	int64_t		want_err,
				split,
				k0,
				p;
	char		why[200] = "";
	int			ok;

	c.nulls = RandomNulls(n, nullpct);
	c.values = malloc((size_t) isz * (n + 1));
	c.nvalues = RandomValues(type, n, c.nulls, dist, c.values);
	want = malloc((size_t) osz * (c.nvalues + 1));
	got = malloc((size_t) osz * (c.nvalues + 1));
	CaseSpec(&c, want, &whole);
	want_err = Reference(&whole, want);

	split = (int64_t) RandBelow((uint64_t) n + 1);
	k0 = c.nulls ? gs_bitmap_count(c.nulls, 0, split) : split;
	if (want_err >= 0 && want_err < split)
		goto done;				/* the window form stopped before the split */

	/* the state of the values before the split */
	memset(&rs, 0, sizeof(rs));
	rs.nvalues = k0;
	if (op == GS_OP_MAX || op == GS_OP_MIN)
	{
		if (k0 > 0)
			rs.bits = ResultBits(type, osz, want, k0 - 1);
	}
	else if (isfloat)
	{
		GsAccum    *a = malloc(gs_accum_bytes(type == GS_FLOAT8));

		gs_accum_init(a, type == GS_FLOAT8);
		for (p = 0; p < k0; p++)
			gs_accum_add(a, type == GS_FLOAT8 ? ((uint64_t *) c.values)[p]
						 : ((uint32_t *) c.values)[p]);
		gs_accum_run_state(a, &rs);
		free(a);
	}
	else
	{
		__int128	sum = 0;

		for (p = 0; p < k0; p++)
			sum += (int64_t) ResultBits(type, isz, c.values, p);
		for (p = 0; p < GS_RUN_LIMBS; p++)
			rs.w[p] = p == 0 ? (uint64_t) sum : p == 1 ? (uint64_t) (sum >> 64)
				: (sum < 0 ? ~UINT64_C(0) : 0);
	}

	/* the row after the split, from that state */
	tail = whole;
	tail.values = (const char *) c.values + (size_t) isz * k0;
	tail.result = got;
	tail.nitems = tail.row_len = n - split;
	tail.init = &rs;
	if (c.nulls && n > split)
	{
		tnulls = calloc((size_t) (n - split + 7) / 8 + 1, 1);
		for (p = split; p < n; p++)
			if ((c.nulls[p >> 3] >> (p & 7)) & 1)
				tnulls[(p - split) >> 3] |= 1 << ((p - split) & 7);
		tail.nulls = tnulls;
	}
	if (tail.nitems == 0)
	{
		tail.row_len = 1;
		tail.nulls = NULL;
	}
	memset(got, REF_POISON, (size_t) osz * (c.nvalues - k0 + 1));
	gs_plan_counts(&tail, &plan);
	gs_cpu_scan(&tail, &res);
	tail.result = NULL;
	ok = RefCheck(&tail, c.nvalues - k0, &plan, &res, got, (const char *) want + (size_t) osz * k0,
				  want_err >= 0 ? want_err - split : -1, why, sizeof(why));
	c.nitems = n - split;
	Report(&c, ok, res.acc_bits, why, "");
done:
	free(tnulls);
	free(want);
	free(got);
	free(c.values);
	free(c.nulls);
}

/* Start states of every operator that takes one, type, and many distributions. */
static void
StartStateCases(void)
{
	static const int64_t sizes[] = {1, 2, 7, 100, 4097, 20000};
	static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
	static const GsScanOp ops[] = {GS_OP_SUM, GS_OP_MAX, GS_OP_MIN, GS_OP_CUMAVG};

	for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (unsigned t = 0; t < 5; t++)
			for (unsigned o = 0; o < 4; o++)
			{
				GsElemType	ty = types[t];
				int			isfloat = ty == GS_FLOAT4 || ty == GS_FLOAT8;

				/* integer running totals with a start state are int8 */
				if (ops[o] == GS_OP_SUM && !isfloat && ty != GS_INT8)
					continue;
				for (int d = 0; d < (isfloat ? ND : 2); d++)
					for (int rep = 0; rep < 3; rep++)
						StartStateCase(ty, ops[o], sizes[s], rep == 0 ? 0 : rep == 1 ? 20 : 90,
									   isfloat ? d : (d ? D_OVERFLOW : D_UNIT));
			}
}

/* Run every random case at the given edge sizes. */
/*
 * The float analysis's vector code (AVX-512 or AVX2, where the CPU has it)
 * against its scalar code (gs_cpu_simd = 0), float8 and float4 arrays of 1 to 300
 * values: random bits (NaN, infinities, subnormals), subnormals and zeros,
 * exact multiples of powers of two, and -0 now and then.
 */
static void
AnalysisCases(void)
{
	uint64_t	v[300];
	int			k,
				i,
				bad = 0;

	for (k = 0; k < 40000; k++)
	{
		int			f8 = k < 20000;
		int			n = 1 + (int) RandBelow(300);
		int			kind = (int) RandBelow(4);
		GsFloatStats want,
					got;
		int			saved = gs_cpu_simd;

		for (i = 0; i < n; i++)
		{
			uint64_t	r = Rand64();

			if (kind == 0)
				v[i] = r;		/* any bits */
			else if (kind == 1)
				v[i] = (r & UINT64_C(0x800fffffffffffff)) >> (r % 53);	/* subnormal or zero */
			else
				v[i] = (r & UINT64_C(0x8000000000000000)) |
					((UINT64_C(1) + (r >> 54) % 2046) << 52) | ((r >> 11) & ~(~UINT64_C(0) << (r % 53)) & UINT64_C(0xfffffffffffff));
			if (kind == 3 && RandBelow(64) == 0)
				v[i] = UINT64_C(0x8000000000000000);	/* -0 */
			else if (RandBelow(32) == 0)
				v[i] = 0;
			if (!f8)
			{
				/* float4: the same kinds in 32 bits (a double's sign, exponent and top bits) */
				uint32_t	w = kind == 0 ? (uint32_t) r
					: kind == 1 ? (uint32_t) ((r & 0x807fffffu) >> (r % 24))
					: (uint32_t) (v[i] >> 32 & 0x80000000u) |
					((uint32_t) (1 + (r >> 54) % 254) << 23) | ((uint32_t) (r >> 20) & ~(~0u << (r % 24)) & 0x7fffffu);

				if (v[i] == 0 || v[i] == UINT64_C(0x8000000000000000))
					w = (uint32_t) (v[i] >> 32);
				((uint32_t *) v)[i] = w;
			}
		}
		gs_cpu_simd = 0;
		gs_float_stats(v, n, f8, false, &want);
		gs_cpu_simd = saved;
		gs_float_stats(v, n, f8, gs_simd_enabled(), &got);
		if (got.lo != want.lo || got.maxabs != want.maxabs || got.special != want.special)
		{
			if (bad++ < 5)
				printf("FAIL analysis: float%d n %d kind %d: lo %d / %d, maxabs %" PRIx64 " / %" PRIx64 ", special %d / %d\n",
					   f8 ? 8 : 4, n, kind, (int) got.lo, (int) want.lo, got.maxabs, want.maxabs,
					   got.special, want.special);
			failed++;
		}
		else
			passed++;
	}
	printf("analysis: 20000 float8 and 20000 float4 arrays, the %s code against the scalar: %d wrong\n",
		   gs_simd_enabled() ? "AVX-512" : gs_avx2_enabled() ? "AVX2" : "scalar", bad);
}

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

	for (pass = 0; pass < 3; pass++)
	{
	/*
	 * pass 0: the scalar loops; pass 1: the best kernels the CPU has
	 * (AVX-512, else AVX2; none: pass 0 covered it); pass 2, on a CPU with
	 * AVX-512: the AVX2 kernels
	 */
	gs_cpu_simd = pass == 0 ? 0 : -1;
	if (pass == 1 && !gs_simd_enabled() && !gs_avx2_enabled())
	{
		printf("-- no vector kernels (this CPU or build): the scalar engine's pass covered it\n");
		break;
	}
	if (pass == 2)
	{
		if (!gs_simd_enabled() || !gs_avx2_enabled())
			break;
		gs_cpu_simd = 2;
	}
	printf("-- %s\n", pass == 0 ? "scalar engine" : gs_simd_enabled() ? "AVX-512 kernels" : "AVX2 kernels");
	if (pass >= 1)
		AnalysisCases();
	FixedCases();
	FixedWindowCases();
	ZeroRunWindowCases();
	StartStateCases();
	if (pass == 0)
	{
		WindowSelfCheck();
		SmallLagWindows();
	}
	WindowCases(true);
	MovsumNoNullCases();
	MeanUnitCases();
	HighUnitMeanCases();
	NarrowEdgeCases();
	CheckedStopCases();
	UnitEdgeCases();
	GuessCases();
	WideGuessCases();
	NarrowGuessCases();
	NegZeroPrefixCases();
	ShortWindowCases();
	LongFineCases();
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
				/* keep the large size to the main paths */
				bool		main_paths = !big || d == D_UNIT || d == D_INTS;

				if (pass == 0 && (!big || d == D_SPECIAL || d == D_NEGZERO))
					OrderShapes(RandomCaseOp, ty, n, d);
				SumShapes(RandomCaseOp, ty, n, d, !main_paths);
				if (main_paths && n >= 10000)
					RandomCaseOp(ty, n - n % 5000, 5000, 5, d, false, GS_OP_SUM, "rows of 5000, nulls");
			}
			if (ty == GS_INT8)
			{
				RandomCaseOp(ty, n, n ? n : 1, 0, D_OVERFLOW, false, GS_OP_SUM, "int8 overflow");
				RandomCaseOp(ty, n, n ? n : 1, 10, D_OVERFLOW, true, GS_OP_SUM, "int8 overflow");
			}
		}
	}
	}
	/* the lag window's path must have been taken: values leaving read again */
	printf("window cases through a reader: %d, %d of them reading values leaving again\n",
		   reader_runs, lag_read_runs);
	if (lag_read_runs >= 20)
		passed++;
	else
	{
		failed++;
		printf("FAIL too few reader runs read values leaving the window again\n");
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
