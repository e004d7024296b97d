--
-- Moving and running variances and standard deviations (since 1.7):
-- gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd on arrays of every type
-- and as window functions over rows.
--
-- The reference is PostgreSQL's numeric over the same window, as in the
-- spread suite: with n, S1, S2 exact (the values are multiples of 1/64 and
-- integers, exact through the cast to numeric), N = n S2 - S1^2 exact and
-- N / (n (n - 1)) to 300 decimals (a standard deviation its square root to
-- as many), rounded once by the cast to double precision, compared as
-- text.  test/spread.py checks the whole exponent range, real results and
-- every position of long rows against Python's fractions.  Nothing here
-- depends on the engine.
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup
-- The GPU engine has no kernel for these yet: the suite runs them under
-- auto (the GPU runner sets gpuscan.device = gpu for every suite).
SET gpuscan.device = auto;

CREATE FUNCTION pg_temp.ref(n bigint, s1 numeric, s2 numeric, root boolean)
RETURNS double precision LANGUAGE sql AS $$
  SELECT CASE WHEN n < 2 THEN NULL
              WHEN root THEN sqrt(round(n * s2 - s1 * s1, 300) / (n * (n - 1)))::float8
              ELSE (round(n * s2 - s1 * s1, 300) / (n * (n - 1)))::float8 END
$$;

-- A 3-position moving deviation and the running variance; NULL where a
-- window holds fewer than two values, NULL elements skipped and NULL.
SELECT gpu_movstd('{100.25,100.5,100.125,NULL,101,100.75,100.75}'::float8[], 3) AS movstd,
       gpu_cumvar('{100.25,100.5,100.125,NULL,101,100.75,100.75}'::float8[]) AS cumvar;
SELECT gpu_movvar('{1,2,4,8}'::smallint[], 2) AS i2, gpu_movvar('{1,2,4,8}'::integer[], 2) AS i4,
       gpu_movvar('{1,2,4,8}'::bigint[], 2) AS i8, gpu_movvar('{1,2,4,8}'::real[], 2) AS f4,
       gpu_cumstd('{1,2,4,8}'::real[]) AS f4_std;
SELECT pg_typeof(gpu_movstd('{1}'::real[], 2)) AS f4, pg_typeof(gpu_movstd('{1}'::int[], 2)) AS i4,
       pg_typeof(gpu_cumvar('{1}'::bigint[])) AS i8, pg_typeof(gpu_cumvar('{1}'::float8[])) AS f8;
-- bigint past 2^53, exactly (not through double precision)
SELECT gpu_movvar('{9007199254740993,9007199254740995,9223372036854775807,-9223372036854775808}'::bigint[], 2) AS big;

-- Shapes: rows along the last dimension, lower bounds kept; empty; a
-- window of 1 (every position NULL); all NULL.
SELECT gpu_cumvar('[5:6][0:2]={{1,2,4},{3,3,3}}'::float8[]) AS two_rows,
       gpu_movstd('{}'::float8[], 3) AS empty, gpu_movvar('{1,2,3}'::float8[], 1) AS window_one,
       gpu_cumstd('{NULL,NULL}'::float8[]) AS all_null;

-- The rules: NaN when a NaN or an infinity is in the window; +0 for equal
-- values (-0 among them too); the constant window after huge values is 0.
SELECT gpu_movvar('{1,NaN,3,4,Infinity,6,7,-Infinity,9,10}'::float8[], 2) AS special;
SELECT float8send(v) AS plus_zero FROM unnest(gpu_movvar('{-0.0,-0.0,0,-0.0}'::float8[], 2)) v LIMIT 2 OFFSET 1;
SELECT (gpu_movstd(array_cat(array_fill(1e6::float8, ARRAY[5000]) || array_fill(-1e6::float8, ARRAY[5000]),
                             array_fill(0.1::float8, ARRAY[1000])), 1000))[11000] AS constant_after_huge;
-- sums of squares past 2^1024 and subnormals: exact, not overflowing
SELECT gpu_movvar('{1e160,1.0000000000000002e160,1.0000000000000004e160}'::float8[], 3) AS squares_past_range,
       gpu_movstd('{5e-324,1.5e-323,1e-323}'::float8[], 2) AS subnormals;
