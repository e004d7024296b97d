--
-- The GPU service: gpuscan_service(), what happens without it (gpuscan not
-- in shared_preload_libraries), and its limits, which only the server's
-- configuration sets.
--
-- The expected output is the same with and without preloading, with and
-- without a GPU, and under the GPU runner's forced settings: each check
-- prints whether the machine behaved as its kind must.
--
-- the extension and pg_temp.outcome (pg_regress sets PG_ABS_SRCDIR: test/)
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- Is gpuscan preloaded (and so its service registered)?
CREATE FUNCTION pg_temp.preloaded() RETURNS boolean LANGUAGE sql AS $$
  SELECT current_setting('shared_preload_libraries') ~ '(^|[ ,])"?gpuscan"?($|[ ,])'
$$;

-- A forced GPU scan's SQLSTATE, message and hint, or 'ok'.
CREATE FUNCTION pg_temp.forced(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  hint text;
BEGIN
  PERFORM set_config('gpuscan.device', 'gpu', true);
  EXECUTE q;
  RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS hint = PG_EXCEPTION_HINT;
  RETURN SQLSTATE || ': ' || SQLERRM || ' / ' || coalesce(hint, '');
END $$;

-- the columns
SELECT * FROM gpuscan_service() LIMIT 0;

-- rows exactly when preloaded: one per usable GPU, or one with no device
SELECT (count(*) > 0) = pg_temp.preloaded() AS rows_iff_preloaded,
       bool_and(pid > 0 AND started <= now()) IS NOT FALSE AS running,
       bool_and(state IN ('ready', 'no GPU')) IS NOT FALSE AS state_known,
       bool_and((state = 'ready') = (device_id IS NOT NULL)) IS NOT FALSE AS devices_iff_ready,
       bool_and((state = 'no GPU') = (message IS NOT NULL)) IS NOT FALSE AS message_iff_no_gpu,
       bool_and(requests >= 0 AND batches >= 0 AND bytes >= 0 AND busy_ms >= 0 AND errors >= 0
                AND queue_depth >= 0 AND free_segments BETWEEN 0 AND segments
                AND segments >= 1 AND active_scans >= 0) IS NOT FALSE AS counters_sane,
       -- gpuscan.service_ring_mb = -1 (the default): a segment per core, at least 4
       -- (-1 read as a size would give the most, 1024)
       bool_and(segments BETWEEN 4 AND 1023) IS NOT FALSE AS default_ring_segments
FROM gpuscan_service();

-- the service's devices are gpuscan_devices()'s
SELECT (SELECT count(*) FROM gpuscan_devices()) =
       (SELECT count(*) FROM gpuscan_service() WHERE device_id IS NOT NULL) AS same_devices,
       (SELECT count(*) FROM gpuscan_devices()) = 0 OR pg_temp.preloaded() AS devices_need_the_service;

-- the service is a process of its own
SELECT bool_and(pid <> pg_backend_pid()) IS NOT FALSE AS not_this_backend FROM gpuscan_service();

-- without the service, gpuscan.device = gpu is 55000 and its hint names the
-- setting; with it but no GPU, 55000 with the usual hint; with a GPU, it runs
SELECT CASE
         WHEN NOT pg_temp.preloaded()
         THEN pg_temp.forced($$SELECT gpu_cumsum(ARRAY[1, 2, 3])$$)
              LIKE '55000: gpuscan.device is "gpu" but no GPU is usable / Add gpuscan to shared_preload_libraries%'
         WHEN (SELECT count(*) FROM gpuscan_devices()) = 0
         THEN pg_temp.forced($$SELECT gpu_cumsum(ARRAY[1, 2, 3])$$)
              = '55000: gpuscan.device is "gpu" but no GPU is usable / Set gpuscan.device to "auto" or "cpu" to scan on the CPU.'
         ELSE pg_temp.forced($$SELECT gpu_cumsum(ARRAY[1, 2, 3])$$) = 'ok'
       END AS forced_gpu_behaves;

-- auto without a usable GPU scans on the CPU and says why: without the
-- service, the reason names shared_preload_libraries
SET gpuscan.device = auto;
SET gpuscan.gpu_min_elements = 0;
SELECT gpu_cumsum(ARRAY[1, NULL, 3]::real[]) AS auto_result;
SELECT CASE
         WHEN NOT pg_temp.preloaded()
         THEN engine = 'cpu' AND fallback_reason LIKE '%shared_preload_libraries%'
         WHEN (SELECT count(*) FROM gpuscan_devices()) = 0
         THEN engine = 'cpu' AND fallback_reason LIKE 'no usable GPU: %'
         ELSE engine = 'gpu' AND fallback_reason IS NULL AND device_id >= 0 AND queue_ms >= 0
       END AS auto_behaves
FROM gpuscan_last_run();
RESET gpuscan.gpu_min_elements;
RESET gpuscan.device;

-- the service's limits are server settings, defined when gpuscan is
-- preloaded: set in postgresql.conf (or ALTER SYSTEM, superusers only) and
-- read at server start; no session can change them
SELECT count(*) = CASE WHEN pg_temp.preloaded() THEN 4 ELSE 0 END AS defined_iff_preloaded,
       bool_and(context = 'postmaster' AND (unit = 'MB' OR name = 'gpuscan.copy_threads'))
         IS NOT FALSE AS server_start_only
FROM pg_settings
WHERE name IN ('gpuscan.service_ring_mb', 'gpuscan.service_chunk_mb', 'gpuscan.service_gpu_memory_mb',
               'gpuscan.copy_threads');
SELECT pg_temp.outcome($$SET gpuscan.service_ring_mb = 4096$$) <> 'ok' AS ring_not_settable,
       pg_temp.outcome($$SET gpuscan.service_gpu_memory_mb = 65536$$) <> 'ok' AS gpu_memory_not_settable,
       pg_temp.outcome($$SET gpuscan.copy_threads = 64$$) <> 'ok' AS copy_threads_not_settable;
-- no role without superuser may change them with ALTER SYSTEM (the
-- message differs between PostgreSQL versions: the SQLSTATE only)
CREATE ROLE regress_gpuscan_service_user;
SET ROLE regress_gpuscan_service_user;
\set VERBOSITY sqlstate
ALTER SYSTEM SET gpuscan.service_ring_mb = 4096;
ALTER SYSTEM SET gpuscan.service_chunk_mb = 1024;
ALTER SYSTEM SET gpuscan.service_gpu_memory_mb = 65536;
-- the per-connection pinned buffer of version 1.1 is gone
SHOW gpuscan.pinned_buffer_mb;
\set VERBOSITY default
RESET ROLE;
DROP ROLE regress_gpuscan_service_user;
