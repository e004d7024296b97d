/*
 * src/aggregates.c — exact_sum() and exact_avg() of real and double
 * precision, and (since 1.6) the exact variances and standard deviations of
 * double precision: PostgreSQL's aggregate machinery around the exact
 * accumulator of core/accum.h and the exact second moments of
 * core/moments.h.
 *
 * The transition state is an accumulator in the aggregate's memory context
 * (internal).  Adding a value and removing it again are exact, so the
 * aggregates have an inverse transition (moving-aggregate mode: a moving
 * frame costs O(1) a row, as numeric's sum and avg do with their inverse),
 * a combine function and a serial form for parallel plans; any split of
 * the rows gives the same state, so the result has the same bits for every
 * plan.  The accumulator is made at the first row, NULL or not, so the
 * inverse never returns NULL (which would ask PostgreSQL to restart the
 * frame); an empty frame, or one of NULLs only, gives NULL.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "catalog/pg_type.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "../core/accum.h"
#include "../core/moments.h"
#include "gpuscan.h"

/* The aggregate's memory context, or ERROR when not called as an aggregate. */
MemoryContext
gpuscan_agg_context(FunctionCallInfo fcinfo, const char *fname)
{
	MemoryContext aggcontext;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s called in non-aggregate context", fname),
				 errhint("It is a support function of gpuscan's exact aggregates.")));
	return aggcontext;
}

/* A new, empty accumulator of floats or doubles in the aggregate's context. */
static GsAccum *
NewAccum(FunctionCallInfo fcinfo, bool f8, const char *fname)
{
	GsAccum    *a = (GsAccum *) MemoryContextAlloc(gpuscan_agg_context(fcinfo, fname), gs_accum_bytes(f8));

	gs_accum_init(a, f8);
	return a;
}

/*
 * The state of a transition call: the accumulator so far, or a new one of
 * the type of the value argument (argument 1; Citus's workers call the
 * transition without an expression, so from the declaration then).
 */
static GsAccum *
StateOf(FunctionCallInfo fcinfo, const char *fname)
{
	Oid			type;

	if (!PG_ARGISNULL(0))
		return (GsAccum *) PG_GETARG_POINTER(0);
	type = gpuscan_arg_type(fcinfo, 1);
	if (type != FLOAT4OID && type != FLOAT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("%s does not support type %s", fname,
						OidIsValid(type) ? format_type_be(type) : "unknown"),
				 errhint("Use real or double precision.")));
	return NewAccum(fcinfo, type == FLOAT8OID, fname);
}

/* The bits of the value argument (a float's zero-extended), of the state's type. */
static inline uint64
ValueBits(FunctionCallInfo fcinfo, const GsAccum *a)
{
	if (gs_accum_f8(a))
	{
		float8		x = PG_GETARG_FLOAT8(1);
		uint64		u;

		memcpy(&u, &x, sizeof(u));
		return u;
	}
	else
	{
		float4		x = PG_GETARG_FLOAT4(1);
		uint32		u;

		memcpy(&u, &x, sizeof(u));
		return u;
	}
}

/* A transition: the state with x (argument 1) added, or removed; a NULL x changes nothing. */
static Datum
AccumStep(FunctionCallInfo fcinfo, bool remove, const char *fname)
{
	GsAccum    *a = StateOf(fcinfo, fname);

	if (!PG_ARGISNULL(1))
	{
		if (remove)
			gs_accum_remove(a, ValueBits(fcinfo, a));
		else
			gs_accum_add(a, ValueBits(fcinfo, a));
	}
	PG_RETURN_POINTER(a);
}

/*
 * exact_accum(state, x): the transition of exact_sum and exact_avg, plain
 * and moving: x added exactly; a NULL x adds nothing.
 */
PG_FUNCTION_INFO_V1(exact_accum);
Datum
exact_accum(PG_FUNCTION_ARGS)
{
	return AccumStep(fcinfo, false, "exact_accum");
}

