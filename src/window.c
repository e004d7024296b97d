/*
 * src/window.c — the window forms of the scans: gpu_cumsum(x) OVER (...),
 * gpu_cummax, gpu_cummin, gpu_cumavg, gpu_cumvar, gpu_cumstd, gpu_movsum(x,
 * n), gpu_movavg, gpu_movvar and gpu_movstd over table rows.
 *
 * Each row's value is what the array function gives at that row's position
 * of the partition's x in the window's order.  The partition is read a
 * block of rows at a time (WinGetFuncArgInPartition, the mark set at the
 * block's first row so that PostgreSQL frees the rows behind), the block is
 * scanned as a one-row array through the same dispatch as arrays
 * (gpuscan.device, auto: src/dispatch.c), and each row then takes its
 * result from the block.  Between blocks the exact state is carried:
 *
 *   - running totals and means: the exact sum of the values so far (the
 *     accumulator of core/accum.h for floats, a 128-bit integer for
 *     integers), their count and flags, as the block's start state
 *     (GsScanSpec.init); integer totals are scanned as bigint;
 *   - running maxima and minima: the extreme so far;
 *   - running variances: the exact sums of the values and of their squares
 *     (GsMomentsState), which the engine continues and leaves updated;
 *   - moving sums, means and variances: the last n - 1 positions of the block before
 *     go first in the next one (their results are not used), so every
 *     window of a new row lies in the block.  A block of a moving window
 *     spans at least n - 1 new rows, so each value is scanned at most about
 *     twice.
 *
 * The frame clause does not apply (as for lag or row_number).  Memory: a
 * block (4,096 rows; for moving windows n - 1 rows before it and up to 2^20
 * new ones), in buffers kept for the query.  A numeric argument (since 1.5)
 * goes to src/numeric_window.c, which reads its blocks the same way.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "windowapi.h"

#include "../core/accum.h"
#include "gpuscan.h"
#include "numeric.h"

/* New rows per block of the running operators, and at most for moving windows. */
#define BLOCK_ROWS			4096
#define MAX_BLOCK_ROWS		(1 << 20)

/* The buffers of a block, kept for the query (fn_extra). */
typedef struct WinBuffers
{
	int64		cap;			/* positions they hold */
	char	   *values;			/* packed values */
	uint8	   *nulls;			/* a bit per position: a value there */
	char	   *results;		/* packed results */
	uint8	   *rnulls;			/* variances: a bit per position, a result there */
} WinBuffers;

/* One window function's state in a partition (partition-local, zeroed at its start). */
typedef struct WinPart
{
	GsWinRows	rows;			/* where the partition's rows stand */
	GsElemType	arg_type;		/* the argument's type */
	GsElemType	type;			/* the blocks' type: bigint for integer running totals */
	Oid			restype;
	/* the block now (its rows: rows) */
	int64		tail;			/* positions before its new rows (moving windows) */
	bool		nulls;			/* a NULL among its positions */
	/* carried from block to block: running operators */
	GsAccum    *acc;			/* float totals and means */
	int128		isum;			/* integer totals and means */
	int64		nvalues;		/* values so far */
	uint64		extreme;		/* maxima and minima: the extreme so far (raw bits) */
	GsMomentsState *mom;		/* running variances: the exact sums so far */
} WinPart;

/* The engine type of an argument type, and the result type of the function. */
static GsElemType
ArgType(Oid type, GsScanOp op, const char *fname, Oid *restype)
{
	bool		mean = op == GS_OP_MOVAVG || op == GS_OP_CUMAVG || GS_OP_IS_MOMENTS(op);
	bool		sum = op == GS_OP_SUM || op == GS_OP_MOVSUM;
	GsElemType	t;

	switch (type)
	{
		case INT2OID:
			t = GS_INT2;
			break;
		case INT4OID:
			t = GS_INT4;
			break;
		case INT8OID:
			t = GS_INT8;
			break;
		case FLOAT4OID:
			*restype = FLOAT4OID;
			return GS_FLOAT4;
		case FLOAT8OID:
			*restype = FLOAT8OID;
			return GS_FLOAT8;
		default:
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s does not support type %s", fname,
							OidIsValid(type) ? format_type_be(type) : "unknown"),
					 errhint("Use smallint, integer, bigint, numeric, real or double precision.")));
			return GS_INT4;		/* keep the compiler quiet */
	}
	*restype = mean ? FLOAT8OID : sum ? INT8OID : type;
	return t;
}

