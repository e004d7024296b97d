--
-- Settings (gpuscan.*), gpuscan_last_run() and gpuscan_counters().
--
-- The expected output is the same on machines with and without a GPU, and
-- when the GPU runner forces gpuscan.device and gpuscan.kernel through
-- PGOPTIONS: where the outcome depends on the machine, the test checks the
-- outcome each kind of machine must give and prints only whether it did.
--
-- the extension and pg_temp.outcome (pg_regress sets PG_ABS_SRCDIR: test/)
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- A query's one value as text, or its SQLSTATE and message; run only when
-- called (so the planner cannot fold a call in an untaken CASE branch).
CREATE FUNCTION pg_temp.result(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r text;
BEGIN
  EXECUTE q INTO r;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

-- Is a GPU usable by this backend?
CREATE FUNCTION pg_temp.has_gpu() RETURNS boolean LANGUAGE sql AS $$
  SELECT count(*) > 0 FROM gpuscan_devices()
$$;

-- no scan yet in this backend: no row
SELECT count(*) AS rows_before_first_call FROM gpuscan_last_run();

-- the settings
SELECT name, vartype, enumvals, min_val, max_val, context
FROM pg_settings WHERE name LIKE 'gpuscan.%' AND context <> 'postmaster' ORDER BY name;
SET gpuscan.device = 'tpu';
SET gpuscan.kernel = 'sklansky';
SET gpuscan.gpu_min_elements = -2;
SET gpuscan.no_such_setting = 1;

--
-- gpuscan.device = cpu: the CPU engine, whatever the machine
--
SET gpuscan.device = cpu;
SELECT gpu_cumsum(ARRAY[1, 2, 3]) AS cpu;
SELECT engine, kernel IN ('avx512', 'avx2', 'portable') AS cpu_kernel, elements, accumulator_bits,
       h2d_ms IS NULL AND kernel_ms IS NULL AND d2h_ms IS NULL AS no_gpu_times,
       total_ms IS NULL AS too_small_to_time, fallback_reason
FROM gpuscan_last_run();
-- since 1.3: how the argument was read, where the time went, why this engine
-- (an argument below 32 kB is not timed: its times are NULL)
SELECT input, read_ms IS NULL AND scan_ms IS NULL AS not_timed,
       plan_ms IS NULL AND copy_ms IS NULL AND wait_ms IS NULL AND result_ms IS NULL AS no_gpu_steps,
       cpu_ms IS NULL AS too_small_for_cpu_time, engine_reason
FROM gpuscan_last_run();
SELECT (gpu_cumsum(array_fill(1.5::real, ARRAY[100000])))[100000] AS f4_100k;
SELECT elements, total_ms >= 0 AND read_ms >= 0 AND scan_ms >= 0 AS timed, cpu_ms >= 0 AS cpu_time_taken,
       total_ms >= read_ms + scan_ms AS steps_within_total
FROM gpuscan_last_run();
SELECT (gpu_cumsum(array_fill(1.5::real, ARRAY[8192])))[8192] AS f4_8k;
SELECT elements, total_ms >= 0 AS timed_from_32kb, cpu_ms IS NULL AS no_cpu_time_below_256kb
FROM gpuscan_last_run();
SELECT gpu_cumsum(ARRAY[1.5, NULL, 2]::real[]) AS f4;
SELECT engine, elements, accumulator_bits FROM gpuscan_last_run();
-- an exponent range that needs limbs: the width is reported
SELECT gpu_cumsum(ARRAY[1e308, 1e-308]::double precision[]) IS NOT NULL AS wide;
SELECT accumulator_bits > 128 AS wide_accumulator FROM gpuscan_last_run();
-- a failed call is a last run too
SELECT gpu_cumsum(ARRAY[9223372036854775807, 1]::bigint[]);
SELECT engine, elements FROM gpuscan_last_run();

--
-- gpuscan.device = gpu: the GPU engine, or SQLSTATE 55000 without a GPU
--
SET gpuscan.device = gpu;
SELECT CASE WHEN pg_temp.has_gpu()
            THEN pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[1, 2, 3])$$) = 'ok'
                 AND pg_temp.result($$SELECT engine = 'gpu' AND kernel IN ('kogge_stone', 'brent_kung', 'single_pass')
                                           AND h2d_ms >= 0 AND kernel_ms >= 0 AND d2h_ms >= 0
                                           AND fallback_reason IS NULL
                                    FROM gpuscan_last_run()$$) = 'true'
            ELSE pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[1, 2, 3])$$)
                 = '55000: gpuscan.device is "gpu" but no GPU is usable'
       END AS forced_gpu_behaves;
