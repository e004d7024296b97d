/*
 * cuda/scan_kernels.cuh — the GPU engine's kernels and their launchers.
 *
 * Each launcher scans one chunk of n stored values that sit in device memory
 * (x -> y), continuing from an optional carry item (the running total of
 * the chunks before) and leaving the chunk's last running total in a carry
 * item, so arrays of any length stream through in chunks.  Used by the
 * engine (cuda/scan.cu) and by the device-resident benchmark.
 *
 * Hierarchical scan (PMPP 9.5), kernels Kogge-Stone or Brent-Kung:
 *   (a) ScanSections: each block scans one section; its last thread writes
 *       the section's total to S[blockIdx.x];
 *   (b) S is scanned the same way, recursively, until one section holds it;
 *   (c) AddSections adds S[b-1] to section b, level by level back down; at
 *       the bottom this is fused with the carry, the rounding, the output and
 *       the inclusive -> exclusive shift (WriteOutput).
 *
 * Single-pass scan (Merrill & Garland 2016, decoupled look-back): each block
 * takes the next tile in launch order, scans it, publishes its aggregate,
 * then looks back over its predecessors' published aggregates and prefixes
 * to find its exclusive prefix, and publishes its inclusive prefix.  One
 * read of the input and one write of the output: 2n memory traffic where the
 * hierarchical scan moves ~4n plus its items.  The items are exact integers,
 * so the look-back's order of combination never changes a bit.
 */
#ifndef GPUSCAN_SCAN_KERNELS_CUH
#define GPUSCAN_SCAN_KERNELS_CUH

#include "block_scan.cuh"
#include "scan_ops.cuh"
#include "../core/engine.h"

#include <cuda_runtime.h>

#define THREADS		1024		/* threads per block of the section scans */
#define WTHREADS	256			/* threads per block of the element-wise kernels */
#define SP_THREADS	256			/* threads per block of the single-pass scan */
#define GS_SP		3			/* kernel kind: single pass */

#define TILE_INVALID	0u
#define TILE_AGGREGATE	1u
#define TILE_PREFIX		2u

/* Values per thread of the single-pass scan, by accumulator width. */
template <typename Acc>
struct SpItems
{
	static const int value = sizeof(Acc) == 8 ? 16 : 8;
};

/* Scratch memory of one chunk scan (sized by ScratchBytes). */
struct ScanScratch
{
	void	   *items;			/* hierarchical: items of every level */
	unsigned   *status;			/* single pass: tile states */
	void	   *aggs;
	void	   *incls;
	unsigned   *tile_counter;
};

/* ---------- the hierarchical scan ---------- */

/* (a) Scan each section; the last thread writes the section's total. */
template <int KIND, typename L, typename Acc>
__global__ void __launch_bounds__(THREADS)
ScanSections(L load, Item<Acc> *y, Item<Acc> *s, int64_t n)
{
	extern __shared__ __align__(16) unsigned char smem[];
	Item<Acc>  *buf = reinterpret_cast<Item<Acc> *>(smem);
	OpOf<Acc> op;
	const int	t = threadIdx.x;

	if (KIND == GS_KS)
	{
		int64_t		i = (int64_t) blockIdx.x * THREADS + t;
		Item<Acc>	x = i < n ? load(i) : op.identity();
		Item<Acc>	r = KoggeStoneScan(x, buf, op);

		if (i < n)
			y[i] = r;
		if (t == THREADS - 1)
			s[blockIdx.x] = r;
	}
	else
	{
		int64_t		base = (int64_t) blockIdx.x * (2 * THREADS);
		int64_t		i0 = base + t;
		int64_t		i1 = base + t + THREADS;

		buf[t] = i0 < n ? load(i0) : op.identity();
		buf[t + THREADS] = i1 < n ? load(i1) : op.identity();
		BrentKungScan(buf, op);
		if (i0 < n)
			y[i0] = buf[t];
		if (i1 < n)
			y[i1] = buf[t + THREADS];
		if (t == THREADS - 1)
			s[blockIdx.x] = buf[2 * THREADS - 1];
	}
}

