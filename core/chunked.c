/*
 * core/chunked.c — a scan on a GPU as a series of chunks through one
 * page-locked buffer (core/engine.h, gs_chunked_scan).
 *
 * The same driver serves a backend, whose runner hands each chunk to the
 * GPU service through a segment of the shared ring (src/service_client.c),
 * and the test programs, whose runner is the GPU engine in their own
 * process (cuda/scan.cu): both run the very same chunks.  Each chunk's
 * values come from the chunk source (core/source.h): copied from memory,
 * or read straight into the buffer from TOAST slices.
 *
 * The plan is made here: for float sums a speculative one from a sample
 * (of the whole array in memory, of the first chunk when the values are
 * read), which the GPU checks against every value.  The carry passed from
 * chunk to chunk is the exact running total in the plan's fixed point.  A
 * chunk with a value outside the plan's limits is read again and analysed
 * exactly; the plan is widened to cover it (a finer unit, a wider
 * accumulator, never the reverse), the carry re-expressed in the new unit,
 * which is exact, and the chunk run again: the chunks before keep their
 * results, since results never depend on the plan.
 */
#include "engine.h"
#include "exact.h"
#include "host_copy.h"
#include "source.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define SPECULATE_MIN	(INT64_C(1) << 20)	/* smaller float arrays get an exact plan */
#define CHUNK_ALIGN		INT64_C(65536)	/* chunks are whole tiles and sections */

/* Monotonic milliseconds. */
static double
NowMs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Where the rows of an array with NULLs start, walked chunk by chunk. */
typedef struct RowCursor
{
	int64_t		row;			/* the next row to look at */
	int64_t		first;			/* its first stored value's index */
} RowCursor;

/*
 * Set bit k of bits when stored value offset + k starts a row, for the n
 * values of a chunk; the cursor moves on to the first row past the chunk.
 */
static void
ChunkHeads(const GsScanSpec *spec, int64_t nrows, RowCursor *cur, int64_t offset,
		   int64_t n, uint32_t *bits)
{
	memset(bits, 0, ((size_t) (n + 31) / 32 + 1) * sizeof(uint32_t));
	while (cur->row < nrows && cur->first < offset + n)
	{
		int64_t		c = gs_bitmap_count(spec->nulls, cur->row * spec->row_len, spec->row_len);

		if (c > 0 && cur->first >= offset)
		{
			int64_t		k = cur->first - offset;

			bits[k >> 5] |= UINT32_C(1) << (k & 31);
		}
		if (cur->first + c > offset + n)
			break;				/* the row goes on into the next chunk */
		cur->first += c;
		cur->row++;
	}
}

/* The smaller of two counts. */
static inline int64_t
Min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* Values per chunk that fit the buffer, with their row heads. */
static int64_t
ChunkCapacity(size_t buf_bytes, size_t width)
{
	int64_t		n = (int64_t) ((buf_bytes - 64) / (width + 0.125));

	n -= n % (n >= CHUNK_ALIGN ? CHUNK_ALIGN : 32);
	return n;
}

/* The accumulator refused: the exponent range is too wide for the GPU. */
static GsStatus
TooWide(const GsPlan *plan, GsScanResult *res)
{
	res->acc_bits = plan->acc_bits;
	snprintf(res->message, sizeof(res->message),
			 "the array's exponent range needs a %d-bit accumulator; the GPU engine has %d bits",
			 plan->acc_bits, GS_GPU_MAX_ACC_BITS);
	return res->status = GS_ERR_GPU_UNSUPPORTED;
}

/*
 * One half of the runner's buffer: a chunk's values, then its row heads;
 * for a window operator, the values leaving at its end.
 */
typedef struct Half
{
	char	   *data;
	uint32_t   *heads;			/* also a window chunk's valid positions */
	char	   *lag;
	uint8_t    *lag_valid;
} Half;

/*
 * Spread the vn packed values at packed (which lies within data, at or
 * after data + (np - vn) * isz) over positions [p0, p0 + np) of a null
 * bitmap: data holds np values after it, +0 (all bits zero) at NULLs.
 * Forward is safe: a value moves down to its position or stays, never
 * over one not yet moved.  bits[0 .. np) get the bitmap's bits.
 */
