/* gpuscan--1.0.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION gpuscan" to load this file. \quit

-- gpu_cumsum: running totals along the last dimension, NULLs skipped, exact

CREATE FUNCTION gpu_cumsum(arr smallint[], exclusive boolean DEFAULT false)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(arr integer[], exclusive boolean DEFAULT false)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(arr bigint[], exclusive boolean DEFAULT false)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(arr real[], exclusive boolean DEFAULT false)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumsum(arr double precision[], exclusive boolean DEFAULT false)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpu_cumsum(smallint[], boolean) IS
'running totals along the last dimension as bigint[], NULL elements skipped; exclusive => true gives the total before each element';
COMMENT ON FUNCTION gpu_cumsum(integer[], boolean) IS
'running totals along the last dimension as bigint[], NULL elements skipped; exclusive => true gives the total before each element';
COMMENT ON FUNCTION gpu_cumsum(bigint[], boolean) IS
'running totals along the last dimension, exact (error if a total leaves bigint), NULL elements skipped; exclusive => true gives the total before each element';
COMMENT ON FUNCTION gpu_cumsum(real[], boolean) IS
'running totals along the last dimension, each the correctly rounded exact sum, NULL elements skipped; exclusive => true gives the total before each element';
COMMENT ON FUNCTION gpu_cumsum(double precision[], boolean) IS
'running totals along the last dimension, each the correctly rounded exact sum, NULL elements skipped; exclusive => true gives the total before each element';

-- gpuscan_devices: the CUDA devices this server can use (none: zero rows)

CREATE FUNCTION gpuscan_devices(
    OUT device_id integer,
    OUT name text,
    OUT compute_capability text,
    OUT multiprocessors integer,
    OUT total_memory_mb bigint,
    OUT driver_version text,
    OUT runtime_version text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_devices'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpuscan_devices() IS
'one row per CUDA device usable by this server; no rows without a GPU or driver';

-- what the last scan did, for the user's "EXPLAIN" of one call

CREATE FUNCTION gpuscan_last_run(
    OUT engine text,
    OUT kernel text,
    OUT elements bigint,
    OUT accumulator_bits integer,
    OUT h2d_ms double precision,
    OUT kernel_ms double precision,
    OUT d2h_ms double precision,
    OUT total_ms double precision,
    OUT fallback_reason text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_last_run'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION gpuscan_last_run() IS
'this backend''s last scan call: engine (cpu or gpu), kernel, elements, accumulator width, GPU transfer and kernel times, total time, and why a GPU call ran on the CPU; no row before the first call';

CREATE FUNCTION gpuscan_counters(
    OUT gpu_calls bigint,
    OUT cpu_calls bigint,
    OUT gpu_fallbacks bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_counters'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION gpuscan_counters() IS
'this backend''s scans on each engine, and the calls meant for the GPU that ran on the CPU';
