--
-- Exact variances and standard deviations (since 1.6): exact_var_samp,
-- exact_var_pop, exact_stddev_samp, exact_stddev_pop, exact_variance,
-- exact_stddev, as plain aggregates and over every kind of frame.
--
-- The reference is PostgreSQL's numeric: with n = count(x), S1 = sum(x),
-- S2 = sum(x^2) in numeric (exact: the values are multiples of 1/64,
-- integers and powers of ten, exact through the double precision ->
-- numeric cast), N = n S2 - S1^2 is exact, and a variance is N / D (D =
-- n (n - 1) or n^2) to 300 decimals, a standard deviation that quotient's
-- square root to as many, each rounded once by the numeric-to-double cast,
-- compared as text.  test/spread.py checks the whole exponent range against
-- Python's fractions.  Nothing here depends on the engine or device.
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup
SET work_mem = '64MB';

-- The numeric reference of a set of rows' sums: variance or standard deviation.
CREATE FUNCTION pg_temp.ref(n bigint, s1 numeric, s2 numeric, sample boolean, root boolean)
RETURNS double precision LANGUAGE sql AS $$
  SELECT CASE WHEN n < (CASE WHEN sample THEN 2 ELSE 1 END) THEN NULL
              WHEN root THEN sqrt(round(n * s2 - s1 * s1, 300) / (n * (n - CASE WHEN sample THEN 1 ELSE 0 END)))::float8
              ELSE (round(n * s2 - s1 * s1, 300) / (n * (n - CASE WHEN sample THEN 1 ELSE 0 END)))::float8 END
$$;

-- A small example: a 3-row Bollinger band, PostgreSQL's float forms beside.
CREATE TABLE spread_px (t int, price double precision);
INSERT INTO spread_px VALUES (1, 100.25), (2, 100.5), (3, 100.125), (4, NULL), (5, 101), (6, 100.75), (7, 100.75);
SELECT t, price,
       exact_avg(price) OVER w AS mid,
       exact_stddev(price) OVER w AS sd,
       stddev(price) OVER w AS pg_sd,
       exact_var_pop(price) OVER w AS var_pop
FROM spread_px WINDOW w AS (ORDER BY t ROWS 2 PRECEDING) ORDER BY t;

-- the result types; real and integer arguments through the implicit cast,
-- bigint and numeric PostgreSQL's own (numeric results)
SELECT pg_typeof(exact_var_samp(1::float8)) AS f8, pg_typeof(exact_var_samp(1::real)) AS f4,
       pg_typeof(exact_var_samp(1::int)) AS i4, pg_typeof(exact_var_samp(1::smallint)) AS i2,
       pg_typeof(exact_var_samp(1::bigint)) AS i8, pg_typeof(exact_var_samp(1::numeric)) AS num;
SELECT exact_variance(x::bigint) = variance(x::bigint) AS bigint_is_pg, exact_stddev_pop(x::numeric) = stddev_pop(x::numeric) AS numeric_is_pg,
       exact_var_samp(x::bigint) AS var_big
FROM (VALUES (9007199254740993), (9007199254740995), (1)) v(x);
SELECT exact_variance(x) AS i4, exact_variance(x::real) AS f4, exact_stddev(x::smallint) AS i2
FROM (VALUES (1), (2), (4)) v(x);

-- the rules: NULL below two values (sample) or with none (population);
-- NaN when a NaN or an infinity is in; +0 when every value is equal
CREATE TABLE spread_special (t int, x double precision);
INSERT INTO spread_special VALUES (1, 5), (2, NULL), (3, 'NaN'), (4, 'Infinity'), (5, '-Infinity'), (6, -0.0), (7, 0.1), (8, 0.1), (9, 0.1);
SELECT exact_var_samp(x) FILTER (WHERE t <= 2) AS samp_one, exact_var_pop(x) FILTER (WHERE t <= 2) AS pop_one,
       exact_stddev_pop(x) FILTER (WHERE t = 2) AS pop_none, exact_stddev_samp(x) FILTER (WHERE t IN (1, 3)) AS nan,
       exact_var_pop(x) FILTER (WHERE t IN (1, 4)) AS inf, exact_stddev(x) FILTER (WHERE t IN (4, 5)) AS both_inf,
       exact_var_samp(x) FILTER (WHERE t >= 7) AS equal, exact_stddev_pop(x) FILTER (WHERE t = 6) AS negzero
