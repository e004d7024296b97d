/*
 * src/scans.c — gpu_cumsum(), gpu_cummax(), gpu_cummin(): PostgreSQL arrays
 * in and out of the engines.
 *
 * PostgreSQL stores an array's non-NULL values packed after its header and
 * null bitmap.  The scan of the packed values, put back behind a copy of the
 * header and bitmap, is the whole result: NULL positions stay NULL and the
 * running total (maximum, minimum) skips them.  An array stored out of line
 * without compression is read from TOAST in slices (src/toast_source.c),
 * never copied whole into private memory.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "portability/instr_time.h"
#include "storage/shmem.h"		/* add_size, mul_size */
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "gpuscan.h"
#include "numeric.h"

/*
 * Engine element type of an array element type, and the result's element
 * type: sums of integers are bigint, means of integers double precision,
 * anything else keeps its type.
 */
static GsElemType
ScanTypes(Oid elemtype, GsScanOp op, const char *fname, Oid *restype)
{
	Oid			intres = op == GS_OP_MOVAVG || op == GS_OP_CUMAVG || GS_OP_IS_MOMENTS(op) ? FLOAT8OID
		: op == GS_OP_SUM || op == GS_OP_MOVSUM ? INT8OID : elemtype;

	*restype = elemtype;
	switch (elemtype)
	{
		case INT2OID:
			*restype = intres;
			return GS_INT2;
		case INT4OID:
			*restype = intres;
			return GS_INT4;
		case INT8OID:
			*restype = intres;
			return GS_INT8;
		case FLOAT4OID:
			return GS_FLOAT4;
		case FLOAT8OID:
			return GS_FLOAT8;
	}
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("%s does not support arrays of type %s",
					fname, format_type_be(elemtype)),
			 errhint("Use an array of smallint, integer, bigint, real or double precision.")));
	return GS_INT4;				/* keep the compiler quiet */
}

/*
 * A result array: the shape, a zeroed header (padding too: equal arrays
 * are byte-equal) and, when nulls is given, that null bitmap; total bytes,
 * the values left to the scan.
 */
static ArrayType *
NewResult(Size total, Size overhead, Oid restype, int ndim, const int *dims,
		  const int *lbs, int nitems, bool hasnulls)
{
	ArrayType  *result = (ArrayType *) palloc(total);

	gs_advise_result(result, total);	/* fewer first-touch faults */
	gpuscan_array_header(result, total, overhead, restype, ndim, dims, lbs, hasnulls);
	(void) nitems;
	return result;
}

/*
 * A result array's header in place: total bytes, the shape, zeros up to
 * overhead (padding too: equal arrays are byte-equal), the null bitmap's
 * place when hasnulls (its bits left to the caller).
 */
void
gpuscan_array_header(ArrayType *result, Size total, Size overhead, Oid restype, int ndim,
					 const int *dims, const int *lbs, bool hasnulls)
{
	memset(result, 0, overhead);
	SET_VARSIZE(result, total);
	result->ndim = ndim;
	result->dataoffset = hasnulls ? overhead : 0;
	result->elemtype = restype;
	memcpy(ARR_DIMS(result), dims, ndim * sizeof(int));
	memcpy(ARR_LBOUND(result), lbs, ndim * sizeof(int));
}

/* An array's shape: dimensions, elements, NULLs, a result's overhead. */
void
gpuscan_array_shape(ArrayType *arr, GsArrayShape *shape)
{
	shape->ndim = ARR_NDIM(arr);
	shape->dims = ARR_DIMS(arr);
	shape->lbs = ARR_LBOUND(arr);
	shape->nitems = ArrayGetNItems(shape->ndim, shape->dims);
	shape->nulls = ARR_NULLBITMAP(arr);
	shape->nvalues = shape->nulls ? gs_bitmap_count(shape->nulls, 0, shape->nitems) : shape->nitems;
	shape->overhead = shape->nulls ? ARR_OVERHEAD_WITHNULLS(shape->ndim, shape->nitems)
		: ARR_OVERHEAD_NONULLS(shape->ndim);
}

/* Where a result's null bitmap goes: right after the lower bounds. */
static inline bits8 *
BitmapOf(ArrayType *result)
{
	return (bits8 *) (ARR_LBOUND(result) + ARR_NDIM(result));
}

/* The bytes of a result, or the ERROR that it would exceed a PostgreSQL value. */
static Size
ResultBytes(Size overhead, int64 nvalues, GsElemType type, GsScanOp op, int nitems,
			Oid restype, const char *fname)
{
	Size		total = add_size(overhead, mul_size(nvalues, gs_output_size(type, op)));

	if (total > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s result would exceed the maximum size of an array", fname),
				 errdetail("The result of %d elements of type %s needs %zu bytes; a PostgreSQL value holds at most %zu bytes.",
						   nitems, format_type_be(restype), total, (Size) MaxAllocSize),
				 errhint("Scan the array in slices, or use an input type whose result is not wider than itself.")));
	return total;
}