static void
SpreadPositions(char *data, int64_t np, const char *packed, const uint8_t *nulls,
				int64_t p0, size_t isz, uint8_t *bits)
{
	int64_t		v = 0;

	memset(bits, 0, (size_t) (np + 7) / 8);
	for (int64_t p = 0; p < np; p++)
	{
		if (gs_bit_get(nulls, p0 + p))
		{
			memmove(data + (size_t) p * isz, packed + (size_t) v * isz, isz);
			gs_bit_set(bits, p, true);
			v++;
		}
		else
			memset(data + (size_t) p * isz, 0, isz);
	}
}

/*
 * The values window positions before chunk c's first ones, min(window, n)
 * of them (those before the array's start are never read), into lag.
 */
static void
PrepareLag(const GsScanSpec *spec, GsSource *src, GsChunk *c, const Half *h, size_t isz)
{
	int64_t		m = c->window < c->n ? c->window : c->n,
				first = c->offset - c->window,	/* index of lag[0] */
				lo = first > 0 ? first : 0;
	char	   *at = h->lag + (size_t) (lo - first) * isz;

	c->lag = h->lag;
	c->lag_n = c->window > 0 ? m : 0;
	c->lag_skip = lo - first < m ? lo - first : m;
	c->lag_valid = NULL;
	if (c->window == 0 || first + m <= lo)
		return;
	if (!c->positions)
		gs_source_copy(src, lo * (int64_t) isz, (size_t) (first + m - lo) * isz, at);
	else
	{
		/* positions [lo, first + m): their values, spread with +0 at NULLs */
		int64_t		np = first + m - lo,
					v0 = c->lag_voff + gs_bitmap_count(spec->nulls, c->lag_pos, lo - c->lag_pos),
					vn = gs_bitmap_count(spec->nulls, lo, np);
		char	   *packed = at + (size_t) (np - vn) * isz;

		c->lag_pos = lo;		/* the next chunk counts on from here */
		c->lag_voff = v0;
		gs_source_copy(src, v0 * (int64_t) isz, (size_t) vn * isz, packed);
		memset(h->lag_valid, 0, (size_t) (m + 7) / 8);
		SpreadPositions(at, np, packed, spec->nulls, lo, isz, h->lag_valid + (lo - first) / 8);
		if ((lo - first) % 8 != 0)
		{
			/* lo - first is not byte aligned (a window not a multiple of 8): the bits again */
			memset(h->lag_valid, 0, (size_t) (m + 7) / 8);
			for (int64_t p = lo; p < first + m; p++)
				if (gs_bit_get(spec->nulls, p))
					gs_bit_set(h->lag_valid, p - first, true);
		}
		c->lag_valid = h->lag_valid;
	}
}

/* Chunk c's values from the source into half h, and its row heads. */
static void
Prepare(const GsScanSpec *spec, GsSource *src, GsChunk *c, const Half *h, RowCursor *cur,
		size_t isz, GsGpuTimes *times)
{
	double		t0 = NowMs(),
				t1;

	c->data = h->data;
	c->head_bits = h->heads;
	if (!c->positions)
		gs_source_copy(src, c->offset * (int64_t) isz, (size_t) c->n * isz, h->data);
	else
	{
		/* a window chunk with NULLs: positions, +0 at NULLs, and which hold values */
		char	   *packed = h->data + (size_t) (c->n - c->vn) * isz;

		gs_source_copy(src, c->voff * (int64_t) isz, (size_t) c->vn * isz, packed);
		SpreadPositions(h->data, c->n, packed, spec->nulls, c->offset, isz, (uint8_t *) h->heads);
		c->valid = (const uint8_t *) h->heads;
	}
	PrepareLag(spec, src, c, h, isz);
	t1 = NowMs();
	if (src->values)
		times->stage_ms += t1 - t0;
	else
		times->read_ms += t1 - t0;
	if (c->heads_mode == GS_HEADS_BITMAP)
		ChunkHeads(spec, c->plan.nrows, cur, c->offset, c->n, h->heads);
	times->stage_ms += NowMs() - t1;
}

/*
 * Copy chunk c's results out of its half: ordinary stores into a fresh
 * result, non-temporal ones over values in memory (GsCopyStores).
 */
