/*
 * test/bench/window_bench.c — the CPU engine's moving sums and means against
 * its running totals of the same array, and a naive float rolling loop
 * (s += x[i] - x[i-w]), measured in the same run.
 *
 * For float4 and float8 at 2^20 and 2^24 elements (or the sizes given),
 * uniform values in [-1000, 1000): the median time of gpu_cumsum's engine
 * call, of the naive rolling loop, and of gpu_movsum (windows 20, 1,000
 * and half the array, and any given by -w), gpu_movavg (window 1,000) and
 * gpu_cumavg.  Each round of a rep times every scan once in turn, so the
 * ratio printed, the median over reps of each scan's time over the running
 * totals' in the same round, compares calls made moments apart.  Where the
 * CPU has AVX-512 or AVX2, each moving sum is also computed by the scalar
 * loops and compared bit for bit.  GS_CPU_SIMD=0 (scalar loops) or 2 (AVX2
 * at most) in the environment sets gs_cpu_simd.  -o shifts the results' start by that many bytes
 * (below 4096) from where the values' start lies in its page: the
 * results follow the values by a multiple of 4 KiB otherwise, as they do
 * in PostgreSQL when an array and its result have the same layout.  -s
 * leaves the means out (they take most of the time); -v adds gpu_movstd
 * (window 1,000) and gpu_cumstd.  -i makes the values
 * whole numbers (the uniform ones truncated), whose sums need few bits
 * (narrow blocks: cpu/cpu_simd.h); -g rounds them to multiples of 2^-20
 * instead (as means_bench.sh's grid row: the 64-bit kernels).  -n measures
 * an integer array instead (the uniform values times 1,000 as int4; sums
 * int8, means double precision; no naive loop).
 *
 * Built with GS_BENCH_GPU (test/bench/window_bench_gpu, needs a GPU): the
 * same on the GPU engine, gs_cuda_scan host to host through a pinned
 * buffer of -p MiB (default 64), every kernel's window scan compared bit for
 * bit with the CPU engine's, and the naive loop left out.
 *
 * Usage: window_bench[_gpu] [-r reps] [-s] [-v] [-i | -g | -n] [-w window]... [-p pinned_mb] [-k kernel 1-3]
 *        [log2 sizes...]
 */
#include "../../core/engine.h"
#ifdef GS_BENCH_GPU
#include "../../cuda/gpuscan_cuda.h"
#endif
#include "bench.h"

#include <math.h>
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

/* -n: an int4 array instead of the float ones. */
static int	int4 = 0;

/* The engine's spec of the array x (float8 where f8, or int4 with -n). */
static void
ArraySpec(GsScanSpec *spec, int f8, const void *x, void *y, int64_t n)
{
	BenchFloatSpec(spec, f8, x, y, n);
	if (int4)
		spec->type = GS_INT4;
}

/* The scans measured on each array: the operator and its window (0: none). */
typedef struct Scan
{
	const char *label;
	GsScanOp	op;
	int64_t		window;			/* -1: half the array */
	bool		naive;			/* the naive rolling loop, not the engine */
} Scan;

/* One timed call of scan sc on x (n values), results into y: seconds. */
static double
TimeOne(const Scan *sc, int f8, const void *x, void *y, int64_t n)
{
	GsScanSpec	spec;
	GsScanResult res;
	double		t0;

	static uint8_t *rnulls;
	static int64_t rn_cap;

	ArraySpec(&spec, f8, x, y, n);
	spec.op = sc->op;
	spec.window = sc->window < 0 ? n / 2 : sc->window;
	if (GS_OP_IS_MOMENTS(sc->op))
	{
		/* the variances' results have a null bitmap of their own */
		if (rn_cap < n)
		{
			free(rnulls);
			rnulls = malloc((size_t) (n + 7) / 8);
			rn_cap = n;
		}
		spec.result_nulls = rnulls;
	}
	t0 = BenchNow();
	if (sc->naive)
	{
		if (f8)
			NaiveRoll8(x, y, n, spec.window);
		else
			NaiveRoll4(x, y, n, spec.window);
	}
	else if (Engine(&spec, &res) != GS_OK)
	{
		fprintf(stderr, "engine failed: %d %s\n", res.status, res.message);
		exit(1);
	}
	return BenchNow() - t0;
}

