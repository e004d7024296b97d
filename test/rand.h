/*
 * test/rand.h — the random numbers of the engine tests (test/engine/) and
 * the benchmarks (test/bench/): splitmix64 over one global state, which a
 * program seeds by assigning rng_state.  Header-only, static inline, plain C
 * that C++ (nvcc) compiles as well.
 */
#ifndef GPUSCAN_TEST_RAND_H
#define GPUSCAN_TEST_RAND_H

#include <stdint.h>

static uint64_t rng_state = 20261121;

/* Next 64 random bits (splitmix64). */
static inline uint64_t
Rand64(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform integer in [0, n). */
static inline uint64_t
RandBelow(uint64_t n)
{
	return n ? Rand64() % n : 0;
}

/* Uniform double in [0, 1): the top 53 of 64 random bits. */
static inline double
RandUnit(void)
{
	return (double) (Rand64() >> 11) * (1.0 / 9007199254740992.0);
}

#endif							/* GPUSCAN_TEST_RAND_H */
