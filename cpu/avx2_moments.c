/*
 * cpu/avx2_moments.c — the variance scans' narrow loop (cpu/moments_kernel.h)
 * built with the AVX2 files' flags, so that its fused multiply-adds are
 * instructions, not library calls; chosen where gs_avx2_enabled() or
 * gs_simd_enabled() (cpu/moments_scan.c).
 */
#include "moments_kernel.h"

MK_NARROW_FN(NarrowI2, GS_INT2)
MK_NARROW_FN(NarrowI4, GS_INT4)
MK_NARROW_FN(NarrowI8, GS_INT8)
MK_NARROW_FN(NarrowF4, GS_FLOAT4)
MK_NARROW_FN(NarrowF8, GS_FLOAT8)

/* The narrow loop of a type. */
MomNarrowFn
gs_avx2_moments_narrow(GsElemType type)
{
	static const MomNarrowFn fns[] = {
		[GS_INT2] = NarrowI2,[GS_INT4] = NarrowI4,[GS_INT8] = NarrowI8,
		[GS_FLOAT4] = NarrowF4,[GS_FLOAT8] = NarrowF8
	};

	return fns[type];
}
