--
-- Scans of table rows: the window forms gpu_cumsum(x) OVER (...),
-- gpu_cummax, gpu_cummin, gpu_cumavg, gpu_movsum(x, n), gpu_movavg(x, n),
-- and the aggregates exact_sum and exact_avg over every kind of frame.
--
-- References are PostgreSQL's own: each window form must give the bits of
-- the array function over the partition's x in the window's order (its
-- definition), and every sum and mean must be the exact numeric sum (or
-- sum / count to 200 decimals) over the same rows or frame, rounded once by
-- the numeric-to-type cast, compared as text (so -0 and 0 differ).  The
-- values are exact through a double precision -> numeric cast (multiples of
-- 1/64, integers, powers of ten up to 1e15).  Serial and parallel plans
-- are compared bit for bit (float8send).  Nothing here depends on the
-- engine or device.
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup
SET work_mem = '64MB';

-- A few rows with NULLs, by account, as the README shows them.
CREATE TABLE ledger (account int, t int, amount double precision);
INSERT INTO ledger VALUES
  (1, 1, 100.25), (1, 2, -20.5), (1, 3, NULL), (1, 4, 0.125), (1, 5, 1e17), (1, 6, -1e17), (1, 7, 0.5),
  (2, 1, 3), (2, 2, 1), (2, 3, 7), (2, 4, 0), (2, 5, 4), (2, 6, NULL), (2, 7, 6);

SELECT account, t, amount,
       gpu_cumsum(amount) OVER w AS balance,
       gpu_movsum(amount, 3) OVER w AS last3,
       gpu_movavg(amount, 2) OVER w AS avg2,
       gpu_cumavg(amount) OVER w AS cumavg,
       gpu_cummax(amount) OVER w AS cummax,
       gpu_cummin(amount) OVER w AS cummin
FROM ledger WINDOW w AS (PARTITION BY account ORDER BY t)
ORDER BY account, t;

-- a float loop loses the cents to 1e17 and back: PostgreSQL's sum gives 80.5
SELECT t, sum(amount) OVER w AS float_loop, gpu_cumsum(amount) OVER w AS exact,
       exact_sum(amount) OVER w AS exact_sum
FROM ledger WHERE account = 1 WINDOW w AS (ORDER BY t) ORDER BY t;

-- every type: result types and values
CREATE TABLE typed AS
SELECT t, g,
       CASE WHEN t % 5 = 3 THEN NULL ELSE (t * 37 % 101 - 50)::smallint END AS i2,
       CASE WHEN t % 5 = 3 THEN NULL ELSE (t * 37 % 101 - 50) * 1000000 END AS i4,
       CASE WHEN t % 5 = 3 THEN NULL ELSE (t * 37 % 101 - 50) * 1000000000000::bigint END AS i8,
       CASE WHEN t % 5 = 3 THEN NULL ELSE ((t * 37 % 101 - 50) / 8.0)::real END AS f4,
       CASE WHEN t % 5 = 3 THEN NULL ELSE (t * 37 % 101 - 50) / 64.0 END::float8 AS f8
FROM generate_series(1, 12) t, generate_series(1, 2) g;

SELECT pg_typeof(gpu_cumsum(i2) OVER ()) AS cumsum_i2, pg_typeof(gpu_cumsum(i4) OVER ()) AS cumsum_i4,
       pg_typeof(gpu_cumsum(i8) OVER ()) AS cumsum_i8, pg_typeof(gpu_cumsum(f4) OVER ()) AS cumsum_f4,
       pg_typeof(gpu_cumsum(f8) OVER ()) AS cumsum_f8,
       pg_typeof(gpu_cummax(i2) OVER ()) AS cummax_i2, pg_typeof(gpu_cummin(i4) OVER ()) AS cummin_i4,
       pg_typeof(gpu_cumavg(i8) OVER ()) AS cumavg_i8, pg_typeof(gpu_cumavg(f4) OVER ()) AS cumavg_f4,
       pg_typeof(gpu_movsum(i2, 2) OVER ()) AS movsum_i2, pg_typeof(gpu_movsum(f4, 2) OVER ()) AS movsum_f4,
       pg_typeof(gpu_movavg(i4, 2) OVER ()) AS movavg_i4, pg_typeof(gpu_movavg(f8, 2) OVER ()) AS movavg_f8