/* (c) Add the total of all earlier sections, S[b-1], to section b. */
template <typename Acc>
__global__ void
AddSections(Item<Acc> *y, const Item<Acc> *s, int64_t n, int64_t sec)
{
	OpOf<Acc> op;

	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		int64_t		b = i / sec;

		if (b > 0)
			y[i] = op.combine(s[b - 1], y[i]);
	}
}

/*
 * (c) at the bottom, fused with the output: the chunk's carry, then the
 * running total through i (inclusive) or through i - 1 (exclusive), rounded
 * and written; the last value's total becomes the next chunk's carry.
 */
template <typename Out, typename Acc>
__global__ void
WriteOutput(const Item<Acc> *y, const Item<Acc> *s, int64_t n, int64_t sec,
			HeadSource heads, int64_t offset, bool excl, Writer<Out, Acc> w,
			const Item<Acc> *carry_in, Item<Acc> *carry_out)
{
	OpOf<Acc> op;
	Item<Acc>	carry = carry_in ? *carry_in : op.identity();

	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		int64_t		j = excl ? i - 1 : i;
		Item<Acc>	v;

		if (excl && heads.is_head(offset + i))
			v = op.identity();
		else if (j < 0)
			v = carry;
		else
		{
			v = y[j];
			if (j >= sec)
				v = op.combine(s[j / sec - 1], v);
			v = op.combine(carry, v);
		}
		w(i, v);
		if (i == n - 1 && carry_out)
		{
			Item<Acc>	last = y[n - 1];

			if (n - 1 >= sec)
				last = op.combine(s[(n - 1) / sec - 1], last);
			*carry_out = op.combine(carry, last);
		}
	}
}

/* ---------- the single-pass scan ---------- */

/* The warp shuffles: up or down by a distance, or from a lane. */
enum ShflKind
{
	SHFL_UP,
	SHFL_DOWN,
	SHFL_IDX
};

/* One warp shuffle of a 32- or 64-bit word. */
template <int K, typename T>
__device__ __forceinline__ T
ShflWord(T x, int a)
{
	if constexpr (K == SHFL_UP)
		return __shfl_up_sync(0xffffffffu, x, a);
	else if constexpr (K == SHFL_DOWN)
		return __shfl_down_sync(0xffffffffu, x, a);	/* lanes past 31 keep their own */
	else
		return __shfl_sync(0xffffffffu, x, a);
}

/* A warp shuffle of a 64- or 128-bit integer (or an Ord), in 64-bit words. */
template <int K, typename T>
__device__ __forceinline__ T
ShflWide(T x, int a)
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
ShflItem(const Item<Acc> &x, int a)
{
	Item<Acc>	r;

	r.v = ShflWide<K>(x.v, a);
	r.f = ShflWord<K>(x.f, a);
	return r;
}

/* Read an item another block published, bypassing the (incoherent) L1. */
template <typename Acc>
__device__ __forceinline__ Item<Acc>
LoadItemCG(const Item<Acc> *p)
{
	Item<Acc>	r;
	const unsigned long long *w = reinterpret_cast<const unsigned long long *>(p);

	if constexpr (sizeof(Acc) == 8)
		r.v = (Acc) (long long) __ldcg(w);
	else
		r.v = (gs_i128) (((gs_u128) __ldcg(w + 1) << 64) | __ldcg(w));
	r.f = __ldcg(&p->f);
	return r;
}

/* Exclusive scan of one item per thread over the block; also the total. */
template <typename Acc, int WARPS>
__device__ __forceinline__ void
BlockExclusiveScan(const Item<Acc> &x, Item<Acc> &excl, Item<Acc> &total,
				   Item<Acc> *warp_sums)
{
	OpOf<Acc> op;
	const int	lane = threadIdx.x & 31;
	const int	warp = threadIdx.x >> 5;
	Item<Acc>	incl = x;

#pragma unroll
	for (int d = 1; d < 32; d *= 2)
	{
		Item<Acc>	y = ShflItem<SHFL_UP>(incl, d);

		if (lane >= d)
			incl = op.combine(y, incl);
	}
	Item<Acc>	wexcl = ShflItem<SHFL_UP>(incl, 1);

	if (lane == 0)
		wexcl = op.identity();
	if (lane == 31)
		warp_sums[warp] = incl;
	__syncthreads();
	if (warp == 0)
	{
		Item<Acc>	w = lane < WARPS ? warp_sums[lane] : op.identity();

#pragma unroll
		for (int d = 1; d < 32; d *= 2)
		{
			Item<Acc>	y = ShflItem<SHFL_UP>(w, d);

			if (lane >= d)
				w = op.combine(y, w);
		}
		Item<Acc>	we = ShflItem<SHFL_UP>(w, 1);

		if (lane == 0)
			we = op.identity();
		if (lane < WARPS)
			warp_sums[lane] = we;
		if (lane == WARPS - 1)
			warp_sums[WARPS] = w;
	}
	__syncthreads();
	excl = op.combine(warp_sums[warp], wexcl);
	total = warp_sums[WARPS];
}

