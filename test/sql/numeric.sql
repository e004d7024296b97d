--
-- numeric (since 1.5): gpu_cumsum, gpu_cummax, gpu_cummin, gpu_cumavg,
-- gpu_movsum and gpu_movavg of numeric arrays and over numeric table rows,
-- exact_sum and exact_avg of every exact type, and no call of any gpuscan
-- function resolving to a form of another type than its argument's.
--
-- The reference is PostgreSQL's own: each result must be, in text
-- (display scale included), what its sum, max, min or avg of numeric gives
-- over the position's frame (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT
-- ROW, or window - 1 PRECEDING), NULL where the value is NULL; an
-- exclusive total what sum gives over the rows before, 0 where there are
-- none.  Fixed-point values (at most 38 digits at their largest display
-- scale) and wider ones (PostgreSQL's arithmetic) both.  Nothing here
-- depends on the engine or device.
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- The references: PostgreSQL's aggregates over each element's frame.
CREATE FUNCTION pg_temp.ref(a numeric[], f text, w int) RETURNS numeric[] LANGUAGE plpgsql AS $$
DECLARE
  frame text := CASE WHEN w IS NULL THEN 'UNBOUNDED PRECEDING AND CURRENT ROW'
                     WHEN w = 0 THEN 'UNBOUNDED PRECEDING AND 1 PRECEDING'
                     ELSE (w - 1) || ' PRECEDING AND CURRENT ROW' END;
  agg text := CASE WHEN w = 0 THEN 'coalesce(sum(x) OVER fr, 0)' ELSE f || '(x) OVER fr' END;
  r numeric[];
BEGIN
  IF cardinality(a) = 0 THEN RETURN a; END IF;
  EXECUTE format('SELECT array_agg(v ORDER BY i) FROM (
                    SELECT i, CASE WHEN x IS NULL THEN NULL ELSE %s END AS v
                    FROM unnest($1) WITH ORDINALITY u(x, i) WINDOW fr AS (ORDER BY i ROWS BETWEEN %s)) q',
                 agg, frame) INTO r USING a;
  RETURN r;
END $$;

-- Every function on an array against its reference: the mismatches, as text.
CREATE FUNCTION pg_temp.check(a numeric[]) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  w int;
BEGIN
  IF gpu_cumsum(a)::text IS DISTINCT FROM pg_temp.ref(a, 'sum', NULL)::text THEN
    RETURN NEXT 'cumsum ' || a::text || ' -> ' || gpu_cumsum(a)::text; END IF;
  IF gpu_cumsum(a, exclusive => true)::text IS DISTINCT FROM pg_temp.ref(a, 'sum', 0)::text THEN
    RETURN NEXT 'exclusive ' || a::text || ' -> ' || gpu_cumsum(a, true)::text; END IF;
  IF gpu_cummax(a)::text IS DISTINCT FROM pg_temp.ref(a, 'max', NULL)::text THEN
    RETURN NEXT 'cummax ' || a::text || ' -> ' || gpu_cummax(a)::text; END IF;
  IF gpu_cummin(a)::text IS DISTINCT FROM pg_temp.ref(a, 'min', NULL)::text THEN
    RETURN NEXT 'cummin ' || a::text || ' -> ' || gpu_cummin(a)::text; END IF;
  IF gpu_cumavg(a)::text IS DISTINCT FROM pg_temp.ref(a, 'avg', NULL)::text THEN
    RETURN NEXT 'cumavg ' || a::text || ' -> ' || gpu_cumavg(a)::text; END IF;
  FOREACH w IN ARRAY ARRAY[1, 2, 3, 7, 1000] LOOP
    IF gpu_movsum(a, w)::text IS DISTINCT FROM pg_temp.ref(a, 'sum', w)::text THEN
      RETURN NEXT 'movsum ' || w || ' ' || a::text || ' -> ' || gpu_movsum(a, w)::text; END IF;
    IF gpu_movavg(a, w)::text IS DISTINCT FROM pg_temp.ref(a, 'avg', w)::text THEN
      RETURN NEXT 'movavg ' || w || ' ' || a::text || ' -> ' || gpu_movavg(a, w)::text; END IF;
  END LOOP;