FROM spread_special;
SELECT float8send(exact_stddev(x)) AS equal_is_plus_zero, float8send(exact_var_pop(x)) AS one_negzero
FROM (VALUES (-0.0::float8), (-0.0)) v(x);
SELECT exact_var_samp(x), exact_stddev_pop(x) FROM spread_special WHERE false;
SELECT exact_var_pop(x), exact_stddev_samp(x) FROM spread_special WHERE x IS NULL;
-- overflow: a variance beyond double precision is an error, its root is not
SELECT pg_temp.outcome($$SELECT exact_var_samp(x) FROM (VALUES (-1e308::float8), (1e308)) v(x)$$) AS var_overflow;
SELECT exact_stddev_samp(x) AS sd, exact_stddev_pop(x) AS sd_pop FROM (VALUES (-1e308::float8), (1e308)) v(x);
SELECT pg_temp.outcome($$SELECT exact_stddev_samp(x) FROM (VALUES (-1.7976931348623157e308::float8), (1.7976931348623157e308)) v(x)$$) AS sd_overflow;
-- huge and tiny: sums of squares past 2^1024, squares below the smallest subnormal
SELECT exact_stddev_pop(x) AS huge_pop, exact_var_samp(x / 1e300) AS scaled
FROM (VALUES (1e300::float8), (3e300)) v(x);
SELECT exact_stddev_pop(x) AS tiny_pop, exact_var_pop(x) AS tiny_var
FROM (VALUES (4.9406564584124654e-324::float8), (1.4821969375237396e-323)) v(x);

