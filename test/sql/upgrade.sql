--
-- The upgrade path: version 1.0, then ALTER EXTENSION ... UPDATE to the
-- current version, gives the same functions as a fresh install.
--
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS gpuscan;
RESET client_min_messages;

-- The extension's functions, with their arguments and results.
CREATE FUNCTION pg_temp.ext_functions() RETURNS SETOF text LANGUAGE sql AS $$
  SELECT f FROM (
    SELECT p.oid::regprocedure::text || ' -> ' || pg_get_function_result(p.oid) AS f
    FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
    WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
      AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'gpuscan')) s
  ORDER BY f COLLATE "C"
$$;

CREATE EXTENSION gpuscan VERSION '1.0';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS functions_1_0 FROM pg_temp.ext_functions();
SELECT gpu_cumsum(ARRAY[1, 2, 3]) AS cumsum_1_0;
SELECT gpu_cummax(ARRAY[1, 2, 3]);

ALTER EXTENSION gpuscan UPDATE TO '1.1';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT * FROM pg_temp.ext_functions();
SELECT gpu_cummax(ARRAY[1, 3, 2]) AS cummax, gpu_cummin(ARRAY[3, 1, 2]::real[]) AS cummin;
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;
-- the 1.2 library serves the 1.1 declaration of gpuscan_last_run (9 columns)
SELECT elements, engine IN ('cpu', 'gpu') AS engine_named FROM gpuscan_last_run();

ALTER EXTENSION gpuscan UPDATE TO '1.2';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ '^gpuscan_(last_run|service)';
SELECT gpu_cumsum(ARRAY[1, 2, 3]) AS cumsum_1_2;
SELECT elements, (device_id IS NULL) = (engine = 'cpu') AS device_iff_gpu,
       (queue_ms IS NULL) = (engine = 'cpu') AS queue_iff_gpu,
       (host_ms IS NULL) = (engine = 'cpu') AS host_iff_gpu FROM gpuscan_last_run();
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

ALTER EXTENSION gpuscan UPDATE TO '1.3';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ '^gpuscan_last_run';
SELECT gpu_cumsum(ARRAY[1, 2, 3]) AS cumsum_1_3;
SELECT elements, input, read_ms IS NULL AS small_not_timed, (scan_ms IS NULL) AS no_scan_time,
       (wait_ms IS NULL) = (engine = 'cpu') AS wait_iff_gpu, cpu_ms IS NULL AS no_cpu_time,
       engine_reason IS NOT NULL AS reason_given FROM gpuscan_last_run();
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.3 brings the moving sums and means
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ '^gpu_(mov|cumavg)' AND f ~ 'integer\[\]';
SELECT gpu_movsum(ARRAY[1, 2, 3, 4], 2) AS movsum_1_3, gpu_movavg(ARRAY[1, 2, 3, 4], 2) AS movavg_1_3,
       gpu_cumavg(ARRAY[1, 2, 3, 4]::real[]) AS cumavg_1_3;

ALTER EXTENSION gpuscan UPDATE TO '1.4';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.4 brings the window forms of the scans and the exact aggregates
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ '^(gpu_\w+\((integer|real)(, integer)?\)|exact_)';
SELECT t, gpu_cumsum(x) OVER w AS cumsum_1_4, gpu_movavg(x, 2) OVER w AS movavg_1_4,
       exact_sum(x::real) OVER (ORDER BY t ROWS 1 PRECEDING) AS exact_sum_1_4
FROM (VALUES (1, 1), (2, 2), (3, 4)) v(t, x) WINDOW w AS (ORDER BY t) ORDER BY t;
SELECT exact_sum(x), exact_avg(x) FROM (VALUES (1e16::float8), (1), (-1e16)) v(x);
-- in 1.4 a numeric or bigint argument reaches the double precision forms
SELECT pg_typeof(exact_sum(x)) AS exact_sum_numeric_1_4, pg_typeof(exact_sum(x::bigint)) AS exact_sum_bigint_1_4
FROM (VALUES (0.1)) v(x);

ALTER EXTENSION gpuscan UPDATE TO '1.5';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.5 brings the numeric forms, and exact_sum and exact_avg of the exact types
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ 'numeric\M' OR f ~ '^exact_\w+\((smallint|integer|bigint)\)';
SELECT gpu_cumsum('{0.10,0.20}'::numeric[]) AS cumsum_1_5, gpu_movavg('{1,2.5}'::numeric[], 2) AS movavg_1_5;
SELECT t, gpu_cumsum(x) OVER (ORDER BY t) AS cumsum_1_5 FROM (VALUES (1, 0.10), (2, 0.20)) v(t, x) ORDER BY t;
SELECT exact_sum(x) AS exact_sum_numeric_1_5, exact_sum(y) AS exact_sum_bigint_1_5
FROM (VALUES (0.10, 9007199254740993), (0.20, 1)) v(x, y);
-- in 1.5 there is no exact variance
SELECT count(*) AS exact_variances_1_5 FROM pg_temp.ext_functions() f WHERE f ~ '^exact_(var|stddev)';

ALTER EXTENSION gpuscan UPDATE TO '1.6';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.6 brings the exact variances and standard deviations
SELECT * FROM pg_temp.ext_functions() f WHERE f ~ '^exact_(var|stddev|moments)';
SELECT t, exact_stddev(x) OVER (ORDER BY t ROWS 2 PRECEDING) AS stddev_1_6,
       exact_var_pop(x::real) OVER (ORDER BY t) AS var_pop_1_6
