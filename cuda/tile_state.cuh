/*
 * cuda/tile_state.cuh — level: tile state.  How the tiles of a single-pass
 * scan publish their values and find their prefix (Merrill & Garland 2016,
 * decoupled look-back); the one place with memory-ordering code.
 *
 * Each tile publishes its aggregate (status AGGREGATE), looks back over its
 * predecessors from the nearest backwards, combining their values until one
 * has its inclusive prefix (status PREFIX) or absorbs what came before it (a
 * row head), and then publishes its own inclusive prefix.  Prefixes are the
 * chunk's own: the carry of earlier chunks never enters the tile states, so
 * the fast path's sums stay within 96 bits.
 *
 * Two layouts, as CUB has them:
 *  - packed: the status and a value of at most 96 bits in one aligned
 *    16-byte descriptor, written and read with single 16-byte accesses, so
 *    each look-back step is one round trip to L2 and needs no fence (the
 *    descriptor carries its own value).  Used for the fast path's sums (a
 *    chunk of < 2^32 values of <= 59 bits sums within 92 bits) and for items
 *    with a 64-bit value (64-bit sums, running maxima and minima: 64 bits of
 *    value and 32 of flags).
 *  - split: a status word, then the value in its own array (items with a
 *    128-bit value and flags, which do not fit): the value is written before
 *    the status with release semantics and read after it with acquire, two
 *    dependent round trips.
 */
#ifndef GPUSCAN_TILE_STATE_CUH
#define GPUSCAN_TILE_STATE_CUH

#include "warp.cuh"

#define GS_TILE_INVALID		0u
#define GS_TILE_AGGREGATE	1u
#define GS_TILE_PREFIX		2u

/* A packed tile descriptor: value bits 0..95, status in bits 96..127. */
struct __align__(16) GsTileDesc
{
	unsigned long long lo;
	unsigned long long hi;
};

/* How a value packs into a descriptor (ok: it fits). */
template <typename T>
struct TilePack
{
	static constexpr bool ok = false;
};

/* A sum of the fast path, 64- or 128-bit, that fits in 96 bits. */
template <>
struct TilePack<int64_t>
{
	static constexpr bool ok = true;
	static __device__ __forceinline__ GsTileDesc pack(int64_t v, unsigned st)
	{
		return GsTileDesc{(unsigned long long) v, ((unsigned long long) st << 32) | (unsigned) (v >> 63)};
	}
	static __device__ __forceinline__ int64_t unpack(const GsTileDesc &d)
	{
		return (int64_t) d.lo;
	}
};
template <>
struct TilePack<gs_i128>
{
	static constexpr bool ok = true;
	static __device__ __forceinline__ GsTileDesc pack(gs_i128 v, unsigned st)
	{
		return GsTileDesc{(unsigned long long) v, ((unsigned long long) st << 32) | (unsigned) (unsigned long long) (v >> 64)};
	}
	static __device__ __forceinline__ gs_i128 unpack(const GsTileDesc &d)
	{
		gs_i128		hi = (gs_i128) (int) (unsigned) d.hi;	/* sign-extends bits 64..95 */

		return (gs_i128) (((gs_u128) hi << 64) | d.lo);
	}
};

/* An item with a 64-bit value (a 64-bit sum, or an order value) and its flags. */
template <typename Acc>
struct TilePack<Item<Acc> >
{
	static constexpr bool ok = sizeof(Acc) == 8;
	static __device__ __forceinline__ GsTileDesc pack(const Item<Acc> &v, unsigned st)
	{
		return GsTileDesc{(unsigned long long) v.v, ((unsigned long long) st << 32) | v.f};
	}
	static __device__ __forceinline__ Item<Acc> unpack(const GsTileDesc &d)
	{
		Item<Acc>	r;

		r.v = Acc((long long) d.lo);
		r.f = (unsigned) d.hi;
		return r;
	}
};

/* One relaxed 16-byte load of a descriptor another block writes. */
__device__ __forceinline__ GsTileDesc
LoadDesc(const GsTileDesc *p)
{
	GsTileDesc	d;

	asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];"
				 : "=l"(d.lo), "=l"(d.hi) : "l"(p) : "memory");
	return d;
}

/* One relaxed 16-byte store of a descriptor. */
__device__ __forceinline__ void
StoreDesc(GsTileDesc *p, const GsTileDesc &d)
{
	asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};"
				 :: "l"(p), "l"(d.lo), "l"(d.hi) : "memory");
}

/* A status word, read with acquire semantics: the value is readable after. */
__device__ __forceinline__ unsigned
LoadAcquire(const unsigned *p)
{
	unsigned	v;

	asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
	return v;
}

/* Publish a status word with release semantics, after its value. */
__device__ __forceinline__ void
StoreRelease(unsigned *p, unsigned v)
{
	asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}

/* Read a value another block published, bypassing the (incoherent) L1. */
template <typename Acc>
__device__ __forceinline__ Item<Acc>
LoadCG(const Item<Acc> *p)
{
	Item<Acc>	r;
	const unsigned long long *w = reinterpret_cast<const unsigned long long *>(p);

	if constexpr (sizeof(Acc) == 8)
		r.v = Acc((long long) __ldcg(w));
	else
		r.v = (gs_i128) (((gs_u128) __ldcg(w + 1) << 64) | __ldcg(w));
	r.f = __ldcg(&p->f);
	return r;
}

template <typename T, bool PACKED = TilePack<T>::ok>
struct TileState;

/* Packed tile states: one descriptor per tile. */
template <typename T>
struct TileState<T, true>
{
	GsTileDesc *desc;