END $$;

--
-- Arrays
--
-- mixed display scales: each total shows the largest scale so far, each
-- moving sum its window's, each mean as avg(numeric) divides
SELECT gpu_cumsum('{1,1.5,1.25,-2,0.125,NULL,3.10}'::numeric[]) AS cumsum,
       gpu_movsum('{1,1.5,1.25,-2,0.125,NULL,3.10}'::numeric[], 2) AS movsum2;
SELECT gpu_cumavg('{1,2,2.5,NULL,-0.25}'::numeric[]) AS cumavg;
SELECT gpu_movavg('{1,2,2.5,NULL,-0.25}'::numeric[], 2) AS movavg2;
SELECT gpu_cummax('{1.0,1.00,0.5,1,NULL,-3}'::numeric[]) AS cummax,
       gpu_cummin('{1.0,1.00,0.5,0.50,NULL,-3}'::numeric[]) AS cummin;
-- the money example: a float total shows 0.30000000000000004, numeric 0.30
SELECT gpu_cumsum('{0.10,0.20}'::numeric[]) AS cents, gpu_cumsum('{0.10,0.20}'::float8[]) AS doubles;
SELECT gpu_cumsum(ARRAY[3, 1, 7, 0]::numeric[], exclusive => true) AS exclusive;
-- NaN and the infinities, as numeric's sum, avg, max and min treat them
SELECT gpu_cumsum('{1,NaN,2}'::numeric[]) AS nan_sum, gpu_movsum('{1,NaN,2,3}'::numeric[], 2) AS nan_leaves,
       gpu_cumsum('{1,Infinity,2,-Infinity}'::numeric[]) AS inf_sum,
       gpu_cumavg('{-Infinity,5}'::numeric[]) AS inf_avg;
SELECT gpu_cummax('{1,NaN,Infinity}'::numeric[]) AS nan_max, gpu_cummin('{NaN,Infinity,1,-Infinity}'::numeric[]) AS min;
-- 40-digit values and tiny ones: exact either way
SELECT gpu_cumsum('{1234567890123456789012345678901234567890,1,-1234567890123456789012345678901234567890}'::numeric[]) AS wide;
SELECT gpu_cumsum('{1e-30,1e-30,1}'::numeric[]) AS tiny, gpu_cumavg('{1e-30,2e-30}'::numeric[]) AS tiny_avg;
SELECT gpu_cumsum('{99999999999999999999999999999999999999,99999999999999999999999999999999999999,1}'::numeric[]) AS top_38;
-- shape: dimensions, lower bounds, NULLs, each row of the last dimension on its own
SELECT gpu_cumsum('[3:5]={1.5,NULL,2}'::numeric[]) AS bounds, gpu_cumsum('{{1,2.5},{3,4}}'::numeric[]) AS rows_2d,
       gpu_movavg('{{1,2,3},{4,NULL,6}}'::numeric[], 2) AS movavg_2d,
       gpu_cummin('{{5,1},{NULL,NULL}}'::numeric[]) AS cummin_2d;
SELECT gpu_cumsum('{}'::numeric[]) AS empty, gpu_cumsum('{NULL,NULL}'::numeric[]) AS all_null,
       gpu_cumsum(NULL::numeric[]) AS null_array, gpu_movsum('{1}'::numeric[], NULL) AS null_window,
       pg_typeof(gpu_cumsum('{1}'::numeric[])) AS result_type;
