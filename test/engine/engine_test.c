/*
 * test/engine/engine_test.c — the CPU engine against a slow reference of its
 * own.  Beside it, engine_compare.c holds the GPU engine to the CPU engine.
 *
 * The reference (reference.h) shares no code with the engine.  Random
 * arrays of every type, null pattern, row shape and option, at the edge sizes
 * 0, 1, 2, 2047, 2048, 2049 and 2^20+1, are compared bit for bit, errors
 * included.
 *
 * Usage: engine_test [-q] [seed]      Prints "N passed, N failed".
 */
#include "../../core/engine.h"
#include "cases.h"
#include "reference.h"

#include <float.h>
#include <inttypes.h>
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
	const char *what;
} Case;

static int	passed,
			failed,
			quiet;

/* Run one case through the engine and the reference and compare. */
/* Count one check of a case and print it (failures always). */
static void
Report(const Case *c, int ok, int acc_bits, const char *why, const char *how)
{
	if (ok)
		passed++;
	else
		failed++;
	if (!ok || !quiet)
		printf("%s %s%s: type %d n %" PRId64 " row %" PRId64 " nulls %s %s acc %d%s%s\n",
			   ok ? "ok  " : "FAIL", c->what, how, c->type, c->nitems, c->row_len,
			   c->nulls ? "yes" : "no",
			   c->op == GS_OP_MAX ? "max" : c->op == GS_OP_MIN ? "min" : c->exclusive ? "excl" : "incl",
			   acc_bits, ok ? "" : " — ", why);
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
}

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
	if (osz == gs_type_size(c->type) && !c->exclusive && res.status == GS_OK)
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
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
