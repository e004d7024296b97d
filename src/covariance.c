/*
 * src/covariance.c — the exact covariances, correlations and regression
 * lines (since 1.8): exact_covar_pop, exact_covar_samp, exact_corr,
 * exact_regr_slope, exact_regr_intercept, exact_regr_r2, exact_regr_sxx,
 * exact_regr_syy, exact_regr_sxy of pairs (y, x): PostgreSQL's aggregate
 * machinery around the exact sums of core/comoments.h.
 *
 * As for the variances (src/aggregates.c): the state is made at the first
 * row, NULL or not, so the inverse transition never returns NULL and a
 * moving frame costs O(1) a row; a combine function and a serial form give
 * parallel plans the same bits.  A pair counts when neither value is NULL
 * (PostgreSQL's float8_regr_accum's rule).  Values of double precision,
 * real, smallint and integer are converted to double exactly, bigint
 * values are taken as 64-bit integers (exact past 2^53); numeric refuses.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "nodes/primnodes.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "../core/comoments.h"
#include "gpuscan.h"

/* The argument types of a transition's call site, looked up once. */
typedef struct CoArgTypes
{
	Oid			y;
	Oid			x;
} CoArgTypes;

/* The name of the aggregate a support function is called for, for messages. */
static const char *
AggName(FunctionCallInfo fcinfo, const char *fallback)
{
	Aggref	   *ref = AggGetAggref(fcinfo);
	char	   *name = ref ? get_func_name(ref->aggfnoid) : NULL;

	return name ? name : fallback;
}

/* The covariances' state: the five accumulators and the cache of core/comoments.h. */
static const GpuscanStateKind CoKind = {
	"exact covariance", gs_comoments_bytes, gs_comoments_init, gs_comoments_combine,
	gs_comoments_serial_bytes, gs_comoments_serialize, gs_comoments_deserialize
};

/* Argument argno (of type t) decoded for the accumulators, exactly. */
static void
CoArg(FunctionCallInfo fcinfo, int argno, Oid t, GsCoValue *v)
{
	float8		d;
	uint64		u;

	if (t == INT8OID)
	{
		gs_co_from_int64(v, PG_GETARG_INT64(argno));
		return;
	}
	d = gpuscan_float8_arg(fcinfo, argno, t);
	memcpy(&u, &d, sizeof(u));
	gs_co_from_double(v, u);
}

/* A transition: the pair (y, x) (arguments 1, 2) added or removed; NULL in either: none. */
static Datum
CoStep(FunctionCallInfo fcinfo, int sign, const char *fname)
{
	void	   *c = gpuscan_state_of(fcinfo, &CoKind, fname);
	CoArgTypes *types = (CoArgTypes *) fcinfo->flinfo->fn_extra;
	GsCoValue	y,
				x;

	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
		PG_RETURN_POINTER(c);
	if (types == NULL)
	{
		types = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, sizeof(CoArgTypes));
		types->y = gpuscan_arg_type(fcinfo, 1);
		types->x = gpuscan_arg_type(fcinfo, 2);
		fcinfo->flinfo->fn_extra = types;
	}
	CoArg(fcinfo, 1, types->y, &y);
	CoArg(fcinfo, 2, types->x, &x);
	gs_comoments_move(c, &y, &x, sign);
	PG_RETURN_POINTER(c);
}

/* exact_co_accum(state, y, x): the pair added, its values, squares and product exactly. */
PG_FUNCTION_INFO_V1(exact_co_accum);
Datum
exact_co_accum(PG_FUNCTION_ARGS)
{
	return CoStep(fcinfo, 1, "exact_co_accum");
}

/* exact_co_accum_inv(state, y, x): the pair, added before, removed exactly. */
PG_FUNCTION_INFO_V1(exact_co_accum_inv);
Datum
exact_co_accum_inv(PG_FUNCTION_ARGS)
{
	return CoStep(fcinfo, -1, "exact_co_accum_inv");
}

/* exact_co_combine(a, b): the sums of a's rows and b's together (parallel plans). */
PG_FUNCTION_INFO_V1(exact_co_combine);
Datum
exact_co_combine(PG_FUNCTION_ARGS)
{
	return gpuscan_state_combine(fcinfo, &CoKind, "exact_co_combine");
}