/* Room for cap positions in the query's buffers. */
static WinBuffers *
Buffers(FunctionCallInfo fcinfo, int64 cap)
{
	WinBuffers *b = (WinBuffers *) fcinfo->flinfo->fn_extra;

	if (b == NULL)
	{
		b = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(WinBuffers));
		fcinfo->flinfo->fn_extra = b;
	}
	if (b->cap < cap)
	{
		MemoryContext cxt = fcinfo->flinfo->fn_mcxt;
		int64		n = Max(cap, 2 * b->cap);
		char	   *v = MemoryContextAllocHuge(cxt, (Size) n * 8);
		uint8	   *nb = MemoryContextAllocZero(cxt, (Size) (n + 7) / 8 + 8);
		uint8	   *rb = MemoryContextAllocZero(cxt, (Size) (n + 7) / 8 + 8);
		char	   *r = MemoryContextAllocHuge(cxt, (Size) n * 8 + 8);

		/* the moving windows' positions before the new rows are copied over */
		if (b->cap > 0)
		{
			memcpy(v, b->values, (Size) b->cap * 8);
			memcpy(nb, b->nulls, (Size) (b->cap + 7) / 8);
			pfree(b->values);
			pfree(b->nulls);
			pfree(b->results);
			pfree(b->rnulls);
		}
		b->values = v;
		b->nulls = nb;
		b->results = r;
		b->rnulls = rb;
		b->cap = n;
	}
	return b;
}

/* Store a row's value, of the argument's type, as the block's type at value index k. */
static inline void
StoreValue(WinPart *wp, char *values, int64 k, Datum d)
{
	switch (wp->arg_type)
	{
		case GS_INT2:
			if (wp->type == GS_INT8)
				((int64 *) values)[k] = DatumGetInt16(d);
			else
				((int16 *) values)[k] = DatumGetInt16(d);
			break;
		case GS_INT4:
			if (wp->type == GS_INT8)
				((int64 *) values)[k] = DatumGetInt32(d);
			else
				((int32 *) values)[k] = DatumGetInt32(d);
			break;
		case GS_INT8:
			((int64 *) values)[k] = DatumGetInt64(d);
			break;
		case GS_FLOAT4:
			((float4 *) values)[k] = DatumGetFloat4(d);
			break;
		case GS_FLOAT8:
			((float8 *) values)[k] = DatumGetFloat8(d);
			break;
	}
}

/* The raw bits of value k of a packed array of a type (floats zero-, integers sign-extended). */
static inline uint64
RawBits(GsElemType type, const char *values, int64 k)
{
	switch (type)
	{
		case GS_INT2:
			return (uint64) (int64) ((const int16 *) values)[k];
		case GS_INT4:
			return (uint64) (int64) ((const int32 *) values)[k];
		case GS_FLOAT4:
			return ((const uint32 *) values)[k];
		default:
			return ((const uint64 *) values)[k];
	}
}

/* What a window form calls a result, for its errors. */
static const char *
ResultName(GsScanOp op)
{
	return op == GS_OP_MOVSUM ? "window sum"
		: op == GS_OP_MOVVAR || op == GS_OP_CUMVAR ? "variance"
		: op == GS_OP_MOVSTD || op == GS_OP_CUMSTD ? "standard deviation" : "running total";
}

/* ERROR 22003 for a result out of range at a partition row (0-based). */
static void
ReportRange(WinPart *wp, GsScanOp op, int64 row)
{
	if (wp->restype == INT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("bigint out of range"),
				 errdetail("The %s at row %lld of its partition is outside the range of bigint.",
						   ResultName(op), (long long) row + 1)));
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value out of range: overflow"),
			 errdetail("The %s at row %lld of its partition is outside the range of type %s.",
					   ResultName(op), (long long) row + 1, format_type_be(wp->restype))));
}