/*
 * exact_accum_inv(state, x): the inverse transition: x, added before,
 * removed exactly.  Never NULL: the frame never has to be summed again.
 */
PG_FUNCTION_INFO_V1(exact_accum_inv);
Datum
exact_accum_inv(PG_FUNCTION_ARGS)
{
	return AccumStep(fcinfo, true, "exact_accum_inv");
}

/* exact_accum_combine(a, b): the state of a's rows and b's together (parallel plans). */
PG_FUNCTION_INFO_V1(exact_accum_combine);
Datum
exact_accum_combine(PG_FUNCTION_ARGS)
{
	GsAccum    *a = PG_ARGISNULL(0) ? NULL : (GsAccum *) PG_GETARG_POINTER(0);
	GsAccum    *b = PG_ARGISNULL(1) ? NULL : (GsAccum *) PG_GETARG_POINTER(1);

	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
		a = NewAccum(fcinfo, gs_accum_f8(b), "exact_accum_combine");
	if (a->kind != b->kind)
		elog(ERROR, "exact_accum_combine: states of different types");
	gs_accum_combine(a, b);
	PG_RETURN_POINTER(a);
}

/* exact_accum_serialize(state): the state as bytea, to pass between processes. */
PG_FUNCTION_INFO_V1(exact_accum_serialize);
Datum
exact_accum_serialize(PG_FUNCTION_ARGS)
{
	GsAccum    *a = (GsAccum *) PG_GETARG_POINTER(0);
	size_t		n;
	bytea	   *out;

	(void) gpuscan_agg_context(fcinfo, "exact_accum_serialize");
	n = gs_accum_serial_bytes(a);
	out = (bytea *) palloc(VARHDRSZ + n);
	SET_VARSIZE(out, VARHDRSZ + n);
	gs_accum_serialize(a, (uint8 *) VARDATA(out));
	PG_RETURN_BYTEA_P(out);
}

/* exact_accum_deserialize(bytes, internal): a state from its serial form. */
PG_FUNCTION_INFO_V1(exact_accum_deserialize);
Datum
exact_accum_deserialize(PG_FUNCTION_ARGS)
{
	bytea	   *in = PG_GETARG_BYTEA_PP(0);
	const uint8 *p = (const uint8 *) VARDATA_ANY(in);
	size_t		n = VARSIZE_ANY_EXHDR(in);
	int			kind;
	GsAccum    *a;

	(void) gpuscan_agg_context(fcinfo, "exact_accum_deserialize");
	if (!gs_accum_deserialize(p, n, NULL, &kind) || kind >= GS_ACCUM_SQUARES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid exact_sum state")));
	a = NewAccum(fcinfo, kind == GS_ACCUM_DOUBLES, "exact_accum_deserialize");
	if (!gs_accum_deserialize(p, n, a, &kind))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid exact_sum state")));
	PG_RETURN_POINTER(a);
}

/* The name of a float type, for error messages. */
static const char *
FloatName(bool f8)
{
	return f8 ? "double precision" : "real";
}

/*
 * The sum of a state rounded once to its type; NULL for no values (or no
 * state); ERROR 22003 when it rounds beyond the type's range.
 */
static bool
FinalSum(FunctionCallInfo fcinfo, double *out)
{
	GsAccum    *a;
	int			st;

	if (PG_ARGISNULL(0))
		return false;
	a = (GsAccum *) PG_GETARG_POINTER(0);
	st = gs_accum_sum(a, gs_accum_f8(a), out);
	if (st == GS_ACCUM_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The exact sum rounds to a value outside the range of type %s.",
						   FloatName(gs_accum_f8(a)))));
	return st == 0;
}

/* exact_sum_float4_final(state): exact_sum(real)'s result, a real. */
PG_FUNCTION_INFO_V1(exact_sum_float4_final);
Datum
exact_sum_float4_final(PG_FUNCTION_ARGS)
{
	double		r;

	if (!FinalSum(fcinfo, &r))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT4((float4) r);
}

