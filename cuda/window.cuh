/*
 * cuda/window.cuh — level: dispatch.  Moving sums and means (gpu_movsum,
 * gpu_movavg) and running means (gpu_cumavg) of one chunk, on the scan
 * kernels of cuda/dispatch.cuh.
 *
 * A window's sum is the running total of differences: value j entering
 * minus value j - window leaving (when j - window is in j's row), each in
 * the plan's fixed point.  So one chunk is three launches:
 *
 *   (a) WindowDeltas: each value's difference, an exact integer D (int64_t
 *       or gs_i128, the plan's accumulator);
 *   (b) the scan of the differences with the chosen kernel (ScanChunk over
 *       D, rows restarting at their heads), continuing from the carry, the
 *       window's sum at the end of the chunk before: every running total is
 *       a window's exact sum;
 *   (c) WindowOutput: each sum rounded once (gpu_movsum), or divided by the
 *       window's count and rounded once (gs_round_quotient, core/exact.h),
 *       with the result's overflow recorded as the other scans do.
 *
 * The differences are exact in D: a window's sum is bounded as a running
 * total is, and partial sums of differences wrap modulo 2^bits only where
 * the true sums they lead to fit.  The values leaving come from the chunk
 * itself (x[i - window]) or, for the first min(window, n) values, from the
 * lag buffer that the host sends beside the chunk: the values window
 * positions before them.
 *
 * Arrays with NULLs arrive as positions (core/chunked.c spreads their
 * values, +0 at NULLs) with bitmaps of the positions holding values: a
 * window counts positions, and a NULL adds nothing.  Means need the count
 * of a window's values: it is summed in the same scan, in the low 32 bits
 * of a 128-bit sum (packed: sum * 2^32 + count, exact while the sum needs
 * GS_PACKED_SUM_BITS (96) bits at most and counts stay below 2^32, which
 * arrays do; core/chunked.c leaves wider ones to the CPU engine).
 *
 * Arrays with NaN, Infinity or -0 (plan->special) add a second scan, of
 * each window's counts of NaN, +Infinity, -Infinity and of values other
 * than -0, four 32-bit fields of an int128 (WindowCount): the deltas are
 * +-1 per field, and the true counts lie in [0, 2^32), so the running sums
 * modulo 2^128 decode field by field.  The special values add 0 to the
 * sums; the output is the special value the counts name (NaN for a NaN or
 * both infinities, else the infinity), and a zero sum is -0 when the
 * window holds no value other than -0.  Its carry is the chunk's last
 * counts (GsChunk.counts), its memory two more arrays of int128 per value
 * (deltas and sums), only for such arrays.
 */
#ifndef GPUSCAN_WINDOW_CUH
#define GPUSCAN_WINDOW_CUH

#include "dispatch.cuh"

/* One value as an exact fixed-point integer of D (integers as they are). */
template <typename In, typename D>
__device__ __forceinline__ D
WindowFixed(In v, const FloatPlan &plan)
{
	if constexpr (IsInt<In>::value)
		return (D) v;
	else if (plan.special && (FloatFlags(v) & GS_FLAG_NONFINITE))
		return D(0);			/* counted, not summed */
	else
		return ToFixed<In, D>(v, plan);
}

/* One float value's contribution to its windows' counts. */
template <typename In>
__device__ __forceinline__ gs_i128
WindowCount(In v)
{
	uint32_t	f = FloatFlags(v);
	gs_u128		c = 0;

	if (f & GS_FLAG_NAN)
		c |= (gs_u128) 1 << GS_WCOUNT_NAN;
	if (f & GS_FLAG_PINF)
		c |= (gs_u128) 1 << GS_WCOUNT_PINF;
	if (f & GS_FLAG_NINF)
		c |= (gs_u128) 1 << GS_WCOUNT_NINF;
	if (f & GS_FLAG_NONNEGZERO)
		c |= (gs_u128) 1 << GS_WCOUNT_NONNEGZERO;
	return (gs_i128) c;
}

/* Field f of a window's counts. */
__device__ __forceinline__ uint32_t
WindowCountField(gs_i128 c, int f)
{
	return (uint32_t) ((gs_u128) c >> f);
}

/*
 * The flags (core/exact.h) of a window holding a value, from its counts
 * c: each flag whose count is not 0 (WindowCount's inverse).
 */
__device__ __forceinline__ uint32_t
WindowCountFlags(gs_i128 c)
{
	uint32_t	f = GS_FLAG_ANY;

	if (WindowCountField(c, GS_WCOUNT_NAN))
		f |= GS_FLAG_NAN;
	if (WindowCountField(c, GS_WCOUNT_PINF))
		f |= GS_FLAG_PINF;
	if (WindowCountField(c, GS_WCOUNT_NINF))
		f |= GS_FLAG_NINF;
	if (WindowCountField(c, GS_WCOUNT_NONNEGZERO))
		f |= GS_FLAG_NONNEGZERO;
	return f;
}

