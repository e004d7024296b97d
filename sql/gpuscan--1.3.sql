/* gpuscan--1.3.sql */

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

-- gpu_movsum, gpu_movavg: the exact sum and mean of a moving window of
-- "window" positions along the last dimension (fewer at the start of a row;
-- NULL positions counted, their values skipped); gpu_cumavg: the running
-- mean of everything so far in the row

CREATE FUNCTION gpu_movsum(arr smallint[], "window" integer)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(arr integer[], "window" integer)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(arr bigint[], "window" integer)
RETURNS bigint[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movsum(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movsum'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr smallint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr integer[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr bigint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movavg(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr smallint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr integer[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr bigint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumavg(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumavg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpu_movsum(smallint[], integer) IS
'the exact sum of each moving window of window positions along the last dimension as bigint[] (error if a window sum leaves bigint); NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movsum(integer[], integer) IS
'the exact sum of each moving window of window positions along the last dimension as bigint[] (error if a window sum leaves bigint); NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movsum(bigint[], integer) IS
'the exact sum of each moving window of window positions along the last dimension as bigint[] (error if a window sum leaves bigint); NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movsum(real[], integer) IS
'the sum of each moving window of window positions along the last dimension, each the correctly rounded exact sum; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movsum(double precision[], integer) IS
'the sum of each moving window of window positions along the last dimension, each the correctly rounded exact sum; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movavg(smallint[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, the exact sum over the count rounded once to double precision; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movavg(integer[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, the exact sum over the count rounded once to double precision; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movavg(bigint[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, the exact sum over the count rounded once to double precision; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movavg(real[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, the exact sum over the count rounded once to real; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_movavg(double precision[], integer) IS
'the mean of the values in each moving window of window positions along the last dimension, the exact sum over the count rounded once to double precision; NULL positions count as positions, their values are skipped, and stay NULL';

COMMENT ON FUNCTION gpu_cumavg(smallint[]) IS
'the running mean of the values so far along the last dimension, the exact sum over the count rounded once to double precision; NULL elements skipped (NULL positions stay NULL)';

COMMENT ON FUNCTION gpu_cumavg(integer[]) IS
'the running mean of the values so far along the last dimension, the exact sum over the count rounded once to double precision; NULL elements skipped (NULL positions stay NULL)';

COMMENT ON FUNCTION gpu_cumavg(bigint[]) IS
'the running mean of the values so far along the last dimension, the exact sum over the count rounded once to double precision; NULL elements skipped (NULL positions stay NULL)';

COMMENT ON FUNCTION gpu_cumavg(real[]) IS
'the running mean of the values so far along the last dimension, the exact sum over the count rounded once to real; NULL elements skipped (NULL positions stay NULL)';

COMMENT ON FUNCTION gpu_cumavg(double precision[]) IS
'the running mean of the values so far along the last dimension, the exact sum over the count rounded once to double precision; NULL elements skipped (NULL positions stay NULL)';

-- gpuscan_devices: the CUDA devices the GPU service uses (none: zero rows)

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
'one row per CUDA device the GPU service uses; no rows without a GPU, a driver or the service (shared_preload_libraries)';

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
    OUT fallback_reason text,
    OUT device_id integer,
    OUT queue_ms double precision,
    OUT host_ms double precision,
    OUT input text,
    OUT read_ms double precision,
    OUT plan_ms double precision,
    OUT copy_ms double precision,
    OUT wait_ms double precision,
    OUT scan_ms double precision,
    OUT result_ms double precision,
    OUT cpu_ms double precision,
    OUT engine_reason text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_last_run'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION gpuscan_last_run() IS
'this backend''s last scan call: engine (cpu or gpu), kernel, elements, accumulator width, GPU transfer and kernel times, total time, why a GPU call ran on the CPU, the GPU that ran it, its wait in the GPU service''s queue, the backend''s plan and copies; since 1.3 how the argument was read (toast slices, detoasted copy, in memory), where the call''s time went (read, plan, copies, wait for the GPU, CPU scan, results), the process''s CPU time and why the engine was chosen; no row before the first call';

CREATE FUNCTION gpuscan_counters(
    OUT gpu_calls bigint,
    OUT cpu_calls bigint,
    OUT gpu_fallbacks bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_counters'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION gpuscan_counters() IS
'this backend''s scans on each engine, and the calls meant for the GPU that ran on the CPU';

-- gpuscan_service: the GPU service that runs every GPU scan of the server
-- (gpuscan in shared_preload_libraries; no rows otherwise)

CREATE FUNCTION gpuscan_service(
    OUT pid integer,
    OUT started timestamp with time zone,
    OUT state text,
    OUT message text,
    OUT device_id integer,
    OUT device_name text,
    OUT requests bigint,
    OUT batches bigint,
    OUT bytes bigint,
    OUT busy_ms double precision,
    OUT errors bigint,
    OUT gpu_memory_mb bigint,
    OUT queue_depth integer,
    OUT free_segments integer,
    OUT segments integer,
    OUT active_scans integer)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_service'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpuscan_service() IS
'the GPU service: its process, start and state, and per usable GPU the chunks run, the launches that ran several small ones, bytes moved, busy time, errors and its buffers'' GPU memory; requests waiting, free ring segments, and (since 1.3) the large scans running now on either engine; one row with no device when it has no GPU; no rows without shared_preload_libraries';
