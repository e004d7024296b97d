/* gpuscan--1.3--1.4.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.4'" to load this file. \quit

-- Window forms of the scans over table rows (since 1.4): gpu_cumsum(x) OVER
-- (PARTITION BY ... ORDER BY ...) and the others.  Each row's value is what
-- the array function gives at that row's position of the partition's x in
-- the window's order: NULL rows give NULL and are skipped, moving windows
-- count rows (NULL rows included).  The frame clause does not apply.

CREATE FUNCTION gpu_cumsum(x smallint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(x integer)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(x bigint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x smallint)
RETURNS smallint
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x integer)
RETURNS integer
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x bigint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x smallint)
RETURNS smallint
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x integer)
RETURNS integer
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x bigint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x smallint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x bigint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x smallint, "window" integer)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x integer, "window" integer)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x bigint, "window" integer)
RETURNS bigint
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x smallint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x integer, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x bigint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cumsum(smallint) IS
'window function: the running total of the partition''s x in the window''s order, exact (error if a total leaves bigint), NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumsum(integer) IS
'window function: the running total of the partition''s x in the window''s order, exact (error if a total leaves bigint), NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumsum(bigint) IS
'window function: the running total of the partition''s x in the window''s order, exact (error if a total leaves bigint), NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumsum(real) IS
'window function: the running total of the partition''s x in the window''s order, exact, correctly rounded, NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumsum(double precision) IS
'window function: the running total of the partition''s x in the window''s order, exact, correctly rounded, NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(smallint) IS
'window function: the running maximum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(integer) IS
'window function: the running maximum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(bigint) IS
'window function: the running maximum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(real) IS
'window function: the running maximum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(double precision) IS
'window function: the running maximum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(smallint) IS
'window function: the running minimum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(integer) IS
'window function: the running minimum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(bigint) IS
'window function: the running minimum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(real) IS
'window function: the running minimum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(double precision) IS
'window function: the running minimum of the partition''s x in the window''s order, in PostgreSQL''s order (NaN above every other value), NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(smallint) IS
'window function: the running mean of the partition''s x in the window''s order, the exact sum over the count rounded once, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(integer) IS
'window function: the running mean of the partition''s x in the window''s order, the exact sum over the count rounded once, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(bigint) IS
'window function: the running mean of the partition''s x in the window''s order, the exact sum over the count rounded once, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(real) IS
'window function: the running mean of the partition''s x in the window''s order, the exact sum over the count rounded once, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(double precision) IS
'window function: the running mean of the partition''s x in the window''s order, the exact sum over the count rounded once, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(smallint, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped) (error if a total leaves bigint); "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(integer, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped) (error if a total leaves bigint); "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(bigint, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped) (error if a total leaves bigint); "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(real, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), correctly rounded; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(double precision, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), correctly rounded; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(smallint, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), rounded once; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(integer, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), rounded once; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(bigint, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), rounded once; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(real, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), rounded once; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(double precision, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), rounded once; "window" the same on every row of a partition; the frame clause does not apply';

-- exact_sum, exact_avg: the correctly rounded exact sum and mean of real and
-- double precision values (since 1.4), as plain aggregates and as window
-- aggregates over any frame; moving frames remove values exactly (O(1) a
-- row); parallel plans give the same bits as serial ones

CREATE FUNCTION exact_accum(internal, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_accum(internal, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_accum_inv(internal, real)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_accum_inv(internal, double precision)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum_inv'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_accum_combine(internal, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum_combine'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_accum_serialize(internal)
RETURNS bytea
AS 'MODULE_PATHNAME', 'exact_accum_serialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_accum_deserialize(bytea, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'exact_accum_deserialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION exact_sum_float4_final(internal)
RETURNS real
AS 'MODULE_PATHNAME', 'exact_sum_float4_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_sum_float8_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_sum_float8_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION exact_avg_final(internal)
RETURNS double precision
AS 'MODULE_PATHNAME', 'exact_avg_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION exact_accum(internal, real) IS
'transition of exact_sum and exact_avg: adds a value to the exact accumulator';
COMMENT ON FUNCTION exact_accum(internal, double precision) IS
'transition of exact_sum and exact_avg: adds a value to the exact accumulator';
COMMENT ON FUNCTION exact_accum_inv(internal, real) IS
'inverse transition of exact_sum and exact_avg: removes a value from the exact accumulator, exactly';
COMMENT ON FUNCTION exact_accum_inv(internal, double precision) IS
'inverse transition of exact_sum and exact_avg: removes a value from the exact accumulator, exactly';
COMMENT ON FUNCTION exact_accum_combine(internal, internal) IS
'combine function of exact_sum and exact_avg: the accumulator of two parts of the rows';
COMMENT ON FUNCTION exact_accum_serialize(internal) IS
'serial function of exact_sum and exact_avg: the accumulator as bytea';
COMMENT ON FUNCTION exact_accum_deserialize(bytea, internal) IS
'deserial function of exact_sum and exact_avg: the accumulator from bytea';
COMMENT ON FUNCTION exact_sum_float4_final(internal) IS
'final function of exact_sum(real): the exact sum rounded once to real';
COMMENT ON FUNCTION exact_sum_float8_final(internal) IS
'final function of exact_sum(double precision): the exact sum rounded once to double precision';
COMMENT ON FUNCTION exact_avg_final(internal) IS
'final function of exact_avg: the exact mean rounded once to double precision';

CREATE AGGREGATE exact_sum(real) (
    SFUNC = exact_accum,
    STYPE = internal,
    SSPACE = 160,
    FINALFUNC = exact_sum_float4_final,
    COMBINEFUNC = exact_accum_combine,
    SERIALFUNC = exact_accum_serialize,
    DESERIALFUNC = exact_accum_deserialize,
    MSFUNC = exact_accum,
    MINVFUNC = exact_accum_inv,
    MSTYPE = internal,
    MSSPACE = 160,
    MFINALFUNC = exact_sum_float4_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_sum(double precision) (
    SFUNC = exact_accum,
    STYPE = internal,
    SSPACE = 608,
    FINALFUNC = exact_sum_float8_final,
    COMBINEFUNC = exact_accum_combine,
    SERIALFUNC = exact_accum_serialize,
    DESERIALFUNC = exact_accum_deserialize,
    MSFUNC = exact_accum,
    MINVFUNC = exact_accum_inv,
    MSTYPE = internal,
    MSSPACE = 608,
    MFINALFUNC = exact_sum_float8_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(real) (
    SFUNC = exact_accum,
    STYPE = internal,
    SSPACE = 160,
    FINALFUNC = exact_avg_final,
    COMBINEFUNC = exact_accum_combine,
    SERIALFUNC = exact_accum_serialize,
    DESERIALFUNC = exact_accum_deserialize,
    MSFUNC = exact_accum,
    MINVFUNC = exact_accum_inv,
    MSTYPE = internal,
    MSSPACE = 160,
    MFINALFUNC = exact_avg_final,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(double precision) (
    SFUNC = exact_accum,
    STYPE = internal,
    SSPACE = 608,
    FINALFUNC = exact_avg_final,
    COMBINEFUNC = exact_accum_combine,
    SERIALFUNC = exact_accum_serialize,
    DESERIALFUNC = exact_accum_deserialize,
    MSFUNC = exact_accum,
    MINVFUNC = exact_accum_inv,
    MSTYPE = internal,
    MSSPACE = 608,
    MFINALFUNC = exact_avg_final,
    PARALLEL = SAFE
);

COMMENT ON AGGREGATE exact_sum(real) IS
'the exact sum of the non-NULL values rounded once to real (NULL for none); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_sum(double precision) IS
'the exact sum of the non-NULL values rounded once to double precision (NULL for none); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_avg(real) IS
'the exact mean of the non-NULL values rounded once to double precision (NULL for none); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
COMMENT ON AGGREGATE exact_avg(double precision) IS
'the exact mean of the non-NULL values rounded once to double precision (NULL for none); any frame, moving frames in O(1) a row; the same bits in serial and parallel plans';
