/*
 * test/bench/window_bench.c — the CPU engine's moving sums and means against
 * its running totals of the same array, and a naive float rolling loop
 * (s += x[i] - x[i-w]), measured in the same run.
 *
 * For float4 and float8 at 2^20 and 2^24 elements (or the sizes given),
 * uniform values in [-1000, 1000): the median time of gpu_cumsum's engine
 * call, of the naive rolling loop, and of gpu_movsum (windows 20, 1,000
 * and half the array), gpu_movavg (window 1,000) and gpu_cumavg; each with
 * its ratio to the running totals.  Where the CPU has AVX-512, each moving
 * sum is also computed by the scalar loops and compared bit for bit.
 *
 * Usage: window_bench [-r reps] [log2 sizes...]
 */
#include "../../core/engine.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The naive rolling loops: s += x[i] - x[i-w]; y[i] = s, in the input's type. */
#define NAIVE_ROLL(name, T) \
	__attribute__((noinline)) static void \
	name(const T *x, T *y, int64_t n, int64_t w) \
	{ \
		T			s = 0; \
		int64_t		i; \
		for (i = 0; i < n; i++) \
		{ \
			s += x[i]; \
			if (i >= w) \
				s -= x[i - w]; \
			y[i] = s; \
		} \
	}
NAIVE_ROLL(NaiveRoll4, float)
NAIVE_ROLL(NaiveRoll8, double)

/* Median seconds of reps engine calls of spec. */
static double
EngineTime(GsScanSpec *spec, int reps)
{
	double		t[64];
	int			r;
	GsScanResult res;

	for (r = 0; r < reps && r < 64; r++)
	{
		double		t0 = BenchNow();

		if (gs_cpu_scan(spec, &res) != GS_OK)
		{
			fprintf(stderr, "engine failed: %d %s\n", res.status, res.message);
			exit(1);
		}
		t[r] = BenchNow() - t0;
	}
	return BenchMedian(t, r);
}

int
main(int argc, char **argv)
{
	int			reps = 7;
	int			sizes[8],
				nsizes = 0;
	int			a,
				si,
				ti,
				r,
				mismatches = 0;

	rng_state = 12345;
	for (a = 1; a < argc; a++)
	{
		if (strcmp(argv[a], "-r") == 0 && a + 1 < argc)
			reps = atoi(argv[++a]);
		else if (nsizes < 8)
			sizes[nsizes++] = atoi(argv[a]);
	}
	if (nsizes == 0)
	{
		sizes[0] = 20;
		sizes[1] = 24;
		nsizes = 2;
	}
	printf("%-7s %9s %-16s %10s %9s\n", "type", "n", "scan", "median ms", "/cumsum");
	for (si = 0; si < nsizes; si++)
	{
		int64_t		n = INT64_C(1) << sizes[si];

		for (ti = 0; ti < 2; ti++)
		{
			int			f8 = ti == 1;
			size_t		sz = f8 ? 8 : 4;
			void	   *x = malloc(sz * n);
			void	   *y = malloc(sz * n);
			void	   *y2 = malloc(sz * n);
			const char *type = f8 ? "float8" : "float4";
			int64_t		windows[3] = {20, 1000, n / 2};
			GsScanSpec	spec;
			double		base,
						t,
						tn[64];
			int64_t		i;
			int			k;
			char		label[32];

			for (i = 0; i < n; i++)
				BenchStore(x, i, f8, BenchUniform(-1000, 1000));
			BenchFloatSpec(&spec, f8, x, y, n);
			base = EngineTime(&spec, reps);
			printf("%-7s %9ld %-16s %10.3f %8.2fx\n", type, (long) n, "cumsum", base * 1e3, 1.0);

			for (r = 0; r < reps && r < 64; r++)
			{
				double		t0 = BenchNow();

				if (f8)
					NaiveRoll8(x, y, n, 1000);
				else
					NaiveRoll4(x, y, n, 1000);
				tn[r] = BenchNow() - t0;
			}
			t = BenchMedian(tn, r);
			printf("%-7s %9ld %-16s %10.3f %8.2fx\n", type, (long) n, "naive roll 1000", t * 1e3, t / base);

			for (k = 0; k < 3; k++)
			{
				GsScanResult res;
				const char *same = "";

				BenchFloatSpec(&spec, f8, x, y, n);
				spec.op = GS_OP_MOVSUM;
				spec.window = windows[k];
				t = EngineTime(&spec, reps);
				if (gs_simd_enabled())
				{
					/* the AVX-512 kernels against the scalar loops, bit for bit */
					spec.result = y2;
					gs_cpu_simd = 0;
					gs_cpu_scan(&spec, &res);
					gs_cpu_simd = -1;
					same = memcmp(y, y2, sz * n) == 0 ? "  avx512 = scalar" : "  AVX512 != SCALAR";
					mismatches += memcmp(y, y2, sz * n) != 0;
				}
				snprintf(label, sizeof(label), "movsum %ld", (long) windows[k]);
				printf("%-7s %9ld %-16s %10.3f %8.2fx%s\n", type, (long) n, label, t * 1e3, t / base, same);
			}
			BenchFloatSpec(&spec, f8, x, y, n);
			spec.op = GS_OP_MOVAVG;
			spec.window = 1000;
			t = EngineTime(&spec, reps);
			printf("%-7s %9ld %-16s %10.3f %8.2fx\n", type, (long) n, "movavg 1000", t * 1e3, t / base);
			BenchFloatSpec(&spec, f8, x, y, n);
			spec.op = GS_OP_CUMAVG;
			t = EngineTime(&spec, reps);
			printf("%-7s %9ld %-16s %10.3f %8.2fx\n", type, (long) n, "cumavg", t * 1e3, t / base);
			fflush(stdout);
			free(x);
			free(y);
			free(y2);
		}
	}
	if (gs_simd_enabled())
		printf("%s\n", mismatches ? "AVX-512 moving sums differ from the scalar loops" : "AVX-512 moving sums equal the scalar loops");
	return mismatches ? 1 : 0;
}