	static size_t bytes(int64_t tiles)
	{
		return (size_t) tiles * sizeof(GsTileDesc);
	}
	/* what a launch clears first: every descriptor */
	static size_t clear_bytes(int64_t tiles)
	{
		return bytes(tiles);
	}
	void		carve(void *p, int64_t tiles)
	{
		(void) tiles;
		desc = (GsTileDesc *) p;
	}
	__device__ __forceinline__ void publish(int64_t tile, const T &v, unsigned st) const
	{
		StoreDesc(&desc[tile], TilePack<T>::pack(v, st));
	}
	/* One look at a tile: its status, and its value unless INVALID. */
	__device__ __forceinline__ unsigned poll(int64_t tile, T &v) const
	{
		GsTileDesc	d = LoadDesc(&desc[tile]);

		v = TilePack<T>::unpack(d);
		return (unsigned) (d.hi >> 32);
	}
};

/* Split tile states: status words, then aggregates and inclusive prefixes. */
template <typename T>
struct TileState<T, false>
{
	unsigned   *status;
	T		   *aggs;
	T		   *incls;

	static size_t bytes(int64_t tiles)
	{
		return (size_t) tiles * (sizeof(unsigned) + 2 * sizeof(T)) + 2 * sizeof(T);
	}
	/* what a launch clears first: the status words, which come first */
	static size_t clear_bytes(int64_t tiles)
	{
		return (size_t) tiles * sizeof(unsigned);
	}
	void		carve(void *p, int64_t tiles)
	{
		char	   *c = (char *) p;

		status = (unsigned *) c;
		c += ((size_t) tiles * sizeof(unsigned) + sizeof(T) - 1) / sizeof(T) * sizeof(T);
		aggs = (T *) c;
		incls = aggs + tiles;
	}
	__device__ __forceinline__ void publish(int64_t tile, const T &v, unsigned st) const
	{
		(st == GS_TILE_PREFIX ? incls : aggs)[tile] = v;
		StoreRelease(&status[tile], st);
	}
	__device__ __forceinline__ unsigned poll(int64_t tile, T &v) const
	{
		unsigned	st = LoadAcquire(&status[tile]);

		if (st != GS_TILE_INVALID)
			v = LoadCG(st == GS_TILE_PREFIX ? &incls[tile] : &aggs[tile]);
		return st;
	}
};

/*
 * The look-back (every lane of one warp, tile > 0): the exclusive prefix of
 * the tile within the chunk.  Each step reads a window of 32 * LB
 * predecessors at once, LB consecutive tiles per lane (lane 0 the nearest),
 * waits until each has published something, and combines the window back to
 * its nearest tile that has a prefix or absorbs.
 */
template <int LB, typename T, typename Op, typename TS>
__device__ __forceinline__ T
LookBack(const TS &ts, int64_t tile, const Op &op)
{
	const int	lane = threadIdx.x & 31;
	T			excl = op.identity();
	int64_t		pred = tile - 1;

	for (;;)
	{
		T			v[LB];
		unsigned	st[LB];
		bool		stop = false;
		T			mine;

#pragma unroll
		for (int k = 0; k < LB; k++)
		{
			int64_t		t = pred - (int64_t) lane * LB - k;

			v[k] = op.identity();
			st[k] = t >= 0 ? ts.poll(t, v[k]) : GS_TILE_PREFIX;
		}
#pragma unroll
		for (int k = 0; k < LB; k++)
		{
			int64_t		t = pred - (int64_t) lane * LB - k;

			while (st[k] == GS_TILE_INVALID)
				st[k] = ts.poll(t, v[k]);
		}
		/* this lane's tiles, earliest on the left, back to its nearest stop */
		mine = v[0];
		stop = st[0] == GS_TILE_PREFIX || op.absorbs(v[0]);
#pragma unroll
		for (int k = 1; k < LB; k++)
		{
			if (!stop)
			{
				mine = op.combine(v[k], mine);
				stop = st[k] == GS_TILE_PREFIX || op.absorbs(v[k]);
			}
		}

		unsigned	stops = __ballot_sync(GS_FULL_WARP, stop);
		int			last = stops ? __ffs(stops) - 1 : 31;

		if (lane > last)
			mine = op.identity();
		excl = op.combine(WarpReduceWindow(mine, op), excl);
		if (stops)
			return excl;
		pred -= 32 * LB;
	}
}

/*
 * The tile's prefix (warp 0 of a block): publish the aggregate, look back,
 * publish the inclusive prefix; returns the exclusive prefix within the
 * chunk on every lane.  An aggregate that absorbs is already its tile's
 * inclusive prefix, and is published as one at once.
 */
template <int LB, typename T, typename Op, typename TS>
__device__ __forceinline__ T
TilePrefix(const TS &ts, int64_t tile, const T &agg, const Op &op)
{
	const bool	lead = (threadIdx.x & 31) == 0;
	T			prefix;

	if (tile == 0)
	{
		if (lead)
			ts.publish(0, agg, GS_TILE_PREFIX);
		return op.identity();
	}
	if (lead)
		ts.publish(tile, agg, op.absorbs(agg) ? GS_TILE_PREFIX : GS_TILE_AGGREGATE);
	prefix = LookBack<LB, T>(ts, tile, op);
	if (lead && !op.absorbs(agg))
		ts.publish(tile, op.combine(prefix, agg), GS_TILE_PREFIX);
	return prefix;
}

#endif							/* GPUSCAN_TILE_STATE_CUH */
