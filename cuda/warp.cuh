/*
 * cuda/warp.cuh — level: warp.  Shuffles of the engine's values (32-, 64-
 * and 128-bit integers, order values, items) and the two warp-wide
 * combinations the block scans and the look-back build on: an inclusive scan
 * (earlier lanes on the left) and the reduction of a look-back window (lane
 * 0 the latest tile, so earlier tiles lie on higher lanes).
 */
#ifndef GPUSCAN_WARP_CUH
#define GPUSCAN_WARP_CUH

#include "scan_ops.cuh"

#define GS_FULL_WARP	0xffffffffu

/* The warp shuffles: up or down by a distance, or from a lane. */
enum GsShflKind
{
	GS_SHFL_UP,
	GS_SHFL_DOWN,
	GS_SHFL_IDX
};

/* One warp shuffle of a 32- or 64-bit word. */
template <int K, typename T>
__device__ __forceinline__ T
ShflWord(T x, int a)
{
	if constexpr (K == GS_SHFL_UP)
		return __shfl_up_sync(GS_FULL_WARP, x, a);
	else if constexpr (K == GS_SHFL_DOWN)
		return __shfl_down_sync(GS_FULL_WARP, x, a);	/* lanes past 31 keep their own */
	else
		return __shfl_sync(GS_FULL_WARP, x, a);
}

/* A warp shuffle of a 64- or 128-bit integer (or an order value), in 64-bit words. */
template <int K, typename T>
__device__ __forceinline__ T
Shfl(T x, int a)
{
	if constexpr (sizeof(T) == 8)
		return (T) ShflWord<K>((long long) x, a);
	else
	{
		unsigned long long lo = ShflWord<K>((unsigned long long) x, a);
		long long	hi = ShflWord<K>((long long) (x >> 64), a);

		return (T) (((gs_u128) (unsigned long long) hi << 64) | lo);
	}
}

/* A warp shuffle of an item. */
template <int K, typename Acc>
__device__ __forceinline__ Item<Acc>
Shfl(const Item<Acc> &x, int a)
{
	Item<Acc>	r;

	r.v = Shfl<K>(x.v, a);
	r.f = ShflWord<K>(x.f, a);
	return r;
}

/* Inclusive scan of one value per lane over the warp (Kogge-Stone in shuffles). */
template <typename T, typename Op>
__device__ __forceinline__ T
WarpInclusiveScan(T x, const Op &op)
{
	const int	lane = threadIdx.x & 31;

#pragma unroll
	for (int d = 1; d < 32; d *= 2)
	{
		T			y = Shfl<GS_SHFL_UP>(x, d);

		if (lane >= d)
			x = op.combine(y, x);
	}
	return x;
}

/*
 * The combination of a look-back window: lane l holds the value of the
 * l-th latest tile (so earlier tiles on higher lanes); returns, on every
 * lane, the values combined in tile order.  A five-step tree.
 */
template <typename T, typename Op>
__device__ __forceinline__ T
WarpReduceWindow(T v, const Op &op)
{
	const int	lane = threadIdx.x & 31;

#pragma unroll
	for (int d = 1; d < 32; d *= 2)
	{
		T			earlier = Shfl<GS_SHFL_DOWN>(v, d);

		if ((lane & (2 * d - 1)) == 0)
			v = op.combine(earlier, v);
	}
	return Shfl<GS_SHFL_IDX>(v, 0);
}

#endif							/* GPUSCAN_WARP_CUH */