-- a variance beyond double precision is ERROR 22003; its root is not,
-- unless it is beyond too
SELECT pg_temp.outcome($$SELECT gpu_movvar('{1,-1e308,1e308}'::float8[], 2)$$) AS var_overflow;
SELECT gpu_cumstd('{1e308,-1e308}'::float8[]) AS sd_ok,
       pg_temp.outcome($$SELECT gpu_cumstd('{-1.7976931348623157e308,1.7976931348623157e308}'::float8[])$$) AS sd_overflow;
SELECT pg_temp.outcome($$SELECT gpu_movvar('{1e30,-1e30}'::real[], 2)$$) AS real_overflow;
-- the error names the first subscript (row) out of range, past the first block
SELECT gpu_movvar(array_fill(1.0::float8, ARRAY[5000]) || '{1e308,-1e308,1}'::float8[], 2);
SELECT count(v) FROM (SELECT gpu_cumvar(x) OVER (ORDER BY i) AS v
  FROM (SELECT i, CASE i WHEN 5002 THEN 1e308 WHEN 5003 THEN -1e308 ELSE 1 END::float8 AS x
        FROM generate_series(1, 6000) i) s) q;
SELECT count(v) FROM (SELECT gpu_movstd(x, 2) OVER (ORDER BY i) AS v
  FROM (SELECT i, CASE i WHEN 5002 THEN 1.7976931348623157e308 WHEN 5003 THEN -1.7976931348623157e308 ELSE 1 END::float8 AS x
        FROM generate_series(1, 6000) i) s) q;

-- Errors: the window, numeric (no silent cast), the GPU (no kernel yet:
-- auto says why), another type.
SELECT pg_temp.outcome($$SELECT gpu_movstd('{1,2}'::float8[], 0)$$) AS zero_window;
SELECT pg_temp.outcome($$SELECT gpu_movstd('{1,2}'::numeric[], 2)$$) AS numeric_array;
SELECT pg_temp.outcome($$SELECT gpu_cumvar(x) OVER (ORDER BY x) FROM (VALUES (1::numeric)) v(x)$$) AS numeric_rows;
SELECT pg_temp.outcome($$SELECT gpu_cumvar('{1,2}'::text[])$$) AS text_array;
SET gpuscan.device = gpu;
SELECT pg_temp.outcome($$SELECT gpu_cumstd('{1,2}'::float8[])$$) AS on_gpu;
SET gpuscan.device = auto;
SELECT gpu_cumstd('{1,2}'::float8[]) AS auto, engine_reason FROM gpuscan_last_run();

-- Against the numeric reference at every position: values of every kind
-- (multiples of 1/64 near 100 and spread wider, large integers, NULLs), windows of 2 to 1,000
-- positions and running, 12,000 positions (several of the CPU engine's
-- blocks), on arrays and over rows.
CREATE TABLE spread_scan AS
SELECT i, i % 3 AS g,
       CASE WHEN i % 97 = 0 THEN NULL WHEN i % 1009 = 0 THEN 1e15 * (i % 3 - 1)
            WHEN i % 5 = 0 THEN (i::bigint * 7919 % 1000003) / 64.0
            ELSE (i::bigint * 104729 % 100003) / 64.0 + 100 END::float8 AS x
FROM generate_series(1, 12000) i;
CREATE TEMP TABLE spread_scan_ref AS
SELECT i, g, x, w,
       pg_temp.ref(count(x) OVER r2, sum(x::numeric) OVER r2, sum(x::numeric * x::numeric) OVER r2, false) AS var2,
       pg_temp.ref(count(x) OVER r7, sum(x::numeric) OVER r7, sum(x::numeric * x::numeric) OVER r7, true) AS std7,
       pg_temp.ref(count(x) OVER rk, sum(x::numeric) OVER rk, sum(x::numeric * x::numeric) OVER rk, true) AS std1000,
       pg_temp.ref(count(x) OVER ru, sum(x::numeric) OVER ru, sum(x::numeric * x::numeric) OVER ru, false) AS cumvar
FROM spread_scan, (VALUES (0)) v(w)
WINDOW r2 AS (ORDER BY i ROWS 1 PRECEDING), r7 AS (ORDER BY i ROWS 6 PRECEDING),
       rk AS (ORDER BY i ROWS 999 PRECEDING), ru AS (ORDER BY i);
WITH a AS (SELECT array_agg(x ORDER BY i) AS a FROM spread_scan),
     s AS (SELECT o AS i, v2, v7, vk, vc
           FROM a, unnest(gpu_movvar(a, 2), gpu_movstd(a, 7), gpu_movstd(a, 1000), gpu_cumvar(a))
                WITH ORDINALITY u(v2, v7, vk, vc, o))