SELECT pg_temp.outcome($$SELECT gpu_movsum('{1}'::numeric[], 0)$$) AS window_zero;
-- a domain over numeric takes the numeric forms (an array of one, cast to
-- numeric[], as PostgreSQL resolves no array of a domain to its base type's)
CREATE DOMAIN num_amount AS numeric(18, 2);
SELECT gpu_cumsum(ARRAY[0.10, 0.20]::num_amount[]::numeric[]) AS domain_array,
       (SELECT array_agg(s ORDER BY i) FROM (SELECT i, gpu_cumsum(v) OVER (ORDER BY i) AS s
        FROM (VALUES (1, 0.10::num_amount), (2, 0.20::num_amount)) w(i, v)) q) AS domain_rows;
-- results are PostgreSQL's own values, byte for byte
SELECT numeric_send((gpu_cumsum('{0.5,0.25}'::numeric[]))[2]) = numeric_send(0.75::numeric(10,2)) AS same_bytes,
       (gpu_cumsum('{0.5,0.25}'::numeric[]))[2] = 0.75 AS equal;

-- fixed examples against the references
SELECT string_agg(m, E'\n') AS mismatches FROM (
  SELECT pg_temp.check(a::numeric[]) AS m FROM unnest(ARRAY[
    '{1,1.5,1.25,-2,0.125,NULL,3.10}', '{0.10,0.20,-0.30}', '{NULL,1,NULL,2.00,NULL}',
    '{1,NaN,2,3,4}', '{Infinity,1,-Infinity,2,3}', '{-Infinity,-Infinity,1}', '{NaN}', '{Infinity}',
    '{1234567890123456789012345678901234567890,1,-1234567890123456789012345678901234567890,5}',
    '{1e-30,1e-30,1,2.5,NULL,-1}', '{1e-30,1e10,-1e10}', '{99999999999999999999999999999999999999,1,-1}',
    '{-99999999999999999999999999999999999999,-99999999999999999999999999999999999999,3.5}',
    '{9223372036854775807,1,-9223372036854775808,2}', '{0.0000,0,-0.00}', '{1e-1000,1}',
    '{5,4.0,4.00,3}', '{3,3.0,3.00,3.000}', '{1,2,3,4,5,6,7,8,9,10,11,12,13}',
    '{0.333333333333333333333333,0.666666666666666666666667}', '{1e20,1e-20}', '{}', '{NULL}',
    '{NaN,NaN,1}', '{1,2,NaN}', '{Infinity,NULL,NULL,1,2}', '{123456789012345678.12,-0.01}'
  ]::text[]) AS a
) s;

-- random arrays: lengths 0-40, values of display scale 0-6 and up to 20
-- digits, some NULL, some NaN or infinite, some 40 digits wide
SELECT setseed(0.5);
CREATE TEMP TABLE rnd AS
SELECT g, (SELECT array_agg(CASE
                 WHEN r < 0.08 THEN NULL
                 WHEN r < 0.10 THEN 'NaN'::numeric
                 WHEN r < 0.11 THEN 'Infinity'::numeric
                 WHEN r < 0.12 THEN '-Infinity'::numeric
                 WHEN r < 0.14 AND g % 5 = 0 THEN round(((random() - 0.5) * 1e40)::numeric)
                 ELSE round(((random() - 0.5) * 10 ^ (random() * 14)::int)::numeric, (random() * 6)::int) END)
           FROM (SELECT random() AS r FROM generate_series(1, g * 7919 % 41)) v) AS a
FROM generate_series(1, 150) g;
SELECT count(*) AS arrays, min(coalesce(cardinality(a), 0)) AS shortest, max(cardinality(a)) AS longest,
       count(*) FILTER (WHERE a::text ~ 'NaN') AS with_nan, count(*) FILTER (WHERE a::text ~ 'Infinity') AS with_inf,
       count(*) FILTER (WHERE a::text ~ '[0-9]{39}') AS with_40_digits FROM rnd;
SELECT string_agg(m, E'\n') AS random_mismatches FROM (SELECT pg_temp.check(coalesce(a, '{}')) AS m FROM rnd) s;

-- a large array: 100,000 values, a long way from 0 and back
SELECT (gpu_cumsum(a))[100000] = sum_all AS large_total, (gpu_cumavg(a))[100000] = avg_all AS large_mean,
       (gpu_movsum(a, 1000))[100000] = last_1000 AS large_window
FROM (SELECT array_agg(x ORDER BY i) AS a, sum(x) AS sum_all, avg(x) AS avg_all,
             sum(x) FILTER (WHERE i > 99000) AS last_1000
      FROM (SELECT i, (CASE WHEN i % 1000 = 0 THEN 1e15 ELSE 0 END + (i % 997) * 0.01 - 4.9)::numeric(18, 2) AS x
            FROM generate_series(1, 100000) i) v) q;

--
-- Window forms over table rows
--
CREATE TABLE num_ledger (account int, t int, amount numeric(18, 2));
INSERT INTO num_ledger VALUES
  (1, 1, 100.25), (1, 2, -20.50), (1, 3, NULL), (1, 4, 0.10), (1, 5, 1e15), (1, 6, -1e15), (1, 7, 0.20),
  (2, 1, 3), (2, 2, 1), (2, 3, 7), (2, 4, 0), (2, 5, 4), (2, 6, NULL), (2, 7, 6);
SELECT account, t, amount,
       gpu_cumsum(amount) OVER w AS balance,
       gpu_movsum(amount, 3) OVER w AS last3,
       gpu_movavg(amount, 2) OVER w AS avg2,
       gpu_cumavg(amount) OVER w AS cumavg,
       gpu_cummax(amount) OVER w AS cummax,
       sum(amount) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS pg_sum
FROM num_ledger WINDOW w AS (PARTITION BY account ORDER BY t) ORDER BY account, t;
SELECT pg_typeof(gpu_cumsum(amount) OVER ()) AS window_type FROM num_ledger LIMIT 1;

-- partitions longer than a block (4,096 rows), mixed scales, NULLs, NaN
-- and infinities, against sum, avg, max, min over the same frames
CREATE TABLE num_rows AS
SELECT g, t, CASE WHEN t % 97 = 0 THEN NULL
                  WHEN g = 3 AND t = 5000 THEN 'NaN'::numeric
                  WHEN g = 3 AND t = 7000 THEN 'Infinity'::numeric
                  WHEN g = 4 AND t % 3000 = 0 THEN 1234567890123456789012345678901234567890.5
                  ELSE round(((t * 7919 % 10007) - 5003) / 100.0, (t % 4)) END AS x
FROM generate_series(1, 4) g, generate_series(1, CASE g WHEN 1 THEN 10 ELSE 9000 END) t;
CREATE FUNCTION pg_temp.window_mismatches(w int) RETURNS TABLE (f text, bad bigint) LANGUAGE sql AS $$
  SELECT f, count(*) FILTER (WHERE got IS DISTINCT FROM want) FROM (
    SELECT 'cumsum' AS f, (gpu_cumsum(x) OVER o)::text AS got,
           (CASE WHEN x IS NULL THEN NULL ELSE sum(x) OVER (o ROWS UNBOUNDED PRECEDING) END)::text AS want FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)
    UNION ALL
    SELECT 'cumavg', (gpu_cumavg(x) OVER o)::text,
           (CASE WHEN x IS NULL THEN NULL ELSE avg(x) OVER (o ROWS UNBOUNDED PRECEDING) END)::text FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)
    UNION ALL
    SELECT 'cummax', (gpu_cummax(x) OVER o)::text,
           (CASE WHEN x IS NULL THEN NULL ELSE max(x) OVER (o ROWS UNBOUNDED PRECEDING) END)::text FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)
    UNION ALL
    SELECT 'cummin', (gpu_cummin(x) OVER o)::text,
           (CASE WHEN x IS NULL THEN NULL ELSE min(x) OVER (o ROWS UNBOUNDED PRECEDING) END)::text FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)
    UNION ALL
    SELECT 'movsum', (gpu_movsum(x, w) OVER o)::text,
           (CASE WHEN x IS NULL THEN NULL ELSE sum(x) OVER (o ROWS w - 1 PRECEDING) END)::text FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)
    UNION ALL
    SELECT 'movavg', (gpu_movavg(x, w) OVER o)::text,
           (CASE WHEN x IS NULL THEN NULL ELSE avg(x) OVER (o ROWS w - 1 PRECEDING) END)::text FROM num_rows
      WINDOW o AS (PARTITION BY g ORDER BY t)) q
  GROUP BY f ORDER BY f
