/*
 * src/cumsum.c — gpu_cumsum(): PostgreSQL arrays in and out of the engines.
 *
 * PostgreSQL stores an array's non-NULL values packed after its header and
 * null bitmap.  The scan of the packed values, put back behind a copy of the
 * header and bitmap, is the whole result: NULL positions stay NULL and the
 * running total skips them.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "../core/engine.h"

/* Let a long scan be cancelled: called by the engines between chunks. */
static void
GsCheckInterrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* The subscripts of a 0-based position, as "[i][j]". */
static char *
PositionSubscripts(int64 pos, int ndim, const int *dims, const int *lbs)
{
	StringInfoData buf;
	int64		stride = 1;
	int			d;

	initStringInfo(&buf);
	for (d = 1; d < ndim; d++)
		stride *= dims[d];
	for (d = 0; d < ndim; d++)
	{
		appendStringInfo(&buf, "[%lld]", (long long) (lbs[d] + pos / stride));
		pos %= stride;
		if (d + 1 < ndim)
			stride /= dims[d + 1];
	}
	return buf.data;
}

/* Raise the ERROR an engine status stands for. */
static void
ReportScanError(GsStatus status, const GsScanResult *res, Oid restype,
				int ndim, const int *dims, const int *lbs)
{
	char	   *where = res->error_position >= 0
		? PositionSubscripts(res->error_position, ndim, dims, lbs) : NULL;

	switch (status)
	{
		case GS_ERR_INT8_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("bigint out of range"),
					 where ? errdetail("The running total at subscript %s is outside the range of bigint.", where) : 0));
			break;
		case GS_ERR_FLOAT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value out of range: overflow"),
					 where ? errdetail("The running total at subscript %s is outside the range of type %s.",
									   where, format_type_be(restype)) : 0));
			break;
		case GS_ERR_OUT_OF_MEMORY:
			ereport(ERROR,
					(errcode(ERRCODE_OUT_OF_MEMORY),
					 errmsg("out of memory"),
					 errdetail("%s", res->message)));
			break;
		default:
			elog(ERROR, "gpuscan: unexpected engine status %d: %s",
				 (int) status, res->message);
	}
}

/* Engine element type and result type of an array element type. */
static GsElemType
ScanTypes(Oid elemtype, Oid *restype)
{
	switch (elemtype)
	{
		case INT2OID:
			*restype = INT8OID;
			return GS_INT2;
		case INT4OID:
			*restype = INT8OID;
			return GS_INT4;
		case INT8OID:
			*restype = INT8OID;
			return GS_INT8;
		case FLOAT4OID:
			*restype = FLOAT4OID;
			return GS_FLOAT4;
		case FLOAT8OID:
			*restype = FLOAT8OID;
			return GS_FLOAT8;
	}
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("gpu_cumsum does not support arrays of type %s",
					format_type_be(elemtype)),
			 errhint("Use an array of smallint, integer, bigint, real or double precision.")));
	return GS_INT4;				/* keep the compiler quiet */
}

/*
 * gpu_cumsum(arr, exclusive): running totals along the last dimension of
 * arr, NULL elements skipped.  One C function serves every element type.
 */
PG_FUNCTION_INFO_V1(gpu_cumsum);
Datum
gpu_cumsum(PG_FUNCTION_ARGS)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);
	bool		exclusive = PG_GETARG_BOOL(1);
	Oid			restype;
	GsElemType	type = ScanTypes(ARR_ELEMTYPE(arr), &restype);
	int			ndim = ARR_NDIM(arr);
	int		   *dims = ARR_DIMS(arr);
	int		   *lbs = ARR_LBOUND(arr);
	int			nitems = ArrayGetNItems(ndim, dims);
	bits8	   *nulls = ARR_NULLBITMAP(arr);
	int64		nvalues;
	Size		overhead;
	Size		total;
	ArrayType  *result;
	GsScanSpec	spec;
	GsScanResult res;
	GsStatus	status;

	if (nitems == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(restype));

	nvalues = nulls ? gs_bitmap_count(nulls, 0, nitems) : nitems;
	overhead = nulls ? ARR_OVERHEAD_WITHNULLS(ndim, nitems) : ARR_OVERHEAD_NONULLS(ndim);
	total = add_size(overhead, mul_size(nvalues, gs_result_size(type)));
	if (total > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("gpu_cumsum result would exceed the maximum size of an array"),
				 errdetail("The result of %d elements of type %s needs %zu bytes; a PostgreSQL value holds at most %zu bytes.",
						   nitems, format_type_be(restype), total, (Size) MaxAllocSize),
				 errhint("Scan the array in slices, or use an input type whose result is not wider than itself.")));

	/* the result: the input's header and null bitmap around the scanned values */
	result = (ArrayType *) palloc(total);
	memset(result, 0, overhead);	/* header padding too: equal arrays are byte-equal */
	SET_VARSIZE(result, total);
	result->ndim = ndim;
	result->dataoffset = nulls ? overhead : 0;
	result->elemtype = restype;
	memcpy(ARR_DIMS(result), dims, ndim * sizeof(int));
	memcpy(ARR_LBOUND(result), lbs, ndim * sizeof(int));
	if (nulls)
	{
		/* where ARR_NULLBITMAP(result) points: right after the lower bounds */
		bits8	   *resnulls = (bits8 *) (ARR_LBOUND(result) + ndim);

		memcpy(resnulls, nulls, (nitems + 7) / 8);
	}

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.values = ARR_DATA_PTR(arr);
	spec.result = ARR_DATA_PTR(result);
	spec.nitems = nitems;
	spec.row_len = dims[ndim - 1];
	spec.nulls = nulls;
	spec.exclusive = exclusive;
	spec.interrupt = GsCheckInterrupts;

	status = gs_cpu_scan(&spec, &res);
	if (status != GS_OK)
		ReportScanError(status, &res, restype, ndim, dims, lbs);

	PG_RETURN_ARRAYTYPE_P(result);
}