static void
TakeResults(const GsScanSpec *spec, const GsChunk *c, size_t osz, bool in_place,
			GsGpuTimes *times)
{
	double		t0 = NowMs();

	if (c->positions)
	{
		/* the results of the positions that hold values, packed */
		char	   *to = (char *) spec->result + (size_t) c->voff * osz;

		for (int64_t p = 0; p < c->n; p++)
			if (gs_bit_get(c->valid, p))
			{
				memcpy(to, (const char *) c->data + (size_t) p * osz, osz);
				to += osz;
			}
	}
	else
		gs_copy_to((char *) spec->result + (size_t) c->offset * osz, c->data, (size_t) c->n * osz,
				   in_place ? GS_COPY_STREAM : GS_COPY_CACHED);
	times->result_ms += NowMs() - t0;
}

/* Exact statistics of n float values (the scalar analysis where there are specials). */
static void
ExactStats(const void *v, int64_t n, bool f8, GsFloatStats *st)
{
	gs_float_stats(v, n, f8, gs_simd_enabled(), st);
	if (st->special)
		gs_float_stats(v, n, f8, false, st);
}

/* The plan of a scan; for float sums of values read, from chunk 0 in half 0. */
static void
MakePlan(const GsScanSpec *spec, const GsSource *src, const GsChunk *c0, bool one_chunk,
		 GsChunk *proto)
{
	bool		float_sum = (spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8) &&
		(spec->op == GS_OP_SUM || GS_OP_IS_WINDOW(spec->op));

	memset(&proto->lim, 0, sizeof(proto->lim));
	if (!float_sum)
		gs_plan(spec, &proto->plan);	/* counts only */
	else if (src->values && spec->nitems > SPECULATE_MIN)
		gs_plan_speculative(spec, &proto->plan, &proto->lim);
	else if (src->values)
		gs_plan(spec, &proto->plan);
	else if (one_chunk && c0->n <= SPECULATE_MIN)
	{
		/* every value is in chunk 0: the exact plan */
		GsScanSpec	in_half = *spec;
		GsPlan		counts;

		in_half.values = c0->data;
		in_half.source = NULL;
		if (c0->positions)
		{
			/* its positions, +0 at NULLs (no part of any sum), with the real counts */
			in_half.nulls = NULL;
			in_half.nitems = in_half.row_len = c0->n;
		}
		gs_plan(&in_half, &proto->plan);
		gs_plan_counts(spec, &counts);
		proto->plan.nvalues = counts.nvalues;
		proto->plan.nrows = counts.nrows;
	}
	else
		gs_plan_sample(spec, c0->data, c0->n, &proto->plan, &proto->lim);
	if (spec->init)
		gs_plan_cover_init(&proto->plan, spec->init, spec->op);
}

/*
 * What the GPU engine leaves to the CPU engine among window scans: means
 * of arrays with NULLs whose sums need more than GS_PACKED_SUM_BITS bits
 * (the count of a window's values rides in the low 32 bits of a 128-bit
 * sum).
 */
static bool
WindowRefused(const GsScanSpec *spec, const GsPlan *plan, GsScanResult *res)
{
	if (!gs_window_packed(spec) || gs_plan_sum_bits(plan) <= GS_PACKED_SUM_BITS)
		return false;
	snprintf(res->message, sizeof(res->message),
			 "means of arrays with NULLs whose sums need more than %d bits run on the CPU engine",
			 GS_PACKED_SUM_BITS);
	res->status = GS_ERR_GPU_UNSUPPORTED;
	return true;
}

/*
 * The counts carried into chunk c (not the first) of a window scan whose
 * plan has special values from c on: the plan before had none, so none came
 * before c, and only the count of values other than -0 (GS_WCOUNT_NONNEGZERO)
 * is not 0: the values of the window at the position before c.
 */