/*
 * Moving sums of a block from the exact accumulator (integers: a 128-bit
 * sum): the rare block whose engine scan stopped at a position before the
 * new rows, where a part of a window (the rows before the partition's
 * block) overflows though no whole window does.  Raises the first real
 * error.
 */
static void
MovingSumsExactly(WinPart *wp, WinBuffers *b, int64 np)
{
	bool		isfloat = wp->type == GS_FLOAT4 || wp->type == GS_FLOAT8;
	GsAccum    *acc = NULL;
	int128		isum = 0;
	int64		k = 0,
				kl = 0,
				p;

	if (isfloat)
	{
		acc = palloc(gs_accum_bytes(wp->type == GS_FLOAT8));
		gs_accum_init(acc, wp->type == GS_FLOAT8);
	}
	for (p = 0; p < np; p++)
	{
		if (p >= wp->rows.window && gs_bit_get(b->nulls, p - wp->rows.window))
		{
			if (isfloat)
				gs_accum_remove(acc, RawBits(wp->type, b->values, kl));
			else
				isum -= (int64) RawBits(wp->type, b->values, kl);
			kl++;
		}
		if (!gs_bit_get(b->nulls, p))
			continue;
		if (isfloat)
		{
			double		r;

			gs_accum_add(acc, RawBits(wp->type, b->values, k));
			if (gs_accum_sum(acc, wp->type == GS_FLOAT8, &r) == GS_ACCUM_OVERFLOW && p >= wp->tail)
				ReportRange(wp, GS_OP_MOVSUM, wp->rows.first + p - wp->tail);
			if (wp->type == GS_FLOAT8)
				((float8 *) b->results)[k] = r;
			else
				((float4 *) b->results)[k] = (float4) r;
		}
		else
		{
			isum += (int64) RawBits(wp->type, b->values, k);
			if ((isum > PG_INT64_MAX || isum < PG_INT64_MIN) && p >= wp->tail)
				ReportRange(wp, GS_OP_MOVSUM, wp->rows.first + p - wp->tail);
			((int64 *) b->results)[k] = (int64) isum;
		}
		k++;
	}
	if (acc)
		pfree(acc);
}

/* The start state of the next block of a running operator, from what is carried. */
static void
StartState(WinPart *wp, GsScanOp op, GsRunState *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->nvalues = wp->nvalues;
	if (op == GS_OP_MAX || op == GS_OP_MIN)
		rs->bits = wp->extreme;
	else if (wp->acc)
		gs_accum_run_state(wp->acc, rs);
	else
	{
		for (int i = 0; i < GS_RUN_LIMBS; i++)
			rs->w[i] = i == 0 ? (uint64) wp->isum : i == 1 ? (uint64) (wp->isum >> 64)
				: (wp->isum < 0 ? ~UINT64CONST(0) : 0);
	}
}

/* Carry a running operator's state over the new rows of the block just scanned. */
static void
CarryOver(WinPart *wp, GsScanOp op, WinBuffers *b, int64 nv)
{
	int64		k;

	if (nv == 0)
		return;
	if (op == GS_OP_MAX || op == GS_OP_MIN)
		wp->extreme = RawBits(wp->type, b->results, nv - 1);
	else if (wp->acc)
	{
		for (k = 0; k < nv; k++)
			gs_accum_add(wp->acc, RawBits(wp->type, b->values, k));
	}
	else if (op == GS_OP_SUM)
		wp->isum = ((const int64 *) b->results)[nv - 1];
	else
	{
		for (k = 0; k < nv; k++)
			wp->isum += (int64) RawBits(wp->type, b->values, k);
	}
	wp->nvalues += nv;
}

/*
 * Read and scan the block whose first new row is the current row, cur:
 * the positions kept from the block before (moving windows), then the new
 * rows, then one engine call.
 */
