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
		uint64_t	u,
					a,
					m,
					inf;
		int			ef;

		if constexpr (sizeof(In) == 4)
		{
			u = gs_f32_bits(x[i]);
			a = u & 0x7fffffffu;
			inf = 0x7f800000u;
			ef = (int) (a >> 23);
			m = (a & 0x7fffffu) | 0x800000u;
		}
		else
		{
			u = gs_f64_bits(x[i]);
			a = u & UINT64_C(0x7fffffffffffffff);
			inf = UINT64_C(0x7ff0000000000000);
			ef = (int) (a >> 52);
			m = (a & UINT64_C(0xfffffffffffff)) | UINT64_C(0x10000000000000);
		}
		if (a >= inf || u == (sizeof(In) == 4 ? UINT64_C(0x80000000) : UINT64_C(0x8000000000000000)))
		{
			spec = 1;
			continue;
		}
		if (a == 0)
			continue;
		unsigned	l = (unsigned) ((ef > 1 ? ef : 1) + gs_ctz64(m));

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