-- the same for every type and option: identical results or 55000
SELECT CASE WHEN pg_temp.has_gpu()
            THEN pg_temp.result($$SELECT gpu_cumsum(ARRAY[1, NULL, 3]::smallint[], true)::text$$) = '{0,NULL,1}'
                 AND pg_temp.result($$SELECT gpu_cumsum('{{1e8,1,-1e8},{1,2,3}}'::real[])::text$$)
                     = '{{1e+08,1e+08,1},{1,3,6}}'
                 AND pg_temp.result($$SELECT gpu_cumsum('{1,NaN,-0}'::double precision[])::text$$) = '{1,NaN,NaN}'
            ELSE pg_temp.result($$SELECT gpu_cumsum('{1}'::real[])::text$$) LIKE '55000:%'
       END AS forced_gpu_types;
-- an array with no value (empty, all NULL) needs no arithmetic: its result
-- without a GPU too; one value is a scan like any other
SELECT gpu_cumsum('{}'::int[]) AS empty, gpu_cumsum('{NULL,NULL}'::int[]) AS all_null,
       gpu_movavg('{{NULL},{NULL}}'::real[], 2) AS all_null_rows,
       (gpu_cummax(array_fill(NULL::float8, ARRAY[100000])))[100000] AS all_null_large;
SELECT CASE WHEN pg_temp.has_gpu()
            THEN pg_temp.result($$SELECT gpu_cumsum('{5}'::int[])::text$$) = '{5}'
            ELSE pg_temp.result($$SELECT gpu_cumsum('{5}'::int[])::text$$) LIKE '55000:%'
       END AS one_value_scans;
-- an array wider than the GPU's 128-bit accumulator runs on the CPU instead
SELECT CASE WHEN pg_temp.has_gpu()
            THEN pg_temp.result($$SELECT gpu_cumsum(ARRAY[1e308, 1e-308, -1e308]::double precision[])::text$$)
                     = '{1e+308,1e+308,1e-308}'
                 AND pg_temp.result($$SELECT engine = 'cpu' AND fallback_reason LIKE '%accumulator%'
                                    FROM gpuscan_last_run()$$) = 'true'
            ELSE pg_temp.result($$SELECT gpu_cumsum(ARRAY[1e308, 1e-308]::double precision[])::text$$) LIKE '55000:%'
       END AS wide_falls_back;
-- numeric (since 1.5): values that are fixed-point integers at their
-- largest display scale (38 digits; maxima and minima: a bigint) are
-- integer scans like any other: on the GPU, or 55000 without one; wider
-- values are PostgreSQL's numeric arithmetic in the backend under every
-- setting, this one included, recorded as a fallback from the GPU
SELECT CASE WHEN pg_temp.has_gpu()
            THEN pg_temp.result($$SELECT gpu_cumsum('{0.10,0.20}'::numeric[])::text$$) = '{0.10,0.30}'
                 AND pg_temp.result($$SELECT engine = 'gpu' AND elements = 2 FROM gpuscan_last_run()$$) = 'true'
                 AND pg_temp.result($$SELECT gpu_cummax('{0.10,1.5}'::numeric[])::text$$) = '{0.10,1.5}'
                 AND pg_temp.result($$SELECT engine = 'gpu' FROM gpuscan_last_run()$$) = 'true'
            ELSE pg_temp.result($$SELECT gpu_cumsum('{0.10,0.20}'::numeric[])::text$$) LIKE '55000:%'
                 AND pg_temp.result($$SELECT gpu_cummax('{0.10,1.5}'::numeric[])::text$$) LIKE '55000:%'
       END AS numeric_fixed_point_follows_device;
