/*
 * core/simd.h — what the AVX-512 code of the float analysis (core/analysis.c)
 * and of the CPU engine's kernels (cpu/cpu_simd.c) share: whether this
 * build has AVX-512 code, its target attribute, tail masks, and the run-time
 * check.
 */
#ifndef GPUSCAN_SIMD_H
#define GPUSCAN_SIMD_H

#include "engine.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GS_HAVE_AVX512_BUILD 1
#include <immintrin.h>

#define AVX512_TARGET __attribute__((target("avx512f,avx512dq,avx512cd,avx512vl,avx512bw")))

/*
 * Lanes [0, n) of 8 or 16.  Masked loads are only for the tail: from memory
 * they are much slower than plain loads (measured: see test/bench/NOTES.md).
 */
#define TAIL8(n)	((__mmask8) ((n) >= 8 ? 0xff : (1u << (n)) - 1))
#define TAIL16(n)	((__mmask16) ((n) >= 16 ? 0xffff : (1u << (n)) - 1))
#endif

#endif							/* GPUSCAN_SIMD_H */
