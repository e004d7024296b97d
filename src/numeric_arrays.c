/*
 * src/numeric_arrays.c — the scans of numeric[] (since 1.5): gpu_cumsum,
 * gpu_cummax, gpu_cummin, gpu_cumavg, gpu_movsum and gpu_movavg of a
 * numeric array, each result numeric as PostgreSQL's own sum, max, min or
 * avg over the position's frame gives it (src/numeric_scan.c).
 *
 * The array is read whole (detoasted: its elements have no fixed size, so
 * it is not read from TOAST in slices), its values scanned as one block
 * (its rows the last dimension's), and the results written into the
 * result array, behind the input's shape and null bitmap.
 */
#include "postgres.h"

#include "access/tupmacs.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "numeric.h"

/*
 * Is a type numeric (array: numeric[]), or a domain over it?  The types
 * of the other forms are answered without a catalog look-up.
 */
bool
gpuscan_is_numeric(Oid type, bool array)
{
	switch (type)
	{
		case NUMERICOID:
			return !array;
		case NUMERICARRAYOID:
			return array;
		case InvalidOid:
		case INT2OID:
		case INT4OID:
		case INT8OID:
		case FLOAT4OID:
		case FLOAT8OID:
		case INT2ARRAYOID:
		case INT4ARRAYOID:
		case INT8ARRAYOID:
		case FLOAT4ARRAYOID:
		case FLOAT8ARRAYOID:
			return false;
	}
	type = getBaseType(type);
	return array ? get_element_type(type) == NUMERICOID : type == NUMERICOID;
}

/* Is the call's array argument numeric[] (or a domain over it)? */
bool
gpuscan_numeric_array_arg(FunctionCallInfo fcinfo)
{
	return gpuscan_is_numeric(gpuscan_arg_type(fcinfo, 0), true);
}

/*
 * Scan a numeric array along its last dimension with an operator, NULL
 * elements skipped, and return the numeric result array.
 */
Datum
gpuscan_numeric_array(Datum datum, GsScanOp op, bool exclusive, int64 window, const char *fname)
{
	GsCall		call;
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	ArrayType  *arr;
	ArrayType  *result;
	GsArrayShape sh;
	int64		k = 0;
	const char **values;
	char	   *ptr;
	NumBlock	blk;
	NumOut		out;

	gpuscan_call_start(&call, datum);
	call.input_kind = VARATT_IS_EXTERNAL(raw) || VARATT_IS_COMPRESSED(raw) ? "detoasted copy"
		: VARATT_IS_SHORT(raw) ? "in row" : "in memory";
	arr = DatumGetArrayTypeP(datum);
	if (ARR_ELEMTYPE(arr) != NUMERICOID)
		elog(ERROR, "%s: an array of numeric expected, not of %s", fname,
			 format_type_be(ARR_ELEMTYPE(arr)));
	gpuscan_array_shape(arr, &sh);
	if (sh.nitems == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(NUMERICOID));

	/* where each value lies, as deconstruct_array finds them */
	values = MemoryContextAllocHuge(CurrentMemoryContext, Max(sh.nvalues, 1) * sizeof(char *));
	ptr = ARR_DATA_PTR(arr);
	for (k = 0; k < sh.nvalues; k++)
	{
		values[k] = ptr;
		ptr = att_addlength_pointer(ptr, -1, ptr);
		ptr = (char *) att_align_nominal(ptr, TYPALIGN_INT);
	}

	/* the results after room for the header and bitmap, about as large as the values */
	memset(&out, 0, sizeof(out));
	out.cxt = CurrentMemoryContext;
	out.reserve = sh.overhead;
	out.len = sh.overhead;
	out.cap = sh.overhead + (ptr - ARR_DATA_PTR(arr)) + sh.nvalues * 4 + 64;
	out.buf = MemoryContextAllocHuge(out.cxt, out.cap);
	if (sh.nvalues > 0)
	{
		memset(&blk, 0, sizeof(blk));
		blk.op = op;
		blk.exclusive = exclusive;
		blk.window = window;
		blk.npos = sh.nitems;
		blk.row_len = sh.dims[sh.ndim - 1];
		blk.valid = sh.nulls;
		blk.nvalues = sh.nvalues;
		blk.values = values;
		gpuscan_numeric_scan(&blk, &call, &out);
	}
	if (out.len > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("%s result would exceed the maximum size of an array", fname),
				 errdetail("The result of %d elements of type numeric needs %zu bytes; a PostgreSQL value holds at most %zu bytes.",
						   sh.nitems, out.len, (Size) MaxAllocSize),
				 errhint("Scan the array in slices.")));

	/* the input's shape and null bitmap around the results */
	result = (ArrayType *) out.buf;
	gpuscan_array_header(result, out.len, sh.overhead, NUMERICOID, sh.ndim, sh.dims, sh.lbs,
						 sh.nulls != NULL);
	if (sh.nulls)
		memcpy((bits8 *) (ARR_LBOUND(result) + sh.ndim), sh.nulls, (sh.nitems + 7) / 8);
	pfree(values);
	PG_RETURN_ARRAYTYPE_P(result);
}