/* A tile's state, read with acquire semantics: its value is readable after. */
__device__ __forceinline__ unsigned
LoadAcquire(const unsigned *p)
{
	unsigned	v;

	asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
	return v;
}

/* Publish a tile's state with release semantics, after its value. */
__device__ __forceinline__ void
StoreRelease(unsigned *p, unsigned v)
{
	asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}

/*
 * The look-back (warp 0 of tile > 0): combine predecessors' published values
 * from the nearest backwards until one has its inclusive prefix, or has a row
 * head (the segmented sum forgets everything before a head).  Lane l reads
 * tile pred - l; a window of 32 is combined in a five-step tree, earlier
 * tiles on the left.  Every lane returns the tile's exclusive prefix.
 */
template <typename Acc>
__device__ __forceinline__ Item<Acc>
LookBack(const unsigned *status, const Item<Acc> *aggs, const Item<Acc> *incls,
		 int64_t tile)
{
	OpOf<Acc> op;
	const int	lane = threadIdx.x & 31;
	Item<Acc>	excl = op.identity();
	int64_t		pred = tile - 1;

	for (;;)
	{
		int64_t		t = pred - lane;
		unsigned	s = TILE_PREFIX;
		Item<Acc>	v = op.identity();

		if (t >= 0)
		{
			while ((s = LoadAcquire(&status[t])) == TILE_INVALID)
				;
			v = s == TILE_PREFIX ? LoadItemCG(&incls[t]) : LoadItemCG(&aggs[t]);
		}
		unsigned	stops = __ballot_sync(0xffffffffu, s == TILE_PREFIX || (v.f & GS_HEAD));
		int			last = stops ? __ffs(stops) - 1 : 31;

		if (lane > last)
			v = op.identity();
#pragma unroll
		for (int d = 1; d < 32; d *= 2)
		{
			Item<Acc>	earlier = ShflItem<SHFL_DOWN>(v, d);

			if ((lane & (2 * d - 1)) == 0)
				v = op.combine(earlier, v);
		}
		excl = op.combine(ShflItem<SHFL_IDX>(v, 0), excl);
		if (stops)
			return excl;
		pred -= 32;
	}
}

/* Publish a tile's value, then its state. */
template <typename Acc>
__device__ __forceinline__ void
Publish(unsigned *status, Item<Acc> *slot, int64_t tile, const Item<Acc> &v,
		unsigned state)
{
	*slot = v;
	StoreRelease(&status[tile], state);
}

/* Load ITEMS consecutive values (16-byte loads when whole and aligned). */
template <typename T, int ITEMS>
__device__ __forceinline__ void
LoadBlocked(const T *x, int64_t base, int64_t n, T (&v)[ITEMS])
{
	if constexpr ((ITEMS * sizeof(T)) % 16 == 0)
	{
		if (base + ITEMS <= n)
		{
			const uint4 *p = reinterpret_cast<const uint4 *>(x + base);
			uint4		tmp[ITEMS * sizeof(T) / 16];

#pragma unroll
			for (int k = 0; k < (int) (ITEMS * sizeof(T) / 16); k++)
				tmp[k] = p[k];
			memcpy(v, tmp, sizeof(tmp));
			return;
		}
	}
#pragma unroll
	for (int j = 0; j < ITEMS; j++)
		v[j] = base + j < n ? x[base + j] : T(0);
}

