/*
 * cuda/plan_kernel.cuh — kernel family: the exact plan on the GPU, for
 * values that are already in device memory (test/bench/kernel_bench's
 * device-resident runs; the engine plans on the CPU as it copies).
 */
#ifndef GPUSCAN_PLAN_KERNEL_CUH
#define GPUSCAN_PLAN_KERNEL_CUH

#include "scan_ops.cuh"

/*
 * What gs_float_stats learns on the CPU, over device-resident values: the
 * minimum of (biased exponent, at least 1) + trailing zeros over finite
 * nonzero values, the largest finite magnitude, and whether NaN, an infinity
 * or -0 occur.  *lo starts at UINT_MAX, *maxabs and *special at 0.
 */
template <typename In>
__global__ void
PlanReduce(const In *x, int64_t n, unsigned *lo, unsigned long long *maxabs,
		   unsigned *special)
{
	unsigned	mlo = 0xffffffffu;
	unsigned long long mmax = 0;
	unsigned	spec = 0;

	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		const int	f8 = sizeof(In) == 8;
		uint64_t	a;
		int32_t		lo;
		int			kind = gs_float_class(f8 ? gs_f64_bits((double) x[i]) : gs_f32_bits((float) x[i]),
										 f8, &a, &lo);

		if (kind == GS_VALUE_SPECIAL)
		{
			spec = 1;
			continue;
		}
		if (kind == GS_VALUE_ZERO)
			continue;
		unsigned	l = (unsigned) lo;

		mlo = l < mlo ? l : mlo;
		mmax = a > mmax ? a : mmax;
	}
	mlo = __reduce_min_sync(0xffffffffu, mlo);
	spec = __reduce_or_sync(0xffffffffu, spec);
	for (int d = 16; d > 0; d /= 2)
	{
		unsigned long long o = __shfl_down_sync(0xffffffffu, mmax, d);

		mmax = o > mmax ? o : mmax;
	}
	if ((threadIdx.x & 31) == 0)
	{
		atomicMin(lo, mlo);
		atomicMax(maxabs, mmax);
		if (spec)
			atomicOr(special, 1u);
	}
}

#endif							/* GPUSCAN_PLAN_KERNEL_CUH */
