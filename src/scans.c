/*
 * src/scans.c — gpu_cumsum(), gpu_cummax(), gpu_cummin(): PostgreSQL arrays
 * in and out of the engines.
 *
 * PostgreSQL stores an array's non-NULL values packed after its header and
 * null bitmap.  The scan of the packed values, put back behind a copy of the
 * header and bitmap, is the whole result: NULL positions stay NULL and the
 * running total (maximum, minimum) skips them.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "storage/shmem.h"		/* add_size, mul_size */
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "gpuscan.h"

/*
 * Engine element type of an array element type, and the result's element
 * type: running totals of integers are bigint, anything else keeps its type.
 */
static GsElemType
ScanTypes(Oid elemtype, GsScanOp op, const char *fname, Oid *restype)
{
	*restype = elemtype;
	switch (elemtype)
	{
		case INT2OID:
			if (op == GS_OP_SUM)
				*restype = INT8OID;
			return GS_INT2;
		case INT4OID:
			if (op == GS_OP_SUM)
				*restype = INT8OID;
			return GS_INT4;
		case INT8OID:
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
 * Scan an array (the argument datum) along its last dimension with an
 * operator, NULL elements skipped, and return the result array.  Serves
 * every function and type.
 */
static Datum
ScanArray(Datum datum, GsScanOp op, bool exclusive, const char *fname)
{
	ArrayType  *arr = DatumGetArrayTypeP(datum);
	Oid			restype;
	GsElemType	type = ScanTypes(ARR_ELEMTYPE(arr), op, fname, &restype);
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
	bool		in_place;

	if (nitems == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(restype));

	nvalues = nulls ? gs_bitmap_count(nulls, 0, nitems) : nitems;
	overhead = nulls ? ARR_OVERHEAD_WITHNULLS(ndim, nitems) : ARR_OVERHEAD_NONULLS(ndim);
	total = add_size(overhead, mul_size(nvalues, gs_output_size(type, op)));
	if (total > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s result would exceed the maximum size of an array", fname),
				 errdetail("The result of %d elements of type %s needs %zu bytes; a PostgreSQL value holds at most %zu bytes.",
						   nitems, format_type_be(restype), total, (Size) MaxAllocSize),
				 errhint("Scan the array in slices, or use an input type whose result is not wider than itself.")));

	/*
	 * Results as wide as the values (float sums, bigint sums, maxima and
	 * minima) go over the values where the input is this call's own copy
	 * (detoasting made one): its header and null bitmap are the result's,
	 * and its pages are already in memory, where a fresh result's would be
	 * faulted in one by one.  Not for exclusive sums, whose CPU loop reads
	 * a value after writing the total before it.
	 */
	in_place = (Pointer) arr != DatumGetPointer(datum) && !exclusive &&
		gs_output_size(type, op) == gs_type_size(type) && restype == ARR_ELEMTYPE(arr);
	if (in_place)
		result = arr;
	else
	{
		/* the result: the input's header and null bitmap around the scanned values */
		result = (ArrayType *) palloc(total);
		gs_advise_result(result, total);	/* fewer first-touch faults */
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
	}

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.op = op;
	spec.values = ARR_DATA_PTR(arr);
	spec.result = ARR_DATA_PTR(result);
	spec.nitems = nitems;
	spec.row_len = dims[ndim - 1];
	spec.nulls = nulls;
	spec.exclusive = exclusive;

	gpuscan_run(&spec, restype, ndim, dims, lbs, in_place ? datum : (Datum) 0);

	PG_RETURN_ARRAYTYPE_P(result);
}

/*
 * gpu_cumsum(arr, exclusive): running totals along the last dimension of
 * arr, NULL elements skipped.  One C function serves every element type.
 */
PG_FUNCTION_INFO_V1(gpu_cumsum);
Datum
gpu_cumsum(PG_FUNCTION_ARGS)
{
	return ScanArray(PG_GETARG_DATUM(0), GS_OP_SUM, PG_GETARG_BOOL(1), "gpu_cumsum");
}

/* gpu_cummax(arr): running maxima along the last dimension, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummax);
Datum
gpu_cummax(PG_FUNCTION_ARGS)
{
	return ScanArray(PG_GETARG_DATUM(0), GS_OP_MAX, false, "gpu_cummax");
}

/* gpu_cummin(arr): running minima along the last dimension, in PostgreSQL's order. */
PG_FUNCTION_INFO_V1(gpu_cummin);
Datum
gpu_cummin(PG_FUNCTION_ARGS)
{
	return ScanArray(PG_GETARG_DATUM(0), GS_OP_MIN, false, "gpu_cummin");
}