FROM typed LIMIT 1;
SELECT pg_typeof(exact_sum(f4)) AS exact_sum_f4, pg_typeof(exact_sum(f8)) AS exact_sum_f8,
       pg_typeof(exact_avg(f4)) AS exact_avg_f4, pg_typeof(exact_avg(f8)) AS exact_avg_f8
FROM typed;

SELECT g, t, i2, gpu_cumsum(i2) OVER w AS cs, gpu_cummax(i2) OVER w AS mx, gpu_cummin(i2) OVER w AS mn,
       gpu_cumavg(i2) OVER w AS ca, gpu_movsum(i2, 3) OVER w AS ms, gpu_movavg(i2, 3) OVER w AS ma
FROM typed WHERE g = 1 WINDOW w AS (PARTITION BY g ORDER BY t) ORDER BY g, t;
SELECT g, t, f4, gpu_cumsum(f4) OVER w AS cs, gpu_cummax(f4) OVER w AS mx, gpu_cummin(f4) OVER w AS mn,
       gpu_cumavg(f4) OVER w AS ca, gpu_movsum(f4, 3) OVER w AS ms, gpu_movavg(f4, 3) OVER w AS ma
FROM typed WHERE g = 2 WINDOW w AS (PARTITION BY g ORDER BY t) ORDER BY g, t;

-- Each window form against its array function over the partition, as text
-- (every bit of a float shows in its shortest exact text; -0 too), for a
-- column of typed and a moving window n.
CREATE FUNCTION pg_temp.same_as_array(tab text, part text, ord text, col text, n int)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  res text;
BEGIN
  EXECUTE format($q$
    WITH w AS (
      SELECT %2$s AS p, %3$s AS o,
             gpu_cumsum(%4$I) OVER w AS cs, gpu_cummax(%4$I) OVER w AS mx, gpu_cummin(%4$I) OVER w AS mn,
             gpu_cumavg(%4$I) OVER w AS ca, gpu_movsum(%4$I, %5$s) OVER w AS ms,
             gpu_movavg(%4$I, %5$s) OVER w AS ma
      FROM %1$I WINDOW w AS (PARTITION BY %2$s ORDER BY %3$s)),
    a AS (
      SELECT p, u.*
      FROM (SELECT %2$s AS p, array_agg(%4$I ORDER BY %3$s) AS x, array_agg(%3$s ORDER BY %3$s) AS o
            FROM %1$I GROUP BY %2$s) g,
           unnest(g.o, gpu_cumsum(g.x), gpu_cummax(g.x), gpu_cummin(g.x), gpu_cumavg(g.x),
                  gpu_movsum(g.x, %5$s), gpu_movavg(g.x, %5$s)) AS u(o, cs, mx, mn, ca, ms, ma))
    SELECT format('%%s rows, %%s differ', count(*),
                  count(*) FILTER (WHERE (w.cs::text, w.mx::text, w.mn::text, w.ca::text, w.ms::text, w.ma::text)
                                   IS DISTINCT FROM (a.cs::text, a.mx::text, a.mn::text, a.ca::text, a.ms::text, a.ma::text)))
    FROM w JOIN a USING (p, o)$q$, tab, part, ord, col, n) INTO res;
  RETURN res;
END $$;

SELECT col, n, pg_temp.same_as_array('typed', 'g', 't', col, n)
FROM unnest(ARRAY['i2', 'i4', 'i8', 'f4', 'f8']) col, unnest(ARRAY[1, 2, 5, 100]) n
ORDER BY col COLLATE "C", n;

