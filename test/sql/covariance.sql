--
-- Exact covariances, correlations and regression lines (since 1.8):
-- exact_covar_pop, exact_covar_samp, exact_corr, exact_regr_slope,
-- exact_regr_intercept, exact_regr_r2, exact_regr_sxx, exact_regr_syy,
-- exact_regr_sxy, as plain aggregates and over every kind of frame.
--
-- The reference is PostgreSQL's numeric: over the pairs with neither value
-- NULL, n and the sums Sx, Sy, Sxx, Syy, Sxy in numeric (exact: the values
-- are multiples of 1/64 and integers, exact through the double precision
-- -> numeric cast), Nc = n Sxy - Sx Sy, Nx = n Sxx - Sx^2, Ny = n Syy - Sy^2
-- are exact, each result a quotient of them to 300 decimals (corr the
-- square root of Nc^2 / (Nx Ny), with Nc's sign), rounded once by the
-- numeric-to-double cast, compared as text.  test/covariance.py checks the
-- whole exponent range and bigint past 2^53 against Python's fractions.
-- Nothing here depends on the engine or device.
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup
SET work_mem = '64MB';

-- The numeric reference of a set of pairs' sums (what: the aggregate's name less exact_).
CREATE FUNCTION pg_temp.ref(what text, n bigint, sx numeric, sy numeric, sxx numeric, syy numeric, sxy numeric)
RETURNS double precision LANGUAGE sql AS $$
  SELECT CASE
    WHEN n < (CASE WHEN what = 'covar_samp' THEN 2 ELSE 1 END) THEN NULL
    WHEN what = 'covar_pop' THEN round(nc, 300) / (n * n)
    WHEN what = 'covar_samp' THEN round(nc, 300) / (n * (n - 1))
    WHEN what = 'regr_sxx' THEN round(nx, 300) / n
    WHEN what = 'regr_syy' THEN round(ny, 300) / n
    WHEN what = 'regr_sxy' THEN round(nc, 300) / n
    WHEN nx = 0 THEN NULL
    WHEN what = 'corr' THEN CASE WHEN ny = 0 THEN NULL ELSE sign(nc) * sqrt(round(nc * nc, 300) / (nx * ny)) END
    WHEN what = 'regr_r2' THEN CASE WHEN ny = 0 THEN 1 ELSE round(nc * nc, 300) / (nx * ny) END
    WHEN what = 'regr_slope' THEN round(nc, 300) / nx
    WHEN what = 'regr_intercept' THEN round(sy * nx - nc * sx, 300) / (n * nx)
  END::float8
  FROM (SELECT n * sxy - sx * sy AS nc, n * sxx - sx * sx AS nx, n * syy - sy * sy AS ny) s
$$;

-- A small example: a rolling 3-row beta and correlation of a stock's
-- returns (y) on an index's (x), PostgreSQL's float forms beside.
CREATE TABLE co_ret (t int, idx double precision, stock double precision);
INSERT INTO co_ret VALUES (1, 0.5, 0.75), (2, -0.25, -0.5), (3, 0.125, 0.375), (4, NULL, 0.25),
                          (5, 1, 1.25), (6, -0.75, -1), (7, 0.25, 0.125);
SELECT t, idx, stock,
       exact_regr_slope(stock, idx) OVER w AS beta,
       regr_slope(stock, idx) OVER w AS pg_beta,
       exact_corr(stock, idx) OVER w AS corr,
       exact_regr_intercept(stock, idx) OVER w AS alpha
FROM co_ret WINDOW w AS (ORDER BY t ROWS 2 PRECEDING) ORDER BY t;

