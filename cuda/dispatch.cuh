/*
 * cuda/dispatch.cuh — level: dispatch.  Scans one chunk of n stored values
 * in device memory (x -> y) with a kernel kind, continuing from an optional
 * carry item (the running total of the chunks before) and leaving the
 * chunk's last running total in a carry item, so arrays of any length stream
 * through in chunks.  Computes the scratch memory each kind needs (once, here)
 * and picks the kernel: the hierarchical scan (cuda/hierarchical.cuh) with
 * Kogge-Stone or Brent-Kung block scans, or the single pass
 * (cuda/single_pass.cuh) with its generic or fast tile, in the shape of the
 * device's architecture (cuda/tuning.cuh).  Used by the engine (cuda/scan.cu)
 * and by the device-resident benchmark.
 */
#ifndef GPUSCAN_DISPATCH_CUH
#define GPUSCAN_DISPATCH_CUH

#include "hierarchical.cuh"
#include "single_pass.cuh"
#include "reduce_scan.cuh"
#include "../core/engine.h"

#define GS_SP		3			/* kernel kind: single pass */

/*
 * The single pass's fast tile for sums, by how far a plan's values sum in 64 bits:
 * over a whole tile (GS_FAST_TILE64), over a thread's values only, the tile
 * then in the accumulator (GS_FAST_THREAD64), or not at all (GS_FAST_NONE:
 * the generic tile; also for several rows and special values).
 */
#define GS_FAST_NONE		0
#define GS_FAST_TILE64		1
#define GS_FAST_THREAD64	2

/* The fast tile's mode for a plan and a shape. */
template <typename Shape>
static inline int
SpFastMode(const GsPlan *plan, bool rows)
{
	if (rows || plan->special)
		return GS_FAST_NONE;
	return plan->value_bits <= 63 - gs_ceil_log2(Shape::TILE) ? GS_FAST_TILE64
		: plan->value_bits <= 63 - gs_ceil_log2(Shape::ITEMS) ? GS_FAST_THREAD64 : GS_FAST_NONE;
}

/* Scratch bytes a chunk of n values needs with a kernel kind and accumulator. */
template <typename Acc>
static inline size_t
ScratchBytes(int kind, int64_t n)
{
	if (kind == GS_SP)
	{
		size_t		generic = SpScratchBytes<Item<Acc> >(n);
		size_t		fast = SpScratchBytes<int64_t>(n);	/* the fast tiles: sums, order keys */

		if constexpr (!IsOrd<Acc>::value)
			fast = SpScratchBytes<Acc>(n);

		return generic > fast ? generic : fast;
	}
	return (size_t) HierItems(n, kind == GS_KS ? GS_HIER_THREADS : 2 * GS_HIER_THREADS) * sizeof(Item<Acc>);
}

/* Launch a fast tile type of a shape: reduce-then-scan from Tuning's size on, else the single pass. */
template <typename Tuning, template <typename> class TileOf, typename Shape, typename In, typename Out,
		  typename Acc>
static cudaError_t
LaunchFastTile(const SpParams<In, Out, Acc> &p, void *scratch, cudaStream_t stream)
{
	typedef typename Tuning::Reduce R;

	if (p.n >= Tuning::REDUCE_FROM)
		return LaunchReduceScan<TileOf<R>, R, Tuning::REDUCE_SUB>(p, scratch, stream);
	return LaunchSinglePass<TileOf<Shape>, Shape>(p, scratch, stream);
}

/* The fast sum tile with the block's sums in Blk, for a shape. */
template <typename In, typename Out, typename Acc, typename Blk>
struct FastSum
{
	template <typename Shape>
	using Of = FastTile<In, Out, Acc, Blk, Shape>;
};

/* The fast order tile, for a shape. */
template <typename In, typename Out, typename Acc>
struct FastOrder
{
	template <typename Shape>
	using Of = FastOrderTile<In, Out, Acc, Shape>;
};

/*
 * Call launch with the fast sum tile family of a mode (GS_FAST_TILE64: the
 * block's sums in int64_t; GS_FAST_THREAD64: in the accumulator).
 */
