/*
 * cuda/hierarchical.cuh — kernel family: the hierarchical scan (PMPP 9.5),
 * with the textbook block scans, Kogge-Stone or Brent-Kung.
 *
 *   (a) ScanSections: each block scans one section; its last thread writes
 *       the section's total to S[blockIdx.x];
 *   (b) S is scanned the same way, recursively, until one section holds it;
 *   (c) AddSections adds S[b-1] to section b, level by level back down; at
 *       the bottom this is fused with the carry, the rounding, the output and
 *       the inclusive -> exclusive shift (WriteOutput).
 *
 * Each launch scans one chunk of n device-resident values, continuing from
 * an optional carry item and leaving the chunk's last running total in a
 * carry item, as every kernel family does (cuda/dispatch.cuh).
 */
#ifndef GPUSCAN_HIERARCHICAL_CUH
#define GPUSCAN_HIERARCHICAL_CUH

#include "block_scan.cuh"
#include "tuning.cuh"

#include <cuda_runtime.h>

/* Kernel kinds, as gpuscan.kernel names them (core/engine.h's GsKernel). */
#define GS_KS 1					/* Kogge-Stone: section = blockDim */
#define GS_BK 2					/* Brent-Kung: section = 2 * blockDim */

/* (a) Scan each section; the last thread writes the section's total. */
template <int KIND, typename L, typename Acc>
__global__ void __launch_bounds__(GS_HIER_THREADS)
ScanSections(L load, Item<Acc> *y, Item<Acc> *s, int64_t n)
{
	extern __shared__ __align__(16) unsigned char smem[];
	Item<Acc>  *buf = reinterpret_cast<Item<Acc> *>(smem);
	OpOf<Acc> op;
	const int	t = threadIdx.x;

	if (KIND == GS_KS)
	{
		int64_t		i = (int64_t) blockIdx.x * GS_HIER_THREADS + t;
		Item<Acc>	x = i < n ? load(i) : op.identity();
		Item<Acc>	r = KoggeStoneScan(x, buf, op);

		if (i < n)
			y[i] = r;
		if (t == GS_HIER_THREADS - 1)
			s[blockIdx.x] = r;
	}
	else
	{
		int64_t		base = (int64_t) blockIdx.x * (2 * GS_HIER_THREADS);
		int64_t		i0 = base + t;
		int64_t		i1 = base + t + GS_HIER_THREADS;

		buf[t] = i0 < n ? load(i0) : op.identity();
		buf[t + GS_HIER_THREADS] = i1 < n ? load(i1) : op.identity();
		BrentKungScan(buf, op);
		if (i0 < n)
			y[i0] = buf[t];
		if (i1 < n)
			y[i1] = buf[t + GS_HIER_THREADS];
		if (t == GS_HIER_THREADS - 1)
			s[blockIdx.x] = buf[2 * GS_HIER_THREADS - 1];
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

/* Items of the hierarchical scan's levels for n values. */
static inline int64_t
HierItems(int64_t n, int64_t sec)
{
	int64_t		total = n;

	for (int64_t l = n; l > 1; l = (l + sec - 1) / sec)
		total += (l + sec - 1) / sec;
	return total + 1;
}

/* The hierarchical scan of one chunk, for a block-scan kind. */
template <int KIND, typename In, typename Out, typename Acc>
static cudaError_t
HierChunk(const In *x, Out *y, int64_t n, int64_t offset, const HeadSource &heads,
		  const FloatPlan &plan, bool excl, const Item<Acc> *carry_in,
		  Item<Acc> *carry_out, Item<Acc> *items, unsigned long long *err,
		  cudaStream_t stream, int sms)
{
	const int64_t sec = KIND == GS_KS ? GS_HIER_THREADS : 2 * GS_HIER_THREADS;
	const size_t smem = 2 * GS_HIER_THREADS * sizeof(Item<Acc>);
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
		<<<(unsigned) len[1], GS_HIER_THREADS, smem, stream>>>(load, items, items + off[1], n);
	levels = 1;
	while (len[levels] > 1)
	{
		int			l = levels;

		off[l + 1] = off[l] + len[l];
		len[l + 1] = (len[l] + sec - 1) / sec;
		ScanSections<KIND, ItemLoader<Acc>, Acc>
			<<<(unsigned) len[l + 1], GS_HIER_THREADS, smem, stream>>>(ItemLoader<Acc>{items + off[l]},
															   items + off[l], items + off[l + 1], len[l]);
		levels++;
	}
	/* back down: each level above 1 adds its totals to the level below */
	for (int l = levels - 1; l >= 1; l--)
	{
		if (len[l] <= sec)
			continue;			/* one section: nothing earlier to add */
		int64_t		blocks = (len[l] + GS_ELEM_THREADS - 1) / GS_ELEM_THREADS;

		AddSections<Acc><<<(unsigned) (blocks < 65535 ? blocks : 65535), GS_ELEM_THREADS, 0, stream>>>(
			items + off[l], items + off[l + 1], len[l], sec);
	}
	{
		int64_t		blocks = (n + GS_ELEM_THREADS - 1) / GS_ELEM_THREADS;
		int64_t		cap = (int64_t) sms * 32;

		WriteOutput<Out, Acc><<<(unsigned) (blocks < cap ? blocks : cap), GS_ELEM_THREADS, 0, stream>>>(
			items, items + n, n, sec, heads, offset, excl, write, carry_in, carry_out);
	}
	return cudaGetLastError();
}

#endif							/* GPUSCAN_HIERARCHICAL_CUH */