static void
NextBlock(FunctionCallInfo fcinfo, WindowObject winobj, WinPart *wp, GsScanOp op, int64 cur)
{
	int			isz = gs_type_size(wp->type);
	int64		want = gpuscan_window_block_rows(&wp->rows);
	int64		tail = 0,
				tail_values = 0,
				nv,
				np,
				i;
	WinBuffers *b;
	GsScanSpec	spec;
	GsRunState	rs;
	GsCall		call;
	GsScanResult res;

	/* the last window - 1 positions of the block before go first */
	if (wp->rows.moving)
		tail = Min(wp->rows.window - 1, wp->tail + wp->rows.nrows);
	b = Buffers(fcinfo, tail + want);
	if (tail > 0)
	{
		int64		from = wp->tail + wp->rows.nrows - tail,
					v0 = gs_bitmap_count(b->nulls, 0, from);
		int64		p;

		tail_values = gs_bitmap_count(b->nulls, from, tail);
		memmove(b->values, b->values + (Size) v0 * isz, (Size) tail_values * isz);
		if (from % 8 == 0)
			memmove(b->nulls, b->nulls + from / 8, (Size) (tail + 7) / 8);
		else
		{
			/* bit by bit, forward: each bit moves down, over one already moved */
			for (p = 0; p < tail; p++)
			{
				gs_bit_set(b->nulls, p, gs_bit_get(b->nulls, from + p));
			}
		}
		wp->nulls = tail_values < tail;
	}
	else
		wp->nulls = false;

	/* the new rows: the first one sets the mark, so the rows before it may go */
	nv = tail_values;
	for (i = 0; i < want; i++)
	{
		bool		isnull;
		int64		p = tail + i;
		Datum		d;

		if (!gpuscan_window_arg(winobj, &wp->rows, i, &d, &isnull))
			break;
		if (isnull)
		{
			gs_bit_set(b->nulls, p, false);
			wp->nulls = true;
			continue;
		}
		gs_bit_set(b->nulls, p, true);
		StoreValue(wp, b->values, nv++, d);
	}
	wp->rows.first = cur;
	wp->tail = tail;
	wp->rows.nrows = i;
	wp->rows.next_row = cur;
	wp->rows.next_value = tail_values;
	np = tail + i;
	if (nv == 0)
	{
		if (GS_OP_IS_MOMENTS(op))
			memset(b->rnulls, 0, (Size) (np + 7) / 8);
		return;					/* NULLs only: nothing to scan */
	}

	/* the block, as a one-row array through the dispatch */
	memset(&spec, 0, sizeof(spec));
	spec.type = wp->type;
	spec.op = op;
	spec.values = b->values;
	spec.result = b->results;
	spec.nitems = np;
	spec.row_len = np;
	spec.nulls = wp->nulls ? b->nulls : NULL;
	spec.window = wp->rows.moving ? wp->rows.window : 0;
	if (GS_OP_IS_MOMENTS(op))
	{
		spec.result_nulls = b->rnulls;
		spec.moments = wp->mom;
		spec.report_from = tail;
	}
	else if (!wp->rows.moving)
	{
		StartState(wp, op, &rs);
		spec.init = &rs;
	}
	gpuscan_call_start(&call, (Datum) 0);
	call.input_kind = "rows";
	call.restype = wp->restype;
	call.result = &res;
	gpuscan_run(&spec, &call);
	if (res.status != GS_OK)
	{
		/* out of range: a real error at a new row, or a part of a window before them */
		if (res.error_position >= tail)
			ReportRange(wp, op, cur + res.error_position - tail);
		MovingSumsExactly(wp, b, np);
	}
	if (GS_OP_IS_MOMENTS(op))
		wp->rows.next_value = gs_bitmap_count(b->rnulls, 0, tail);
	else if (!wp->rows.moving)
		CarryOver(wp, op, b, nv);
}

/* The result at index k of the block's results, as the function's result type. */
static Datum
ResultDatum(WinPart *wp, GsScanOp op, const char *results, int64 k)
{
	switch (wp->restype)
	{
		case INT2OID:
			return Int16GetDatum(((const int16 *) results)[k]);
		case INT4OID:
			return Int32GetDatum(((const int32 *) results)[k]);
		case INT8OID:
			return Int64GetDatum(((const int64 *) results)[k]);
		case FLOAT4OID:
			return Float4GetDatum(((const float4 *) results)[k]);
		default:
			return Float8GetDatum(((const float8 *) results)[k]);
	}
}