-- the result type; every argument type's form; bigint exact past 2^53
-- (PostgreSQL's regr_sxy of bigint goes through double precision)
SELECT pg_typeof(exact_corr(1::float8, 1::float8)) AS f8, pg_typeof(exact_corr(1::real, 1::real)) AS f4,
       pg_typeof(exact_corr(1::int, 1::int)) AS i4, pg_typeof(exact_corr(1::smallint, 1::smallint)) AS i2,
       pg_typeof(exact_corr(1::bigint, 1::bigint)) AS i8;
SELECT exact_regr_sxy(y, x) AS exact_sxy, regr_sxy(y, x) AS pg_sxy,
       pg_temp.ref('regr_sxy', count(*), sum(x), sum(y), sum(x::numeric * x), sum(y::numeric * y), sum(x::numeric * y)) AS numeric_sxy
FROM (VALUES (9007199254740993::bigint, 9007199254740993::bigint), (1, 2), (3, 9007199254740995)) v(y, x);
SELECT exact_covar_samp(y, x) AS i4, exact_covar_samp(y::real, x::real) AS f4,
       exact_covar_samp(y::smallint, x::smallint) AS i2, exact_covar_samp(y::bigint, x::bigint) AS i8,
       exact_covar_samp(y::float8, x) AS mixed
FROM (VALUES (1, 2), (2, 3), (4, 7)) v(y, x);
-- numeric refuses, with no row too (a cast would round it)
SELECT pg_temp.outcome($$SELECT exact_corr(y, x) FROM (VALUES (1.5, 2.5), (2, 3)) v(y, x)$$) AS numeric_refused;
SELECT pg_temp.outcome($$SELECT exact_regr_slope(y, x) FROM (VALUES (1.5, 2.5)) v(y, x) WHERE false$$) AS numeric_no_rows;

-- the rules: a pair counts when neither is NULL; NULL with no pair (covar_samp:
-- below two); then NaN for a NaN or an infinity; then corr NULL for a
-- constant x or y, regr_* NULL for a constant x, regr_r2 1 for a constant y
CREATE TABLE co_special (t int, y double precision, x double precision);
INSERT INTO co_special VALUES (1, 1, 2), (2, NULL, 3), (3, 4, NULL), (4, 'NaN', 1), (5, 1, 'Infinity'),
                              (6, 2, '-Infinity'), (7, 2, 5), (8, 3, 5), (9, 7, 5), (10, 5, 1), (11, 5, 2), (12, 5, 4);
SELECT exact_covar_samp(y, x) FILTER (WHERE t <= 3) AS samp_one_pair, exact_covar_pop(y, x) FILTER (WHERE t <= 3) AS pop_one_pair,
       exact_corr(y, x) FILTER (WHERE t IN (2, 3)) AS no_pair, exact_regr_slope(y, x) FILTER (WHERE t IN (1, 4)) AS nan,
       exact_corr(y, x) FILTER (WHERE t IN (1, 5)) AS inf, exact_covar_pop(y, x) FILTER (WHERE t IN (5, 6, 7)) AS both_inf,
       exact_regr_sxx(y, x) FILTER (WHERE t IN (1, 4)) AS sxx_nan_y
FROM co_special;
SELECT exact_corr(y, x) AS corr, exact_regr_slope(y, x) AS slope, exact_regr_intercept(y, x) AS intercept,
       exact_regr_r2(y, x) AS r2, exact_regr_sxx(y, x) AS sxx, exact_regr_syy(y, x) AS syy, exact_covar_samp(y, x) AS covar
FROM co_special WHERE t BETWEEN 7 AND 9;	-- constant x
SELECT exact_corr(y, x) AS corr, exact_regr_slope(y, x) AS slope, exact_regr_intercept(y, x) AS intercept,
       exact_regr_r2(y, x) AS r2, float8send(exact_covar_pop(y, x)) AS covar_bits
FROM co_special WHERE t >= 10;	-- constant y
SELECT exact_covar_pop(y, x) AS covar, exact_corr(y, x) AS corr FROM co_special WHERE false;
-- perfectly correlated and anti-correlated, for values with no exact mean
SELECT exact_corr(x, x) AS corr_self, exact_corr(-x, x) AS corr_neg, exact_corr(3 * x + 1, x) AS corr_affine,
       exact_regr_slope(-x, x) AS slope_neg, float8send(exact_regr_intercept(-x, x)) AS intercept_bits,
       exact_regr_r2(x, -x) AS r2, corr(x, x) AS pg_corr_self
FROM (VALUES (0.1::float8), (0.7), (1e-3), (123.456), (-2.5e10)) v(x);
-- products whose exact sums cancel: cents on 1e8, and a covariance of +0
SELECT exact_covar_samp(y, x) AS covar, pg_temp.ref('covar_samp', count(*), sum(x::numeric), sum(y::numeric),
         sum(x::numeric * x::numeric), sum(y::numeric * y::numeric), sum(x::numeric * y::numeric)) AS numeric_covar,
       covar_samp(y, x) AS pg_covar
FROM (VALUES (1e8 + 0.25::float8, 1e8 + 0.5::float8), (1e8 + 0.5, 1e8 + 0.75), (1e8, 1e8 + 0.25), (1e8 + 0.75, 1e8)) v(y, x);
SELECT float8send(exact_covar_pop(y, x)) AS zero_is_plus, float8send(exact_regr_sxy(y, x)) AS sxy_plus
FROM (VALUES (1::float8, 5::float8), (-1, 5), (1, 7), (-1, 7)) v(y, x);
-- overflow: a result beyond double precision is an error; corr never overflows
SELECT pg_temp.outcome($$SELECT exact_covar_pop(x, x) FROM (VALUES (-1e300::float8), (1e300)) v(x)$$) AS covar_overflow;
SELECT pg_temp.outcome($$SELECT exact_regr_slope(y, x) FROM (VALUES (-1e300::float8, 0::float8), (1e300, 5e-324)) v(y, x)$$) AS slope_overflow;
SELECT exact_corr(x, x) AS corr_huge, exact_regr_slope(x, x) AS slope_huge, exact_corr(x, x / 1e300) AS corr_scaled
FROM (VALUES (-1e300::float8), (1e300), (3e299)) v(x);
-- huge and tiny: sums of products past 2^1024 and below the smallest subnormal
SELECT exact_corr(y, x) AS huge_corr, exact_regr_slope(y, x) AS huge_slope, exact_regr_intercept(y, x) AS huge_intercept,
       pg_temp.outcome($$SELECT exact_covar_pop(y, x) FROM (VALUES (1e300::float8, 1e200::float8), (3e300, 2e200)) v(y, x)$$) AS huge_covar
FROM (VALUES (1e300::float8, 1e200::float8), (3e300, 2e200), (2e300, 1.7e200)) v(y, x);
SELECT exact_covar_pop(y, x) AS tiny, exact_corr(y, x) AS tiny_corr
FROM (VALUES (4.9406564584124654e-324::float8, 1e-300::float8), (1.4821969375237396e-323, 3e-300)) v(y, x);

-- a window of 1,000 exactly linear pairs after 5,000 noisy ones near 1e6:
-- corr exactly 1 (PostgreSQL's float corr, summing each frame afresh,
-- may not be)
CREATE TABLE co_drift AS
SELECT i AS t, CASE WHEN i <= 5000 THEN 1e6 + (i % 7) * 0.25 ELSE i * 0.5 END::float8 AS x,
       CASE WHEN i <= 5000 THEN 1e6 - (i % 5) * 0.125 ELSE i * 1.5 + 3 END::float8 AS y
FROM generate_series(1, 7000) i;
SELECT t, exact_corr(y, x) OVER w AS exact_corr, exact_regr_slope(y, x) OVER w AS exact_slope,
       exact_regr_intercept(y, x) OVER w AS exact_intercept
FROM co_drift WINDOW w AS (ORDER BY t ROWS 999 PRECEDING) ORDER BY t DESC LIMIT 2;

-- every kind of frame against the numeric reference over the same frame
CREATE TABLE co_ticks AS
SELECT i, i % 50 AS grp, timestamp '2026-01-01' + i * interval '7 minutes' AS ts,
       CASE WHEN i % 211 = 0 THEN NULL
            WHEN i % 97 = 0 THEN 1e15
            ELSE ((i * 7919) % 20001 - 10000) / 64.0 END::float8 AS x,
       CASE WHEN i % 173 = 0 THEN NULL
            WHEN i % 89 = 0 THEN -3e14
            WHEN i % 3 = 0 THEN ((i * 7919) % 20001 - 10000) / 32.0 + (i % 11)
            ELSE ((i * 104729) % 30011 - 15000) / 64.0 END::float8 AS y
FROM generate_series(1, 3000) i;
ALTER TABLE co_ticks ADD COLUMN px double precision, ADD COLUMN py double precision;
UPDATE co_ticks SET px = CASE WHEN y IS NOT NULL THEN x END, py = CASE WHEN x IS NOT NULL THEN y END;

CREATE FUNCTION pg_temp.frames(orderby text, frame text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  res text;
  aggs text[] := ARRAY['covar_pop', 'covar_samp', 'corr', 'regr_slope', 'regr_intercept',
                       'regr_r2', 'regr_sxx', 'regr_syy', 'regr_sxy'];
  got text := '';
  cmp text := '';
BEGIN
  FOR k IN 1 .. 9 LOOP
    got := got || format('exact_%s(y, x) OVER f AS r%s, ', aggs[k], k);
    cmp := cmp || format(', count(*) FILTER (WHERE r%s::text IS DISTINCT FROM pg_temp.ref(%L, n, sx, sy, sxx, syy, sxy)::text)', k, aggs[k]);
  END LOOP;
  EXECUTE format($q$
    SELECT concat_ws(' ', count(*), 'rows,', count(*) FILTER (WHERE n < 2), 'under two pairs; differ:' %3$s)
    FROM (SELECT %4$s
                 count(px) OVER f AS n, sum(px::numeric) OVER f AS sx, sum(py::numeric) OVER f AS sy,
                 sum(px::numeric * px::numeric) OVER f AS sxx, sum(py::numeric * py::numeric) OVER f AS syy,
                 sum(px::numeric * py::numeric) OVER f AS sxy
          FROM co_ticks WINDOW f AS (ORDER BY %1$s %2$s)) s$q$, orderby, frame, cmp, got) INTO res;
  RETURN res;
END $$;

SELECT o, f, pg_temp.frames(o, f) FROM (VALUES
  ('i', 'ROWS BETWEEN 59 PRECEDING AND CURRENT ROW'),
  ('i', 'ROWS BETWEEN 5 PRECEDING AND 2 PRECEDING'),
  ('i', 'ROWS BETWEEN 3 FOLLOWING AND 40 FOLLOWING'),
  ('i', 'ROWS BETWEEN UNBOUNDED PRECEDING AND 10 FOLLOWING'),
  ('i', 'ROWS BETWEEN 50 PRECEDING AND 50 FOLLOWING EXCLUDE CURRENT ROW'),
  ('x', 'RANGE BETWEEN 100.5 PRECEDING AND 20 FOLLOWING'),
  ('grp', 'RANGE BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE GROUP'),
  ('ts', 'RANGE BETWEEN ''3 hours'' PRECEDING AND ''1 hour'' PRECEDING'),
  ('grp', 'GROUPS BETWEEN 3 PRECEDING AND 1 FOLLOWING'),
  ('grp', 'GROUPS BETWEEN 1 FOLLOWING AND 2 FOLLOWING EXCLUDE CURRENT ROW'),
  ('i', 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW')) v(o, f)
ORDER BY o COLLATE "C", f COLLATE "C";

-- partitions and GROUP BY
SELECT grp % 4 AS k, exact_corr(y, x) AS exact_corr,
       pg_temp.ref('corr', count(px), sum(px::numeric), sum(py::numeric), sum(px::numeric * px::numeric),
                   sum(py::numeric * py::numeric), sum(px::numeric * py::numeric)) AS numeric_corr,
       exact_regr_intercept(y, x) AS exact_intercept,
       pg_temp.ref('regr_intercept', count(px), sum(px::numeric), sum(py::numeric), sum(px::numeric * px::numeric),
                   sum(py::numeric * py::numeric), sum(px::numeric * py::numeric)) AS numeric_intercept
FROM co_ticks GROUP BY 1 ORDER BY 1;
SELECT count(*) AS rows, count(*) FILTER (WHERE b::text IS DISTINCT FROM
         pg_temp.ref('regr_slope', n, sx, sy, sxx, syy, sxy)::text) AS differ
FROM (SELECT exact_regr_slope(y, x) OVER w AS b, count(px) OVER w AS n, sum(px::numeric) OVER w AS sx,
             sum(py::numeric) OVER w AS sy, sum(px::numeric * px::numeric) OVER w AS sxx,
             sum(py::numeric * py::numeric) OVER w AS syy, sum(px::numeric * py::numeric) OVER w AS sxy
      FROM co_ticks WINDOW w AS (PARTITION BY grp % 7 ORDER BY i ROWS 20 PRECEDING)) s;

-- Serial and parallel plans: the same bits, whatever the number of workers.
CREATE TABLE co_big AS
SELECT i, i % 13 AS k, CASE WHEN i % 1000 = 0 THEN 1e15 * (i % 3 - 1) ELSE (i::bigint * 7919 % 1000003) / 64.0 END::float8 AS x,
       CASE WHEN i % 777 = 0 THEN NULL ELSE (i::bigint * 104729 % 999983) / 32.0 + i % 5 END::float8 AS y
FROM generate_series(1, 300000) i;
ALTER TABLE co_big SET (parallel_workers = 4);
ANALYZE co_big;
CREATE TEMP TABLE serial AS
SELECT float8send(exact_corr(y, x)) AS c, float8send(exact_regr_intercept(y, x)) AS a,
       float8send(exact_covar_samp(y, x)) AS v FROM co_big;
CREATE TEMP TABLE co_serial_k AS SELECT k, float8send(exact_regr_slope(y, x)) AS s FROM co_big GROUP BY k;
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
SELECT pg_temp.plan_of('SELECT exact_corr(y, x) FROM co_big') ~ 'Partial Aggregate' AS parallel_plan;
SELECT (SELECT c FROM serial) = float8send(exact_corr(y, x)) AS corr_same,
       (SELECT a FROM serial) = float8send(exact_regr_intercept(y, x)) AS intercept_same,
       (SELECT v FROM serial) = float8send(exact_covar_samp(y, x)) AS covar_same
FROM co_big;
SELECT count(*) AS groups, count(*) FILTER (WHERE p.s = s.s) AS same
FROM (SELECT k, float8send(exact_regr_slope(y, x)) AS s FROM co_big GROUP BY k) p
JOIN co_serial_k s USING (k);
SET max_parallel_workers_per_gather = 1;
SELECT (SELECT c FROM serial) = float8send(exact_corr(y, x)) AS one_worker_same FROM co_big;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
-- exact where PostgreSQL's float forms are not
SELECT corr(y, x) = pg_temp.ref('corr', count(*), sum(x::numeric), sum(y::numeric), sum(x::numeric * x::numeric),
                                sum(y::numeric * y::numeric), sum(x::numeric * y::numeric)) AS float_corr_exact,
       exact_corr(y, x) = pg_temp.ref('corr', count(*), sum(x::numeric), sum(y::numeric), sum(x::numeric * x::numeric),
                                sum(y::numeric * y::numeric), sum(x::numeric * y::numeric)) AS exact_corr_exact
FROM co_big WHERE y IS NOT NULL;

-- support functions of the aggregates are not for direct calls
SELECT pg_temp.outcome($$SELECT exact_corr_final(NULL::internal)$$) ~ 'internal' AS no_internal;
