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
