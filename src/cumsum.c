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
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "gpuscan.h"

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

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.values = ARR_DATA_PTR(arr);
	spec.result = ARR_DATA_PTR(result);
	spec.nitems = nitems;
	spec.row_len = dims[ndim - 1];
	spec.nulls = nulls;
	spec.exclusive = exclusive;

	gpuscan_run(&spec, restype, ndim, dims, lbs);

	PG_RETURN_ARRAYTYPE_P(result);
}