/*
 * The moving window's n of this row: the partition's (*set once its first
 * row gave it, *isnull and *window), or ERROR 22023.
 */
static void
WindowOfRow(WindowObject winobj, const char *fname, int64 cur, bool *set, bool *window_null,
			int64 *window)
{
	bool		isnull;
	Datum		d = WinGetFuncArgCurrent(winobj, 1, &isnull);
	int64		n = isnull ? 0 : DatumGetInt32(d);

	if (!isnull && n < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s window must be at least 1, not %lld", fname, (long long) n),
				 errhint("Give the number of rows each window spans, the current one included.")));
	if (!*set)
	{
		*set = true;
		*window_null = isnull;
		*window = n;
	}
	else if (isnull != *window_null || n != *window)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s window must be the same on every row of a partition", fname),
				 errdetail("Row %lld of its partition has a window of %s rows, the partition's first row %s.",
						   (long long) cur + 1,
						   isnull ? "NULL" : psprintf("%lld", (long long) n),
						   *window_null ? "NULL" : psprintf("%lld", (long long) *window))));
}

/* Row cur of a window form: false where its result is NULL (gpuscan.h). */
bool
gpuscan_window_row(WindowObject winobj, GsWinRows *r, int64 cur, bool *read_block,
				   const char *fname)
{
	if (r->moving)
	{
		WindowOfRow(winobj, fname, cur, &r->window_set, &r->window_null, &r->window);
		if (r->window_null)
			return false;
	}
	*read_block = cur >= r->first + r->nrows;
	if (*read_block && r->at_end)
		elog(ERROR, "%s: row %lld is past its partition's rows", fname, (long long) cur + 1);
	return true;
}

/*
 * New rows of a block: BLOCK_ROWS for the running operators; for moving
 * windows the window's tail at least (at most MAX_BLOCK_ROWS) (gpuscan.h).
 */
int64
gpuscan_window_block_rows(const GsWinRows *r)
{
	return r->moving ? Min(Max(r->window - 1, BLOCK_ROWS), MAX_BLOCK_ROWS) : BLOCK_ROWS;
}

/* Argument 0 of the i-th row from the current one; false past the partition (gpuscan.h). */
bool
gpuscan_window_arg(WindowObject winobj, GsWinRows *r, int64 i, Datum *d, bool *isnull)
{
	bool		isout;

	*d = WinGetFuncArgInPartition(winobj, 0, (int) i, WINDOW_SEEK_CURRENT, i == 0, isnull, &isout);
	if (isout)
		r->at_end = true;
	return !isout;
}

/* Row cur's result index among its block's results, or -1 where it has no value (gpuscan.h). */
int64
gpuscan_window_result(GsWinRows *r, int64 cur, const uint8 *bits, int64 from, int64 p)
{
	if (cur != r->next_row)
	{
		/* rows are asked for in order; should one be skipped, count again */
		r->next_value = gs_bitmap_count(bits, from, p - from);
	}
	r->next_row = cur + 1;
	if (!gs_bit_get(bits, p))
		return -1;
	return r->next_value++;
}

/*
 * A window form: the row's result from its block, the next block read and
 * scanned when the row is past the one before.
 */
