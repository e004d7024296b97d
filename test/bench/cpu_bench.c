/*
 * test/bench/cpu_bench.c — the exact CPU engine against a naive sequential
 * float loop measured in the same run.
 *
 * For float4 and float8 at 2^20 and 2^24 elements (or the sizes given), and
 * a few value distributions, prints the median time of the naive loop
 * (s += x[i]; y[i] = s in the input's type) and of the exact engine (plan +
 * scan), their elements/s, and the ratio engine speed / naive speed.
 *
 * Usage: cpu_bench [-r reps] [-csv file] [log2 sizes...]; GS_CPU_SIMD=0 (scalar
 * loops) or 2 (AVX2 at most) in the environment sets gs_cpu_simd.
 */
#include "../../core/engine.h"
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The naive loops, the baseline: s += x[i]; y[i] = s in the input's type. */
#define NAIVE_LOOP(name, T) \
	__attribute__((noinline)) static void \
	name(const T *x, T *y, int64_t n) \
	{ \
		T			s = 0; \
		int64_t		i; \
		for (i = 0; i < n; i++) \
		{ \
			s += x[i]; \
			y[i] = s; \
		} \
	}
NAIVE_LOOP(NaiveFloat4, float)
NAIVE_LOOP(NaiveFloat8, double)

/* A value of a named distribution. */
static double
Value(const char *dist)
{
	/* drawn for every distribution: the data of the committed results */
	double		u = BenchUniform(-1000, 1000);

	if (strcmp(dist, "uniform") == 0)	/* uniform in [-1000, 1000) */
		return u;
	if (strcmp(dist, "cents") == 0) /* prices: whole cents up to 10000 */
		return (double) (Rand64() % 1000000) / 100;
	return (double) (Rand64() % 100000);	/* "integers" */
}

int
main(int argc, char **argv)
{
	int			reps = 7;
	int			sizes[8],
				nsizes = 0;
	const char *csvpath = NULL;
	FILE	   *csv = NULL;
	static const char *dists[] = {"uniform", "cents", "integers"};
	int			a,
				si,
				ti,
				di,
				r;

	rng_state = 12345;
	if (getenv("GS_CPU_SIMD"))
		gs_cpu_simd = atoi(getenv("GS_CPU_SIMD"));
	for (a = 1; a < argc; a++)
	{
		if (strcmp(argv[a], "-r") == 0 && a + 1 < argc)
			reps = atoi(argv[++a]);
		else if (strcmp(argv[a], "-csv") == 0 && a + 1 < argc)
			csvpath = argv[++a];
		else if (nsizes < 8)
			sizes[nsizes++] = atoi(argv[a]);
	}
	if (nsizes == 0)
	{
		sizes[0] = 20;
		sizes[1] = 24;
		nsizes = 2;
	}
	if (csvpath)
	{
		csv = fopen(csvpath, "w");
		if (csv)
			fprintf(csv, "type,n,dist,acc_bits,naive_s,engine_s,naive_eps,engine_eps,ratio\n");
	}

	printf("%-7s %10s %-9s %4s %12s %12s %12s %12s %7s\n",
		   "type", "n", "dist", "acc", "naive ms", "engine ms", "naive el/s", "engine el/s", "ratio");
	for (si = 0; si < nsizes; si++)
	{
		int64_t		n = INT64_C(1) << sizes[si];

		for (ti = 0; ti < 2; ti++)
		{
			int			f8 = ti == 1;
			size_t		sz = f8 ? 8 : 4;
			void	   *x = malloc(sz * n);
			void	   *y = malloc(sz * n);

			for (di = 0; di < 3; di++)
			{
				double		tn[64],
							te[64];
				double		mn,
							me;
				GsScanSpec	spec;
				GsScanResult res;
				int64_t		i;

				for (i = 0; i < n; i++)
					BenchStore(x, i, f8, Value(dists[di]));
				BenchFloatSpec(&spec, f8, x, y, n);
				for (r = 0; r < reps && r < 64; r++)
				{
					double		t0 = BenchNow();

					if (f8)
						NaiveFloat8(x, y, n);
					else
						NaiveFloat4(x, y, n);
					tn[r] = BenchNow() - t0;
					t0 = BenchNow();
					gs_cpu_scan(&spec, &res);
					te[r] = BenchNow() - t0;
					if (res.status != GS_OK)
					{
						fprintf(stderr, "engine failed: %d\n", res.status);
						return 1;
					}
				}
				mn = BenchMedian(tn, r);
				me = BenchMedian(te, r);
				printf("%-7s %10ld %-9s %4d %12.3f %12.3f %12.3e %12.3e %6.2fx\n",
					   f8 ? "float8" : "float4", (long) n, dists[di], res.acc_bits,
					   mn * 1e3, me * 1e3, n / mn, n / me, mn / me);
				if (csv)
					fprintf(csv, "%s,%ld,%s,%d,%.6e,%.6e,%.4e,%.4e,%.3f\n",
							f8 ? "float8" : "float4", (long) n, dists[di], res.acc_bits,
							mn, me, n / mn, n / me, mn / me);
			}
			free(x);
			free(y);
		}
	}
	if (csv)
		fclose(csv);
	return 0;
}