FROM (VALUES (1, 1), (2, 2), (3, 4), (4, 8)) v(t, x) ORDER BY t;
SELECT exact_variance(x) AS variance_1_6, exact_stddev_pop(x::numeric) AS stddev_pop_numeric_1_6
FROM (VALUES (1e16::float8), (1), (-1e16)) v(x);
-- in 1.6 there is no moving or running variance
SELECT count(*) AS variance_scans_1_6 FROM pg_temp.ext_functions() f WHERE f ~ '^gpu_(mov|cum)(var|std)';

ALTER EXTENSION gpuscan UPDATE TO '1.7';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.7 brings gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd
SELECT count(*) AS variance_scans_1_7 FROM pg_temp.ext_functions() f WHERE f ~ '^gpu_(mov|cum)(var|std)';
SET gpuscan.device = auto;	-- no GPU kernel for them yet (the GPU runner sets gpu)
SELECT gpu_movstd('{1,2,4,8}'::float8[], 2) AS movstd_1_7, gpu_cumvar('{1,2,4,8}'::int[]) AS cumvar_1_7;
SELECT t, gpu_movvar(x, 2) OVER (ORDER BY t) AS movvar_1_7, gpu_cumstd(x::real) OVER (ORDER BY t) AS cumstd_1_7
FROM (VALUES (1, 1), (2, 2), (3, 4), (4, 8)) v(t, x) ORDER BY t;
RESET gpuscan.device;
-- in 1.7 there is no covariance or regression aggregate
SELECT count(*) AS covariance_1_7 FROM pg_temp.ext_functions() f WHERE f ~ '^exact_(co|regr_)';

ALTER EXTENSION gpuscan UPDATE TO '1.8';
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS commented FROM pg_temp.ext_functions() f
WHERE obj_description(split_part(f, ' -> ', 1)::regprocedure, 'pg_proc') IS NOT NULL;

-- 1.8 brings exact_covar_pop, exact_covar_samp, exact_corr, exact_regr_*
SELECT count(*) AS covariance_1_8 FROM pg_temp.ext_functions() f WHERE f ~ '^exact_(co|regr_)';
SELECT exact_corr(y, x) AS corr_1_8, exact_regr_slope(y, x) AS slope_1_8, exact_covar_samp(y::bigint, x::bigint) AS covar_bigint_1_8
FROM (VALUES (1, 1), (2, 3), (4, 4), (8, 9)) v(y, x);
SELECT t, exact_regr_intercept(y, x) OVER (ORDER BY t ROWS 2 PRECEDING) AS intercept_1_8
FROM (VALUES (1, 1, 1), (2, 2, 3), (3, 4, 4), (4, 8, 9)) v(t, y, x) ORDER BY t;

-- Every function as the catalog has it: signature, result, volatility,
-- strictness, parallel safety, the C symbol and its comment.
CREATE FUNCTION pg_temp.ext_catalog() RETURNS SETOF text LANGUAGE sql AS $$
  SELECT f FROM (
    SELECT concat_ws(' | ', p.oid::regprocedure::text, pg_get_function_result(p.oid),
                     p.provolatile, p.proisstrict, p.proparallel, p.prosrc,
                     obj_description(p.oid, 'pg_proc')) AS f
    FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
    WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
      AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'gpuscan')) s
  ORDER BY f COLLATE "C"
$$;

-- and every aggregate as pg_aggregate has it
CREATE FUNCTION pg_temp.ext_aggregates() RETURNS SETOF text LANGUAGE sql AS $$
  SELECT f FROM (
    SELECT concat_ws(' | ', a.aggfnoid::regprocedure::text, a.aggtransfn, a.aggfinalfn, a.aggcombinefn,
                     a.aggserialfn, a.aggdeserialfn, a.aggmtransfn, a.aggminvtransfn, a.aggmfinalfn,
                     a.aggtranstype::regtype, a.aggtransspace, a.aggmtranstype::regtype, a.aggmtransspace,
                     p.proparallel) AS f
    FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
    WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
      AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'gpuscan')) s
  ORDER BY f COLLATE "C"
$$;
SELECT * FROM pg_temp.ext_aggregates();

-- a fresh install of the default version (its own script, gpuscan--1.8.sql)
-- has exactly the functions, properties and comments of the upgraded one
CREATE TEMP TABLE upgraded AS SELECT * FROM pg_temp.ext_catalog() f;
CREATE TEMP TABLE upgraded_aggregates AS SELECT * FROM pg_temp.ext_aggregates() f;
DROP EXTENSION gpuscan;
CREATE EXTENSION gpuscan;
SELECT extversion FROM pg_extension WHERE extname = 'gpuscan';
SELECT count(*) AS functions_1_8 FROM pg_temp.ext_catalog();
SELECT f AS only_upgraded FROM upgraded f EXCEPT SELECT * FROM pg_temp.ext_catalog();
SELECT f AS only_fresh FROM pg_temp.ext_catalog() f EXCEPT SELECT * FROM upgraded;
SELECT f AS only_upgraded_aggregate FROM upgraded_aggregates f EXCEPT SELECT * FROM pg_temp.ext_aggregates();
SELECT f AS only_fresh_aggregate FROM pg_temp.ext_aggregates() f EXCEPT SELECT * FROM upgraded_aggregates;
