/* The harness f4_X of device calls A and B (eighteenth session, 2026-11-28): built as
 * test/bench/window_bench is (mk/tests.mk), this file in its place, with -I. and the
 * variant of cpu/window.c named in the run scripts.  A record, not built by make. */
#include "core/engine.h"
#include "test/bench/bench.h"
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(int argc, char **argv)
{
	int op = atoi(argv[1]), reps = atoi(argv[2]), f8 = argc > 3 ? atoi(argv[3]) : 0;
	int64_t n = 1 << 20, i; if (getenv("GS_CPU_SIMD")) gs_cpu_simd = atoi(getenv("GS_CPU_SIMD"));
	void *x = malloc(8 * n), *y = malloc(8 * n);
	int grid = argc > 4 ? atoi(argv[4]) : 0; for (i = 0; i < n; i++) { double u = BenchUniform(-1000, 1000); BenchStore(x, i, f8, grid ? nearbyint(u * 0x1p20) * 0x1p-20 : u); }
	double best = 1e9;
	for (int r = 0; r < reps; r++) {
		GsScanSpec spec; GsScanResult res;
		BenchFloatSpec(&spec, f8, x, y, n);
		spec.op = op; spec.window = op == GS_OP_MOVAVG || op == GS_OP_MOVSUM ? 1000 : 0;
		double t0 = BenchNow();
		if (gs_cpu_scan(&spec, &res) != GS_OK) return 1;
		double t = BenchNow() - t0; if (t < best) best = t; if (getenv("V")) printf("%.3f ", t*1e3);
	}
	{ uint64_t h = 1469598103934665603ull; const unsigned char *b = y; for (i = 0; i < n * (f8 ? 8 : 4); i++) h = (h ^ b[i]) * 1099511628211ull;
	printf("op %d best %.3f ms hash %016llx\n", op, best * 1e3, (unsigned long long) h); }
	return 0;
}