SELECT (SELECT gpu_fallbacks FROM gpuscan_counters()) AS fallbacks_before \gset
SELECT gpu_cumsum('{1e40,1,-1e40}'::numeric[]) AS numeric_wide, gpu_cummax('{1e20,1}'::numeric[]) AS numeric_wide_max;
SELECT engine, kernel, elements, fallback_reason, engine_reason, total_ms IS NULL AS not_timed FROM gpuscan_last_run();
SELECT gpu_fallbacks - :fallbacks_before AS numeric_fallbacks FROM gpuscan_counters();
-- both kernels give the same results
SELECT CASE WHEN pg_temp.has_gpu()
            THEN (SELECT bool_and(r.ok) FROM
                   (SELECT pg_temp.result(format($$SELECT set_config('gpuscan.kernel', %L, false)$$, k)) = k
                           AND pg_temp.result($$SELECT gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3])::text$$)
                               = '{3,4,11,11,15,16,22,25}'
                           AND pg_temp.result($$SELECT kernel FROM gpuscan_last_run()$$) = k AS ok
                    FROM unnest(ARRAY['kogge_stone', 'brent_kung', 'single_pass']) AS k) r)
            ELSE true
       END AS kernels_agree;
RESET gpuscan.kernel;

--
-- gpuscan.device = auto: the GPU from gpuscan.gpu_min_elements elements
--
SET gpuscan.device = auto;
SET gpuscan.gpu_min_elements = 1000;
SELECT gpu_cumsum(ARRAY[1, 2]) AS small;
SELECT engine, fallback_reason, split_part(engine_reason, ';', 1) AS engine_reason FROM gpuscan_last_run();
-- without the GPU service (not preloaded: gpuscan_service() has no row) auto says so too, at any size
SELECT (engine_reason LIKE '%; and no GPU service: gpuscan is not in shared_preload_libraries')
       = NOT EXISTS (SELECT FROM gpuscan_service()) AS no_service_said
FROM gpuscan_last_run();
-- a numeric scan's elements are its values' 31-bit limbs, an integer array
SELECT gpu_cumsum('{0.10,0.20}'::numeric[]) AS numeric_small, gpu_cumsum('{1e-15,1e10}'::numeric[]) AS numeric_three_limbs;
SELECT engine, kernel <> 'numeric' AS an_engine, elements, split_part(engine_reason, ';', 1) AS engine_reason
FROM gpuscan_last_run();
SELECT gpu_cumsum('{1e-30,1e10,-1e10}'::numeric[]) AS numeric_wide;
SELECT engine, kernel, elements, fallback_reason IS NULL AS no_fallback_under_auto, engine_reason
FROM gpuscan_last_run();
SELECT (gpu_cumsum(array_fill(1, ARRAY[5000])))[5000] AS large;
SELECT engine = CASE WHEN pg_temp.has_gpu() THEN 'gpu' ELSE 'cpu' END AS engine_as_expected,
       (fallback_reason IS NULL) = pg_temp.has_gpu() AS reason_iff_no_gpu,
       CASE WHEN pg_temp.has_gpu()
            THEN engine_reason LIKE '5000 elements of integer, at least gpuscan.gpu_min_elements; the GPU service had % ring segments free%'
            ELSE engine_reason LIKE 'the GPU engine could not take it: no usable GPU: %' END AS engine_reason_given
FROM gpuscan_last_run();
-- a busy host: more large scans running (this one included) than
-- gpuscan.auto_max_host_scans keeps auto on the CPU engine
SET gpuscan.auto_max_host_scans = 0;
SELECT (gpu_cumsum(array_fill(1, ARRAY[70000])))[70000] AS large_busy_host;
SELECT engine = 'cpu' AS on_the_cpu,
       CASE WHEN pg_temp.has_gpu()
            THEN engine_reason LIKE 'the host is busy: 1 large scan running, more than gpuscan.auto_max_host_scans (0), %'
            ELSE engine_reason LIKE 'the GPU engine could not take it: no usable GPU: %' END AS engine_reason_given
FROM gpuscan_last_run();
SELECT pg_temp.outcome($$SET gpuscan.auto_max_host_scans = -2$$) <> 'ok' AS minus_two_refused;
RESET gpuscan.auto_max_host_scans;
RESET gpuscan.gpu_min_elements;