/* Store ITEMS consecutive results (16-byte stores when whole and aligned). */
template <typename T, int ITEMS>
__device__ __forceinline__ void
StoreBlocked(T *y, int64_t base, int64_t n, const T (&v)[ITEMS])
{
	if constexpr ((ITEMS * sizeof(T)) % 16 == 0)
	{
		if (base + ITEMS <= n)
		{
			uint4	   *p = reinterpret_cast<uint4 *>(y + base);
			uint4		tmp[ITEMS * sizeof(T) / 16];

			memcpy(tmp, v, sizeof(tmp));
#pragma unroll
			for (int k = 0; k < (int) (ITEMS * sizeof(T) / 16); k++)
				p[k] = tmp[k];
			return;
		}
	}
#pragma unroll
	for (int j = 0; j < ITEMS; j++)
		if (base + j < n)
			y[base + j] = v[j];
}

/*
 * The single-pass scan of one chunk.  Each thread keeps its raw values in
 * registers and converts them twice (aggregate, then outputs) rather than
 * holding ITEMS wide items.
 */
template <typename In, typename Out, typename Acc, int ITEMS>
__global__ void __launch_bounds__(SP_THREADS)
SinglePass(const In *x, Out *y, int64_t n, int64_t offset, HeadSource heads,
		   FloatPlan plan, bool excl, const Item<Acc> *carry_in,
		   Item<Acc> *carry_out, unsigned *tile_counter, unsigned *status,
		   Item<Acc> *aggs, Item<Acc> *incls, unsigned long long *err)
{
	constexpr int TILE = SP_THREADS * ITEMS;
	constexpr int WARPS = SP_THREADS / 32;
	__shared__ Item<Acc> warp_sums[WARPS + 1];
	__shared__ Item<Acc> tile_prefix;
	__shared__ unsigned tile_sh;
	OpOf<Acc> op;
	const int	t = threadIdx.x;

	/* tiles in launch order: a tile's predecessors are running or done */
	if (t == 0)
		tile_sh = atomicAdd(tile_counter, 1u);
	__syncthreads();

	const int64_t tile = tile_sh;
	const int64_t base = tile * TILE + (int64_t) t * ITEMS;
	In			v[ITEMS];
	Item<Acc>	agg = op.identity();
	Item<Acc>	texcl,
				block_agg;

	LoadBlocked<In, ITEMS>(x, base, n, v);
#pragma unroll
	for (int j = 0; j < ITEMS; j++)
		if (base + j < n)
			agg = op.combine(agg, MakeItem<In, Acc>(v[j], offset + base + j, heads, plan));
	BlockExclusiveScan<Acc, WARPS>(agg, texcl, block_agg, warp_sums);

	if (t < 32)
	{
		Item<Acc>	prefix;

		if (tile == 0)
		{
			prefix = carry_in ? LoadItemCG(carry_in) : op.identity();
			if (t == 0)
				Publish(status, &incls[0], 0, op.combine(prefix, block_agg), TILE_PREFIX);
		}
		else
		{
			if (t == 0)
				Publish(status, &aggs[tile], tile, block_agg, TILE_AGGREGATE);
			prefix = LookBack(status, aggs, incls, tile);
			if (t == 0)
				Publish(status, &incls[tile], tile, op.combine(prefix, block_agg), TILE_PREFIX);
		}
		if (t == 0)
			tile_prefix = prefix;
	}
	__syncthreads();

	Item<Acc>	run = op.combine(tile_prefix, texcl);
	Out			o[ITEMS];

#pragma unroll
	for (int j = 0; j < ITEMS; j++)
	{
		o[j] = Out(0);
		if (base + j < n)
		{
			Item<Acc>	it = MakeItem<In, Acc>(v[j], offset + base + j, heads, plan);
			Item<Acc>	before = run;

			run = op.combine(run, it);
			o[j] = MakeOutput<Out, Acc>(excl ? ((it.f & GS_HEAD) ? op.identity() : before) : run,
										offset + base + j, plan, err);
		}
	}
	StoreBlocked<Out, ITEMS>(y, base, n, o);
	if (carry_out && base <= n - 1 && n - 1 < base + ITEMS)
		*carry_out = run;
}

