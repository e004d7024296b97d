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
 * Built with GS_BENCH_GPU (test/bench/window_bench_gpu, needs a GPU): the
 * same on the GPU engine, gs_cuda_scan host to host through a pinned
 * buffer of -p MiB (default 64), every kernel's window scan compared bit for
 * bit with the CPU engine's, and the naive loop left out.
 *
 * Usage: window_bench[_gpu] [-r reps] [-p pinned_mb] [-k kernel 1-3] [log2 sizes...]
 */
#include "../../core/engine.h"
#ifdef GS_BENCH_GPU
#include "../../cuda/gpuscan_cuda.h"
#endif
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

#ifdef GS_BENCH_GPU
static GsGpuConfig gpu_cfg = {GS_KERNEL_SINGLE_PASS, 64, 0, GS_FAULT_NONE};
#endif

/* One engine call: the CPU engine, or the GPU engine's whole call. */
static GsStatus
Engine(GsScanSpec *spec, GsScanResult *res)
{
#ifdef GS_BENCH_GPU
	return gs_cuda_scan(spec, &gpu_cfg, res, NULL);
#else
	return gs_cpu_scan(spec, res);
#endif
}

/* Median seconds of reps engine calls of spec (after one unmeasured call). */
static double
EngineTime(GsScanSpec *spec, int reps)
{
	double		t[64];
	int			r;
	GsScanResult res;

	(void) Engine(spec, &res);
	for (r = 0; r < reps && r < 64; r++)
	{
		double		t0 = BenchNow();

		if (Engine(spec, &res) != GS_OK)
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
#ifdef GS_BENCH_GPU
		else if (strcmp(argv[a], "-p") == 0 && a + 1 < argc)
			gpu_cfg.pinned_mb = atoi(argv[++a]);
		else if (strcmp(argv[a], "-k") == 0 && a + 1 < argc)
			gpu_cfg.kernel = (GsKernel) atoi(argv[++a]);
#endif
		else if (nsizes < 8)
			sizes[nsizes++] = atoi(argv[a]);
	}
	if (nsizes == 0)
	{
		sizes[0] = 20;
		sizes[1] = 24;
		nsizes = 2;
	}
#ifdef GS_BENCH_GPU
	{
		char		msg[256];

		if (gs_cuda_init(GS_FAULT_NONE, msg, sizeof(msg)) != GS_OK)
		{
			printf("no usable GPU: %s\n", msg);
			return 1;
		}
		printf("GPU engine, kernel %s, pinned buffer %d MiB\n", gs_kernel_name(gpu_cfg.kernel),
			   gpu_cfg.pinned_mb);
	}
#endif
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

#ifndef GS_BENCH_GPU
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
#else
			(void) tn;
#endif

			for (k = 0; k < 3; k++)
			{
				GsScanResult res;
				const char *same = "";

				BenchFloatSpec(&spec, f8, x, y, n);
				spec.op = GS_OP_MOVSUM;
				spec.window = windows[k];
				t = EngineTime(&spec, reps);
#ifdef GS_BENCH_GPU
				/* the GPU engine against the CPU engine, bit for bit */
				spec.result = y2;
				gs_cpu_scan(&spec, &res);
				same = memcmp(y, y2, sz * n) == 0 ? "  gpu = cpu" : "  GPU != CPU";
				mismatches += memcmp(y, y2, sz * n) != 0;
#else
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
#endif
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
#ifdef GS_BENCH_GPU
	printf("%s\n", mismatches ? "GPU moving sums differ from the CPU engine's" : "GPU moving sums equal the CPU engine's");
#else
	if (gs_simd_enabled())
		printf("%s\n", mismatches ? "AVX-512 moving sums differ from the scalar loops" : "AVX-512 moving sums equal the scalar loops");
#endif
	return mismatches ? 1 : 0;
}