static void
CountsBefore(const GsScanSpec *spec, const GsChunk *c, uint64_t *counts)
{
	int64_t		p = c->offset - 1;	/* a position: without NULLs, values are positions */
	int64_t		np = p % spec->row_len + 1;
	int64_t		nv;

	if (c->window > 0 && np > c->window)
		np = c->window;
	nv = c->positions ? gs_bitmap_count(spec->nulls, p - np + 1, np) : np;
	if (spec->init && (spec->init->flags & GS_FLAG_NONNEGZERO))
		nv++;					/* a running mean's values before the row: only nonzero matters */
	memset(counts, 0, GS_CARRY_BYTES);
	counts[GS_WCOUNT_NONNEGZERO / 64] = (uint64_t) nv << (GS_WCOUNT_NONNEGZERO % 64);
}

/*
 * Re-express the carry of a window mean over positions (a 128-bit sum whose
 * low 32 bits count the window's values, cuda/window.cuh) in plan to.
 */
static void
PackedCarryRescale(uint64_t *carry, const GsPlan *from, const GsPlan *to)
{
	gs_i128		packed = (gs_i128) (((gs_u128) carry[1] << 64) | carry[0]);
	uint64_t	count = carry[0] & UINT64_C(0xffffffff);
	gs_i128		sum = (packed - (gs_i128) count) >> 32;

	sum = (gs_i128) ((gs_u128) sum << (from->lsb - to->lsb));
	packed = (gs_i128) ((gs_u128) sum << 32) + (gs_i128) count;
	carry[0] = (uint64_t) packed;
	carry[1] = (uint64_t) ((gs_u128) packed >> 64);
}

