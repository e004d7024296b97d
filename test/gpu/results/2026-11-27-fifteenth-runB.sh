#!/bin/bash
# device call B (fifteenth session), at 35486d3 + the tree: why call A's window forms of
# gpu_movsum/gpu_movavg over 1M rows of doubles on the 2^-20 grid took 950 ms with
# gpuscan.cpu_simd = avx2 against 556 for gpu_cumsum (auto: 577). The same table as
# means_bench.sh's window section; each statement timed in turn, 5 rounds, with
# cpu_simd = avx2, auto and off; temp files logged (log_temp_files = 0).
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo; which perf
export GPUSCAN_PORT=54383 MAKEFLAGS=-j16 PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
. scripts/common.sh
touch cuda/*.o cuda/*.a
build_install || exit 1
cluster_start "-c shared_buffers=2GB -c log_temp_files=0" || exit 1
trap cluster_remove EXIT
set +x
psql -X -q -A -t -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION gpuscan;
SELECT setseed(0.5) \g /dev/null
CREATE TABLE w AS SELECT t, (random() * 2000 - 1000)::real AS x_r, random() * 2000 - 1000 AS x_d,
  (random() * 2000000 - 1000000)::int AS x_i, round((random() * 2000 - 1000) * 1048576) / 1048576 AS x_g
  FROM generate_series(1, 1000000) t;
VACUUM ANALYZE w;
CREATE FUNCTION bench_ms(q text) RETURNS double precision LANGUAGE plpgsql AS $$
DECLARE
  t timestamptz := clock_timestamp();
BEGIN
  EXECUTE q;
  RETURN extract(epoch FROM clock_timestamp() - t) * 1000;
END $$;
CREATE TABLE q (k int, simd text, sql text);
INSERT INTO q VALUES
 (1, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_cumsum(x_g) OVER (ORDER BY t) v FROM w) q'),
 (2, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_movsum(x_g, 1000) OVER (ORDER BY t) v FROM w) q'),
 (3, 'auto', 'SELECT sum(v) FROM (SELECT gpu_movsum(x_g, 1000) OVER (ORDER BY t) v FROM w) q'),
 (4, 'off',  'SELECT sum(v) FROM (SELECT gpu_movsum(x_g, 1000) OVER (ORDER BY t) v FROM w) q'),
 (5, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_movsum(x_d, 1000) OVER (ORDER BY t) v FROM w) q'),
 (6, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_movavg(x_g, 1000) OVER (ORDER BY t) v FROM w) q'),
 (7, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_movsum(x_g, 20) OVER (ORDER BY t) v FROM w) q'),
 (8, 'avx2', 'SELECT sum(v) FROM (SELECT gpu_cumavg(x_g) OVER (ORDER BY t) v FROM w) q'),
 (9, 'avx2', 'SELECT sum(v) FROM (SELECT sum(x_g) OVER (ORDER BY t) v FROM w) q');
CREATE TABLE runs (k int, round int, ms float8);
DO $$
DECLARE r int; x q;
BEGIN
  SET gpuscan.device = cpu;
  FOR r IN 0..5 LOOP
    FOR x IN SELECT * FROM q ORDER BY k LOOP
      PERFORM set_config('gpuscan.cpu_simd', x.simd, false);
      INSERT INTO runs SELECT x.k, r, bench_ms(x.sql);
    END LOOP;
  END LOOP;
END $$;
SELECT k, simd, sql, (SELECT string_agg(round(ms)::text, ' ' ORDER BY round) FROM runs WHERE runs.k = q.k AND round > 0) FROM q ORDER BY k;
SQL
echo "server log, temp files:"; grep -c 'temporary file' "$TMPDIR_CLUSTER/server.log"; grep 'temporary file' "$TMPDIR_CLUSTER/server.log" | head -5
date -u
