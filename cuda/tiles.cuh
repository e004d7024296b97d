/*
 * cuda/tiles.cuh — level: tile.  How a block holds one tile of a chunk's
 * values (Shape::TILE of them, ITEMS consecutive values per thread): load
 * and reduce the thread's values, turn the block's total into the tile
 * states' value, and write the results given everything before the thread.
 * The single-pass and the reduce-then-scan kernels (cuda/single_pass.cuh,
 * cuda/reduce_scan.cuh) run the same tiles.
 *
 * Three ways to hold a tile:
 *  - GenericTile: items (value and flags, cuda/scan_ops.cuh) under the
 *    segmented operator: several rows, special values, running maxima and
 *    minima of floats.  Each thread keeps its raw values in registers and
 *    converts them twice (aggregate, then outputs) rather than holding wide
 *    items.
 *  - FastTile: sums of one row without special values whose values fit 64
 *    bits after conversion: each value is converted once to a 64-bit
 *    fixed-point integer; a thread's values are scanned in plain 64-bit
 *    arithmetic, the block in Block (int64_t when the tile's sums fit, else
 *    the accumulator); the tile's value is a plain sum.  Same integers, so
 *    the same results as the generic tile.
 *  - FastOrderTile: running maxima and minima of one row of integers, as a
 *    running maximum of their order keys.
 */
#ifndef GPUSCAN_TILES_CUH
#define GPUSCAN_TILES_CUH

#include "scan_ops.cuh"
#include "tuning.cuh"

#include <string.h>

/* What one launch scans (see ScanChunk in cuda/dispatch.cuh). */
template <typename In, typename Out, typename Acc>
struct SpParams
{
	const In   *x;
	Out		   *y;
	int64_t		n;
	int64_t		offset;			/* index of x[0] among all stored values */
	HeadSource	heads;
	FloatPlan	plan;
	bool		excl;
	const Item<Acc> *carry_in;	/* may be NULL */
	Item<Acc>  *carry_out;
	unsigned   *tile_counter;
	unsigned long long *err;
};

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

/* The generic tile: items under the (segmented) operator of Acc. */
template <typename In, typename Out, typename Acc, typename Shape>
struct GenericTile
{
	typedef Item<Acc> T;		/* the tile states' values */
	typedef Item<Acc> Block;	/* the block scan's values */
	typedef OpOf<Acc> Op;
	typedef OpOf<Acc> BlockOp;
	static constexpr int ITEMS = Shape::ITEMS;

	In			v[ITEMS];
	int64_t		base;

	/* Load this thread's values; returns their aggregate. */
	__device__ __forceinline__ Block load(const SpParams<In, Out, Acc> &p, int64_t tile)
	{
		Op			op;
		Block		agg = op.identity();

		base = tile * Shape::TILE + (int64_t) threadIdx.x * ITEMS;
		LoadBlocked<In, ITEMS>(p.x, base, p.n, v);
#pragma unroll
		for (int j = 0; j < ITEMS; j++)
			if (base + j < p.n)
				agg = op.combine(agg, MakeItem<In, Acc>(v[j], p.offset + base + j, p.heads, p.plan));
		return agg;
	}

	__device__ __forceinline__ T tile_value(const Block &b) const
	{
		return b;
	}

	/* The prefix of the whole array before the tile: the carry, then the chunk's. */
	__device__ __forceinline__ T with_carry(const SpParams<In, Out, Acc> &p, const T &prefix) const
	{
		Op			op;

		return p.carry_in ? op.combine(*p.carry_in, prefix) : prefix;
	}

	/* Write this thread's results, given all before its first value. */
	__device__ __forceinline__ void store(const SpParams<In, Out, Acc> &p, const T &prefix,
										  const Block &texcl)
	{
		Op			op;
		Item<Acc>	run = op.combine(prefix, texcl);
		Out			o[ITEMS];

#pragma unroll
		for (int j = 0; j < ITEMS; j++)
		{
			o[j] = Out(0);
			if (base + j < p.n)
			{
				Item<Acc>	it = MakeItem<In, Acc>(v[j], p.offset + base + j, p.heads, p.plan);
				Item<Acc>	before = run;

				run = op.combine(run, it);
				o[j] = MakeOutput<Out, Acc>(p.excl ? ((it.f & GS_HEAD) ? op.identity() : before) : run,
											p.offset + base + j, p.plan, p.err);
			}
		}
		StoreBlocked<Out, ITEMS>(p.y, base, p.n, o);
		if (p.carry_out && base <= p.n - 1 && p.n - 1 < base + ITEMS)
			*p.carry_out = run;
	}
};

/*
 * A value as a 64-bit fixed-point integer of the plan (the fast tile: the
 * plan guarantees |value| < 2^value_bits units, value_bits <= 63): one
 * floating-point multiplication by a power of two and one conversion.
 */
template <typename In>
__device__ __forceinline__ int64_t
ToLocal64(In x, const FloatPlan &p)
{
	if constexpr (IsInt<In>::value)
		return (int64_t) x;
	else if constexpr (sizeof(In) == 4)
		return p.inv_f != 0.0f ? gs_f32_to_fixed64(x, p.inv_f) : gs_f64_to_fixed64((double) x, p.s1, p.s2);
	else
		return gs_f64_to_fixed64(x, p.s1, p.s2);
}

/* The fast tile: plain sums of 64-bit fixed-point values; Block is int64_t or Acc. */
template <typename In, typename Out, typename Acc, typename Blk, typename Shape>
struct FastTile
{
	typedef Acc T;
	typedef Blk Block;
	typedef PlainSum<Acc> Op;
	typedef PlainSum<Blk> BlockOp;
	static constexpr int ITEMS = Shape::ITEMS;