SELECT count(*) AS positions,
       count(*) FILTER (WHERE s.v2::text IS DISTINCT FROM CASE WHEN r.x IS NOT NULL THEN r.var2 END::text) AS movvar2_differ,
       count(*) FILTER (WHERE s.v7::text IS DISTINCT FROM CASE WHEN r.x IS NOT NULL THEN r.std7 END::text) AS movstd7_differ,
       count(*) FILTER (WHERE s.vk::text IS DISTINCT FROM CASE WHEN r.x IS NOT NULL THEN r.std1000 END::text) AS movstd1000_differ,
       count(*) FILTER (WHERE s.vc::text IS DISTINCT FROM CASE WHEN r.x IS NOT NULL THEN r.cumvar END::text) AS cumvar_differ
FROM s JOIN spread_scan_ref r USING (i);
SELECT count(*) AS rows,
       count(*) FILTER (WHERE v2::text IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN var2 END::text) AS movvar2_differ,
       count(*) FILTER (WHERE v7::text IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN std7 END::text) AS movstd7_differ,
       count(*) FILTER (WHERE vk::text IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN std1000 END::text) AS movstd1000_differ,
       count(*) FILTER (WHERE vc::text IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN cumvar END::text) AS cumvar_differ
FROM (SELECT r.*, gpu_movvar(s.x, 2) OVER w AS v2, gpu_movstd(s.x, 7) OVER w AS v7,
             gpu_movstd(s.x, 1000) OVER w AS vk, gpu_cumvar(s.x) OVER w AS vc
      FROM spread_scan s JOIN spread_scan_ref r USING (i) WINDOW w AS (ORDER BY s.i)) q;
-- partitions, against numeric window aggregates partitioned alike
SELECT count(*) AS rows, count(*) FILTER (WHERE sd::text IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN
         pg_temp.ref(n, s1, s2, true) END::text) AS differ
FROM (SELECT x, gpu_movstd(x, 20) OVER (PARTITION BY g ORDER BY i) AS sd,
             count(x) OVER w AS n, sum(x::numeric) OVER w AS s1, sum(x::numeric * x::numeric) OVER w AS s2
      FROM spread_scan WINDOW w AS (PARTITION BY g ORDER BY i ROWS 19 PRECEDING)) q;
-- the window form's n: the same on every row, at least 1; NULL gives NULL
SELECT pg_temp.outcome($$SELECT gpu_movstd(x, i::int % 2 + 1) OVER (ORDER BY i) FROM spread_scan$$) AS varying_window;
SELECT count(v) AS null_window FROM (SELECT gpu_movvar(x, NULL) OVER (ORDER BY i) AS v FROM spread_scan) q;

-- Arrays read from TOAST in slices: the same bits as a detoasted copy.
CREATE TABLE spread_scan_arr (a float8[]);
ALTER TABLE spread_scan_arr ALTER a SET STORAGE EXTERNAL;
INSERT INTO spread_scan_arr SELECT array_agg(x ORDER BY i) FROM spread_scan;
SET gpuscan.toast_slice_bytes = 1999;
CREATE TEMP TABLE streamed AS SELECT gpu_movstd(a, 500) AS m, gpu_cumvar(a) AS c FROM spread_scan_arr;
SELECT input FROM gpuscan_last_run();
RESET gpuscan.toast_slice_bytes;
SET gpuscan.toast_streaming = off;
SELECT (SELECT m FROM streamed)::text = gpu_movstd(a, 500)::text AS movstd_same,
       (SELECT c FROM streamed)::text = gpu_cumvar(a)::text AS cumvar_same FROM spread_scan_arr;
RESET gpuscan.toast_streaming;

-- Serial and parallel plans (the arrays of many rows): the same bits.
CREATE TABLE spread_scan_rows AS
SELECT k, array_agg(x ORDER BY i) AS a FROM (SELECT i % 200 AS k, i, x FROM spread_scan) s GROUP BY k;
ALTER TABLE spread_scan_rows SET (parallel_workers = 4);
CREATE TEMP TABLE serial_scan AS SELECT k, gpu_movstd(a, 5)::text AS m FROM spread_scan_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 4;
SELECT count(*) AS arrays, count(*) FILTER (WHERE p.m = s.m) AS same
FROM (SELECT k, gpu_movstd(a, 5)::text AS m FROM spread_scan_rows) p JOIN serial_scan s USING (k);
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
