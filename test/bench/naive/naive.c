/*
 * test/bench/naive/naive.c — the baseline of the small-array benchmark
 * (test/bench/small_bench.sh): naive_cumsum(double precision[]), the
 * running sum of a one-dimensional array without NULLs by a plain loop
 * (s += x[i]; y[i] = s), inexact, with no checks beyond the array's shape.
 * What any C extension costs per call; not part of gpuscan.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/array.h"

PG_MODULE_MAGIC;

/* naive_cumsum(a): running sums of a float8[] without NULLs, in a plain loop. */
PG_FUNCTION_INFO_V1(naive_cumsum);
Datum
naive_cumsum(PG_FUNCTION_ARGS)
{
	ArrayType  *a = PG_GETARG_ARRAYTYPE_P(0);
	int			n = ArrayGetNItems(ARR_NDIM(a), ARR_DIMS(a));
	ArrayType  *r;
	const double *x;
	double	   *y;
	double		s = 0;

	if (ARR_NDIM(a) != 1 || ARR_HASNULL(a) || ARR_ELEMTYPE(a) != FLOAT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("naive_cumsum takes a one-dimensional double precision array without NULLs")));
	r = (ArrayType *) palloc(ARR_OVERHEAD_NONULLS(1) + (Size) n * sizeof(double));
	memcpy(r, a, ARR_OVERHEAD_NONULLS(1));
	SET_VARSIZE(r, ARR_OVERHEAD_NONULLS(1) + (Size) n * sizeof(double));
	x = (const double *) ARR_DATA_PTR(a);
	y = (double *) ARR_DATA_PTR(r);
	for (int i = 0; i < n; i++)
	{
		s += x[i];
		y[i] = s;
	}
	PG_RETURN_ARRAYTYPE_P(r);
}