-- The exact value of a double precision (exact through the cast for these values).
CREATE FUNCTION pg_temp.v(x double precision) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT x::numeric
$$;

-- Many rows: partitions of 1 to 20,000 rows, so blocks of 4,096 rows and
-- the start states carried between them; values with NULLs, a few of 1e15
-- and of 1/64, integers and bigints near 2^53.
SELECT setseed(0.25);
CREATE TABLE many AS
SELECT t, p,
       CASE WHEN random() < 0.07 THEN NULL
            WHEN random() < 0.002 THEN (CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END)::float8
            ELSE floor(random() * 2000001 - 1000000) / 64 END AS x,
       CASE WHEN random() < 0.07 THEN NULL ELSE floor(random() * 65535 - 32767)::smallint END AS i2,
       CASE WHEN random() < 0.07 THEN NULL ELSE floor(random() * 4294967295 - 2147483647)::int END AS i4,
       CASE WHEN random() < 0.07 THEN NULL ELSE floor((random() - 0.5) * 2^50)::bigint END AS i8
FROM (SELECT t, CASE WHEN t <= 20000 THEN 0 WHEN t <= 29000 THEN 1 WHEN t <= 29001 THEN 2
                     ELSE 3 + t % 50 END AS p
      FROM generate_series(1, 32000) t) s;
ALTER TABLE many ADD COLUMN f4 real;
UPDATE many SET f4 = (floor(x * 8) / 8)::real WHERE abs(x) < 100000;
ANALYZE many;

SELECT col, n, pg_temp.same_as_array('many', 'p', 't', col, n)
FROM unnest(ARRAY['x', 'f4', 'i2', 'i4', 'i8']) col, unnest(ARRAY[1, 3, 4096, 5000, 30000]) n
ORDER BY col COLLATE "C", n;

-- and against the exact numeric sums over PostgreSQL's own frames
SELECT count(*) AS rows,
       count(*) FILTER (WHERE x IS NOT NULL AND cs::text IS DISTINCT FROM rcs::float8::text) AS cumsum_differ,
       count(*) FILTER (WHERE x IS NOT NULL AND ms::text IS DISTINCT FROM rms::float8::text) AS movsum_differ,
       count(*) FILTER (WHERE x IS NOT NULL AND ca::text IS DISTINCT FROM (round(rcs, 200) / rcn)::float8::text) AS cumavg_differ,
       count(*) FILTER (WHERE x IS NOT NULL AND ma::text IS DISTINCT FROM (round(rms, 200) / rmn)::float8::text) AS movavg_differ,
       count(*) FILTER (WHERE es::text IS DISTINCT FROM rms::float8::text) AS exact_sum_differ,
       count(*) FILTER (WHERE ea::text IS DISTINCT FROM (round(rms, 200) / rmn)::float8::text) AS exact_avg_differ
FROM (SELECT t, p, x,
             CASE WHEN x IS NOT NULL THEN gpu_cumsum(x) OVER w END AS cs,
             CASE WHEN x IS NOT NULL THEN gpu_movsum(x, 1000) OVER w END AS ms,
             CASE WHEN x IS NOT NULL THEN gpu_cumavg(x) OVER w END AS ca,
             CASE WHEN x IS NOT NULL THEN gpu_movavg(x, 1000) OVER w END AS ma,
             exact_sum(x) OVER m AS es, exact_avg(x) OVER m AS ea,
             sum(pg_temp.v(x)) OVER u AS rcs, count(x) OVER u AS rcn,
             sum(pg_temp.v(x)) OVER m AS rms, count(x) OVER m AS rmn
      FROM many
      WINDOW w AS (PARTITION BY p ORDER BY t),
             u AS (PARTITION BY p ORDER BY t ROWS UNBOUNDED PRECEDING),
             m AS (PARTITION BY p ORDER BY t ROWS 999 PRECEDING)) s
WHERE x IS NOT NULL OR es IS NOT NULL;

