/* naive--1.0.sql */
\echo Use "CREATE EXTENSION naive" to load this file. \quit

CREATE FUNCTION naive_cumsum(a double precision[]) RETURNS double precision[]
AS 'MODULE_PATHNAME', 'naive_cumsum' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION naive_cumsum(double precision[]) IS
'running sums of a one-dimensional array without NULLs by a plain float loop (inexact): a benchmark baseline';