/* exact_co_serialize(state): the exact sums as bytea, to pass between processes. */
PG_FUNCTION_INFO_V1(exact_co_serialize);
Datum
exact_co_serialize(PG_FUNCTION_ARGS)
{
	return gpuscan_state_serialize(fcinfo, &CoKind, "exact_co_serialize");
}

/* exact_co_deserialize(bytes, internal): a state from its serial form. */
PG_FUNCTION_INFO_V1(exact_co_deserialize);
Datum
exact_co_deserialize(PG_FUNCTION_ARGS)
{
	return gpuscan_state_deserialize(fcinfo, &CoKind, "exact_co_deserialize");
}

/*
 * exact_co_refuse(state, y, x) and exact_co_refuse(state): the transition
 * and final function of the numeric forms: ERROR, rather than let numeric
 * values reach the double precision forms through a rounding cast.
 */
PG_FUNCTION_INFO_V1(exact_co_refuse);
Datum
exact_co_refuse(PG_FUNCTION_ARGS)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("%s does not support type numeric", AggName(fcinfo, "exact_co_refuse")),
			 errdetail("Its result is exact for double precision and bigint values; numeric values would be rounded to double precision first."),
			 errhint("Cast the arguments to double precision to take the exact result for their nearest doubles, or to bigint where they are integers.")));
	PG_RETURN_NULL();
}

/* What each result is called in an overflow's detail. */
static const char *const CoNames[GS_CO_COUNT] = {
	"covariance", "covariance", "correlation", "slope", "intercept",
	"coefficient of determination", "sum of squares", "sum of squares", "sum of products"
};

/*
 * A result (what: GS_CO_*) of a state, rounded once to double precision;
 * NULL for no state and as core/comoments.h says; ERROR 22003 when it
 * rounds beyond double precision.
 */
static Datum
CoFinal(FunctionCallInfo fcinfo, int what)
{
	double		r = 0;
	int			st;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	st = gs_comoments_result(PG_GETARG_POINTER(0), what, &r);
	if (st == GS_ACCUM_EMPTY)
		PG_RETURN_NULL();
	if (st == GS_ACCUM_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The exact %s rounds to a value outside the range of type double precision.",
						   CoNames[what])));
	PG_RETURN_FLOAT8(r);
}

/* exact_covar_pop_final(state): the exact population covariance, rounded once. */
PG_FUNCTION_INFO_V1(exact_covar_pop_final);
Datum
exact_covar_pop_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_COVAR_POP);
}

/* exact_covar_samp_final(state): the exact sample covariance, rounded once. */
PG_FUNCTION_INFO_V1(exact_covar_samp_final);
Datum
exact_covar_samp_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_COVAR_SAMP);
}

/* exact_corr_final(state): the exact correlation coefficient, rounded once. */
PG_FUNCTION_INFO_V1(exact_corr_final);
Datum
exact_corr_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_CORR);
}

/* exact_regr_slope_final(state): the exact least-squares slope, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_slope_final);
Datum
exact_regr_slope_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_SLOPE);
}

/* exact_regr_intercept_final(state): the exact least-squares intercept, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_intercept_final);
Datum
exact_regr_intercept_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_INTERCEPT);
}

/* exact_regr_r2_final(state): the exact square of the correlation coefficient, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_r2_final);
Datum
exact_regr_r2_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_R2);
}

/* exact_regr_sxx_final(state): the exact sum of squares of x's deviations, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_sxx_final);
Datum
exact_regr_sxx_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_SXX);
}

/* exact_regr_syy_final(state): the exact sum of squares of y's deviations, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_syy_final);
Datum
exact_regr_syy_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_SYY);
}

/* exact_regr_sxy_final(state): the exact sum of products of the deviations, rounded once. */
PG_FUNCTION_INFO_V1(exact_regr_sxy_final);
Datum
exact_regr_sxy_final(PG_FUNCTION_ARGS)
{
	return CoFinal(fcinfo, GS_CO_SXY);
}