-- Moving windows whose parts overflow though no whole window does: the
-- rows before a block make parts of windows, which must not raise an error
-- (the block is summed again from the exact accumulator).
CREATE TABLE edge AS
SELECT t, ph, CASE WHEN t <= ph THEN 0 WHEN (t - ph) % 3 = 1 THEN -1.5e308 ELSE 1.5e308 END::float8 AS x
FROM generate_series(1, 9000) t, generate_series(0, 2) ph;
SELECT ph, count(*) AS rows,
       count(*) FILTER (WHERE w.m::text IS DISTINCT FROM a.m::text OR w.ma::text IS DISTINCT FROM a.ma::text) AS differ,
       count(*) FILTER (WHERE t >= ph + 3 AND w.m::text <> '1.5e+308') AS not_the_window_sum
FROM (SELECT ph, t, gpu_movsum(x, 3) OVER w AS m, gpu_movavg(x, 3) OVER w AS ma
      FROM edge WINDOW w AS (PARTITION BY ph ORDER BY t)) w
JOIN (SELECT ph, u.* FROM (SELECT ph, array_agg(x ORDER BY t) x FROM edge GROUP BY ph) g,
             unnest(gpu_movsum(g.x, 3), gpu_movavg(g.x, 3)) WITH ORDINALITY u(m, ma, t)) a USING (ph, t)
GROUP BY ph ORDER BY ph;

-- NaN, infinities and -0: as the array functions treat them
CREATE TABLE special (t int, x double precision);
INSERT INTO special VALUES (1, '-0'), (2, '-0'), (3, NULL), (4, '0'), (5, 'Infinity'), (6, 2),
  (7, '-Infinity'), (8, 3), (9, 'NaN'), (10, 4), (11, 5), (12, '-0');
SELECT t, x, gpu_cumsum(x) OVER w AS cs, gpu_cumavg(x) OVER w AS ca, gpu_cummax(x) OVER w AS mx,
       gpu_cummin(x) OVER w AS mn, gpu_movsum(x, 2) OVER w AS ms, gpu_movavg(x, 3) OVER w AS ma,
       exact_sum(x) OVER (ORDER BY t ROWS 1 PRECEDING) AS es2, exact_avg(x) OVER (ORDER BY t ROWS 2 PRECEDING) AS ea3
FROM special WINDOW w AS (ORDER BY t) ORDER BY t;
SELECT pg_temp.same_as_array('special', '1', 't', 'x', n) FROM generate_series(1, 4) n;
SELECT exact_sum(x) AS all_rows, exact_sum(x) FILTER (WHERE t <= 2) AS negzeros,
       exact_sum(x) FILTER (WHERE t <= 4) AS zeros, exact_sum(x) FILTER (WHERE t = 3) AS only_null,
       exact_sum(x) FILTER (WHERE t IN (5, 6)) AS inf, exact_sum(x) FILTER (WHERE t IN (5, 7)) AS both_inf,
       exact_avg(x) FILTER (WHERE x <> 'NaN' AND t <> 5) AS avg_ninf, exact_avg(x::real) FILTER (WHERE t <= 2) AS avg_negzero
FROM special;

-- a negative mean too small for double precision rounds to -0, a positive one to 0
SELECT exact_avg(x) AS neg, exact_avg(-x) AS pos
FROM (VALUES ('-4.9406564584124654e-324'::float8), ('0'), ('0')) v(x);

-- The moving window n: the same on every row of a partition (NULL gives
-- NULL), at least 1.
SELECT t, gpu_movsum(amount, NULL) OVER (ORDER BY t) FROM ledger WHERE account = 2 ORDER BY t LIMIT 2;
SELECT pg_temp.outcome($$SELECT gpu_movsum(amount, 0) OVER (ORDER BY t) FROM ledger$$);
SELECT pg_temp.outcome($$SELECT gpu_movavg(amount, -3) OVER (ORDER BY t) FROM ledger$$);
SELECT pg_temp.outcome($$SELECT gpu_movsum(amount, t) OVER (ORDER BY t) FROM ledger$$);
SELECT pg_temp.outcome($$SELECT gpu_movsum(amount, CASE WHEN t < 3 THEN 2 END) OVER (ORDER BY t) FROM ledger$$);
SELECT account, t, gpu_movsum(amount, account + 1) OVER (PARTITION BY account ORDER BY t)
FROM ledger ORDER BY account, t;