int
main(int argc, char **argv)
{
	int			reps = 7;
	int			out_offset = 0;
	int			sums_only = 0;
	int			sizes[8],
				nsizes = 0;
	int			a,
				si,
				ti,
				r,
				nscans = 0,
				mismatches = 0,
				ints = 0,
				grid = 0;
	Scan		scans[16];
	static double t[16][64];

	scans[nscans++] = (Scan) {"cumsum", GS_OP_SUM, 0, false};
#ifndef GS_BENCH_GPU
	scans[nscans++] = (Scan) {"naive roll", GS_OP_SUM, 1000, true};
#endif
	scans[nscans++] = (Scan) {"movsum", GS_OP_MOVSUM, 20, false};
	scans[nscans++] = (Scan) {"movsum", GS_OP_MOVSUM, 1000, false};
	scans[nscans++] = (Scan) {"movsum", GS_OP_MOVSUM, -1, false};
	scans[nscans++] = (Scan) {"movavg", GS_OP_MOVAVG, 1000, false};
	scans[nscans++] = (Scan) {"cumavg", GS_OP_CUMAVG, 0, false};

	rng_state = 12345;
	if (getenv("GS_CPU_SIMD"))
		gs_cpu_simd = atoi(getenv("GS_CPU_SIMD"));
	for (a = 1; a < argc; a++)
	{
		if (strcmp(argv[a], "-r") == 0 && a + 1 < argc)
			reps = atoi(argv[++a]);
		else if (strcmp(argv[a], "-s") == 0)
			sums_only = 1;
		else if (strcmp(argv[a], "-v") == 0 && nscans + 2 <= 16)
		{
			scans[nscans++] = (Scan) {"movstd", GS_OP_MOVSTD, 1000, false};
			scans[nscans++] = (Scan) {"cumstd", GS_OP_CUMSTD, 0, false};
		}
		else if (strcmp(argv[a], "-i") == 0)
			ints = 1;
		else if (strcmp(argv[a], "-g") == 0)
			grid = 1;
		else if (strcmp(argv[a], "-n") == 0)
			int4 = 1;
		else if (strcmp(argv[a], "-o") == 0 && a + 1 < argc)
			out_offset = atoi(argv[++a]) & 4095;
		else if (strcmp(argv[a], "-w") == 0 && a + 1 < argc && nscans < 16)
			scans[nscans++] = (Scan) {"movsum", GS_OP_MOVSUM, atoll(argv[++a]), false};
#ifdef GS_BENCH_GPU
		else if (strcmp(argv[a], "-p") == 0 && a + 1 < argc)
			gpu_cfg.pinned_mb = atoi(argv[++a]);
		else if (strcmp(argv[a], "-k") == 0 && a + 1 < argc)
			gpu_cfg.kernel = (GsKernel) atoi(argv[++a]);
#endif
		else if (nsizes < 8)
			sizes[nsizes++] = atoi(argv[a]);
	}
	/* drop the means with -s, the naive float loop with -n */
	for (a = 0; a < nscans; a++)
		if ((sums_only && (scans[a].op == GS_OP_MOVAVG || scans[a].op == GS_OP_CUMAVG ||
						   GS_OP_IS_MOMENTS(scans[a].op))) ||
			(int4 && scans[a].naive))
		{
			memmove(&scans[a], &scans[a + 1], sizeof(Scan) * (nscans - a - 1));
			nscans--;
			a--;
		}
	if (reps < 1 || reps > 64)
		reps = 7;
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

		for (ti = int4; ti < 2; ti++)
		{
			int			f8 = ti == 1 && !int4;
			size_t		insz = f8 ? 8 : 4,
						sz = int4 ? 8 : insz;	/* results */
			void	   *x = malloc(insz * n);
			char	   *ybuf = malloc(sz * n + 4096);
			void	   *y = ybuf + out_offset;
			void	   *y2 = malloc(sz * n);
			const char *type = int4 ? "int4" : f8 ? "float8" : "float4";
			int64_t		i;
			int			k;
			char		label[32];

			for (i = 0; i < n; i++)
			{
				double		u = BenchUniform(-1000, 1000);

				if (int4)
					((int32_t *) x)[i] = (int32_t) (u * 1000);
				else
					BenchStore(x, i, f8, ints ? (double) (int) u : grid ? nearbyint(u * 0x1p20) * 0x1p-20 : u);
			}
			/* every scan once unmeasured, then reps rounds of every scan in turn */
			for (k = 0; k < nscans; k++)
				(void) TimeOne(&scans[k], f8, x, y, n);
			for (r = 0; r < reps; r++)
				for (k = 0; k < nscans; k++)
					t[k][r] = TimeOne(&scans[k], f8, x, y, n);
			for (k = 0; k < nscans; k++)
			{
				GsScanSpec	spec;
				GsScanResult res;
				const char *same = "";
				double		ratio[64],
							tk[64];

				for (r = 0; r < reps; r++)
				{
					ratio[r] = t[k][r] / t[0][r];
					tk[r] = t[k][r];
				}
				if (scans[k].op == GS_OP_MOVSUM && !scans[k].naive)
				{
					ArraySpec(&spec, f8, x, y, n);
					spec.op = GS_OP_MOVSUM;
					spec.window = scans[k].window < 0 ? n / 2 : scans[k].window;
					(void) Engine(&spec, &res);
					spec.result = y2;
#ifdef GS_BENCH_GPU
					/* the GPU engine against the CPU engine, bit for bit */
					gs_cpu_scan(&spec, &res);
					same = memcmp(y, y2, sz * n) == 0 ? "  gpu = cpu" : "  GPU != CPU";
					mismatches += memcmp(y, y2, sz * n) != 0;
#else
					if (gs_cpu_simd != 0 && (gs_simd_enabled() || gs_avx2_enabled()))
					{
						/* the vector kernels against the scalar loops, bit for bit */
						int			saved = gs_cpu_simd;

						gs_cpu_simd = 0;
						gs_cpu_scan(&spec, &res);
						gs_cpu_simd = saved;
						same = memcmp(y, y2, sz * n) == 0 ? "  vector = scalar" : "  VECTOR != SCALAR";
						mismatches += memcmp(y, y2, sz * n) != 0;
					}
#endif
				}
				if (scans[k].window < 0)
					snprintf(label, sizeof(label), "%s %ld", scans[k].label, (long) (n / 2));
				else if (scans[k].window > 0)
					snprintf(label, sizeof(label), "%s %ld", scans[k].label, (long) scans[k].window);
				else
					snprintf(label, sizeof(label), "%s", scans[k].label);
				printf("%-7s %9ld %-16s %10.3f %8.2fx%s\n", type, (long) n, label,
					   BenchMedian(tk, reps) * 1e3, BenchMedian(ratio, reps), same);
			}
			fflush(stdout);
			free(x);
			free(ybuf);
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
