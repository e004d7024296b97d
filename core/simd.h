/*
 * core/simd.h — what the AVX-512 and AVX2 code of the float analysis
 * (core/analysis.c) and of the CPU engine's kernels (cpu/avx512_*.c,
 * cpu/avx2_*.c) share: whether this build has such code, the target
 * attributes, tail masks, and (core/engine.h) the run-time checks.
 */
#ifndef GPUSCAN_SIMD_H
#define GPUSCAN_SIMD_H

#include "engine.h"

/*
 * GS_PORTABLE_ONLY (tests: test/engine/engine_test_portable) builds only
 * the portable code, as on a CPU other than x86-64.
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(GS_PORTABLE_ONLY)
#define GS_HAVE_AVX512_BUILD 1
#include <immintrin.h>

#define AVX512_TARGET __attribute__((target("avx512f,avx512dq,avx512cd,avx512vl,avx512bw")))

/* The AVX2 code's target, for CPUs without AVX-512 (with the fused multiply-add). */
#define AVX2_TARGET __attribute__((target("avx2,fma")))

/*
 * Lanes [0, n) of 8 or 16.  Masked loads are only for the tail: from memory
 * they are much slower than plain loads (measured: see test/bench/NOTES.md).
 */
#define TAIL8(n)	((__mmask8) ((n) >= 8 ? 0xff : (1u << (n)) - 1))
#define TAIL16(n)	((__mmask16) ((n) >= 16 ? 0xffff : (1u << (n)) - 1))
#endif

#endif							/* GPUSCAN_SIMD_H */