-- Results out of range: ERROR 22003, naming the row of the partition.
SELECT pg_temp.outcome($$SELECT gpu_cumsum(x) OVER (ORDER BY t) FROM
  (VALUES (1, 9223372036854775000::bigint), (2, 800), (3, 8)) v(t, x)$$);
SELECT gpu_cumsum(x) OVER (ORDER BY t) FROM (VALUES (1, 9223372036854775000::bigint), (2, 800), (3, 8)) v(t, x);
SELECT gpu_movsum(x, 2) OVER (ORDER BY t) FROM (VALUES (1, 1e308::float8), (2, -1e308), (3, 1e308), (4, 1e308)) v(t, x);
SELECT exact_sum(x) FROM (VALUES (3e38::real), (3e38::real)) v(x);
SELECT pg_temp.outcome($$SELECT gpu_cumsum(x) OVER (ORDER BY t) FROM
  (SELECT t, 1e308::float8 AS x FROM generate_series(1, 5000) t) s$$);
SELECT gpu_cumsum(x) OVER (ORDER BY t) FROM (VALUES (1, 1e308::float8), (2, 'Infinity'), (3, 1e308)) v(t, x);
-- the largest bigint running total of int columns is fine; one more is not
SELECT max(s) FROM (SELECT gpu_cumsum(x) OVER (ORDER BY t) s
                    FROM (SELECT t, 2147483647 AS x FROM generate_series(1, 5000) t) q) r;

-- Empty partitions and tables, NULLs only.
SELECT gpu_cumsum(x) OVER () FROM special WHERE false;
SELECT exact_sum(x), exact_avg(x) FROM special WHERE false;
SELECT exact_sum(x), exact_avg(x) FROM special WHERE x IS NULL;
SELECT t, gpu_cumsum(x) OVER w, gpu_movavg(x, 2) OVER w, gpu_cummax(x) OVER w
FROM special WHERE x IS NULL WINDOW w AS (ORDER BY t);

-- The aggregates over every kind of frame, against the exact numeric sum
-- over the same frame: ROWS, RANGE with numeric offsets and with
-- intervals over timestamp, timestamptz and date, GROUPS, EXCLUDE, frames
-- that do not hold the current row, and empty frames (NULL).
CREATE TABLE ticks AS
SELECT i, (i / 3) AS grp,
       timestamp '2026-01-01' + (i * 37 % 1000) * interval '11 minutes' + (i % 7) * interval '1 second' AS ts,
       CASE WHEN i % 11 = 0 THEN NULL
            WHEN i % 97 = 0 THEN 1e15
            ELSE ((i * 7919) % 20001 - 10000) / 64.0 END::float8 AS x
FROM generate_series(1, 3000) i;
ALTER TABLE ticks ADD COLUMN tz timestamptz, ADD COLUMN d date, ADD COLUMN r real;
UPDATE ticks SET tz = ts AT TIME ZONE 'UTC', d = ts::date, r = (x / 4)::real;

CREATE FUNCTION pg_temp.frames(orderby text, frame text, col text DEFAULT 'x') RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  res text;
  typ text := CASE WHEN col = 'r' THEN 'real' ELSE 'double precision' END;