/* Scan an array on a GPU, chunk by chunk. */
GsStatus
gs_chunked_scan(const GsScanSpec *spec, GsKernel kernel, int fault,
				GsChunkRunner *runner, GsScanResult *res, GsGpuTimes *times)
{
	GsGpuTimes	scratch_times;
	GsSource	memory;
	GsSource   *src = spec->source;
	GsChunk		c[2];
	Half		half[2];
	RowCursor	cur;
	size_t		isz = (size_t) gs_type_size(spec->type),
				osz = (size_t) gs_output_size(spec->type, spec->op),
				width = isz > osz ? isz : osz,
				half_bytes = (runner->buf_bytes / 2) & ~(size_t) 4095;
	int64_t		cap,
				nch,
				total,			/* values, or positions for a window scan with NULLs */
				window = 0,		/* values leaving the window: 0 none */
				lag_cap = 0;
	bool		isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	bool		in_place;
	uint64_t	carry_in[GS_CARRY_BYTES / 8],
				counts_in[GS_CARRY_BYTES / 8];
	double		t0;
	GsChunk		proto_chunk;
	GsChunk    *proto = &proto_chunk;

	memset(res, 0, sizeof(*res));
	res->error_position = -1;
	if (times == NULL)
		times = &scratch_times;
	memset(times, 0, sizeof(*times));
	if (!gs_spec_ok(spec, res))
		return res->status;
	if (GS_OP_IS_MOMENTS(spec->op))
	{
		snprintf(res->message, sizeof(res->message), "the GPU engine has no kernel for variances yet");
		return res->status = GS_ERR_GPU_UNSUPPORTED;
	}
	if (GS_OP_IS_MOVING(spec->op) && spec->window < spec->row_len)
		window = spec->window;
	cap = ChunkCapacity(half_bytes - GS_SOURCE_HEADROOM, width);
	if (window > 0)
	{
		/*
		 * room for the values leaving (and which of their positions hold
		 * values): the window's, or the chunk's when longer
		 */
		int64_t		both = ChunkCapacity(half_bytes - 4 * GS_SOURCE_HEADROOM, width + isz + 1);

		if (window <= both)
		{
			lag_cap = window;
			cap = ChunkCapacity(half_bytes - 4 * GS_SOURCE_HEADROOM -
								(((size_t) window * isz + 63) & ~(size_t) 63) -
								(((size_t) (window + 7) / 8 + 63) & ~(size_t) 63), width);
		}
		else
			cap = lag_cap = both;
	}
	if (cap < 32)
	{
		snprintf(res->message, sizeof(res->message), "a chunk buffer of %zu bytes is too small",
				 runner->buf_bytes);
		return res->status = GS_ERR_INTERNAL;
	}
	for (int h = 0; h < 2; h++)
	{
		half[h].data = runner->buf + h * half_bytes + GS_SOURCE_HEADROOM;
		half[h].heads = (uint32_t *) (half[h].data + (((size_t) cap * width + 63) & ~(size_t) 63));
		half[h].lag_valid = (uint8_t *) (runner->buf + (h + 1) * half_bytes - GS_SOURCE_HEADROOM -
										 (((size_t) (lag_cap + 7) / 8 + 63) & ~(size_t) 63));
		half[h].lag = (char *) half[h].lag_valid - (((size_t) lag_cap * isz + 63) & ~(size_t) 63);
	}

	memset(proto, 0, sizeof(*proto));
	proto->type = spec->type;
	proto->op = spec->op;
	proto->exclusive = spec->exclusive;
	proto->kernel = kernel;
	proto->fault = fault;
	proto->row_len = spec->row_len;
	proto->window = window;
	proto->positions = GS_OP_IS_WINDOW(spec->op) && spec->nulls != NULL;
	proto->packed = gs_window_packed(spec);
	/* a running mean over values from a start state: the values before count too */
	proto->count_base = spec->init && spec->op == GS_OP_CUMAVG && !proto->packed
		? spec->init->nvalues : 0;
	gs_plan_counts(spec, &proto->plan);
	if (proto->plan.nvalues == 0)
	{
		res->acc_bits = proto->plan.acc_bits;
		return GS_OK;
	}
	if (src == NULL)
	{
		gs_source_memory(&memory, spec->values, proto->plan.nvalues * (int64_t) isz);
		src = &memory;
	}
	in_place = src->values != NULL && spec->result == src->values;
	proto->heads_mode = spec->init ? GS_HEADS_NONE : proto->plan.nrows <= 1 ? GS_HEADS_ONE_ROW
		: spec->nulls == NULL || proto->positions ? GS_HEADS_FIXED : GS_HEADS_BITMAP;
	total = proto->positions ? spec->nitems : proto->plan.nvalues;
	nch = (total + cap - 1) / cap;

	/* chunk 0 into half 0; the plan (from it, when the values are read) */
	memset(&cur, 0, sizeof(cur));
	c[0] = *proto;
	c[0].offset = 0;
	c[0].n = Min64(cap, total);
	c[0].voff = 0;
	c[0].vn = proto->positions ? gs_bitmap_count(spec->nulls, 0, c[0].n) : c[0].n;
	Prepare(spec, src, &c[0], &half[0], &cur, isz, times);
	t0 = NowMs();
	MakePlan(spec, src, &c[0], nch == 1, proto);
	times->plan_ms = NowMs() - t0;
	res->acc_bits = proto->plan.acc_bits;
	if (proto->plan.acc_bits > GS_GPU_MAX_ACC_BITS)
		return TooWide(&proto->plan, res);
	if (WindowRefused(spec, &proto->plan, res))
		return res->status;
	c[0].plan = proto->plan;
	c[0].lim = proto->lim;
	c[0].has_carry = spec->init != NULL;
	if (spec->init &&
		!gs_run_carry(spec->init, spec->op, &proto->plan, proto->packed, c[0].carry, c[0].counts))
	{
		snprintf(res->message, sizeof(res->message),
				 "running means of 2^32 values or more with NULLs run on the CPU engine");
		return res->status = GS_ERR_GPU_UNSUPPORTED;
	}
	{
		GsStatus	st = runner->submit(runner->ctx, &c[0], res->message, sizeof(res->message));

		if (st != GS_OK)
			return res->status = st;
	}

	for (int64_t k = 0; k < nch; k++)
	{
		GsChunk    *ck = &c[k % 2],
				   *cn = &c[(k + 1) % 2];
		GsStatus	st;

		/* while chunk k runs: chunk k-1's results out, chunk k+1's values in */
		if (k >= 1)
			TakeResults(spec, cn, osz, in_place, times);
		if (k + 1 < nch)
		{
			*cn = *ck;
			cn->offset = (k + 1) * cap;
			cn->n = Min64(cap, total - cn->offset);
			cn->voff = ck->voff + ck->vn;
			cn->vn = proto->positions ? gs_bitmap_count(spec->nulls, cn->offset, cn->n) : cn->n;
			Prepare(spec, src, cn, &half[(k + 1) % 2], &cur, isz, times);
		}
		if (ck->has_carry)
		{
			memcpy(carry_in, ck->carry, sizeof(carry_in));
			memcpy(counts_in, ck->counts, sizeof(counts_in));
		}

		for (;;)
		{
			GsFloatStats fs;
			GsPlan		old;

			t0 = NowMs();
			st = runner->wait(runner->ctx, ck, times, res->message, sizeof(res->message));
			times->wait_ms += NowMs() - t0;
			times->chunks++;
			if (st != GS_OK)
				return res->status = st;
			times->h2d_ms += ck->h2d_ms;
			times->kernel_ms += ck->kernel_ms;
			times->d2h_ms += ck->d2h_ms;
			if (!ck->violation)
				break;

			/*
			 * A value outside the plan's limits: this chunk's values again
			 * (its half now holds results), analysed exactly, a plan that
			 * covers them, the carry re-expressed in it, the chunk again.
			 */
			times->replanned = true;
			if (!ck->lim.speculative)
			{
				snprintf(res->message, sizeof(res->message), "the exact plan failed its own check");
				return res->status = GS_ERR_INTERNAL;
			}
			t0 = NowMs();
			gs_source_copy(src, ck->voff * (int64_t) isz, (size_t) ck->vn * isz, ck->data);
			times->read_ms += NowMs() - t0;
			t0 = NowMs();
			ExactStats(ck->data, ck->vn, spec->type == GS_FLOAT8, &fs);
			old = ck->plan;
			gs_plan_widen(&proto->plan, &proto->lim, &fs);
			if (spec->init)
				gs_plan_cover_init(&proto->plan, spec->init, spec->op);
			times->plan_ms += NowMs() - t0;
			res->acc_bits = proto->plan.acc_bits;
			if (proto->plan.acc_bits > GS_GPU_MAX_ACC_BITS)
			{
				if (in_place && k >= 1)
				{
					/* the chunks before have their results over their values */
					snprintf(res->message, sizeof(res->message),
							 "the plan failed after results were written over the values");
					return res->status = GS_ERR_VALUES_OVERWRITTEN;
				}
				return TooWide(&proto->plan, res);
			}
			if (WindowRefused(spec, &proto->plan, res))
				return res->status;
			if (ck->positions)
				Prepare(spec, src, ck, &half[k % 2], &cur, isz, times);	/* spread again */
			ck->plan = proto->plan;
			ck->lim = proto->lim;
			ck->violation = false;
			ck->has_carry = k > 0 || spec->init != NULL;
			if (ck->has_carry)
			{
				memcpy(ck->carry, carry_in, sizeof(carry_in));
				/* counted from here on (a start state's counts are carried in whole) */
				if (k > 0 && !gs_window_counts(spec->op, &old) &&
					gs_window_counts(spec->op, &proto->plan))
					CountsBefore(spec, ck, counts_in);
				memcpy(ck->counts, counts_in, sizeof(counts_in));
				if (ck->packed)
					PackedCarryRescale(ck->carry, &old, &proto->plan);
				else
					gs_carry_rescale(ck->carry, &old, &proto->plan);
				memcpy(carry_in, ck->carry, sizeof(carry_in));
			}
			if (k + 1 < nch)
			{
				cn->plan = proto->plan;
				cn->lim = proto->lim;
			}
			st = runner->submit(runner->ctx, ck, res->message, sizeof(res->message));
			if (st != GS_OK)
				return res->status = st;
		}
		if (ck->err_index >= 0)
		{
			res->error_position = ck->positions ? ck->err_index
				: gs_value_position(spec, ck->err_index);
			return res->status = isfloat ? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE;
		}
		if (spec->interrupt)
			spec->interrupt();	/* nothing is in flight: a cancel is safe */
		if (k + 1 < nch)
		{
			memcpy(cn->carry, ck->carry, sizeof(cn->carry));
			memcpy(cn->counts, ck->counts, sizeof(cn->counts));
			cn->has_carry = true;
			st = runner->submit(runner->ctx, cn, res->message, sizeof(res->message));
			if (st != GS_OK)
				return res->status = st;
		}
		else
			TakeResults(spec, ck, osz, in_place, times);
	}
	return GS_OK;
}
