/*
 * cpu/avx2_moments.c — the variance scans' narrow loop (cpu/moments_kernel.h)
 * built with the AVX2 files' flags, so that its fused multiply-adds are
 * instructions, not library calls; chosen where gs_avx2_enabled() or
 * gs_simd_enabled() (cpu/moments_scan.c).
 */
#include "moments_kernel.h"

/* The narrow loop of a type, built with FMA (gs_avx2_moments_narrow). */
MK_NARROW_LOOPS(gs_avx2_moments_narrow)