/* exact_sum_float8_final(state): exact_sum(double precision)'s result. */
PG_FUNCTION_INFO_V1(exact_sum_float8_final);
Datum
exact_sum_float8_final(PG_FUNCTION_ARGS)
{
	double		r;

	if (!FinalSum(fcinfo, &r))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(r);
}

/*
 * exact_avg_final(state): the exact mean of the values rounded once to
 * double precision (as PostgreSQL's avg of real and double precision
 * gives); NULL for no values.
 */
PG_FUNCTION_INFO_V1(exact_avg_final);
Datum
exact_avg_final(PG_FUNCTION_ARGS)
{
	GsAccum    *a;
	double		r;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	a = (GsAccum *) PG_GETARG_POINTER(0);
	if (gs_accum_mean(a, true, &r) != 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(r);
}

/* ---------- the states of the exact statistics (variances, covariances) ---------- */

/*
 * A transition's state: the state so far, or a new, empty one (made at the
 * first row, NULL or not, so that the inverse never returns NULL).
 */
void *
gpuscan_state_of(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname)
{
	void	   *m;

	if (!PG_ARGISNULL(0))
		return PG_GETARG_POINTER(0);
	m = MemoryContextAlloc(gpuscan_agg_context(fcinfo, fname), kind->bytes());
	kind->init(m);
	return m;
}

/* The combine function: the state of a's rows and b's together (parallel plans). */
Datum
gpuscan_state_combine(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname)
{
	void	   *a = PG_ARGISNULL(0) ? NULL : PG_GETARG_POINTER(0);
	void	   *b = PG_ARGISNULL(1) ? NULL : PG_GETARG_POINTER(1);

	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
	{
		a = MemoryContextAlloc(gpuscan_agg_context(fcinfo, fname), kind->bytes());
		kind->init(a);
	}
	kind->combine(a, b);
	PG_RETURN_POINTER(a);
}

/* The serial function: the state as bytea, to pass between processes. */
Datum
gpuscan_state_serialize(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname)
{
	void	   *m = PG_GETARG_POINTER(0);
	size_t		n;
	bytea	   *out;

	(void) gpuscan_agg_context(fcinfo, fname);
	n = kind->serial_bytes(m);
	out = (bytea *) palloc(VARHDRSZ + n);
	SET_VARSIZE(out, VARHDRSZ + n);
	kind->serialize(m, (uint8 *) VARDATA(out));
	PG_RETURN_BYTEA_P(out);
}

/* The deserial function: a state from its serial form; ERROR for bytes that are not one. */
Datum
gpuscan_state_deserialize(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname)
{
	bytea	   *in = PG_GETARG_BYTEA_PP(0);
	void	   *m;

	m = MemoryContextAlloc(gpuscan_agg_context(fcinfo, fname), kind->bytes());
	if (!kind->deserialize((const uint8 *) VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in), m))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid %s state", kind->what)));
	PG_RETURN_POINTER(m);
}

/* ---------- exact variances and standard deviations (since 1.6) ---------- */

/* The variances' state: the two accumulators of core/moments.h. */
static const GpuscanStateKind MomentsKind = {
	"exact variance", gs_moments_bytes, gs_moments_init, gs_moments_combine,
	gs_moments_serial_bytes, gs_moments_serialize, gs_moments_deserialize
};

/*
 * The value argument (argument 1) as a double, exactly, its type looked up
 * once per call site.
 */
static float8
MomentsArg(FunctionCallInfo fcinfo)
{
	Oid			type = (Oid) (uintptr_t) fcinfo->flinfo->fn_extra;

	if (!OidIsValid(type))
	{
		type = gpuscan_arg_type(fcinfo, 1);
		fcinfo->flinfo->fn_extra = (void *) (uintptr_t) type;
	}
	return gpuscan_float8_arg(fcinfo, 1, type);
}

