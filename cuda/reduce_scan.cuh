/*
 * cuda/reduce_scan.cuh — kernel family: reduce-then-scan, for the fast
 * tiles (plain sums and order keys: operators that need no flags).  Three
 * launches and no waiting between blocks:
 *   (a) ReduceRanges: block b reduces its range of SUB consecutive tiles to
 *       one value;
 *   (b) ScanRangeTotals: one block turns the ranges' values into each
 *       range's exclusive prefix, the chunk's carry included;
 *   (c) ScanRanges: block b scans its range's tiles in order from its
 *       prefix and writes the results.
 * It reads the input twice (3n memory traffic against the single pass's
 * 2n), but no block ever waits for another, where the single pass's blocks
 * wait for their look-back; the tuning policy says from which size on it
 * is the faster of the two.
 */
#ifndef GPUSCAN_REDUCE_SCAN_CUH
#define GPUSCAN_REDUCE_SCAN_CUH

#include "block_scan.cuh"
#include "tiles.cuh"

#include <cuda_runtime.h>

#define GS_RS_SCAN_THREADS	1024	/* threads of the block that scans the ranges' values */

/* The tiles of this block's range (the last range may be short). */
template <typename Shape, int SUB>
__device__ __forceinline__ int
RangeTiles(int64_t n)
{
	int64_t		left = (n - (int64_t) blockIdx.x * SUB * Shape::TILE + Shape::TILE - 1) / Shape::TILE;

	return left < SUB ? (int) left : SUB;
}

/* (a) Reduce each range of SUB tiles to its value (the operators commute: sums, maxima). */
template <typename Tile, typename Shape, int SUB, typename In, typename Out, typename Acc>
__global__ void __launch_bounds__(Shape::THREADS, Shape::MINB)
ReduceRanges(SpParams<In, Out, Acc> p, typename Tile::T *totals)
{
	typedef typename Tile::T T;
	__shared__ T warp_sums[Shape::WARPS + 1];
	typename Tile::Op op;
	Tile		tv;
	T			mine = op.identity(),
				excl,
				total;
	const int	tiles = RangeTiles<Shape, SUB>(p.n);

#pragma unroll 1
	for (int s = 0; s < tiles; s++)
		mine = op.combine(mine, tv.tile_value(tv.load(p, (int64_t) blockIdx.x * SUB + s)));
	BlockExclusiveScan<Shape::WARPS>(mine, excl, total, warp_sums, op);
	if (threadIdx.x == 0)
		totals[blockIdx.x] = total;
}

/* (b) Each range's exclusive prefix, with the carry, in place (one block). */
template <typename Tile, typename In, typename Out, typename Acc>
__global__ void __launch_bounds__(GS_RS_SCAN_THREADS)
ScanRangeTotals(SpParams<In, Out, Acc> p, typename Tile::T *totals, int64_t ranges)
{
	typedef typename Tile::T T;
	__shared__ T warp_sums[GS_RS_SCAN_THREADS / 32 + 1];
	typename Tile::Op op;
	Tile		tv;
	const int64_t per = (ranges + GS_RS_SCAN_THREADS - 1) / GS_RS_SCAN_THREADS;
	const int64_t lo = threadIdx.x * per;
	const int64_t hi = lo + per < ranges ? lo + per : ranges;
	T			mine = op.identity(),
				excl,
				total;

	for (int64_t r = lo; r < hi; r++)
		mine = op.combine(mine, totals[r]);
	BlockExclusiveScan<GS_RS_SCAN_THREADS / 32>(mine, excl, total, warp_sums, op);
	excl = tv.with_carry(p, excl);
	for (int64_t r = lo; r < hi; r++)
	{
		T			t = totals[r];

		totals[r] = excl;
		excl = op.combine(excl, t);
	}
}

/* (c) Scan each range's tiles in order from the range's prefix. */
template <typename Tile, typename Shape, int SUB, typename In, typename Out, typename Acc>
__global__ void __launch_bounds__(Shape::THREADS, Shape::MINB)
ScanRanges(SpParams<In, Out, Acc> p, const typename Tile::T *prefixes)
{
	typedef typename Tile::T T;
	typedef typename Tile::Block Block;
	__shared__ Block warp_sums[Shape::WARPS + 1];
	typename Tile::Op op;
	Tile		tv;
	T			prefix = prefixes[blockIdx.x];
	const int	tiles = RangeTiles<Shape, SUB>(p.n);

#pragma unroll 1
	for (int s = 0; s < tiles; s++)
	{
		Block		agg = tv.load(p, (int64_t) blockIdx.x * SUB + s),
					texcl,
					total;

		BlockExclusiveScan<Shape::WARPS>(agg, texcl, total, warp_sums, typename Tile::BlockOp());
		tv.store(p, prefix, texcl);
		prefix = op.combine(prefix, tv.tile_value(total));
		__syncthreads();		/* every warp has read warp_sums before the next tile's */
	}
}

/*
 * Launch reduce-then-scan over a chunk with a fast tile type, shape and
 * range length.  Scratch holds one value per range: fewer bytes than the
 * single pass's tile states (at most one 16-byte value per GS_SP_MIN_TILE
 * values), which cuda/dispatch.cuh's ScratchBytes provides.
 */
template <typename Tile, typename Shape, int SUB, typename In, typename Out, typename Acc>
static cudaError_t
LaunchReduceScan(const SpParams<In, Out, Acc> &p, void *scratch, cudaStream_t stream)
{
	const int64_t span = (int64_t) Shape::TILE * SUB;
	const int64_t ranges = (p.n + span - 1) / span;
	typename Tile::T *totals = (typename Tile::T *) scratch;

	static_assert(sizeof(typename Tile::T) <= 16 && Shape::TILE >= GS_SP_MIN_TILE, "range totals fit");

	ReduceRanges<Tile, Shape, SUB><<<(unsigned) ranges, Shape::THREADS, 0, stream>>>(p, totals);
	ScanRangeTotals<Tile><<<1, GS_RS_SCAN_THREADS, 0, stream>>>(p, totals, ranges);
	ScanRanges<Tile, Shape, SUB><<<(unsigned) ranges, Shape::THREADS, 0, stream>>>(p, totals);
	return cudaGetLastError();
}

#endif							/* GPUSCAN_REDUCE_SCAN_CUH */
