/* gpuscan--1.7--1.8.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.8'" to load this file. \quit

-- exact covariances, correlations and regression lines (since 1.8):
-- exact_covar_pop, exact_covar_samp, exact_corr, exact_regr_slope,
-- exact_regr_intercept, exact_regr_r2, exact_regr_sxx, exact_regr_syy,
-- exact_regr_sxy of pairs (y, x), PostgreSQL's argument order: over the
-- pairs with neither value NULL, the exact sums of the values, their
-- squares and their products (core/comoments.h), each result the exact
-- value rounded once to double precision; as plain aggregates and as window
-- aggregates over any frame, moving frames removing a pair exactly (O(1) a
-- row); parallel plans give the same bits as serial ones.  double
-- precision, real, smallint and integer values are exact as doubles, bigint
-- values as 64-bit integers (past 2^53 too); the numeric forms refuse
-- (ERROR 0A000) rather than let numeric values reach the double precision
-- forms through a rounding cast.

CREATE FUNCTION exact_co_accum(internal, double precision, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum(internal, real, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum(internal, smallint, smallint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum(internal, integer, integer)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum(internal, bigint, bigint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum_inv(internal, double precision, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum_inv(internal, real, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum_inv(internal, smallint, smallint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum_inv(internal, integer, integer)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_accum_inv(internal, bigint, bigint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_combine(internal, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_combine'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_serialize(internal)
RETURNS bytea
AS 'MODULE_PATHNAME', 'exact_co_serialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_co_deserialize(bytea, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_deserialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_co_refuse(internal, numeric, numeric)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_co_refuse'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_co_refuse(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_co_refuse'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_covar_pop_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_covar_pop_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_covar_samp_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_covar_samp_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_corr_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_corr_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_slope_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_slope_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_intercept_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_intercept_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_r2_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_r2_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_sxx_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_sxx_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_syy_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_syy_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_regr_sxy_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_regr_sxy_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION exact_co_accum(internal, double precision, double precision) IS
'transition of the exact covariance and regression aggregates: adds a pair, its values, their exact squares and their exact product';
COMMENT ON FUNCTION exact_co_accum(internal, real, real) IS
'transition of the exact covariance and regression aggregates: adds a pair, its values, their exact squares and their exact product';
COMMENT ON FUNCTION exact_co_accum(internal, smallint, smallint) IS
'transition of the exact covariance and regression aggregates: adds a pair, its values, their exact squares and their exact product';
COMMENT ON FUNCTION exact_co_accum(internal, integer, integer) IS
'transition of the exact covariance and regression aggregates: adds a pair, its values, their exact squares and their exact product';
COMMENT ON FUNCTION exact_co_accum(internal, bigint, bigint) IS
'transition of the exact covariance and regression aggregates: adds a pair, its values, their exact squares and their exact product';
COMMENT ON FUNCTION exact_co_accum_inv(internal, double precision, double precision) IS
'inverse transition of the exact covariance and regression aggregates: removes a pair added before, exactly';
COMMENT ON FUNCTION exact_co_accum_inv(internal, real, real) IS
'inverse transition of the exact covariance and regression aggregates: removes a pair added before, exactly';
COMMENT ON FUNCTION exact_co_accum_inv(internal, smallint, smallint) IS
'inverse transition of the exact covariance and regression aggregates: removes a pair added before, exactly';
COMMENT ON FUNCTION exact_co_accum_inv(internal, integer, integer) IS
'inverse transition of the exact covariance and regression aggregates: removes a pair added before, exactly';
COMMENT ON FUNCTION exact_co_accum_inv(internal, bigint, bigint) IS
'inverse transition of the exact covariance and regression aggregates: removes a pair added before, exactly';
COMMENT ON FUNCTION exact_co_combine(internal, internal) IS
'combine function of the exact covariance and regression aggregates: the sums of two parts of the rows';
COMMENT ON FUNCTION exact_co_serialize(internal) IS
'serial function of the exact covariance and regression aggregates: the exact sums as bytea';
COMMENT ON FUNCTION exact_co_deserialize(bytea, internal) IS
'deserial function of the exact covariance and regression aggregates: the exact sums from bytea';
COMMENT ON FUNCTION exact_co_refuse(internal, numeric, numeric) IS
'transition of the numeric forms of the exact covariance and regression aggregates: refuses numeric (ERROR 0A000)';
COMMENT ON FUNCTION exact_co_refuse(internal) IS
'final function of the numeric forms of the exact covariance and regression aggregates: refuses numeric (ERROR 0A000)';
COMMENT ON FUNCTION exact_covar_pop_final(internal) IS
'final function of exact_covar_pop: the exact population covariance rounded once';
COMMENT ON FUNCTION exact_covar_samp_final(internal) IS
'final function of exact_covar_samp: the exact sample covariance rounded once';
COMMENT ON FUNCTION exact_corr_final(internal) IS
'final function of exact_corr: the exact correlation coefficient rounded once';
COMMENT ON FUNCTION exact_regr_slope_final(internal) IS
'final function of exact_regr_slope: the exact least-squares slope rounded once';
COMMENT ON FUNCTION exact_regr_intercept_final(internal) IS
'final function of exact_regr_intercept: the exact least-squares intercept rounded once';
COMMENT ON FUNCTION exact_regr_r2_final(internal) IS
'final function of exact_regr_r2: the exact square of the correlation coefficient rounded once';
COMMENT ON FUNCTION exact_regr_sxx_final(internal) IS
'final function of exact_regr_sxx: the exact sum of squares of the deviations of x rounded once';
COMMENT ON FUNCTION exact_regr_syy_final(internal) IS
'final function of exact_regr_syy: the exact sum of squares of the deviations of y rounded once';
COMMENT ON FUNCTION exact_regr_sxy_final(internal) IS
'final function of exact_regr_sxy: the exact sum of products of the deviations rounded once';

CREATE AGGREGATE exact_covar_pop(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_pop_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_samp_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_corr_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_corr_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_slope_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_slope_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_intercept_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_intercept_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_r2_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_r2_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxx_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxx_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_syy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_syy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(double precision, double precision) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_pop(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_pop_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_samp_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_corr_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_corr_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_slope_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_slope_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_intercept_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_intercept_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_r2_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_r2_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxx_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxx_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_syy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_syy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(real, real) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_pop(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_pop_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_samp_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_corr_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_corr_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_slope_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_slope_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_intercept_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_intercept_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_r2_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_r2_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxx_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxx_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_syy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_syy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(smallint, smallint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_pop(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_pop_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_samp_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_corr_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_corr_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_slope_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_slope_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_intercept_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_intercept_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_r2_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_r2_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxx_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxx_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_syy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_syy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(integer, integer) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_pop(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_pop_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_covar_samp_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_covar_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_corr_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_corr_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_slope_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_slope_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_intercept_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_intercept_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_r2_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_r2_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxx_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxx_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_syy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_syy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(bigint, bigint) (
    SFUNC = exact_co_accum,
    STYPE = internal,
    SSPACE = 4752,
    FINALFUNC = exact_regr_sxy_final,
    COMBINEFUNC = exact_co_combine,
    SERIALFUNC = exact_co_serialize,
    DESERIALFUNC = exact_co_deserialize,
    MSFUNC = exact_co_accum,
    MINVFUNC = exact_co_accum_inv,
    MSTYPE = internal,
    MSSPACE = 4752,
    MFINALFUNC = exact_regr_sxy_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_pop(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_covar_samp(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_corr(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_slope(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_intercept(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_r2(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxx(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_syy(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_regr_sxy(numeric, numeric) (
    SFUNC = exact_co_refuse,
    STYPE = internal,
    FINALFUNC = exact_co_refuse,
    PARALLEL = SAFE
);

COMMENT ON AGGREGATE exact_covar_pop(double precision, double precision) IS
'the population covariance of the pairs (y, x) with neither NULL: the exact covariance (n) rounded once to double precision (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_samp(double precision, double precision) IS
'the sample covariance of the pairs (y, x) with neither NULL: the exact covariance (n - 1) rounded once to double precision (NULL below two pairs); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_corr(double precision, double precision) IS
'the correlation coefficient of the pairs (y, x) with neither NULL, correctly rounded: |exact_corr| <= 1, exact_corr(x, x) = 1 (NULL for none, or when x or y is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_slope(double precision, double precision) IS
'the least-squares slope of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_intercept(double precision, double precision) IS
'the least-squares intercept of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_r2(double precision, double precision) IS
'the square of the correlation coefficient of the pairs with neither NULL, correctly rounded (NULL for none or when x is constant; 1 when y is); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxx(double precision, double precision) IS
'the sum of squares of the deviations of x over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_syy(double precision, double precision) IS
'the sum of squares of the deviations of y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxy(double precision, double precision) IS
'the sum of products of the deviations of x and y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_pop(real, real) IS
'the population covariance of the pairs (y, x) with neither NULL: the exact covariance (n) rounded once to double precision (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_samp(real, real) IS
'the sample covariance of the pairs (y, x) with neither NULL: the exact covariance (n - 1) rounded once to double precision (NULL below two pairs); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_corr(real, real) IS
'the correlation coefficient of the pairs (y, x) with neither NULL, correctly rounded: |exact_corr| <= 1, exact_corr(x, x) = 1 (NULL for none, or when x or y is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_slope(real, real) IS
'the least-squares slope of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_intercept(real, real) IS
'the least-squares intercept of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_r2(real, real) IS
'the square of the correlation coefficient of the pairs with neither NULL, correctly rounded (NULL for none or when x is constant; 1 when y is); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxx(real, real) IS
'the sum of squares of the deviations of x over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_syy(real, real) IS
'the sum of squares of the deviations of y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxy(real, real) IS
'the sum of products of the deviations of x and y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_pop(smallint, smallint) IS
'the population covariance of the pairs (y, x) with neither NULL: the exact covariance (n) rounded once to double precision (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_samp(smallint, smallint) IS
'the sample covariance of the pairs (y, x) with neither NULL: the exact covariance (n - 1) rounded once to double precision (NULL below two pairs); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_corr(smallint, smallint) IS
'the correlation coefficient of the pairs (y, x) with neither NULL, correctly rounded: |exact_corr| <= 1, exact_corr(x, x) = 1 (NULL for none, or when x or y is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_slope(smallint, smallint) IS
'the least-squares slope of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_intercept(smallint, smallint) IS
'the least-squares intercept of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_r2(smallint, smallint) IS
'the square of the correlation coefficient of the pairs with neither NULL, correctly rounded (NULL for none or when x is constant; 1 when y is); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxx(smallint, smallint) IS
'the sum of squares of the deviations of x over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_syy(smallint, smallint) IS
'the sum of squares of the deviations of y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxy(smallint, smallint) IS
'the sum of products of the deviations of x and y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_pop(integer, integer) IS
'the population covariance of the pairs (y, x) with neither NULL: the exact covariance (n) rounded once to double precision (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_samp(integer, integer) IS
'the sample covariance of the pairs (y, x) with neither NULL: the exact covariance (n - 1) rounded once to double precision (NULL below two pairs); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_corr(integer, integer) IS
'the correlation coefficient of the pairs (y, x) with neither NULL, correctly rounded: |exact_corr| <= 1, exact_corr(x, x) = 1 (NULL for none, or when x or y is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_slope(integer, integer) IS
'the least-squares slope of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_intercept(integer, integer) IS
'the least-squares intercept of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_r2(integer, integer) IS
'the square of the correlation coefficient of the pairs with neither NULL, correctly rounded (NULL for none or when x is constant; 1 when y is); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxx(integer, integer) IS
'the sum of squares of the deviations of x over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_syy(integer, integer) IS
'the sum of squares of the deviations of y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxy(integer, integer) IS
'the sum of products of the deviations of x and y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_pop(bigint, bigint) IS
'the population covariance of the pairs (y, x) with neither NULL: the exact covariance (n) rounded once to double precision (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_samp(bigint, bigint) IS
'the sample covariance of the pairs (y, x) with neither NULL: the exact covariance (n - 1) rounded once to double precision (NULL below two pairs); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_corr(bigint, bigint) IS
'the correlation coefficient of the pairs (y, x) with neither NULL, correctly rounded: |exact_corr| <= 1, exact_corr(x, x) = 1 (NULL for none, or when x or y is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_slope(bigint, bigint) IS
'the least-squares slope of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_intercept(bigint, bigint) IS
'the least-squares intercept of y on x over the pairs with neither NULL, correctly rounded (NULL for none, or when x is constant); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_r2(bigint, bigint) IS
'the square of the correlation coefficient of the pairs with neither NULL, correctly rounded (NULL for none or when x is constant; 1 when y is); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxx(bigint, bigint) IS
'the sum of squares of the deviations of x over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_syy(bigint, bigint) IS
'the sum of squares of the deviations of y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_regr_sxy(bigint, bigint) IS
'the sum of products of the deviations of x and y over the pairs with neither NULL, correctly rounded (NULL for none); NaN when a NaN or an infinity is among them; any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_covar_pop(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_covar_samp(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_corr(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_slope(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_intercept(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_r2(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_sxx(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_syy(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
COMMENT ON AGGREGATE exact_regr_sxy(numeric, numeric) IS
'refuses numeric (ERROR 0A000): cast to double precision, or to bigint for integers';
