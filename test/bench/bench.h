/*
 * test/bench/bench.h — what the benchmarks share: random values (test/rand.h,
 * the engine tests' splitmix64), a monotonic clock, medians, float arrays and
 * their scan spec, and with CUDA a check of CUDA calls.  Header-only, static inline, plain C that C++ (nvcc,
 * kernel_bench.cu) compiles as well.
 */
#ifndef GPUSCAN_BENCH_H
#define GPUSCAN_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../core/engine.h"
#include "../rand.h"

/* Monotonic time in seconds. */
static inline double
BenchNow(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* qsort's order of doubles. */
static inline int
BenchCmpDouble(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* Median of n timings (sorts them); of an even n, the mean of the middle two. */
static inline double
BenchMedian(double *t, int n)
{
	qsort(t, (size_t) n, sizeof(double), BenchCmpDouble);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* A random value uniform in [lo, hi). */
static inline double
BenchUniform(double lo, double hi)
{
	return (hi - lo) * RandUnit() + lo;
}

/* Element i of a float4 array (f8: float8) set to v, rounded to the type. */
static inline void
BenchStore(void *x, int64_t i, int f8, double v)
{
	if (f8)
		((double *) x)[i] = v;
	else
		((float *) x)[i] = (float) v;
}

/* The spec of a running sum of one row of n float4 (f8: float8) values. */
static inline void
BenchFloatSpec(GsScanSpec *spec, int f8, const void *values, void *result, int64_t n)
{
	memset(spec, 0, sizeof(*spec));
	spec->type = f8 ? GS_FLOAT8 : GS_FLOAT4;
	spec->values = values;
	spec->result = result;
	spec->nitems = n;
	spec->row_len = n;
}

/*
 * BENCH_CK(call): a CUDA runtime call that must succeed, else the program
 * stops with the call, where it is and CUDA's message.  Defined where
 * cuda_runtime.h is included before this header.
 */
#ifdef CUDART_VERSION
#define BENCH_CK(x) \
	do { \
		cudaError_t e_ = (x); \
		if (e_ != cudaSuccess) \
		{ \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
			exit(1); \
		} \
	} while (0)
#endif

#endif							/* GPUSCAN_BENCH_H */
