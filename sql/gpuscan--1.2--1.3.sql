/* gpuscan--1.2--1.3.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.3'" to load this file. \quit

-- gpuscan_last_run gains a plain account of where a call's time went (how
-- its argument was read and how long that took, the GPU plan, copies, the
-- wait for the GPU service, the CPU engine's scan, the results), the
-- process's CPU time and why the engine was chosen; a function's result
-- columns cannot change in place: drop it and create it anew

DROP FUNCTION gpuscan_last_run();

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

-- gpuscan_service gains the large scans running now on either engine,
-- which gpuscan.device = auto weighs (the host's load)

DROP FUNCTION gpuscan_service();

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
