/* gpuscan--1.5--1.6.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.6'" to load this file. \quit

-- exact variances and standard deviations (since 1.6): the correctly
-- rounded variance of the non-NULL values, exact in double precision (real,
-- smallint and integer values are converted exactly), and the correctly
-- rounded square root of that exact variance; as plain aggregates and as
-- window aggregates over any frame, moving frames removing a value and its
-- exact square exactly (O(1) a row); parallel plans give the same bits as
-- serial ones.  bigint and numeric take PostgreSQL's own (below).

CREATE FUNCTION exact_moments_accum(internal, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum(internal, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum(internal, smallint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum(internal, integer)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum_inv(internal, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum_inv(internal, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum_inv(internal, smallint)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_accum_inv(internal, integer)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_combine(internal, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_combine'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_moments_serialize(internal)
RETURNS bytea
AS 'MODULE_PATHNAME', 'exact_moments_serialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_moments_deserialize(bytea, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_moments_deserialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_var_samp_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_var_samp_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_var_pop_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_var_pop_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_stddev_samp_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_stddev_samp_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_stddev_pop_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_stddev_pop_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION exact_moments_accum(internal, double precision) IS
'transition of the exact variance and standard deviation aggregates: adds a value and its exact square';
COMMENT ON FUNCTION exact_moments_accum(internal, real) IS
'transition of the exact variance and standard deviation aggregates: adds a value and its exact square';
COMMENT ON FUNCTION exact_moments_accum(internal, smallint) IS
'transition of the exact variance and standard deviation aggregates: adds a value and its exact square';
COMMENT ON FUNCTION exact_moments_accum(internal, integer) IS
'transition of the exact variance and standard deviation aggregates: adds a value and its exact square';
COMMENT ON FUNCTION exact_moments_accum_inv(internal, double precision) IS
'inverse transition of the exact variance and standard deviation aggregates: removes a value and its exact square, exactly';
COMMENT ON FUNCTION exact_moments_accum_inv(internal, real) IS
'inverse transition of the exact variance and standard deviation aggregates: removes a value and its exact square, exactly';
COMMENT ON FUNCTION exact_moments_accum_inv(internal, smallint) IS
'inverse transition of the exact variance and standard deviation aggregates: removes a value and its exact square, exactly';
COMMENT ON FUNCTION exact_moments_accum_inv(internal, integer) IS
'inverse transition of the exact variance and standard deviation aggregates: removes a value and its exact square, exactly';
COMMENT ON FUNCTION exact_moments_combine(internal, internal) IS
'combine function of the exact variance and standard deviation aggregates: the sums of two parts of the rows';
COMMENT ON FUNCTION exact_moments_serialize(internal) IS
'serial function of the exact variance and standard deviation aggregates: the exact sums as bytea';
COMMENT ON FUNCTION exact_moments_deserialize(bytea, internal) IS
'deserial function of the exact variance and standard deviation aggregates: the exact sums from bytea';
COMMENT ON FUNCTION exact_var_samp_final(internal) IS
'final function of exact_var_samp: the exact sample variance rounded once';
COMMENT ON FUNCTION exact_var_pop_final(internal) IS
'final function of exact_var_pop: the exact population variance rounded once';
COMMENT ON FUNCTION exact_stddev_samp_final(internal) IS
'final function of exact_stddev_samp: the square root of the exact sample variance rounded once';
COMMENT ON FUNCTION exact_stddev_pop_final(internal) IS
'final function of exact_stddev_pop: the square root of the exact population variance rounded once';

CREATE AGGREGATE exact_var_samp(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(double precision) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_samp(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(real) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_samp(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(smallint) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_samp(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_pop_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_pop_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_var_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_var_samp_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(integer) (
    SFUNC = exact_moments_accum,
    STYPE = internal,
    SSPACE = 1744,
    FINALFUNC = exact_stddev_samp_final,
    COMBINEFUNC = exact_moments_combine,
    SERIALFUNC = exact_moments_serialize,
    DESERIALFUNC = exact_moments_deserialize,
    MSFUNC = exact_moments_accum,
    MINVFUNC = exact_moments_accum_inv,
    MSTYPE = internal,
    MSSPACE = 1744,
    MFINALFUNC = exact_stddev_samp_final,
    PARALLEL = SAFE
);

COMMENT ON AGGREGATE exact_var_samp(double precision) IS
'the sample variance (n - 1) of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_pop(double precision) IS
'the population variance (n) of the non-NULL values: the exact variance rounded once to double precision (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(double precision) IS
'the sample standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(double precision) IS
'the population standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_variance(double precision) IS
'the sample variance (n - 1), as exact_var_samp of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev(double precision) IS
'the sample standard deviation, as exact_stddev_samp of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_samp(real) IS
'the sample variance (n - 1) of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_pop(real) IS
'the population variance (n) of the non-NULL values: the exact variance rounded once to double precision (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(real) IS
'the sample standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(real) IS
'the population standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_variance(real) IS
'the sample variance (n - 1), as exact_var_samp of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev(real) IS
'the sample standard deviation, as exact_stddev_samp of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_samp(smallint) IS
'the sample variance (n - 1) of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_pop(smallint) IS
'the population variance (n) of the non-NULL values: the exact variance rounded once to double precision (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(smallint) IS
'the sample standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(smallint) IS
'the population standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_variance(smallint) IS
'the sample variance (n - 1), as exact_var_samp of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev(smallint) IS
'the sample standard deviation, as exact_stddev_samp of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_samp(integer) IS
'the sample variance (n - 1) of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_var_pop(integer) IS
'the population variance (n) of the non-NULL values: the exact variance rounded once to double precision (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(integer) IS
'the sample standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(integer) IS
'the population standard deviation of the non-NULL values: the correctly rounded square root of the exact variance (NULL for none; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_variance(integer) IS
'the sample variance (n - 1), as exact_var_samp of the non-NULL values: the exact variance rounded once to double precision (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_stddev(integer) IS
'the sample standard deviation, as exact_stddev_samp of the non-NULL values: the correctly rounded square root of the exact variance (NULL below two values; NaN when a NaN or an infinity is in); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';

-- bigint and numeric: PostgreSQL's own var_samp, var_pop, stddev_samp,
-- stddev_pop of the type, built on its own support functions, so results
-- and result types are theirs (numeric), with their moving, combine and
-- serial functions.  Without them such an argument would reach the double
-- precision form through an implicit cast, which rounds bigint past 2^53
-- and any numeric of more than 15 significant digits.

CREATE AGGREGATE exact_var_samp(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_pop,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_pop,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_pop,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_pop,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(bigint) (
    SFUNC = int8_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = int8_accum,
    MINVFUNC = int8_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_samp(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_var_pop(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_pop,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_pop,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_samp(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev_pop(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_pop,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_pop,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_variance(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_var_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_var_samp,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_stddev(numeric) (
    SFUNC = numeric_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_stddev_samp,
    COMBINEFUNC = numeric_combine,
    SERIALFUNC = numeric_serialize,
    DESERIALFUNC = numeric_deserialize,
    MSFUNC = numeric_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_stddev_samp,
    PARALLEL = SAFE
);

COMMENT ON AGGREGATE exact_var_samp(bigint) IS
'PostgreSQL''s var_samp(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_var_pop(bigint) IS
'PostgreSQL''s var_pop(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(bigint) IS
'PostgreSQL''s stddev_samp(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(bigint) IS
'PostgreSQL''s stddev_pop(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_variance(bigint) IS
'PostgreSQL''s var_samp(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev(bigint) IS
'PostgreSQL''s stddev_samp(bigint), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_var_samp(numeric) IS
'PostgreSQL''s var_samp(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_var_pop(numeric) IS
'PostgreSQL''s var_pop(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev_samp(numeric) IS
'PostgreSQL''s stddev_samp(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev_pop(numeric) IS
'PostgreSQL''s stddev_pop(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_variance(numeric) IS
'PostgreSQL''s var_samp(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_stddev(numeric) IS
'PostgreSQL''s stddev_samp(numeric), a numeric; any frame, moving frames in O(1) a row; parallel plans';
