/*
 * test/bench/small_engine_bench.c — what the CPU engine costs on small
 * arrays kept in the cache, against a naive loop over the same rows.
 *
 * 2^24 values in rows of N doubles (a pool of four rows, reused in turn,
 * so that the values stay in the cache as a freshly detoasted array does),
 * values like PostgreSQL's random() * 200 - 100: one gs_cpu_scan per row
 * (op 0: gpu_cumsum's running totals, 1: gpu_cumavg's running means,
 * analysis and planning included), then the naive loop (s += x[i]; y[i] =
 * s, inexact) over the same rows; the best of REPS rounds of each, in ns a
 * value, and their ratio.  The engine's time without PostgreSQL's: what
 * small_bench.sh's statements add to their reads.  The naive loop's time
 * depends on how the compiler built it: compare ratios between builds made
 * by the same compiler only.
 *
 * Usage: [GS_CPU_SIMD=n] small_engine_bench N [op 0|1] [reps]   (n as cpu_bench's)
 */
#include "../../core/engine.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

/* The baseline: a running sum in one double, one addition a value. */
__attribute__((noinline)) static void
Naive(const double *x, double *y, int64_t n)
{
	double		s = 0;

	for (int64_t i = 0; i < n; i++)
	{
		s += x[i];
		y[i] = s;
	}
}

/* Time the engine and the naive loop over the rows (see the header). */
int
main(int argc, char **argv)
{
	int64_t		n = argc > 1 ? atoll(argv[1]) : 1000;
	int			op = argc > 2 ? atoi(argv[2]) : 0;
	int			reps = argc > 3 ? atoi(argv[3]) : 5;
	int64_t		pool = 4,
				total = INT64_C(1) << 24,
				rows;
	double	   *x,
			   *y,
				best_e = 1e9,
				best_n = 1e9;
	int			bits = 0;

	if (n < 1 || n > total || (op != 0 && op != 1) || reps < 1)
	{
		fprintf(stderr, "usage: small_engine_bench N [op 0|1] [reps]\n");
		return 2;
	}
	if (getenv("GS_CPU_SIMD"))
		gs_cpu_simd = atoi(getenv("GS_CPU_SIMD"));
	rows = total / n;
	x = malloc(pool * n * sizeof(double));
	y = malloc(pool * n * sizeof(double));
	srand48(5);
	for (int64_t i = 0; i < pool * n; i++)
		x[i] = (double) (int64_t) (drand48() * 0x1p52) * 0x1p-52 * 200 - 100;
	for (int r = 0; r < reps; r++)
	{
		double		t0 = BenchNow(),
					t1,
					t2;

		for (int64_t k = 0; k < rows; k++)
		{
			GsScanSpec	spec;
			GsScanResult res;

			BenchFloatSpec(&spec, 1, x + (k % pool) * n, y + (k % pool) * n, n);
			spec.op = op == 0 ? GS_OP_SUM : GS_OP_CUMAVG;
			if (gs_cpu_scan(&spec, &res) != GS_OK)
			{
				fprintf(stderr, "the engine failed: %s\n", res.message);
				return 1;
			}
			bits = res.acc_bits;
		}
		t1 = BenchNow();
		for (int64_t k = 0; k < rows; k++)
			Naive(x + (k % pool) * n, y + (k % pool) * n, n);
		t2 = BenchNow();
		if (t1 - t0 < best_e)
			best_e = t1 - t0;
		if (t2 - t1 < best_n)
			best_n = t2 - t1;
	}
	printf("n=%lld %s (%d-bit) engine %.2f ns/value, naive loop %.2f ns/value, ratio %.2f\n",
		   (long long) n, op == 0 ? "cumsum" : "cumavg", bits,
		   best_e / (double) (rows * n) * 1e9, best_n / (double) (rows * n) * 1e9, best_e / best_n);
	return 0;
}