/* A transition of the moments: x (argument 1) and its square added, or removed. */
static Datum
MomentsStep(FunctionCallInfo fcinfo, int sign, const char *fname)
{
	void	   *m = gpuscan_state_of(fcinfo, &MomentsKind, fname);

	if (!PG_ARGISNULL(1))
	{
		float8		x = MomentsArg(fcinfo);
		uint64		u;

		memcpy(&u, &x, sizeof(u));
		gs_moments_move(m, u, sign);
	}
	PG_RETURN_POINTER(m);
}

/* exact_moments_accum(state, x): x and its exact square added; a NULL x adds nothing. */
PG_FUNCTION_INFO_V1(exact_moments_accum);
Datum
exact_moments_accum(PG_FUNCTION_ARGS)
{
	return MomentsStep(fcinfo, 1, "exact_moments_accum");
}

/* exact_moments_accum_inv(state, x): x and its square, added before, removed exactly. */
PG_FUNCTION_INFO_V1(exact_moments_accum_inv);
Datum
exact_moments_accum_inv(PG_FUNCTION_ARGS)
{
	return MomentsStep(fcinfo, -1, "exact_moments_accum_inv");
}

/* exact_moments_combine(a, b): the sums of a's rows and b's together (parallel plans). */
PG_FUNCTION_INFO_V1(exact_moments_combine);
Datum
exact_moments_combine(PG_FUNCTION_ARGS)
{
	return gpuscan_state_combine(fcinfo, &MomentsKind, "exact_moments_combine");
}

/* exact_moments_serialize(state): the exact sums as bytea, to pass between processes. */
PG_FUNCTION_INFO_V1(exact_moments_serialize);
Datum
exact_moments_serialize(PG_FUNCTION_ARGS)
{
	return gpuscan_state_serialize(fcinfo, &MomentsKind, "exact_moments_serialize");
}

/* exact_moments_deserialize(bytes, internal): a state from its serial form. */
PG_FUNCTION_INFO_V1(exact_moments_deserialize);
Datum
exact_moments_deserialize(PG_FUNCTION_ARGS)
{
	return gpuscan_state_deserialize(fcinfo, &MomentsKind, "exact_moments_deserialize");
}

/*
 * A variance or standard deviation (what: GS_MOMENT_*) of a state, rounded
 * once to double precision; NULL for no state or too few values; ERROR
 * 22003 when it rounds beyond double precision.
 */
static Datum
MomentsFinal(FunctionCallInfo fcinfo, int what)
{
	void	   *m;
	double		r = 0;
	int			st;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	m = PG_GETARG_POINTER(0);
	st = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), what, true, &r);
	if (st == GS_ACCUM_EMPTY)
		PG_RETURN_NULL();
	if (st == GS_ACCUM_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The exact %s rounds to a value outside the range of type double precision.",
						   (what & GS_MOMENT_ROOT) ? "standard deviation" : "variance")));
	PG_RETURN_FLOAT8(r);
}

/* exact_var_samp_final(state): the exact sample variance, rounded once. */
PG_FUNCTION_INFO_V1(exact_var_samp_final);
Datum
exact_var_samp_final(PG_FUNCTION_ARGS)
{
	return MomentsFinal(fcinfo, GS_MOMENT_SAMPLE);
}

/* exact_var_pop_final(state): the exact population variance, rounded once. */
PG_FUNCTION_INFO_V1(exact_var_pop_final);
Datum
exact_var_pop_final(PG_FUNCTION_ARGS)
{
	return MomentsFinal(fcinfo, 0);
}

/* exact_stddev_samp_final(state): the square root of the exact sample variance, rounded once. */
PG_FUNCTION_INFO_V1(exact_stddev_samp_final);
Datum
exact_stddev_samp_final(PG_FUNCTION_ARGS)
{
	return MomentsFinal(fcinfo, GS_MOMENT_SAMPLE | GS_MOMENT_ROOT);
}

/* exact_stddev_pop_final(state): the square root of the exact population variance, rounded once. */
PG_FUNCTION_INFO_V1(exact_stddev_pop_final);
Datum
exact_stddev_pop_final(PG_FUNCTION_ARGS)
{
	return MomentsFinal(fcinfo, GS_MOMENT_ROOT);
}
