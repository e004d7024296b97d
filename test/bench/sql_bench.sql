-- test/bench/sql_bench.sql — gpu_cumsum from SQL, per engine and size.
--
-- For real[], double precision[] and integer[] arrays of 2^10 ... elements
-- (up to PostgreSQL's limits: 2^27-1 elements in an array, 1 GB per value),
-- the median over repetitions of:
--   stmt_ms   SELECT (gpu_cumsum(a))[1] FROM tb, the array stored in a table
--             (uncompressed TOAST): reading it, the scan, the result;
--   fetch_ms  SELECT a[1] FROM tb: reading the array alone;
--   engine_ms gpuscan_last_run().total_ms: the engine call alone (plan,
--             transfers, kernels; no reading of the array);
-- under gpuscan.device = cpu, and = gpu with each kernel, with the GPU's
-- h2d/kernel/d2h breakdown; and the unnest + sum() OVER + array_agg query up
-- to 2^20 elements.  Run by test/bench/sql_bench.sh; psql variable :maxlog
-- caps the sizes (default 27).
\set ON_ERROR_STOP 1
\if :{?maxlog}
\else
\set maxlog 27
\endif
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS gpuscan;

CREATE TEMP TABLE results (type text, n bigint, mode text, reps int,
                           stmt_ms float8, engine_ms float8, h2d_ms float8,
                           kernel_ms float8, d2h_ms float8, engine text,
                           fetch_ms float8);

SELECT count(*) > 0 AS has_gpu FROM gpuscan_devices() \gset
-- the first GPU call of a fresh backend creates the CUDA context; the
-- engine's total_ms includes that
\if :has_gpu
SET gpuscan.device = gpu;
SELECT gpu_cumsum(ARRAY[1, 2, 3]) IS NOT NULL AS first_gpu_call;
SELECT round(total_ms::numeric, 1) AS first_gpu_call_ms FROM gpuscan_last_run();
RESET gpuscan.device;
\endif

-- one benchmark function per element type (PL/pgSQL has no generic locals)
DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['real', 'double precision', 'integer'] LOOP
    EXECUTE format($f$
      CREATE FUNCTION pg_temp.bench_%1$s(maxlog int) RETURNS void LANGUAGE plpgsql AS $b$
      DECLARE
        base %2$s[];
        r %3$s[];
        limit_n bigint;
        n bigint;
        lg int;
        mode text;
        reps int;
        times float8[];
        etimes float8[];
        ftimes float8[];
        fetch_ms float8;
        t0 timestamptz;
        lr record;
        dummy text;
      BEGIN
        -- 2^20 random values, doubled up to the largest size
        SELECT array_agg(%4$s) INTO base FROM generate_series(1, 1048576);
        limit_n := least(2::bigint ^ maxlog, 134217727,
                         (1073741800 - 64) / %5$s);	-- the result must fit in 1 GB
        WHILE cardinality(base) * 2 <= limit_n LOOP
          base := base || base;
        END LOOP;
        IF cardinality(base) < limit_n THEN
          base := base || base[1:limit_n - cardinality(base)];
        END IF;
        FOREACH lg IN ARRAY ARRAY[10, 12, 14, 16, 18, 19, 20, 21, 22, 23, 24, 26, 27] LOOP
          EXIT WHEN lg > maxlog;
          n := least(2::bigint ^ lg, limit_n);
          EXIT WHEN lg = 27 AND n < 2::bigint ^ 26 * 2 - 1;
          -- the array as a table column: the statements read it as users do
          DROP TABLE IF EXISTS pg_temp.tb;
          CREATE TEMP TABLE tb (a %2$s[]);
          ALTER TABLE tb ALTER COLUMN a SET STORAGE EXTERNAL;
          INSERT INTO tb VALUES (base[1:n]);
          reps := CASE WHEN n <= 1048576 THEN 11 WHEN n <= 16777216 THEN 5 ELSE 3 END;
          ftimes := '{}';
          FOR i IN 1..reps LOOP
            t0 := clock_timestamp();
            EXECUTE 'SELECT a[1]::text FROM tb' INTO dummy;
            ftimes := ftimes || extract(epoch FROM clock_timestamp() - t0)::float8 * 1000;
          END LOOP;
          SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) INTO fetch_ms FROM unnest(ftimes) v;
          FOREACH mode IN ARRAY CASE WHEN EXISTS (SELECT FROM gpuscan_devices())
                                     THEN ARRAY['cpu', 'gpu:kogge_stone', 'gpu:brent_kung', 'gpu:single_pass']
                                     ELSE ARRAY['cpu'] END LOOP
            PERFORM set_config('gpuscan.device', split_part(mode, ':', 1), false);
            IF mode LIKE 'gpu:%%' THEN
              PERFORM set_config('gpuscan.kernel', split_part(mode, ':', 2), false);
            END IF;
            EXECUTE 'SELECT (gpu_cumsum(a))[1]::text FROM tb' INTO dummy;	-- warm-up
            times := '{}';
            etimes := '{}';
            FOR i IN 1..reps LOOP
              t0 := clock_timestamp();
              EXECUTE 'SELECT (gpu_cumsum(a))[1]::text FROM tb' INTO dummy;
              times := times || extract(epoch FROM clock_timestamp() - t0)::float8 * 1000;
              SELECT * INTO lr FROM gpuscan_last_run();
              etimes := etimes || lr.total_ms;
            END LOOP;
            INSERT INTO results
              SELECT '%1$s', n, mode, reps,
                     (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM unnest(times) v),
                     (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM unnest(etimes) v),
                     lr.h2d_ms, lr.kernel_ms, lr.d2h_ms, lr.engine, fetch_ms;
          END LOOP;
          IF n <= 1048576 THEN
            reps := CASE WHEN n <= 65536 THEN 5 ELSE 3 END;
            times := '{}';
            FOR i IN 1..reps LOOP
              t0 := clock_timestamp();
              EXECUTE 'SELECT (array_agg(s ORDER BY o))[1]::text FROM (SELECT o, sum(v) OVER (ORDER BY o) AS s
                       FROM tb, unnest(a) WITH ORDINALITY AS u(v, o)) t' INTO dummy;
              times := times || extract(epoch FROM clock_timestamp() - t0)::float8 * 1000;
            END LOOP;
            INSERT INTO results
              SELECT '%1$s', n, 'window query', reps,
                     (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM unnest(times) v),
                     NULL, NULL, NULL, NULL, 'sql', fetch_ms;
          END IF;
          RAISE NOTICE '%1$s n=%% done', n;
        END LOOP;
        DROP TABLE IF EXISTS pg_temp.tb;
        RESET gpuscan.device;
        RESET gpuscan.kernel;
      END $b$$f$,
      replace(t, ' ', '_'), t,
      CASE WHEN t = 'integer' THEN 'bigint' ELSE t END,
      CASE t WHEN 'integer' THEN '(random() * 65534 - 32767)::integer'
             ELSE format('(random() * 2000 - 1000)::%s', t) END,
      CASE WHEN t = 'real' THEN 4 ELSE 8 END);
  END LOOP;
END $do$;

SET client_min_messages = notice;
SELECT pg_temp.bench_real(:maxlog);
SELECT pg_temp.bench_double_precision(least(:maxlog, 26));
SELECT pg_temp.bench_integer(least(:maxlog, 26));

\pset footer off
SELECT type, n, mode, reps, round(stmt_ms::numeric, 3) AS stmt_ms,
       round(engine_ms::numeric, 3) AS engine_ms, round(h2d_ms::numeric, 3) AS h2d_ms,
       round(kernel_ms::numeric, 3) AS kernel_ms, round(d2h_ms::numeric, 3) AS d2h_ms, engine,
       round(fetch_ms::numeric, 3) AS fetch_ms
FROM results ORDER BY type, n, mode;
\copy results TO pstdout WITH (FORMAT csv, HEADER)