/* ---------- the single-pass scan's fast path ---------- */

/* the fast path's shape (chosen by test/bench/kernel_bench's sweep, NOTES.md) */
#define SPF_THREADS	256			/* threads per block */
#define SPF_ITEMS	16			/* values per thread (at most 16) */
#define SPF_MINB	2			/* blocks per SM the registers must allow */

/*
 * Fast-path modes: values of at most 63 - log2(tile) bits sum over a tile
 * in 64 bits (SPF_TILE64); of at most 59 bits, over a thread's 16 in 64
 * bits, and over the tile in the accumulator (SPF_THREAD64).
 */
#define SPF_NONE		0
#define SPF_TILE64		1
#define SPF_THREAD64	2

/* The fast-path mode for a plan and tile (rows and special values need the generic kernel). */
static inline int
SpFastMode(const GsPlan *plan, bool rows, int tile = SPF_THREADS * SPF_ITEMS)
{
	if (rows || plan->special)
		return SPF_NONE;
	return plan->value_bits <= 63 - gs_ceil_log2(tile) ? SPF_TILE64
		: plan->value_bits <= 59 ? SPF_THREAD64 : SPF_NONE;
}

/*
 * A value as a 64-bit fixed-point integer of the plan (the fast path: the
 * plan guarantees |value| < 2^value_bits units with value_bits <= 59).
 */
template <typename In>
__device__ __forceinline__ int64_t
ToLocal64(In x, const FloatPlan &p)
{
	if constexpr (std::is_integral<In>::value)
		return (int64_t) x;
	else
	{
		uint64_t	m;
		int			e,
					neg;

		if constexpr (sizeof(In) == 4)
			neg = gs_f32_parts(gs_f32_bits(x), &m, &e);
		else
			neg = gs_f64_parts(gs_f64_bits(x), &m, &e);
		e -= p.lsb;				/* below 0 only by trailing zeros of m */
		int64_t		v = (int64_t) (e >= 0 ? m << e : m >> -e);

		return neg ? -v : v;
	}
}

/* Exclusive sum of one integer per thread over the block; also the total. */
template <int WARPS, typename T>
__device__ __forceinline__ void
BlockExclusiveSum(T x, T &excl, T &total, T *warp_sums)
{
	const int	lane = threadIdx.x & 31;
	const int	warp = threadIdx.x >> 5;
	T			incl = x;

#pragma unroll
	for (int d = 1; d < 32; d *= 2)
	{
		T			y = ShflWide<SHFL_UP>(incl, d);

		if (lane >= d)
			incl += y;
	}
	if (lane == 31)
		warp_sums[warp] = incl;
	__syncthreads();
	if (warp == 0)
	{
		T			w = lane < WARPS ? warp_sums[lane] : (T) 0;

#pragma unroll
		for (int d = 1; d < 32; d *= 2)
		{
			T			y = ShflWide<SHFL_UP>(w, d);

			if (lane >= d)
				w += y;
		}
		if (lane < WARPS)
			warp_sums[lane] = w;	/* inclusive: prefix of warps 0..lane */
	}
	__syncthreads();
	excl = incl - x + (warp > 0 ? warp_sums[warp - 1] : (T) 0);
	total = warp_sums[WARPS - 1];
}

/*
 * The single-pass scan's fast path: one row, no NaN, infinities or -0, and
 * values narrow enough that a thread's sums fit in 64 bits.  Each value is
 * converted once, with integer operations, to a 64-bit fixed-point integer;
 * a thread's values are scanned in plain 64-bit arithmetic, the block in
 * Block (int64_t when the tile's sums fit, else the accumulator); only the
 * tile's prefix (the look-back) and the final add before rounding use the
 * plan's accumulator.  Same integers, so the same results as the generic
 * path.
 */
