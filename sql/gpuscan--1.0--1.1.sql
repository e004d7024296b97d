/* gpuscan--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.1'" to load this file. \quit

-- gpu_cummax: running maxima along the last dimension, NULLs skipped, in
-- PostgreSQL's order of the type (NaN above every other value; of equal
-- values, such as -0 and 0, the later one)

CREATE FUNCTION gpu_cummax(arr smallint[])
RETURNS smallint[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(arr integer[])
RETURNS integer[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(arr bigint[])
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummax(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cummax'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cummax(smallint[]) IS
'running maxima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummax(integer[]) IS
'running maxima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummax(bigint[]) IS
'running maxima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummax(real[]) IS
'running maxima along the last dimension, NULL elements skipped (NULL positions stay NULL); NaN counts as larger than every other value';
COMMENT ON FUNCTION gpu_cummax(double precision[]) IS
'running maxima along the last dimension, NULL elements skipped (NULL positions stay NULL); NaN counts as larger than every other value';

-- gpu_cummin: running minima along the last dimension, NULLs skipped, in
-- PostgreSQL's order of the type (NaN above every other value; of equal
-- values, such as -0 and 0, the later one)

CREATE FUNCTION gpu_cummin(arr smallint[])
RETURNS smallint[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(arr integer[])
RETURNS integer[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(arr bigint[])
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cummin(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cummin'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cummin(smallint[]) IS
'running minima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummin(integer[]) IS
'running minima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummin(bigint[]) IS
'running minima along the last dimension, NULL elements skipped (NULL positions stay NULL)';
COMMENT ON FUNCTION gpu_cummin(real[]) IS
'running minima along the last dimension, NULL elements skipped (NULL positions stay NULL); NaN counts as larger than every other value, so it appears only where all values so far are NaN';
COMMENT ON FUNCTION gpu_cummin(double precision[]) IS
'running minima along the last dimension, NULL elements skipped (NULL positions stay NULL); NaN counts as larger than every other value, so it appears only where all values so far are NaN';