-- the counters move with the calls
SET gpuscan.device = cpu;
CREATE TEMP TABLE c0 AS SELECT * FROM gpuscan_counters();
SELECT gpu_cumsum(ARRAY[1]) AS one, gpu_cumsum(ARRAY[2]) AS two;
SELECT g.cpu_calls - c0.cpu_calls AS cpu_calls_added, g.gpu_calls - c0.gpu_calls AS gpu_calls_added
FROM gpuscan_counters() g, c0;
RESET gpuscan.device;

--
-- gpuscan.cpu_simd: the CPU engine's vector instructions (superuser only);
-- every choice gives the same bits, and the kernel reported is at most
-- the one allowed (a CPU without AVX2 reports portable under each)
--
SET gpuscan.device = cpu;
SELECT setseed(0.25);
CREATE TEMP TABLE simd_in AS
SELECT array_agg(random() * 2000 - 1000 ORDER BY i) AS d,
       array_agg(((random() * 2000 - 1000) * 1048576)::real ORDER BY i) AS r,
       array_agg((random() * 2e9 - 1e9)::int ORDER BY i) AS n
FROM generate_series(1, 30000) i;
CREATE TEMP TABLE simd_out (choice text, kernel text, d_sum float8[], d_cumavg float8[], d_movavg float8[],
                            r_sum real[], r_cumavg real[], r_movavg real[], n_cumavg float8[], n_movsum bigint[]);
CREATE FUNCTION pg_temp.simd_run(choice text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('gpuscan.cpu_simd', choice, false);
  INSERT INTO simd_out
  SELECT choice, NULL, gpu_cumsum(d), gpu_cumavg(d), gpu_movavg(d, 1000),
         gpu_cumsum(r), gpu_cumavg(r), gpu_movavg(r, 1000), gpu_cumavg(n), gpu_movsum(n, 1000)
  FROM simd_in;
  UPDATE simd_out SET kernel = (SELECT kernel FROM gpuscan_last_run()) WHERE simd_out.choice = simd_run.choice;
END $$;
SELECT pg_temp.simd_run('auto'), pg_temp.simd_run('avx2'), pg_temp.simd_run('off');
SHOW gpuscan.cpu_simd;
SELECT choice, CASE choice WHEN 'off' THEN kernel = 'portable'
                           WHEN 'avx2' THEN kernel IN ('avx2', 'portable')
                           ELSE kernel IN ('avx512', 'avx2', 'portable') END AS kernel_allowed
FROM simd_out ORDER BY choice;
SELECT o.choice,
       o.d_sum = a.d_sum AND o.d_cumavg = a.d_cumavg AND o.d_movavg = a.d_movavg
       AND o.r_sum = a.r_sum AND o.r_cumavg = a.r_cumavg AND o.r_movavg = a.r_movavg
       AND o.n_cumavg = a.n_cumavg AND o.n_movsum = a.n_movsum AS same_as_auto
FROM simd_out o, simd_out a WHERE a.choice = 'auto' AND o.choice <> 'auto' ORDER BY o.choice;
SET gpuscan.cpu_simd = avx512;
RESET gpuscan.cpu_simd;
RESET gpuscan.device;

--
-- gpuscan.inject_fault: testing only, superuser only (test/gpu/run.sh uses
-- it on the GPU); the CPU engine never injects anything
--
SHOW gpuscan.inject_fault;
CREATE ROLE regress_gpuscan_user;
SET ROLE regress_gpuscan_user;
SET gpuscan.inject_fault = gpu_alloc;
-- reading in slices is a user's choice; the slice size is for testing only
SET gpuscan.toast_streaming = off;
SET gpuscan.toast_slice_bytes = 7;
SET gpuscan.cpu_simd = off;
RESET gpuscan.toast_streaming;
RESET ROLE;
DROP ROLE regress_gpuscan_user;
SET gpuscan.inject_fault = cuda_error;
SET gpuscan.device = cpu;
SELECT gpu_cumsum(ARRAY[1, 2, 3]) AS cpu_unaffected, gpu_cummax(ARRAY[1, 3, 2]) AS cummax;
RESET gpuscan.device;
RESET gpuscan.inject_fault;
-- gpuscan.inject_gpu_fault: a failing GPU is the server's (test/gpu/multi_gpu.sh),
-- set in the configuration and reloaded, never in a session
SHOW gpuscan.inject_gpu_fault;
SET gpuscan.inject_gpu_fault = 0;
