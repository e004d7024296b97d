/*
 * cuda/block_scan.cuh — level: block.  The block scans, generic over the
 * element type T and an associative operator Op (Op::identity(),
 * Op::combine(a, b) with a the earlier elements: the operator need not be
 * commutative, so the order of operands is kept everywhere).
 *
 * PMPP chapter 9's, for the hierarchical scan (cuda/hierarchical.cuh):
 *  - Kogge-Stone (PMPP 9.2, "simple parallel inclusive scan"): one element
 *    per thread, strides 1, 2, 4, ...; double-buffered, so no thread
 *    overwrites a value another thread has yet to read in the same step.
 *  - Brent-Kung (PMPP 9.4, work-efficient): a section of 2 * blockDim
 *    elements, an up-sweep (reduction tree) then a down-sweep (distribution
 *    tree).  The up-sweep runs strides up to section/2 (the section's total
 *    must reach its last element) and the down-sweep bound is the section
 *    size, not the block size: two of the reference text's slips.
 *
 * And the single-pass kernel's (cuda/single_pass.cuh): an exclusive scan of
 * one value per thread in warp shuffles, warp by warp, then over the warps'
 * totals.
 */
#ifndef GPUSCAN_BLOCK_SCAN_CUH
#define GPUSCAN_BLOCK_SCAN_CUH

#include "warp.cuh"

/*
 * Inclusive Kogge-Stone scan of one value per thread; buf holds
 * 2 * blockDim.x elements of shared memory.  Returns this thread's result.
 */
template <typename T, typename Op>
__device__ __forceinline__ T
KoggeStoneScan(T x, T *buf, const Op &op)
{
	const int	t = threadIdx.x;
	const int	n = blockDim.x;
	T		   *in = buf;
	T		   *out = buf + n;

	in[t] = x;
	__syncthreads();
	for (int stride = 1; stride < n; stride *= 2)
	{
		T			v = in[t];

		if (t >= stride)
			v = op.combine(in[t - stride], v);
		out[t] = v;
		__syncthreads();		/* every read of this step is done */
		T		   *swap = in;

		in = out;
		out = swap;
	}
	return in[t];
}

/*
 * Inclusive Brent-Kung scan, in place, of the 2 * blockDim.x elements in
 * shared memory xy (already loaded; the caller synchronises after).
 */
template <typename T, typename Op>
__device__ __forceinline__ void
BrentKungScan(T *xy, const Op &op)
{
	const int	t = threadIdx.x;
	const int	sec = 2 * blockDim.x;

	/* up-sweep: partial sums at index 2^k*(t+1)-1 */
	for (int stride = 1; stride < sec; stride *= 2)
	{
		__syncthreads();
		int			index = (t + 1) * 2 * stride - 1;

		if (index < sec)
			xy[index] = op.combine(xy[index - stride], xy[index]);
	}
	/* down-sweep: hand each partial sum to the positions that still need it */
	for (int stride = sec / 4; stride > 0; stride /= 2)
	{
		__syncthreads();
		int			index = (t + 1) * 2 * stride - 1;

		if (index + stride < sec)
			xy[index + stride] = op.combine(xy[index], xy[index + stride]);
	}
	__syncthreads();
}

/*
 * Exclusive scan of one value per thread over a block of WARPS warps; also
 * the block's total.  warp_sums holds WARPS + 1 values of shared memory.
 */
template <int WARPS, typename T, typename Op>
__device__ __forceinline__ void
BlockExclusiveScan(const T &x, T &excl, T &total, T *warp_sums, const Op &op)
{
	const int	lane = threadIdx.x & 31;
	const int	warp = threadIdx.x >> 5;
	T			incl = WarpInclusiveScan(x, op);
	T			wexcl = Shfl<GS_SHFL_UP>(incl, 1);

	if (lane == 0)
		wexcl = op.identity();
	if (lane == 31)
		warp_sums[warp] = incl;
	__syncthreads();
	if (warp == 0)
	{
		T			w = WarpInclusiveScan(lane < WARPS ? warp_sums[lane] : op.identity(), op);
		T			we = Shfl<GS_SHFL_UP>(w, 1);

		if (lane < WARPS)
			warp_sums[lane] = lane == 0 ? op.identity() : we;
		if (lane == WARPS - 1)
			warp_sums[WARPS] = w;
	}
	__syncthreads();
	excl = op.combine(warp_sums[warp], wexcl);
	total = warp_sums[WARPS];
}

#endif							/* GPUSCAN_BLOCK_SCAN_CUH */