template <typename In, typename Out, typename Acc, typename L>
static cudaError_t
WithFastSum(int mode, L launch)
{
	if (mode == GS_FAST_TILE64)
		return launch(FastSum<In, Out, Acc, int64_t>());
	return launch(FastSum<In, Out, Acc, Acc>());
}

/* The fast tiles or the generic tile over a chunk, with an architecture's policy. */
template <typename Tuning, typename In, typename Out, typename Acc>
static cudaError_t
SinglePassChunk(const SpParams<In, Out, Acc> &p, const GsPlan *plan, bool fast, void *scratch,
				cudaStream_t stream)
{
	typedef typename Tuning::template Generic<Acc> Shape;

	if constexpr (!IsOrd<Acc>::value)
	{
		typedef typename Tuning::Fast F;
		int			mode = fast ? SpFastMode<F>(plan, !GS_HEADS_IS_ONE_ROW(p.heads.mode)) : GS_FAST_NONE;

		/* the modes of F hold for Reduce's tiles and values per thread if no larger */
		static_assert(Tuning::Reduce::TILE <= F::TILE && Tuning::Reduce::ITEMS <= F::ITEMS, "reduce shape");
		if (mode != GS_FAST_NONE)
			return WithFastSum<In, Out, Acc>(mode, [&](auto family) {
				return LaunchFastTile<Tuning, decltype(family)::template Of, F>(p, scratch, stream);
			});
	}
	else if constexpr (std::is_integral<In>::value)
	{
		if (fast && GS_HEADS_IS_ONE_ROW(p.heads.mode))
			return LaunchFastTile<Tuning, FastOrder<In, Out, Acc>::template Of, typename Tuning::FastOrder>(
				p, scratch, stream);
	}
	return LaunchSinglePass<GenericTile<In, Out, Acc, Shape>, Shape>(p, scratch, stream);
}

/*
 * Scan one chunk of n device-resident values x into y with a kernel kind
 * (GS_KS, GS_BK, GS_SP) on a device of architecture arch (GsArch), under a
 * plan (its constants in fp).  offset is the index of x[0] among all stored
 * values (row heads, error positions); carry_in (may be NULL) is the running
 * total before the chunk; carry_out receives its last running total (must
 * differ from carry_in).  scratch holds ScratchBytes(kind, n).  fast: use
 * the single pass's fast tile where the plan allows (the benchmark turns it
 * off to time the generic tile).  Asynchronous on stream.
 */
template <typename In, typename Out, typename Acc>
static cudaError_t
ScanChunk(int kind, const In *x, Out *y, int64_t n, int64_t offset,
		  const HeadSource &heads, const GsPlan *plan, const FloatPlan &fp, bool excl,
		  const Item<Acc> *carry_in, Item<Acc> *carry_out, void *scratch,
		  unsigned long long *err, cudaStream_t stream, int sms, int arch, bool fast = true)
{
	SpParams<In, Out, Acc> p;

	if (n <= 0)
		return cudaSuccess;
	if (kind == GS_KS)
		return HierChunk<GS_KS, In, Out, Acc>(x, y, n, offset, heads, fp, excl, carry_in,
											  carry_out, (Item<Acc> *) scratch, err, stream, sms);
	if (kind == GS_BK)
		return HierChunk<GS_BK, In, Out, Acc>(x, y, n, offset, heads, fp, excl, carry_in,
											  carry_out, (Item<Acc> *) scratch, err, stream, sms);
	if (n >= ((int64_t) 1 << 32))
		return cudaErrorInvalidValue;	/* the tile counter; the fast tile's 96-bit sums */
	p.x = x;
	p.y = y;
	p.n = n;
	p.offset = offset;
	p.heads = heads;
	p.plan = fp;
	p.excl = excl;
	p.carry_in = carry_in;
	p.carry_out = carry_out;
	p.tile_counter = NULL;
	p.err = err;
	if (arch >= 90)
		return SinglePassChunk<GsTuning<90> >(p, plan, fast, scratch, stream);
	return SinglePassChunk<GsTuning<80> >(p, plan, fast, scratch, stream);
}

#endif							/* GPUSCAN_DISPATCH_CUH */