BEGIN
  EXECUTE format($q$
    SELECT format('%%s rows, %%s empty, sums differ: %%s, means differ: %%s', count(*),
                  count(*) FILTER (WHERE n = 0),
                  count(*) FILTER (WHERE es::text IS DISTINCT FROM ns::%3$s::text),
                  count(*) FILTER (WHERE ea::text IS DISTINCT FROM (round(ns, 200) / nullif(n, 0))::float8::text))
    FROM (SELECT exact_sum(%4$I) OVER f AS es, exact_avg(%4$I) OVER f AS ea,
                 sum(%4$I::float8::numeric) OVER f AS ns, count(%4$I) OVER f AS n
          FROM ticks WINDOW f AS (ORDER BY %1$s %2$s)) s$q$, orderby, frame, typ, col) INTO res;
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
SELECT pg_temp.frames('ts', 'RANGE BETWEEN ''1 hour'' PRECEDING AND CURRENT ROW', 'r') AS real_1_hour,
       pg_temp.frames('i', 'ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING', 'r') AS real_rows;

-- partitions and GROUP BY; exact where PostgreSQL's sum of doubles is not
SELECT grp % 4 AS k, exact_sum(x) AS exact_sum, sum(x::numeric)::float8 AS numeric_sum,
       exact_avg(x) AS exact_avg, (round(sum(x::numeric), 200) / count(x))::float8 AS numeric_avg
FROM ticks GROUP BY 1 ORDER BY 1;
SELECT exact_sum(x) = sum(x::numeric)::float8 AS exact_whole, exact_sum(r) = sum(r::numeric)::real AS exact_whole_real
FROM ticks;

-- Serial and parallel plans: the same bits, whatever the number of workers.
CREATE TABLE big AS
SELECT i, i % 13 AS k, CASE WHEN i % 1000 = 0 THEN 1e15 * (i % 3 - 1) ELSE (i::bigint * 7919 % 1000003) / 64.0 END::float8 AS x
FROM generate_series(1, 300000) i;
ALTER TABLE big SET (parallel_workers = 4);
ANALYZE big;
CREATE TEMP TABLE serial AS
SELECT float8send(exact_sum(x)) AS s, float8send(exact_avg(x)) AS a, float4send(exact_sum(x::real)) AS s4,
       float8send(exact_avg(x::real)) AS a4 FROM big;
CREATE TEMP TABLE serial_k AS SELECT k, float8send(exact_sum(x)) AS s, float8send(exact_avg(x)) AS a FROM big GROUP BY k;
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
SELECT pg_temp.plan_of('SELECT exact_sum(x), exact_avg(x) FROM big') ~ 'Partial Aggregate' AS parallel_plan;
SELECT (SELECT s FROM serial) = float8send(exact_sum(x)) AS sum_same,
       (SELECT a FROM serial) = float8send(exact_avg(x)) AS avg_same,
       (SELECT s4 FROM serial) = float4send(exact_sum(x::real)) AS real_sum_same,
       (SELECT a4 FROM serial) = float8send(exact_avg(x::real)) AS real_avg_same
FROM big;
SELECT count(*) AS groups, count(*) FILTER (WHERE p.s = s.s AND p.a = s.a) AS same
FROM (SELECT k, float8send(exact_sum(x)) AS s, float8send(exact_avg(x)) AS a FROM big GROUP BY k) p
JOIN serial_k s USING (k);
SET max_parallel_workers_per_gather = 1;
SELECT (SELECT s FROM serial) = float8send(exact_sum(x)) AS one_worker_same FROM big;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
-- and PostgreSQL's own float sum is not exact here, exact_sum is
SELECT sum(x) = sum(x::numeric)::float8 AS float_sum_exact, exact_sum(x) = sum(x::numeric)::float8 AS exact_sum_exact
FROM big;

-- the window forms take what gpuscan.device says, and gpuscan_last_run() tells
SELECT sum(s) FROM (SELECT gpu_cumsum(x) OVER (ORDER BY t) s FROM many WHERE p = 1) q;
SELECT input, elements, engine_reason IS NOT NULL AS reason_given FROM gpuscan_last_run();

-- support functions of the aggregates are not for direct calls
SELECT pg_temp.outcome($$SELECT exact_sum_float8_final(NULL::internal)$$) ~ 'internal' AS no_internal;
