/*
 * cuda/tuning.cuh — level: tuning.  The kernels' shapes, apart from the
 * algorithms: block sizes of the hierarchical scan's kernels, and the
 * single-pass kernel's policy per GPU architecture (threads per block,
 * values per thread, blocks per multiprocessor the registers must allow,
 * tiles each look-back lane reads per step).  The numbers were chosen by
 * test/bench/kernel_bench's sweeps (test/bench/NOTES.md).
 */
#ifndef GPUSCAN_TUNING_CUH
#define GPUSCAN_TUNING_CUH

#define GS_HIER_THREADS	1024	/* threads per block of the section scans */
#define GS_ELEM_THREADS	256		/* threads per block of the element-wise kernels */
#define GS_SP_MIN_TILE	1024	/* the smallest single-pass tile; scratch is sized for it */

/* A single-pass kernel's shape. */
template <int THREADS_, int ITEMS_, int MINB_, int LOOKBACK_>
struct GsShape
{
	static constexpr int THREADS = THREADS_;	/* threads per block */
	static constexpr int ITEMS = ITEMS_;		/* values per thread */
	static constexpr int MINB = MINB_;			/* blocks per multiprocessor */
	static constexpr int LOOKBACK = LOOKBACK_;	/* tiles per look-back lane and step */
	static constexpr int TILE = THREADS_ * ITEMS_;
	static constexpr int WARPS = THREADS_ / 32;

	static_assert(TILE >= GS_SP_MIN_TILE && THREADS_ % 32 == 0, "single-pass shape");
};

/*
 * The policy of an architecture (compute capability x 10, rounded down to
 * a generation): Fast is the fast sum tile's shape (sums of narrow values,
 * one row), FastOrder the fast order tile's (maxima and minima of one row of
 * integers), Generic<Acc> the generic tile's for an accumulator or order
 * type; the fast tiles run reduce-then-scan instead of the single pass from
 * REDUCE_FROM values on, in ranges of REDUCE_SUB tiles of shape Reduce.
 */
template <int ARCH>
struct GsTuning;

/* Hopper (H100, H200): measured. */
template <>
struct GsTuning<90>
{
	using Fast = GsShape<512, 8, 2, 1>;
	using FastOrder = GsShape<256, 8, 4, 1>;
	using Reduce = GsShape<256, 8, 4, 1>;	/* reduce-then-scan's tiles */
	static constexpr int REDUCE_SUB = 8;	/* tiles per range */
	static constexpr int64_t REDUCE_FROM = (int64_t) 1 << 23;	/* values; below: single pass */
	template <typename Acc>
	using Generic = GsShape<256, sizeof(Acc) == 8 ? 16 : 8, sizeof(Acc) == 8 ? 1 : 5, 1>;
};

/* Ampere (A100): not measured; Hopper's shapes. */
template <>
struct GsTuning<80> : GsTuning<90>
{
};

/* The generation of a compute capability (major * 10 + minor). */
static inline int
GsArch(int cc)
{
	return cc >= 90 ? 90 : 80;
}

#endif							/* GPUSCAN_TUNING_CUH */
