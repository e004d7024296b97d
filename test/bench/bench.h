/*
 * test/bench/bench.h — what the benchmarks share: random values (test/rand.h,
 * the engine tests' splitmix64), a monotonic clock, medians, and with CUDA a
 * check of CUDA calls.  Header-only, static inline, plain C that C++ (nvcc,
 * kernel_bench.cu) compiles as well.
 */
#ifndef GPUSCAN_BENCH_H
#define GPUSCAN_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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