$$;
SELECT * FROM pg_temp.window_mismatches(3);
SELECT * FROM pg_temp.window_mismatches(5000);
-- a window longer than the partition is its running total
SELECT count(*) FILTER (WHERE a IS DISTINCT FROM b) AS longer_than_partition
FROM (SELECT (gpu_movsum(x, 100000) OVER o)::text AS a, (gpu_cumsum(x) OVER o)::text AS b
      FROM num_rows WINDOW o AS (PARTITION BY g ORDER BY t)) q;
SELECT pg_temp.outcome($$SELECT gpu_movsum(x, 0) OVER (ORDER BY t) FROM num_rows$$) AS window_zero;

--
-- exact_sum and exact_avg of every exact type: PostgreSQL's sum and avg
--
CREATE TABLE num_ints AS
SELECT i, (i % 30000 - 15000)::smallint AS s, (i * 7919 % 2000000000 - 1000000000)::int AS n,
       CASE WHEN i % 2 = 0 THEN 9223372036854775807 - i ELSE -9223372036854775807 + i END::bigint AS b,
       CASE WHEN i % 11 = 0 THEN NULL ELSE round((i * 7919 % 100003) / 1000.0, i % 5) END AS x
FROM generate_series(1, 20000) i;
SELECT exact_sum(s) = sum(s) AS s_sum, exact_sum(n) = sum(n) AS n_sum, exact_sum(b) = sum(b) AS b_sum,
       exact_sum(x)::text = sum(x)::text AS x_sum,
       exact_avg(s)::text = avg(s)::text AS s_avg, exact_avg(n)::text = avg(n)::text AS n_avg,
       exact_avg(b)::text = avg(b)::text AS b_avg, exact_avg(x)::text = avg(x)::text AS x_avg FROM num_ints;