-- a window of 1,000 values of 0.1 after 5,000 values near 1e6: exactly 0
-- (PostgreSQL's float stddev, summing each frame afresh, is not 0 here, and
-- an add-and-remove float update, as pandas' rolling std, is further off)
CREATE TABLE spread_drift AS
SELECT i AS t, CASE WHEN i <= 5000 THEN 1e6 + (i % 7) * 0.25 ELSE 0.1 END::float8 AS x
FROM generate_series(1, 7000) i;
SELECT t, float8send(exact_stddev(x) OVER w) AS exact_sd, stddev(x) OVER w AS pg_sd
FROM spread_drift WINDOW w AS (ORDER BY t ROWS 999 PRECEDING) ORDER BY t DESC LIMIT 2;

-- every kind of frame against the numeric reference over the same frame
CREATE TABLE spread_ticks AS
SELECT i, i % 50 AS grp, timestamp '2026-01-01' + i * interval '7 minutes' AS ts,
       CASE WHEN i % 211 = 0 THEN NULL
            WHEN i % 97 = 0 THEN 1e15
            ELSE ((i * 7919) % 20001 - 10000) / 64.0 END::float8 AS x
FROM generate_series(1, 3000) i;
ALTER TABLE spread_ticks ADD COLUMN tz timestamptz, ADD COLUMN d date;
UPDATE spread_ticks SET tz = ts AT TIME ZONE 'UTC', d = ts::date;

CREATE FUNCTION pg_temp.frames(orderby text, frame text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  res text;
BEGIN
  EXECUTE format($q$
    SELECT format('%%s rows, %%s under two values; differ: var_samp %%s, var_pop %%s, stddev_samp %%s, stddev_pop %%s, variance %%s, stddev %%s',
                  count(*), count(*) FILTER (WHERE n < 2),
                  count(*) FILTER (WHERE vs::text IS DISTINCT FROM pg_temp.ref(n, s1, s2, true, false)::text),
                  count(*) FILTER (WHERE vp::text IS DISTINCT FROM pg_temp.ref(n, s1, s2, false, false)::text),
                  count(*) FILTER (WHERE ss::text IS DISTINCT FROM pg_temp.ref(n, s1, s2, true, true)::text),
                  count(*) FILTER (WHERE sp::text IS DISTINCT FROM pg_temp.ref(n, s1, s2, false, true)::text),
                  count(*) FILTER (WHERE va::text IS DISTINCT FROM vs::text),
                  count(*) FILTER (WHERE sd::text IS DISTINCT FROM ss::text))
    FROM (SELECT exact_var_samp(x) OVER f AS vs, exact_var_pop(x) OVER f AS vp,
                 exact_stddev_samp(x) OVER f AS ss, exact_stddev_pop(x) OVER f AS sp,
                 exact_variance(x) OVER f AS va, exact_stddev(x) OVER f AS sd,
                 count(x) OVER f AS n, sum(x::numeric) OVER f AS s1, sum(x::numeric * x::numeric) OVER f AS s2
          FROM spread_ticks WINDOW f AS (ORDER BY %1$s %2$s)) s$q$, orderby, frame) INTO res;
  RETURN res;
END $$;

SELECT o, f, pg_temp.frames(o, f) FROM (VALUES
  ('i', 'ROWS BETWEEN 99 PRECEDING AND CURRENT ROW'),
  ('i', 'ROWS BETWEEN 5 PRECEDING AND 2 PRECEDING'),
  ('i', 'ROWS BETWEEN 3 FOLLOWING AND 40 FOLLOWING'),
  ('i', 'ROWS BETWEEN UNBOUNDED PRECEDING AND 10 FOLLOWING'),
  ('i', 'ROWS BETWEEN 10 PRECEDING AND UNBOUNDED FOLLOWING'),
  ('i', 'ROWS BETWEEN 50 PRECEDING AND 50 FOLLOWING EXCLUDE CURRENT ROW'),
  ('x', 'RANGE BETWEEN 100.5 PRECEDING AND 20 FOLLOWING'),
  ('x', 'RANGE BETWEEN 1e14 PRECEDING AND CURRENT ROW'),
  ('grp', 'RANGE BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE GROUP'),
  ('grp', 'RANGE BETWEEN 2 PRECEDING AND 1 PRECEDING'),
  ('ts', 'RANGE BETWEEN ''1 hour'' PRECEDING AND CURRENT ROW'),
  ('ts', 'RANGE BETWEEN ''3 hours'' PRECEDING AND ''1 hour'' PRECEDING'),
  ('tz', 'RANGE BETWEEN ''2 hours'' PRECEDING AND ''30 minutes'' FOLLOWING EXCLUDE TIES'),
  ('d', 'RANGE BETWEEN ''1 day'' PRECEDING AND CURRENT ROW'),
  ('grp', 'GROUPS BETWEEN 3 PRECEDING AND 1 FOLLOWING'),
  ('grp', 'GROUPS BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE TIES'),
  ('grp', 'GROUPS BETWEEN 1 FOLLOWING AND 2 FOLLOWING EXCLUDE CURRENT ROW'),
  ('grp', 'GROUPS BETWEEN CURRENT ROW AND CURRENT ROW EXCLUDE GROUP'),
  ('i', 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW')) v(o, f)
ORDER BY o COLLATE "C", f COLLATE "C";

-- partitions and GROUP BY
SELECT grp % 4 AS k, exact_stddev(x) AS exact_sd,
       pg_temp.ref(count(x), sum(x::numeric), sum(x::numeric * x::numeric), true, true) AS numeric_sd,
       exact_var_pop(x) AS exact_vp,
       pg_temp.ref(count(x), sum(x::numeric), sum(x::numeric * x::numeric), false, false) AS numeric_vp
FROM spread_ticks GROUP BY 1 ORDER BY 1;
SELECT count(*) AS rows, count(*) FILTER (WHERE sd::text IS DISTINCT FROM
         pg_temp.ref(n, s1, s2, true, true)::text) AS differ
FROM (SELECT exact_stddev(x) OVER w AS sd, count(x) OVER w AS n, sum(x::numeric) OVER w AS s1,
             sum(x::numeric * x::numeric) OVER w AS s2
      FROM spread_ticks WINDOW w AS (PARTITION BY grp % 7 ORDER BY i ROWS 20 PRECEDING)) s;

-- Serial and parallel plans: the same bits, whatever the number of workers.
CREATE TABLE spread_big AS
SELECT i, i % 13 AS k, CASE WHEN i % 1000 = 0 THEN 1e15 * (i % 3 - 1) ELSE (i::bigint * 7919 % 1000003) / 64.0 END::float8 AS x
FROM generate_series(1, 300000) i;
ALTER TABLE spread_big SET (parallel_workers = 4);
ANALYZE spread_big;
CREATE TEMP TABLE serial AS
SELECT float8send(exact_var_samp(x)) AS vs, float8send(exact_stddev_pop(x)) AS sp FROM spread_big;
CREATE TEMP TABLE spread_serial_k AS SELECT k, float8send(exact_stddev(x)) AS s FROM spread_big GROUP BY k;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 4;
CREATE FUNCTION pg_temp.plan_of(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  l text;
  p text := '';
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    IF l ~ 'Gather|Partial' THEN p := p || trim(l) || '; '; END IF;
  END LOOP;
  RETURN p;
END $$;
SELECT pg_temp.plan_of('SELECT exact_var_samp(x) FROM spread_big') ~ 'Partial Aggregate' AS parallel_plan;
SELECT (SELECT vs FROM serial) = float8send(exact_var_samp(x)) AS var_same,
       (SELECT sp FROM serial) = float8send(exact_stddev_pop(x)) AS sd_same
FROM spread_big;
SELECT count(*) AS groups, count(*) FILTER (WHERE p.s = s.s) AS same
FROM (SELECT k, float8send(exact_stddev(x)) AS s FROM spread_big GROUP BY k) p
JOIN spread_serial_k s USING (k);
SET max_parallel_workers_per_gather = 1;
SELECT (SELECT vs FROM serial) = float8send(exact_var_samp(x)) AS one_worker_same FROM spread_big;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
-- exact where PostgreSQL's float forms are not
SELECT stddev(x) = pg_temp.ref(count(x), sum(x::numeric), sum(x::numeric * x::numeric), true, true) AS float_stddev_exact,
       exact_stddev(x) = pg_temp.ref(count(x), sum(x::numeric), sum(x::numeric * x::numeric), true, true) AS exact_stddev_exact
FROM spread_big;

-- support functions of the aggregates are not for direct calls
SELECT pg_temp.outcome($$SELECT exact_var_samp_final(NULL::internal)$$) ~ 'internal' AS no_internal;
