-- scripts/demo.sql — the showcase printed by `make demo`.
\pset footer off
CREATE EXTENSION gpuscan;

\echo
\echo '== gpu_cumsum: running totals of arrays'
SELECT gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3]) AS running_total,
       gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3], exclusive => true) AS exclusive;
SELECT gpu_cumsum(ARRAY[1, NULL, 2, NULL, 3]) AS nulls_skipped,
       gpu_cumsum('{{1,2,3},{10,20,30}}'::int[]) AS per_row;

\echo '== exact floats: each total is the correctly rounded exact sum'
SELECT gpu_cumsum('{1e8,1,-1e8}'::real[]) AS gpu_cumsum,
       (SELECT array_agg(s ORDER BY o) FROM
          (SELECT o, sum(x) OVER (ORDER BY o) AS s
           FROM unnest('{1e8,1,-1e8}'::real[]) WITH ORDINALITY AS u(x, o)) t) AS float_loop;

\echo '== table rows: a running balance per account (window form), exact where sum() OVER is not'
CREATE TEMP TABLE ledger (account int, t int, amount double precision);
INSERT INTO ledger VALUES (1, 1, 100.25), (1, 2, 1e17), (1, 3, -20.5), (1, 4, -1e17), (1, 5, 0.125),
  (2, 1, 3), (2, 2, NULL), (2, 3, 7);
SELECT account, t, amount, gpu_cumsum(amount) OVER w AS balance, sum(amount) OVER w AS postgres_sum
FROM ledger WINDOW w AS (PARTITION BY account ORDER BY t) ORDER BY account, t;

\echo '== table rows: a rolling hour per sensor (exact_sum over a RANGE frame)'
CREATE TEMP TABLE readings (sensor int, ts timestamp, v double precision);
INSERT INTO readings VALUES (1, '2026-11-25 10:00', 0.1), (1, '2026-11-25 10:20', 0.2),
  (1, '2026-11-25 10:50', 0.3), (1, '2026-11-25 11:10', -0.3), (1, '2026-11-25 11:40', -0.2),
  (1, '2026-11-25 12:05', -0.1);
SELECT sensor, ts, v, exact_sum(v) OVER h AS last_hour, sum(v) OVER h AS postgres_sum
FROM readings WINDOW h AS (PARTITION BY sensor ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW)
ORDER BY sensor, ts;

\echo '== gpuscan_devices(): CUDA devices this server can use'
SELECT * FROM gpuscan_devices();
\echo '== gpuscan_service(): the GPU service (gpuscan in shared_preload_libraries)'
SELECT pid, state, message, device_id, requests FROM gpuscan_service();

\echo '== timing: whole statements, warm, medians of 5 (the read of the array, or of the rows, included)'
\o /dev/null
SELECT setseed(0.5);
\o
CREATE TEMP TABLE m1 AS SELECT array_agg(random()::real) AS a FROM generate_series(1, 1000000);
CREATE TEMP TABLE m16 AS SELECT array_agg(random()::real) AS a FROM generate_series(1, 16000000);
CREATE TEMP TABLE r1 AS
SELECT i AS t, round((random() * 200)::numeric, 2)::float8 AS x FROM generate_series(1, 1000000) i;
ANALYZE m1, m16, r1;

-- The median in ms of 5 runs of a statement, after one run to warm it.
CREATE FUNCTION pg_temp.median_ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  t timestamptz;
  ms double precision[] := '{}';
BEGIN
  EXECUTE q;
  FOR i IN 1..5 LOOP
    t := clock_timestamp();
    EXECUTE q;
    ms := ms || extract(epoch FROM clock_timestamp() - t) * 1000;
  END LOOP;
  RETURN round((SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY m) FROM unnest(ms) m)::numeric, 1);
END $$;

SELECT what, pg_temp.median_ms(q) AS median_ms FROM (VALUES
  (1, 'read the 1M-element real[] from its table', 'SELECT array_length(a, 1) FROM m1'),
  (2, 'gpu_cumsum of it (that read included)', 'SELECT array_length(gpu_cumsum(a), 1) FROM m1'),
  (3, 'read the 16M-element real[] from its table', 'SELECT array_length(a, 1) FROM m16'),
  (4, 'gpu_cumsum of it (that read included)', 'SELECT array_length(gpu_cumsum(a), 1) FROM m16'),
  (5, '1M rows: sum(x) OVER (ORDER BY t), PostgreSQL''s, inexact',
      'SELECT sum(s) FROM (SELECT sum(x) OVER (ORDER BY t) s FROM r1) q'),
  (6, '1M rows: gpu_cumsum(x) OVER (ORDER BY t), exact',
      'SELECT sum(s) FROM (SELECT gpu_cumsum(x) OVER (ORDER BY t) s FROM r1) q'),
  (7, '1M rows: exact_sum(x) OVER (ORDER BY t ROWS 999 PRECEDING), exact',
      'SELECT sum(s) FROM (SELECT exact_sum(x) OVER (ORDER BY t ROWS 999 PRECEDING) s FROM r1) q'),
  (8, '1M rows: sum(x::numeric) OVER (ORDER BY t ROWS 999 PRECEDING), exact, numeric',
      'SELECT sum(s) FROM (SELECT sum(x::numeric) OVER (ORDER BY t ROWS 999 PRECEDING) s FROM r1) q'))
  v(n, what, q) ORDER BY n;
\echo '(PostgreSQL''s sum(x) of double precision over that frame cannot remove a value, so each row adds'
\echo ' its 1,000 again: about 100 times its running sum; README.md, Scans of table rows)'