SELECT pg_typeof(exact_sum(s)) AS sum_smallint, pg_typeof(exact_sum(n)) AS sum_integer,
       pg_typeof(exact_sum(b)) AS sum_bigint, pg_typeof(exact_sum(x)) AS sum_numeric,
       pg_typeof(exact_avg(s)) AS avg_smallint, pg_typeof(exact_avg(b)) AS avg_bigint FROM num_ints;
-- bigint past 2^53 is not rounded: the sum through double precision would be
SELECT exact_sum(v) AS exact, exact_sum(v::float8) AS through_double
FROM (VALUES (9007199254740993::bigint), (1)) t(v);
-- moving frames, against sum and avg over the same frames
SELECT count(*) FILTER (WHERE a IS DISTINCT FROM b) AS moving_mismatches FROM (
  SELECT concat_ws(' ', exact_sum(s) OVER f, exact_sum(n) OVER f, exact_sum(b) OVER f, exact_sum(x) OVER f,
                   exact_avg(s) OVER f, exact_avg(n) OVER f, exact_avg(b) OVER f, exact_avg(x) OVER f) AS a,
         concat_ws(' ', sum(s) OVER f, sum(n) OVER f, sum(b) OVER f, sum(x) OVER f,
                   avg(s) OVER f, avg(n) OVER f, avg(b) OVER f, avg(x) OVER f) AS b
  FROM num_ints WINDOW f AS (ORDER BY i ROWS BETWEEN 10 PRECEDING AND CURRENT ROW)) q;
-- serial against forced-parallel plans: the same values, in text
ALTER TABLE num_ints SET (parallel_workers = 4);
ANALYZE num_ints;
CREATE TEMP TABLE ser AS
SELECT concat_ws(' ', exact_sum(s), exact_sum(n), exact_sum(b), exact_sum(x),
                 exact_avg(s), exact_avg(n), exact_avg(b), exact_avg(x)) AS r FROM num_ints;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 4;