template <typename In, typename Out, typename Acc, typename Block, int THREADS_, int ITEMS, int MINB>
__global__ void __launch_bounds__(THREADS_, MINB)
SinglePassFast(const In *x, Out *y, int64_t n, int64_t offset, FloatPlan plan,
			   bool excl, const Item<Acc> *carry_in, Item<Acc> *carry_out,
			   unsigned *tile_counter, unsigned *status, Item<Acc> *aggs,
			   Item<Acc> *incls, unsigned long long *err)
{
	constexpr int TILE = THREADS_ * ITEMS;
	constexpr int WARPS = THREADS_ / 32;
	__shared__ Block warp_sums[WARPS];
	__shared__ Item<Acc> tile_prefix;
	__shared__ unsigned tile_sh;
	OpOf<Acc> op;
	const int	t = threadIdx.x;

	if (t == 0)
		tile_sh = atomicAdd(tile_counter, 1u);
	__syncthreads();

	const int64_t tile = tile_sh;
	const int64_t base = tile * TILE + (int64_t) t * ITEMS;
	In			raw[ITEMS];
	int64_t		v[ITEMS];
	Block		texcl,
				bsum;

	LoadBlocked<In, ITEMS>(x, base, n, raw);
#pragma unroll
	for (int j = 0; j < ITEMS; j++)
	{
		v[j] = base + j < n ? ToLocal64(raw[j], plan) : 0;
		if constexpr (!std::is_integral<In>::value)
		{
			if (plan.speculative && base + j < n && OutsidePlan(raw[j], plan))
				atomicOr(plan.violation, 1u);
		}
	}
#pragma unroll
	for (int j = 1; j < ITEMS; j++)
		v[j] += v[j - 1];
	BlockExclusiveSum<WARPS, Block>((Block) v[ITEMS - 1], texcl, bsum, warp_sums);

	if (t < 32)
	{
		Item<Acc>	agg,
					prefix;

		agg.v = (Acc) bsum;
		agg.f = 0;
		if (tile == 0)
		{
			prefix = carry_in ? LoadItemCG(carry_in) : op.identity();
			if (t == 0)
				Publish(status, &incls[0], 0, op.combine(prefix, agg), TILE_PREFIX);
		}
		else
		{
			if (t == 0)
				Publish(status, &aggs[tile], tile, agg, TILE_AGGREGATE);
			prefix = LookBack(status, aggs, incls, tile);
			if (t == 0)
				Publish(status, &incls[tile], tile, op.combine(prefix, agg), TILE_PREFIX);
		}
		if (t == 0)
			tile_prefix = prefix;
	}
	__syncthreads();

	const Acc	start = tile_prefix.v + (Acc) texcl;	/* total before this thread's values */
	Out			o[ITEMS];

#pragma unroll
	for (int j = 0; j < ITEMS; j++)
	{
		Item<Acc>	it;

		it.f = 0;
		it.v = start + (Acc) (excl ? (j > 0 ? v[j - 1] : 0) : v[j]);
		o[j] = base + j < n ? MakeOutput<Out, Acc>(it, offset + base + j, plan, err) : Out(0);
	}
	StoreBlocked<Out, ITEMS>(y, base, n, o);
	if (carry_out && base <= n - 1 && n - 1 < base + ITEMS)
	{
		Item<Acc>	c;

		c.f = 0;
		c.v = 0;
#pragma unroll
		for (int j = 0; j < ITEMS; j++)
			if (base + j == n - 1)
				c.v = start + (Acc) v[j];
		*carry_out = c;
	}
}

/* ---------- the exact plan on the GPU ---------- */

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

/* ---------- launchers ---------- */

/* Items of the hierarchical scan's levels for n values. */
static inline int64_t
HierItems(int64_t n, int64_t sec)
{
	int64_t		total = n;

	for (int64_t l = n; l > 1; l = (l + sec - 1) / sec)
		total += (l + sec - 1) / sec;
	return total + 1;
}

#define SP_MIN_TILE	1024		/* the smallest single-pass tile scratch is sized for */

/* Scratch bytes a chunk of n values needs with a kernel kind. */
template <typename Acc>
static inline size_t
ScratchBytes(int kind, int64_t n)
{
	if (kind == GS_SP)
	{
		int64_t		tiles = (n + SP_MIN_TILE - 1) / SP_MIN_TILE + 1;

		return (size_t) tiles * (4 + 2 * sizeof(Item<Acc>)) + 256;
	}
	return (size_t) HierItems(n, kind == GS_KS ? THREADS : 2 * THREADS) * sizeof(Item<Acc>);
}