/*
 * A result whose null bitmap the scan wrote (variances: NULL where a
 * window holds fewer than two values): its length cut to the results it
 * holds, packed over that bitmap.
 */
static void
OwnNullsDone(ArrayType *result, Size overhead, GsElemType type, GsScanOp op, int nitems)
{
	int64		n = gs_bitmap_count(BitmapOf(result), 0, nitems);

	SET_VARSIZE(result, overhead + (Size) n * gs_output_size(type, op));
}

/*
 * The CPU engine's window over arrays read from TOAST: one per backend,
 * made at its first such scan and kept (a scan at a time uses it), so that
 * no scan pays for allocating it.
 */
static char *
CpuWindow(char **window)
{
	if (*window == NULL)
		*window = (char *) MemoryContextAlloc(TopMemoryContext,
											  GS_CPU_WINDOW_BYTES + GS_SOURCE_HEADROOM) + GS_SOURCE_HEADROOM;
	return *window;
}

/* The CPU engine's windows: the values scanned, and those leaving a moving window. */
static char *cpu_window;
static char *cpu_lag_window;

/*
 * Scan an array read from TOAST in slices (src/toast_source.c): its header
 * and null bitmap straight into the result's, its values through the chunk
 * source into the engine, the results written once, into the result.
 */
static Datum
ScanStreamed(GsToastArray *ta, GsScanOp op, bool exclusive, int64 window,
			 const char *fname, GsCall *call)
{
	Oid			restype;
	GsElemType	type = ScanTypes(ta->elemtype, op, fname, &restype);
	bool		hasnulls = ta->dataoffset != 0;
	bool		own_nulls = GS_OP_IS_MOMENTS(op);	/* results with a null bitmap of their own */
	Size		overhead = hasnulls || own_nulls ? ARR_OVERHEAD_WITHNULLS(ta->ndim, ta->nitems)
		: ARR_OVERHEAD_NONULLS(ta->ndim);
	Size		bitmap_bytes = hasnulls ? (ta->nitems + 7) / 8 : 0;
	bits8	   *nulls = NULL;
	int64		nvalues;
	Size		total;
	ArrayType  *result;
	GsScanSpec	spec;
	instr_time	t0,
				t1;

	if (ta->nitems == 0)
	{
		gpuscan_toast_close(ta);
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(restype));
	}

	/* the bitmap first (into a bounce when the result's size is not yet known) */
	INSTR_TIME_SET_CURRENT(t0);
	if (hasnulls)
		nulls = palloc(bitmap_bytes);
	nvalues = gpuscan_toast_bitmap(ta, gs_type_size(type), nulls);
	INSTR_TIME_SET_CURRENT(t1);
	INSTR_TIME_SUBTRACT(t1, t0);
	call->read_ms += INSTR_TIME_GET_MILLISEC(t1);

	total = ResultBytes(overhead, nvalues, type, op, ta->nitems, restype, fname);
	result = NewResult(total, overhead, restype, ta->ndim, ta->dims, ta->lbs, ta->nitems,
					   hasnulls || own_nulls);
	if (hasnulls && !own_nulls)
	{
		memcpy(BitmapOf(result), nulls, bitmap_bytes);
		pfree(nulls);
		nulls = BitmapOf(result);
	}

	/* no value (all NULL): nothing to scan, on any engine */
	if (nvalues == 0)
	{
		gpuscan_toast_close(ta);
		PG_RETURN_ARRAYTYPE_P(result);
	}

	/* the CPU engine's window (GPU scans read into the service's ring instead) */
	ta->source.window_bytes = GS_CPU_WINDOW_BYTES;
	ta->source.window = CpuWindow(&cpu_window);
	if (GS_OP_IS_WINDOW(op))
	{
		ta->source.lag_window_bytes = GS_CPU_WINDOW_BYTES;
		ta->source.lag_window = CpuWindow(&cpu_lag_window);
	}

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.op = op;
	spec.source = &ta->source;
	spec.result = ARR_DATA_PTR(result);
	spec.nitems = ta->nitems;
	spec.row_len = ta->dims[ta->ndim - 1];
	spec.nulls = nulls;
	spec.result_nulls = own_nulls ? BitmapOf(result) : NULL;
	spec.exclusive = exclusive;
	spec.window = window;

	call->restype = restype;
	call->ndim = ta->ndim;
	call->dims = ta->dims;
	call->lbs = ta->lbs;
	call->input = (Datum) 0;
	call->input_kind = "toast slices";
	gpuscan_run(&spec, call);
	gpuscan_toast_close(ta);
	if (own_nulls)
		OwnNullsDone(result, overhead, type, op, ta->nitems);

	PG_RETURN_ARRAYTYPE_P(result);
}

