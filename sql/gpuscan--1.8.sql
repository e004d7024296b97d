/* gpuscan--1.8.sql */

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

-- moving and running variances and standard deviations (since 1.7):
-- gpu_movvar, gpu_movstd over a moving window of "window" positions,
-- gpu_cumvar, gpu_cumstd over each row so far; the sample statistic
-- (n - 1) of the window's values, the exact variance rounded once and the
-- standard deviation the correctly rounded root of the exact variance; NULL
-- where a window holds fewer than two values; real for real, else double
-- precision.  On arrays and as window functions over table rows.  numeric
-- forms refuse (ERROR 0A000) rather than let a numeric argument reach the
-- double precision forms through a rounding cast.

CREATE FUNCTION gpu_movvar(arr smallint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr integer[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr bigint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr smallint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr integer[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr bigint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr smallint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr integer[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr bigint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr smallint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr integer[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr bigint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x smallint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x integer, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x bigint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x smallint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x integer, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x bigint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x smallint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x bigint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x smallint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x bigint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION gpu_movvar(smallint[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(integer[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(bigint[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(real[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as real; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(double precision[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(numeric[], integer) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_movstd(smallint[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(integer[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(bigint[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(real[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as real; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(double precision[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(numeric[], integer) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_cumvar(smallint[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(integer[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(bigint[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(real[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as real; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(double precision[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(numeric[]) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_cumstd(smallint[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(integer[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(bigint[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(real[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as real; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(double precision[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(numeric[]) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_movvar(smallint, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(integer, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(bigint, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(real, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as real; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(double precision, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(numeric, integer) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_movstd(smallint, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(integer, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(bigint, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(real, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as real; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(double precision, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(numeric, integer) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_cumvar(smallint) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(integer) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(bigint) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(real) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as real, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(double precision) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(numeric) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_cumstd(smallint) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(bigint) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(real) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as real, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(double precision) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(numeric) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';

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
