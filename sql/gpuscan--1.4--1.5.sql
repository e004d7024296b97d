/* gpuscan--1.4--1.5.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.5'" to load this file. \quit

-- numeric forms of every scan (since 1.5), on arrays and over table rows:
-- each result is numeric, what PostgreSQL's own sum, max, min or avg of
-- numeric gives over the position's frame, in value and in text (display
-- scale included); NULL where the input is NULL.  Without them a numeric
-- argument reached the double precision forms through an implicit cast.

CREATE FUNCTION gpu_cumsum(arr numeric[], exclusive boolean DEFAULT false)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cumsum(numeric[], boolean) IS
'running totals along the last dimension, exact, as sum(numeric) gives them (display scale the largest so far), NULL elements skipped; exclusive => true gives the total before each element';
COMMENT ON FUNCTION gpu_cummax(numeric[]) IS
'running maxima along the last dimension, as max(numeric) gives them (NaN above every other value; of equal values the later one, as stored), NULL elements skipped';
COMMENT ON FUNCTION gpu_cummin(numeric[]) IS
'running minima along the last dimension, as min(numeric) gives them (NaN above every other value; of equal values the later one, as stored), NULL elements skipped';
COMMENT ON FUNCTION gpu_cumavg(numeric[]) IS
'the running mean of the values so far along the last dimension, as avg(numeric) gives it, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_movsum(numeric[], integer) IS
'the exact sum of each moving window of window positions along the last dimension, as sum(numeric) gives it (display scale the window''s largest); NULL positions count as positions, their values are skipped, and stay NULL';
COMMENT ON FUNCTION gpu_movavg(numeric[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, as avg(numeric) gives it; NULL positions count as positions, their values are skipped, and stay NULL';

CREATE FUNCTION gpu_cumsum(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cummax_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cummin_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movsum_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movavg_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cumsum(numeric) IS
'window function: the running total of the partition''s x in the window''s order, exact, as sum(numeric) gives it, NULL rows skipped (NULL there); the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummax(numeric) IS
'window function: the running maximum of the partition''s x in the window''s order, as max(numeric) gives it, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cummin(numeric) IS
'window function: the running minimum of the partition''s x in the window''s order, as min(numeric) gives it, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumavg(numeric) IS
'window function: the running mean of the partition''s x in the window''s order, as avg(numeric) gives it, NULL rows skipped; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movsum(numeric, integer) IS
'window function: the exact sum of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as sum(numeric) gives it; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movavg(numeric, integer) IS
'window function: the mean of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as avg(numeric) gives it; "window" the same on every row of a partition; the frame clause does not apply';

-- exact_sum and exact_avg of the exact types (since 1.5): PostgreSQL's own
-- sum and avg of each type, built on its own support functions, so results
-- and result types are theirs (sum(integer) is bigint; sum(bigint) and the
-- means are numeric), with their moving, combine and serial functions.
-- Without them an integer or numeric argument reached the double precision
-- form through an implicit cast, which rounds bigint past 2^53 and any
-- numeric of more than 15 significant digits.

CREATE AGGREGATE exact_sum(smallint) (
    SFUNC = int2_sum,
    STYPE = bigint,
    COMBINEFUNC = int8pl,
    MSFUNC = int2_avg_accum,
    MINVFUNC = int2_avg_accum_inv,
    MSTYPE = bigint[],
    MFINALFUNC = int2int4_sum,
    MINITCOND = '{0,0}',
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_sum(integer) (
    SFUNC = int4_sum,
    STYPE = bigint,
    COMBINEFUNC = int8pl,
    MSFUNC = int4_avg_accum,
    MINVFUNC = int4_avg_accum_inv,
    MSTYPE = bigint[],
    MFINALFUNC = int2int4_sum,
    MINITCOND = '{0,0}',
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_sum(bigint) (
    SFUNC = int8_avg_accum,
    STYPE = internal,
    SSPACE = 48,
    FINALFUNC = numeric_poly_sum,
    COMBINEFUNC = int8_avg_combine,
    SERIALFUNC = int8_avg_serialize,
    DESERIALFUNC = int8_avg_deserialize,
    MSFUNC = int8_avg_accum,
    MINVFUNC = int8_avg_accum_inv,
    MSTYPE = internal,
    MSSPACE = 48,
    MFINALFUNC = numeric_poly_sum,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_sum(numeric) (
    SFUNC = numeric_avg_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_sum,
    COMBINEFUNC = numeric_avg_combine,
    SERIALFUNC = numeric_avg_serialize,
    DESERIALFUNC = numeric_avg_deserialize,
    MSFUNC = numeric_avg_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_sum,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(smallint) (
    SFUNC = int2_avg_accum,
    STYPE = bigint[],
    FINALFUNC = int8_avg,
    COMBINEFUNC = int4_avg_combine,
    INITCOND = '{0,0}',
    MSFUNC = int2_avg_accum,
    MINVFUNC = int2_avg_accum_inv,
    MSTYPE = bigint[],
    MFINALFUNC = int8_avg,
    MINITCOND = '{0,0}',
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(integer) (
    SFUNC = int4_avg_accum,
    STYPE = bigint[],
    FINALFUNC = int8_avg,
    COMBINEFUNC = int4_avg_combine,
    INITCOND = '{0,0}',
    MSFUNC = int4_avg_accum,
    MINVFUNC = int4_avg_accum_inv,
    MSTYPE = bigint[],
    MFINALFUNC = int8_avg,
    MINITCOND = '{0,0}',
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(bigint) (
    SFUNC = int8_avg_accum,
    STYPE = internal,
    SSPACE = 48,
    FINALFUNC = numeric_poly_avg,
    COMBINEFUNC = int8_avg_combine,
    SERIALFUNC = int8_avg_serialize,
    DESERIALFUNC = int8_avg_deserialize,
    MSFUNC = int8_avg_accum,
    MINVFUNC = int8_avg_accum_inv,
    MSTYPE = internal,
    MSSPACE = 48,
    MFINALFUNC = numeric_poly_avg,
    PARALLEL = SAFE
);

CREATE AGGREGATE exact_avg(numeric) (
    SFUNC = numeric_avg_accum,
    STYPE = internal,
    SSPACE = 128,
    FINALFUNC = numeric_avg,
    COMBINEFUNC = numeric_avg_combine,
    SERIALFUNC = numeric_avg_serialize,
    DESERIALFUNC = numeric_avg_deserialize,
    MSFUNC = numeric_avg_accum,
    MINVFUNC = numeric_accum_inv,
    MSTYPE = internal,
    MSSPACE = 128,
    MFINALFUNC = numeric_avg,
    PARALLEL = SAFE
);

COMMENT ON AGGREGATE exact_sum(smallint) IS
'the exact sum of the non-NULL values as bigint, PostgreSQL''s sum(smallint); any frame, moving frames in O(1) a row';
COMMENT ON AGGREGATE exact_sum(integer) IS
'the exact sum of the non-NULL values as bigint, PostgreSQL''s sum(integer); any frame, moving frames in O(1) a row';
COMMENT ON AGGREGATE exact_sum(bigint) IS
'the exact sum of the non-NULL values as numeric, PostgreSQL''s sum(bigint); any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_sum(numeric) IS
'the exact sum of the non-NULL values, PostgreSQL''s sum(numeric); any frame, moving frames in O(1) a row (a frame whose only value of the largest display scale leaves is summed again, as for sum); parallel plans';
COMMENT ON AGGREGATE exact_avg(smallint) IS
'the mean of the non-NULL values as numeric, PostgreSQL''s avg(smallint); any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_avg(integer) IS
'the mean of the non-NULL values as numeric, PostgreSQL''s avg(integer); any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_avg(bigint) IS
'the mean of the non-NULL values as numeric, PostgreSQL''s avg(bigint); any frame, moving frames in O(1) a row; parallel plans';
COMMENT ON AGGREGATE exact_avg(numeric) IS
'the mean of the non-NULL values, PostgreSQL''s avg(numeric); any frame, moving frames in O(1) a row (a frame whose only value of the largest display scale leaves is summed again, as for avg); parallel plans';