/* Carve a scratch area into the parts a kernel kind uses. */
template <typename Acc>
static inline ScanScratch
CarveScratch(int kind, int64_t n, void *base)
{
	ScanScratch sc = {NULL, NULL, NULL, NULL, NULL};

	if (kind == GS_SP)
	{
		int64_t		tiles = (n + SP_MIN_TILE - 1) / SP_MIN_TILE + 1;
		char	   *p = (char *) base;

		sc.aggs = p;
		p += tiles * sizeof(Item<Acc>);
		sc.incls = p;
		p += tiles * sizeof(Item<Acc>);
		sc.tile_counter = (unsigned *) p;
		p += 64;
		sc.status = (unsigned *) p;
	}
	else
		sc.items = base;
	return sc;
}

/* The hierarchical scan of one chunk, for a block-scan kind. */
template <int KIND, typename In, typename Out, typename Acc>
static cudaError_t
HierChunk(const In *x, Out *y, int64_t n, int64_t offset, const HeadSource &heads,
		  const FloatPlan &plan, bool excl, const Item<Acc> *carry_in,
		  Item<Acc> *carry_out, Item<Acc> *items, unsigned long long *err,
		  cudaStream_t stream, int sms)
{
	const int64_t sec = KIND == GS_KS ? THREADS : 2 * THREADS;
	const size_t smem = 2 * THREADS * sizeof(Item<Acc>);
	int64_t		off[64],
				len[64];
	int			levels;
	Loader<In, Acc> load;
	Writer<Out, Acc> write;
	cudaError_t e;

	load.x = x;
	load.offset = offset;
	load.heads = heads;
	load.plan = plan;
	write.y = y;
	write.offset = offset;
	write.plan = plan;
	write.err = err;
	if ((e = cudaFuncSetAttribute(ScanSections<KIND, Loader<In, Acc>, Acc>,
								  cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem)) != cudaSuccess ||
		(e = cudaFuncSetAttribute(ScanSections<KIND, ItemLoader<Acc>, Acc>,
								  cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem)) != cudaSuccess)
		return e;

	/* level 0: the values, converted on load; then S of each level */
	off[0] = 0;
	len[0] = n;
	off[1] = n;
	len[1] = (n + sec - 1) / sec;
	ScanSections<KIND, Loader<In, Acc>, Acc>
		<<<(unsigned) len[1], THREADS, smem, stream>>>(load, items, items + off[1], n);
	levels = 1;
	while (len[levels] > 1)
	{
		int			l = levels;

		off[l + 1] = off[l] + len[l];
		len[l + 1] = (len[l] + sec - 1) / sec;
		ScanSections<KIND, ItemLoader<Acc>, Acc>
			<<<(unsigned) len[l + 1], THREADS, smem, stream>>>(ItemLoader<Acc>{items + off[l]},
															   items + off[l], items + off[l + 1], len[l]);
		levels++;
	}
	/* back down: each level above 1 adds its totals to the level below */
	for (int l = levels - 1; l >= 1; l--)
	{
		if (len[l] <= sec)
			continue;			/* one section: nothing earlier to add */
		int64_t		blocks = (len[l] + WTHREADS - 1) / WTHREADS;

		AddSections<Acc><<<(unsigned) (blocks < 65535 ? blocks : 65535), WTHREADS, 0, stream>>>(
			items + off[l], items + off[l + 1], len[l], sec);
	}
	{
		int64_t		blocks = (n + WTHREADS - 1) / WTHREADS;
		int64_t		cap = (int64_t) sms * 32;

		WriteOutput<Out, Acc><<<(unsigned) (blocks < cap ? blocks : cap), WTHREADS, 0, stream>>>(
			items, items + n, n, sec, heads, offset, excl, write, carry_in, carry_out);
	}
	return cudaGetLastError();
}

/* Clear the tile states and the tile counter of a single-pass scan over tiles tiles. */
static inline cudaError_t
ResetTiles(ScanScratch sc, int64_t tiles, cudaStream_t stream)
{
	cudaError_t e = cudaMemsetAsync(sc.status, 0, (size_t) tiles * sizeof(unsigned), stream);

	return e != cudaSuccess ? e : cudaMemsetAsync(sc.tile_counter, 0, sizeof(unsigned), stream);
}