/*
 * Scan an array (the argument datum) along its last dimension with an
 * operator, NULL elements skipped, and return the result array.  Serves
 * every function and type.  An uncompressed out-of-line argument is read
 * in slices (ScanStreamed) unless gpuscan.toast_streaming is off; anything
 * else is detoasted first, as PostgreSQL does.
 */
static Datum
ScanArray(Datum datum, GsScanOp op, bool exclusive, int64 window, const char *fname)
{
	GsCall		call;
	GsToastArray ta;
	ArrayType  *arr;
	Oid			restype;
	GsElemType	type;
	GsArrayShape sh;
	Size		total;
	ArrayType  *result;
	GsScanSpec	spec;
	bool		in_place;
	bool		own_nulls;
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	instr_time	t1;

	gpuscan_call_start(&call, datum);
	if (gpuscan_toast_streaming &&
		gpuscan_toast_open(datum, gpuscan_toast_slice_bytes > 0 ? 0 : GS_STREAM_MIN_BYTES,
						   gpuscan_toast_slice_bytes, &ta))
		return ScanStreamed(&ta, op, exclusive, window, fname, &call);

	/*
	 * out of line or compressed: a detoasted copy; a short value stored in
	 * the row: a copy with a 4-byte header, as cheap as the values it holds;
	 * else the value as it is
	 */
	call.input_kind = VARATT_IS_EXTERNAL(raw) || VARATT_IS_COMPRESSED(raw) ? "detoasted copy"
		: VARATT_IS_SHORT(raw) ? "in row" : "in memory";
	arr = DatumGetArrayTypeP(datum);
	if (call.timed)
	{
		INSTR_TIME_SET_CURRENT(t1);
		INSTR_TIME_SUBTRACT(t1, call.start);
		call.read_ms = INSTR_TIME_GET_MILLISEC(t1);
	}
	type = ScanTypes(ARR_ELEMTYPE(arr), op, fname, &restype);
	gpuscan_array_shape(arr, &sh);
	if (sh.nitems == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(restype));
	own_nulls = GS_OP_IS_MOMENTS(op);
	if (own_nulls)
		sh.overhead = ARR_OVERHEAD_WITHNULLS(sh.ndim, sh.nitems);
	total = ResultBytes(sh.overhead, sh.nvalues, type, op, sh.nitems, restype, fname);

	/*
	 * Results as wide as the values (float sums, bigint sums, maxima and
	 * minima) go over the values where the input is this call's own copy
	 * (detoasting made one): its header and null bitmap are the result's,
	 * and its pages are already in memory, where a fresh result's would be
	 * faulted in one by one.  Not for exclusive sums, whose CPU loop reads
	 * a value after writing the total before it, nor for moving windows,
	 * which read values again after their results are written.
	 */
	in_place = (Pointer) arr != DatumGetPointer(datum) && !exclusive && !GS_OP_IS_WINDOW(op) &&
		gs_output_size(type, op) == gs_type_size(type) && restype == ARR_ELEMTYPE(arr);
	if (in_place)
		result = arr;
	else
	{
		/* the result: the input's header and null bitmap around the scanned values */
		result = NewResult(total, sh.overhead, restype, sh.ndim, sh.dims, sh.lbs, sh.nitems,
						   sh.nulls != NULL || own_nulls);
		if (sh.nulls && !own_nulls)
			memcpy(BitmapOf(result), sh.nulls, (sh.nitems + 7) / 8);
	}

	/* no value (all NULL): nothing to scan, on any engine */
	if (sh.nvalues == 0)
		PG_RETURN_ARRAYTYPE_P(result);

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.op = op;
	spec.values = ARR_DATA_PTR(arr);
	spec.result = ARR_DATA_PTR(result);
	spec.nitems = sh.nitems;
	spec.row_len = sh.dims[sh.ndim - 1];
	spec.nulls = sh.nulls;
	spec.result_nulls = own_nulls ? BitmapOf(result) : NULL;
	spec.exclusive = exclusive;
	spec.window = window;

	call.restype = restype;
	call.ndim = sh.ndim;
	call.dims = sh.dims;
	call.lbs = sh.lbs;
	call.input = in_place ? datum : (Datum) 0;
	gpuscan_run(&spec, &call);
	if (own_nulls)
		OwnNullsDone(result, sh.overhead, type, op, sh.nitems);

	PG_RETURN_ARRAYTYPE_P(result);
}