	int64_t		v[ITEMS];		/* this thread's running sums */
	int64_t		base;

	/* This thread's values as 64-bit integers, scanned; FULL: all ITEMS exist. */
	template <bool FULL>
	__device__ __forceinline__ void convert(const SpParams<In, Out, Acc> &p, const In (&raw)[ITEMS])
	{
#pragma unroll
		for (int j = 0; j < ITEMS; j++)
		{
			const bool	here = FULL || base + j < p.n;

			v[j] = here ? ToLocal64(raw[j], p.plan) : 0;
			if constexpr (!IsInt<In>::value)
			{
				if (p.plan.speculative && here && OutsidePlan(raw[j], p.plan))
					atomicOr(p.plan.violation, 1u);
			}
			if (j > 0)
				v[j] += v[j - 1];
		}
	}

	/* Load this thread's values of a tile; returns their sum. */
	__device__ __forceinline__ Block load(const SpParams<In, Out, Acc> &p, int64_t tile)
	{
		In			raw[ITEMS];

		base = tile * Shape::TILE + (int64_t) threadIdx.x * ITEMS;
		LoadBlocked<In, ITEMS>(p.x, base, p.n, raw);
		if (base + ITEMS <= p.n)
			convert<true>(p, raw);
		else
			convert<false>(p, raw);
		return (Block) v[ITEMS - 1];
	}

	__device__ __forceinline__ T tile_value(const Block &b) const
	{
		return (T) b;
	}

	__device__ __forceinline__ T with_carry(const SpParams<In, Out, Acc> &p, const T &prefix) const
	{
		return p.carry_in ? p.carry_in->v + prefix : prefix;
	}

	__device__ __forceinline__ void store(const SpParams<In, Out, Acc> &p, const T &prefix,
										  const Block &texcl)
	{
		const Acc	start = prefix + (Acc) texcl;	/* total before this thread's values */
		const bool	full = base + ITEMS <= p.n;
		Out			o[ITEMS];

#pragma unroll
		for (int j = 0; j < ITEMS; j++)
		{
			Acc			total = start + (Acc) (p.excl ? (j > 0 ? v[j - 1] : 0) : v[j]);

			o[j] = full || base + j < p.n ? SumOutput<Out, Acc>(total, p.offset + base + j, p.plan, p.err)
				: Out(0);
		}
		StoreBlocked<Out, ITEMS>(p.y, base, p.n, o);
		if (p.carry_out && base <= p.n - 1 && p.n - 1 < base + ITEMS)
		{
			Item<Acc>	c;

			c.f = 0;
			c.v = 0;
#pragma unroll
			for (int j = 0; j < ITEMS; j++)
				if (base + j == p.n - 1)
					c.v = start + (Acc) v[j];
			*p.carry_out = c;
		}
	}
};

/*
 * The fast order tile: running maxima or minima of one row of integers, as
 * a running maximum of their order keys (a value, or its complement for
 * minima: core/exact.h's gs_order_key), so no flags and 64-bit tile states.
 */
template <typename In, typename Out, typename Acc, typename Shape>
struct FastOrderTile
{
	typedef int64_t T;
	typedef int64_t Block;
	typedef KeyMax Op;
	typedef KeyMax BlockOp;
	static constexpr int ITEMS = Shape::ITEMS;
	static constexpr bool MIN = OrdIsMin<Acc>::value;	/* minima complement the keys */

	int64_t		k[ITEMS];		/* this thread's running maxima of keys */
	int64_t		base;

	/* Load this thread's values of a tile as keys, their running maxima; returns the last. */
	__device__ __forceinline__ Block load(const SpParams<In, Out, Acc> &p, int64_t tile)
	{
		In			raw[ITEMS];
		KeyMax		op;

		base = tile * Shape::TILE + (int64_t) threadIdx.x * ITEMS;
		LoadBlocked<In, ITEMS>(p.x, base, p.n, raw);
#pragma unroll
		for (int j = 0; j < ITEMS; j++)
		{
			k[j] = base + j < p.n ? Acc((long long) raw[j]).key() : op.identity();
			if (j > 0)
				k[j] = op.combine(k[j - 1], k[j]);
		}
		return k[ITEMS - 1];
	}

	__device__ __forceinline__ T tile_value(const Block &b) const
	{
		return b;
	}

	__device__ __forceinline__ T with_carry(const SpParams<In, Out, Acc> &p, const T &prefix) const
	{
		KeyMax		op;

		if (p.carry_in == NULL || (p.carry_in->f & GS_EMPTY))
			return prefix;
		return op.combine(p.carry_in->v.key(), prefix);
	}

	__device__ __forceinline__ void store(const SpParams<In, Out, Acc> &p, const T &prefix,
										  const Block &texcl)
	{
		KeyMax		op;
		const int64_t start = op.combine(prefix, texcl);
		Out			o[ITEMS];

#pragma unroll
		for (int j = 0; j < ITEMS; j++)
		{
			k[j] = op.combine(start, k[j]);
			o[j] = (Out) (MIN ? ~k[j] : k[j]);
		}
		StoreBlocked<Out, ITEMS>(p.y, base, p.n, o);
		if (p.carry_out && base <= p.n - 1 && p.n - 1 < base + ITEMS)
		{
			Item<Acc>	c;

			c.f = 0;
			c.v = Acc(0LL);
#pragma unroll
			for (int j = 0; j < ITEMS; j++)
				if (base + j == p.n - 1)
					c.v = Acc((long long) (MIN ? ~k[j] : k[j]));
			*p.carry_out = c;
		}
	}
};

#endif							/* GPUSCAN_TILES_CUH */
