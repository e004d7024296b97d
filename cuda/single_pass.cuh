/*
 * cuda/single_pass.cuh — kernel family: the single-pass scan (Merrill &
 * Garland 2016, decoupled look-back).  Each block takes the next tile in
 * launch order, reduces its values (cuda/tiles.cuh), scans them across the
 * block, finds the tile's prefix through the tile states
 * (cuda/tile_state.cuh) and writes the results: one read of the input and
 * one write of the output.  The values are exact integers, so the
 * look-back's order of combination never changes a bit.
 */
#ifndef GPUSCAN_SINGLE_PASS_CUH
#define GPUSCAN_SINGLE_PASS_CUH

#include "block_scan.cuh"
#include "tile_state.cuh"
#include "tiles.cuh"

#include <cuda_runtime.h>

/* The single-pass kernel: one tile per block, tiles in launch order. */
template <typename Tile, typename Shape, typename In, typename Out, typename Acc>
__global__ void __launch_bounds__(Shape::THREADS, Shape::MINB)
SinglePass(SpParams<In, Out, Acc> p, TileState<typename Tile::T> ts)
{
	typedef typename Tile::T T;
	typedef typename Tile::Block Block;
	__shared__ Block warp_sums[Shape::WARPS + 1];
	__shared__ T tile_prefix;
	__shared__ unsigned tile_sh;
	Tile		tv;
	Block		agg,
				texcl,
				total;

	/* tiles in launch order: a tile's predecessors are running or done */
	if (threadIdx.x == 0)
		tile_sh = atomicAdd(p.tile_counter, 1u);
	__syncthreads();

	const int64_t tile = tile_sh;

	agg = tv.load(p, tile);
	BlockExclusiveScan<Shape::WARPS>(agg, texcl, total, warp_sums, typename Tile::BlockOp());
	if (threadIdx.x < 32)
	{
		T			prefix = TilePrefix<Shape::LOOKBACK>(ts, tile, tv.tile_value(total),
														 typename Tile::Op());

		if (threadIdx.x == 0)
			tile_prefix = tv.with_carry(p, prefix);
	}
	__syncthreads();
	tv.store(p, tile_prefix, texcl);
}

#define GS_SP_COUNTER_BYTES	256	/* the tile counter's place at the start of scratch */

/* Scratch bytes of a single-pass launch over n values: the tile counter, then the tile states. */
template <typename T>
static inline size_t
SpScratchBytes(int64_t n)
{
	return GS_SP_COUNTER_BYTES + TileState<T>::bytes(n / GS_SP_MIN_TILE + 1);
}

/* Launch the single pass over a chunk with a tile type and shape (scratch: SpScratchBytes). */
template <typename Tile, typename Shape, typename In, typename Out, typename Acc>
static cudaError_t
LaunchSinglePass(SpParams<In, Out, Acc> p, void *scratch, cudaStream_t stream)
{
	const int64_t tiles = (p.n + Shape::TILE - 1) / Shape::TILE;
	TileState<typename Tile::T> ts;
	cudaError_t e;

	p.tile_counter = (unsigned *) scratch;
	ts.carve((char *) scratch + GS_SP_COUNTER_BYTES, tiles);
	/* the counter and the states (or status words) in one clear */
	e = cudaMemsetAsync(scratch, 0, GS_SP_COUNTER_BYTES + ts.clear_bytes(tiles), stream);
	if (e != cudaSuccess)
		return e;
	SinglePass<Tile, Shape><<<(unsigned) tiles, Shape::THREADS, 0, stream>>>(p, ts);
	return cudaGetLastError();
}

#endif							/* GPUSCAN_SINGLE_PASS_CUH */