/*
 * A scan function's array argument (argument 0) scanned: numeric arrays by
 * src/numeric_arrays.c, every other type by ScanArray.
 */
static Datum
ScanArg(FunctionCallInfo fcinfo, GsScanOp op, bool exclusive, int64 window, const char *fname)
{
	if (gpuscan_numeric_array_arg(fcinfo))
		return gpuscan_numeric_array(PG_GETARG_DATUM(0), op, exclusive, window, fname);
	return ScanArray(PG_GETARG_DATUM(0), op, exclusive, window, fname);
}

/*
 * gpu_cumsum(arr, exclusive): running totals along the last dimension of
 * arr, NULL elements skipped.  One C function serves every element type.
 */
PG_FUNCTION_INFO_V1(gpu_cumsum);
Datum
gpu_cumsum(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_SUM, PG_GETARG_BOOL(1), 0, "gpu_cumsum");
}

/* gpu_cummax(arr): running maxima along the last dimension, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummax);
Datum
gpu_cummax(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_MAX, false, 0, "gpu_cummax");
}

/* gpu_cummin(arr): running minima along the last dimension, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummin);
Datum
gpu_cummin(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_MIN, false, 0, "gpu_cummin");
}

/* The window argument of a moving function: at least 1, or ERROR 22023. */
static int64
WindowArg(int32 window, const char *fname)
{
	if (window < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s window must be at least 1, not %d", fname, window),
				 errhint("Give the number of positions each window spans, the current one included.")));
	return window;
}

/*
 * gpu_movsum(arr, window): the exact sum of each moving window of window
 * positions along the last dimension (fewer at the start of a row), NULL
 * positions counted and their values skipped.
 */
PG_FUNCTION_INFO_V1(gpu_movsum);
Datum
gpu_movsum(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_MOVSUM, false, WindowArg(PG_GETARG_INT32(1), "gpu_movsum"),
				   "gpu_movsum");
}

/* gpu_movavg(arr, window): the mean of each moving window's values, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movavg);
Datum
gpu_movavg(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_MOVAVG, false, WindowArg(PG_GETARG_INT32(1), "gpu_movavg"),
				   "gpu_movavg");
}

/* gpu_cumavg(arr): the running mean of each row's values so far, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumavg);
Datum
gpu_cumavg(PG_FUNCTION_ARGS)
{
	return ScanArg(fcinfo, GS_OP_CUMAVG, false, 0, "gpu_cumavg");
}

/*
 * A variance scan's array argument: numeric arrays refused (ERROR 0A000),
 * every other type by ScanArray.
 */
static Datum
MomentsArg(FunctionCallInfo fcinfo, GsScanOp op, int64 window, const char *fname)
{
	if (gpuscan_numeric_array_arg(fcinfo))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s does not support arrays of type numeric", fname),
				 errdetail("Its exact forms take smallint, integer, bigint, real and double precision arrays."),
				 errhint("Use PostgreSQL's var_samp or stddev_samp over numeric as a window aggregate, or cast the array to double precision[].")));
	return ScanArray(PG_GETARG_DATUM(0), op, false, window, fname);
}

/* gpu_movvar(arr, window): the sample variance of each moving window's values, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movvar);
Datum
gpu_movvar(PG_FUNCTION_ARGS)
{
	return MomentsArg(fcinfo, GS_OP_MOVVAR, WindowArg(PG_GETARG_INT32(1), "gpu_movvar"),
					  "gpu_movvar");
}

/* gpu_movstd(arr, window): the sample standard deviation of each moving window, rounded once. */
PG_FUNCTION_INFO_V1(gpu_movstd);
Datum
gpu_movstd(PG_FUNCTION_ARGS)
{
	return MomentsArg(fcinfo, GS_OP_MOVSTD, WindowArg(PG_GETARG_INT32(1), "gpu_movstd"),
					  "gpu_movstd");
}

/* gpu_cumvar(arr): the sample variance of each row's values so far, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumvar);
Datum
gpu_cumvar(PG_FUNCTION_ARGS)
{
	return MomentsArg(fcinfo, GS_OP_CUMVAR, 0, "gpu_cumvar");
}

/* gpu_cumstd(arr): the sample standard deviation of each row's values so far, rounded once. */
PG_FUNCTION_INFO_V1(gpu_cumstd);
Datum
gpu_cumstd(PG_FUNCTION_ARGS)
{
	return MomentsArg(fcinfo, GS_OP_CUMSTD, 0, "gpu_cumstd");
}
