/* gpuscan--1.1--1.2.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.2'" to load this file. \quit

-- gpuscan_last_run gains the GPU that ran the scan, the time its chunks
-- waited in the GPU service's queue and the backend's own share (the plan
-- and the copies through the service's ring); a function's result columns
-- cannot change in place: drop it and create it anew

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
    OUT host_ms double precision)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_last_run'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION gpuscan_last_run() IS
'this backend''s last scan call: engine (cpu or gpu), kernel, elements, accumulator width, GPU transfer and kernel times, total time, why a GPU call ran on the CPU, the GPU that ran it, its wait in the GPU service''s queue and the backend''s plan and copies; no row before the first call';

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
    OUT segments integer)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'gpuscan_service'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gpuscan_service() IS
'the GPU service: its process, start and state, and per usable GPU the chunks run, the launches that ran several small ones, bytes moved, busy time, errors and its buffers'' GPU memory; requests waiting and free ring segments; one row with no device when it has no GPU; no rows without shared_preload_libraries';

-- the devices are the service's: without it (not preloaded) none
COMMENT ON FUNCTION gpuscan_devices() IS
'one row per CUDA device the GPU service uses; no rows without a GPU, a driver or the service (shared_preload_libraries)';