EXPLAIN (COSTS OFF) SELECT exact_sum(x), exact_avg(b) FROM num_ints;
SELECT (SELECT r FROM ser) = concat_ws(' ', exact_sum(s), exact_sum(n), exact_sum(b), exact_sum(x),
                                       exact_avg(s), exact_avg(n), exact_avg(b), exact_avg(x)) AS parallel_same
FROM num_ints;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

--
-- No silent cast: every gpuscan function and aggregate that takes a value
-- or an array of values, called with each numeric and integer type (and
-- money; an aggregate of pairs with both of it), must resolve to its form
-- of that very type, or to none.
--
CREATE TABLE num_typed (i int, s smallint, n integer, b bigint, d numeric, r real, f double precision, m money);
INSERT INTO num_typed VALUES (1, 1, 1, 1, 1, 1, 1, 1);
CREATE FUNCTION pg_temp.resolves(call text) RETURNS regprocedure LANGUAGE plpgsql AS $$
DECLARE
  fn regprocedure;
BEGIN
  EXECUTE 'CREATE TEMP VIEW probe AS ' || call;
  SELECT d.refobjid::regprocedure INTO fn
  FROM pg_depend d JOIN pg_rewrite w ON d.classid = 'pg_rewrite'::regclass AND d.objid = w.oid
  JOIN pg_proc p ON p.oid = d.refobjid
  WHERE d.refclassid = 'pg_proc'::regclass AND w.ev_class = 'probe'::regclass
    AND p.proname ~ '^(gpu_|exact_)';
  DROP VIEW probe;
  RETURN fn;
EXCEPTION WHEN undefined_function THEN
  RETURN NULL;
END $$;
SELECT f.name, CASE WHEN f.arr THEN 'array' WHEN f.prokind = 'w' THEN 'window' ELSE 'aggregate' END AS form,
       c.typ AS argument,
       CASE WHEN r IS NULL THEN 'no such form'
            WHEN (pg_get_function_identity_arguments(r) ~ ('^(arr |x )?' || c.typ || CASE WHEN f.arr THEN '\[\]' ELSE '' END || '(,|$)'))
            THEN 'own type' ELSE 'CAST to ' || r::text END AS resolves
FROM (SELECT DISTINCT p.proname AS name, a.arr, p.prokind, p.pronargs AS nargs
      FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
      CROSS JOIN LATERAL (SELECT p.proargtypes[0] = ANY (ARRAY['int2[]', 'int4[]', 'int8[]', 'numeric[]', 'float4[]', 'float8[]']::regtype[]) AS arr) a
      WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
        AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'gpuscan')
        AND p.proargtypes[0] = ANY (ARRAY['int2', 'int4', 'int8', 'numeric', 'float4', 'float8',
                                          'int2[]', 'int4[]', 'int8[]', 'numeric[]', 'float4[]', 'float8[]']::regtype[])) f
CROSS JOIN (VALUES ('s', 'smallint'), ('n', 'integer'), ('b', 'bigint'), ('d', 'numeric'),
                   ('r', 'real'), ('f', 'double precision'), ('m', 'money')) c(col, typ)
CROSS JOIN LATERAL pg_temp.resolves(format(
  CASE WHEN f.arr THEN 'SELECT %1$s(ARRAY[%2$s]%3$s) FROM num_typed'
       WHEN f.prokind = 'w' THEN 'SELECT %1$s(%2$s%3$s) OVER (ORDER BY i) FROM num_typed'
       WHEN f.nargs = 2 THEN 'SELECT %1$s(%2$s, %2$s) FROM num_typed'
       ELSE 'SELECT %1$s(%2$s) FROM num_typed' END,
  f.name, c.col, CASE WHEN f.name ~ '^gpu_mov' THEN ', 3' ELSE '' END)) r
ORDER BY 1, 2, c.col;