static Datum
WindowScan(FunctionCallInfo fcinfo, GsScanOp op, const char *fname)
{
	WindowObject winobj = PG_WINDOW_OBJECT();
	WinPart    *wp;
	int64		cur;
	WinBuffers *b;
	bool		read_block;
	int64		k;

	if (gpuscan_is_numeric(gpuscan_arg_type(fcinfo, 0), false))
	{
		if (GS_OP_IS_MOMENTS(op))
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("%s does not support type numeric", fname),
					 errdetail("Its exact forms take smallint, integer, bigint, real and double precision."),
					 errhint("Use PostgreSQL's var_samp or stddev_samp over numeric with a frame, or cast the argument to double precision.")));
		return gpuscan_numeric_window(fcinfo, op, fname);
	}
	wp = (WinPart *) WinGetPartitionLocalMemory(winobj, sizeof(WinPart));
	cur = WinGetCurrentPosition(winobj);
	if (!wp->rows.started)
	{
		wp->rows.moving = GS_OP_IS_MOVING(op);
		wp->arg_type = ArgType(gpuscan_arg_type(fcinfo, 0), op, fname, &wp->restype);
		wp->type = op == GS_OP_SUM && wp->arg_type != GS_FLOAT4 && wp->arg_type != GS_FLOAT8
			? GS_INT8 : wp->arg_type;
		if (op == GS_OP_CUMVAR || op == GS_OP_CUMSTD)
			wp->mom = (GsMomentsState *) MemoryContextAllocZero(GetMemoryChunkContext(wp),
																sizeof(GsMomentsState));
		else if (!wp->rows.moving && op != GS_OP_MAX && op != GS_OP_MIN &&
				 (wp->type == GS_FLOAT4 || wp->type == GS_FLOAT8))
		{
			/* the exact running total, in the partition's memory */
			wp->acc = (GsAccum *) MemoryContextAlloc(GetMemoryChunkContext(wp),
													 gs_accum_bytes(wp->type == GS_FLOAT8));
			gs_accum_init(wp->acc, wp->type == GS_FLOAT8);
		}
		wp->rows.started = true;
	}
	if (!gpuscan_window_row(winobj, &wp->rows, cur, &read_block, fname))
		PG_RETURN_NULL();
	if (read_block)
		NextBlock(fcinfo, winobj, wp, op, cur);
	b = (WinBuffers *) fcinfo->flinfo->fn_extra;
	k = gpuscan_window_result(&wp->rows, cur, GS_OP_IS_MOMENTS(op) ? b->rnulls : b->nulls, 0,
							  wp->tail + cur - wp->rows.first);
	if (k < 0)
		PG_RETURN_NULL();
	return ResultDatum(wp, op, b->results, k);
}

/* gpu_cumsum(x) OVER (...): the running total of the partition's x so far, exact. */
PG_FUNCTION_INFO_V1(gpu_cumsum_window);
Datum
gpu_cumsum_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_SUM, "gpu_cumsum");
}

/* gpu_cummax(x) OVER (...): the running maximum, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummax_window);
Datum
gpu_cummax_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MAX, "gpu_cummax");
}

/* gpu_cummin(x) OVER (...): the running minimum, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummin_window);
Datum
gpu_cummin_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MIN, "gpu_cummin");
}

/* gpu_cumavg(x) OVER (...): the running mean, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumavg_window);
Datum
gpu_cumavg_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_CUMAVG, "gpu_cumavg");
}

/* gpu_movsum(x, n) OVER (...): the exact sum of the last n rows' x. */
PG_FUNCTION_INFO_V1(gpu_movsum_window);
Datum
gpu_movsum_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MOVSUM, "gpu_movsum");
}

/* gpu_movavg(x, n) OVER (...): the mean of the last n rows' x, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movavg_window);
Datum
gpu_movavg_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MOVAVG, "gpu_movavg");
}

/* gpu_movvar(x, n) OVER (...): the sample variance of the last n rows' x, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movvar_window);
Datum
gpu_movvar_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MOVVAR, "gpu_movvar");
}

/* gpu_movstd(x, n) OVER (...): their sample standard deviation, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movstd_window);
Datum
gpu_movstd_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_MOVSTD, "gpu_movstd");
}

/* gpu_cumvar(x) OVER (...): the sample variance of the partition's x so far, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumvar_window);
Datum
gpu_cumvar_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_CUMVAR, "gpu_cumvar");
}

/* gpu_cumstd(x) OVER (...): their sample standard deviation, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumstd_window);
Datum
gpu_cumstd_window(PG_FUNCTION_ARGS)
{
	return WindowScan(fcinfo, GS_OP_CUMSTD, "gpu_cumstd");
}