/* Launch the single pass's fast path of a shape with a mode (SPF_TILE64, SPF_THREAD64). */
template <int T, int ITEMS, int MINB, typename In, typename Out, typename Acc>
static cudaError_t
LaunchSpFast(int mode, const In *x, Out *y, int64_t n, int64_t offset,
			 const FloatPlan &plan, bool excl, const Item<Acc> *carry_in,
			 Item<Acc> *carry_out, ScanScratch sc, unsigned long long *err,
			 cudaStream_t stream)
{
	static_assert(T * ITEMS >= SP_MIN_TILE && ITEMS <= 16, "tile shape");
	int64_t		tiles = (n + T * ITEMS - 1) / (T * ITEMS);
	cudaError_t e;

	if ((e = ResetTiles(sc, tiles, stream)) != cudaSuccess)
		return e;
	if (mode == SPF_TILE64)
		SinglePassFast<In, Out, Acc, int64_t, T, ITEMS, MINB><<<(unsigned) tiles, T, 0, stream>>>(
			x, y, n, offset, plan, excl, carry_in, carry_out, sc.tile_counter,
			sc.status, (Item<Acc> *) sc.aggs, (Item<Acc> *) sc.incls, err);
	else
		SinglePassFast<In, Out, Acc, Acc, T, ITEMS, MINB><<<(unsigned) tiles, T, 0, stream>>>(
			x, y, n, offset, plan, excl, carry_in, carry_out, sc.tile_counter,
			sc.status, (Item<Acc> *) sc.aggs, (Item<Acc> *) sc.incls, err);
	return cudaGetLastError();
}

/*
 * Scan one chunk of n device-resident values x into y with a kernel kind
 * (GS_KS, GS_BK, GS_SP; fast: the single pass's fast path, for one row,
 * SpFastMode's mode, SPF_NONE for the generic kernels).  offset is the index of x[0] among all stored
 * values (row heads, error positions); carry_in (may be NULL) is the
 * running total before the chunk; carry_out receives its last running total
 * (must differ from carry_in).  Asynchronous on stream.
 */
template <typename In, typename Out, typename Acc>
static cudaError_t
ScanChunk(int kind, const In *x, Out *y, int64_t n, int64_t offset,
		  const HeadSource &heads, const FloatPlan &plan, bool excl,
		  const Item<Acc> *carry_in, Item<Acc> *carry_out, ScanScratch sc,
		  unsigned long long *err, cudaStream_t stream, int sms, int fast = SPF_NONE)
{
	cudaError_t e;

	if (n <= 0)
		return cudaSuccess;
	if (kind == GS_KS)
		return HierChunk<GS_KS, In, Out, Acc>(x, y, n, offset, heads, plan, excl, carry_in,
											  carry_out, (Item<Acc> *) sc.items, err, stream, sms);
	if (kind == GS_BK)
		return HierChunk<GS_BK, In, Out, Acc>(x, y, n, offset, heads, plan, excl, carry_in,
											  carry_out, (Item<Acc> *) sc.items, err, stream, sms);

	if constexpr (!IsOrd<Acc>::value)	/* the fast path is for sums */
	{
		if (fast != SPF_NONE)
			return LaunchSpFast<SPF_THREADS, SPF_ITEMS, SPF_MINB, In, Out, Acc>(
				fast, x, y, n, offset, plan, excl, carry_in, carry_out, sc, err, stream);
	}

	int64_t		tiles = (n + SP_THREADS * SpItems<Acc>::value - 1) / (SP_THREADS * SpItems<Acc>::value);

	if ((e = ResetTiles(sc, tiles, stream)) != cudaSuccess)
		return e;
	SinglePass<In, Out, Acc, SpItems<Acc>::value><<<(unsigned) tiles, SP_THREADS, 0, stream>>>(
		x, y, n, offset, heads, plan, excl, carry_in, carry_out, sc.tile_counter,
		sc.status, (Item<Acc> *) sc.aggs, (Item<Acc> *) sc.incls, err);
	return cudaGetLastError();
}

#endif							/* GPUSCAN_SCAN_KERNELS_CUH */