/* Is bit i of a bitmap set (NULL bitmap: every bit is)? */
__device__ __forceinline__ bool
ValidAt(const uint32_t *bits, int64_t i)
{
	return bits == NULL || ((bits[i >> 5] >> (i & 31)) & 1);
}

/* Where value i of a chunk lies in its row (row_len 0: one row). */
__device__ __forceinline__ int64_t
RowPosition(int64_t gi, int64_t row_len)
{
	return row_len > 0 ? gi % row_len : gi;
}

/*
 * (a) d[i] = value i entering minus value i - w leaving, when that one is in
 * the same row (w 0: nothing leaves).  lag holds the m values before the
 * chunk's first value by w; valid and lag_valid (NULL: all) which positions
 * hold values; packed: the count of values entering minus leaving in the
 * low 32 bits; dc (not NULL: floats with special values) their
 * WindowCount()s, entering minus leaving.  A speculative plan's limits are
 * checked here.
 */
template <typename In, typename D>
__global__ void
WindowDeltas(const In *x, const In *lag, int64_t m, int64_t n, int64_t offset, int64_t w,
			 int64_t row_len, const uint32_t *valid, const uint32_t *lag_valid, bool packed,
			 FloatPlan plan, D *d, gs_i128 *dc)
{
	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		const bool	here = ValidAt(valid, i);
		In			v = x[i];
		D			k = here ? WindowFixed<In, D>(v, plan) : D(0);
		int			count = here;
		gs_i128		kc = 0;

		if constexpr (!IsInt<In>::value)
		{
			if (here && plan.speculative && OutsidePlan(v, plan))
				atomicOr(plan.violation, 1u);
		}
		if constexpr (!IsInt<In>::value)
		{
			if (dc != NULL && here)
				kc = WindowCount(v);
		}
		if (w > 0 && RowPosition(offset + i, row_len) >= w &&
			(i < m ? ValidAt(lag_valid, i) : ValidAt(valid, i - w)))
		{
			In			u = i < m ? lag[i] : x[i - w];

			k -= WindowFixed<In, D>(u, plan);
			count--;
			if constexpr (!IsInt<In>::value)
			{
				if (dc != NULL)
					kc -= WindowCount(u);
			}
		}
		if (packed)
			k = (D) ((gs_u128) k << 32) + (D) count;
		d[i] = k;
		if (dc != NULL)
			dc[i] = kc;
	}
}

/*
 * (c) The outputs of the window sums s at the positions holding values
 * (valid; NULL: all): op GS_OP_MOVSUM rounds them (the int8 result must
 * hold them); GS_OP_MOVAVG divides by the window's values, min(position in
 * row + 1, w), GS_OP_CUMAVG by position in row + 1, or, packed, by the
 * count in the sum's low 32 bits; the quotient of units 2^e is rounded
 * once (a negative one that rounds to zero gives -0); count_base values
 * before the row count as well (a running mean from a start state).  With the windows'
 * counts cs (floats with special values; else NULL) a window holding a
 * NaN or an infinity gives the special value, and a zero sum is -0 when
 * the window holds only -0s; without, a zero sum is +0.
 */
template <typename Out, typename D>
__global__ void
WindowOutput(const D *s, Out *y, int64_t n, int64_t offset, int op, int64_t w,
			 int64_t row_len, const uint32_t *valid, bool packed, int64_t count_base, int e,
			 FloatPlan plan, const gs_i128 *cs, unsigned long long *err)
{
	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		D			v = s[i];
		const int64_t gi = offset + i;
		Out			o = Out(0);
		uint64_t	c = (uint64_t) (RowPosition(gi, row_len) + 1 + count_base);

		if (packed)
		{
			c = (uint64_t) v & UINT64_C(0xffffffff);
			v = (v - (D) c) >> 32;
		}
		else if (op == GS_OP_MOVAVG && w > 0 && c > (uint64_t) w)
			c = (uint64_t) w;
		if (!ValidAt(valid, i))
			o = Out(0);
		else if (cs != NULL && FlagsOutput<Out>(WindowCountFlags(cs[i]), v == 0, &o))
			;					/* a special value, or a zero of the counts' sign */
		else if (v == 0)
			o = Out(0);
		else if (op == GS_OP_MOVSUM)
			o = SumOutput<Out, D>(v, gi, plan, err);
		else
		{
			gs_u128		mag = v < 0 ? (gs_u128) 0 - (gs_u128) v : (gs_u128) v;

			o = (Out) gs_round_quotient(v < 0, mag, 0, e, c, sizeof(Out) == 8);
		}
		y[i] = o;
	}
}

/*
 * Where a window chunk's sums start after its n differences, in D: at a
 * multiple of 32 values, so the kernels' 16-byte loads and stores stay aligned.
 */
static inline int64_t
WindowSumsAt(int64_t n)
{
	return (n + 31) & ~(int64_t) 31;
}

/*
 * Device bytes of a window chunk's differences and sums, and with counts
 * the counts' (int128) likewise (beside ScratchBytes).
 */
template <typename D>
static inline size_t
WindowWorkBytes(int64_t n, bool counts)
{
	return 2 * (size_t) WindowSumsAt(n) * (sizeof(D) + (counts ? sizeof(gs_i128) : 0));
}

/* Device bytes of a window chunk's scratch: ScratchBytes, also for the counts' scan. */
template <typename D>
static inline size_t
WindowScratchBytes(int kind, int64_t n, bool counts)
{
	size_t		a = ScratchBytes<D>(kind, n),
				b = counts ? ScratchBytes<gs_i128>(kind, n) : 0;

	return a > b ? a : b;
}

/* Blocks of an elementwise launch over n values. */
static inline unsigned
ElemBlocks(int64_t n, int sms)
{
	int64_t		blocks = (n + GS_ELEM_THREADS - 1) / GS_ELEM_THREADS;
	int64_t		cap = (int64_t) sms * 32;

	return (unsigned) (blocks < cap ? blocks : cap);
}

/*
 * One window chunk: n values x (In) of a chunk at value index offset, the
 * m values lag before them by w (w 0: none leave), rows of row_len (0: one
 * row), operator op; results y (Out).  Over positions: valid and lag_valid
 * say which hold values (NULL: all), packed that means count them in the
 * sums; count_base values before the row count in running means.  work
 * holds WindowWorkBytes<D>(n, counts), scratch
 * WindowScratchBytes<D>(kind, n, counts); carry_in (may be NULL) and
 * carry_out are window sums as items of D.  Floats with special values
 * (plan->special: counts) also scan the windows' counts: counts_in (may be
 * NULL) and counts_out their carries.  Asynchronous on stream.
 */
template <typename In, typename Out, typename D>
static cudaError_t
WindowChunk(int kind, int op, const In *x, const In *lag, int64_t m, Out *y, int64_t n,
			int64_t offset, int64_t w, int64_t row_len, const uint32_t *valid,
			const uint32_t *lag_valid, bool packed, int64_t count_base, const HeadSource &heads,
			const GsPlan *plan, const FloatPlan &fp, const Item<D> *carry_in,
			Item<D> *carry_out, const Item<gs_i128> *counts_in, Item<gs_i128> *counts_out,
			void *work, void *scratch, unsigned long long *err, cudaStream_t stream,
			int sms, int arch)
{
	const bool	counts = gs_window_counts((GsScanOp) op, plan);
	D		   *d = (D *) work;
	D		   *s = d + WindowSumsAt(n);
	gs_i128    *cd = (gs_i128 *) (s + WindowSumsAt(n));
	gs_i128    *cs = cd + WindowSumsAt(n);
	GsPlan		dplan = *plan;
	cudaError_t e;

	if (n <= 0)
		return cudaSuccess;
	/* the differences: one bit more than the values, no special values */
	dplan.value_bits = packed ? 127 : plan->value_bits + 1;
	dplan.special = false;
	WindowDeltas<In, D><<<ElemBlocks(n, sms), GS_ELEM_THREADS, 0, stream>>>(
		x, lag, m, n, offset, w, row_len, valid, lag_valid, packed, fp, d,
		counts ? cd : NULL);
	if ((e = cudaGetLastError()) != cudaSuccess)
		return e;
	if ((e = ScanChunk<D, D, D>(kind, d, s, n, offset, heads, &dplan, fp, false, carry_in,
								carry_out, scratch, err, stream, sms, arch)) != cudaSuccess)
		return e;
	if (counts)
	{
		/* the counts' deltas, made beside the sums' */
		GsPlan		cplan = dplan;

		cplan.value_bits = 127;
		if ((e = ScanChunk<gs_i128, gs_i128, gs_i128>(kind, cd, cs, n, offset, heads,
													   &cplan, fp, false, counts_in, counts_out,
													   scratch, err, stream, sms, arch)) != cudaSuccess)
			return e;
	}
	WindowOutput<Out, D><<<ElemBlocks(n, sms), GS_ELEM_THREADS, 0, stream>>>(
		s, y, n, offset, op, w, row_len, valid, packed, count_base, IsInt<In>::value ? 0 : plan->lsb, fp,
		counts ? (const gs_i128 *) cs : NULL, err);
	return cudaGetLastError();
}

#endif							/* GPUSCAN_WINDOW_CUH */
