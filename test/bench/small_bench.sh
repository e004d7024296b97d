#!/usr/bin/env bash
# test/bench/small_bench.sh — what a call costs on small arrays: the same
# 16M double precision values as 160,000 arrays of 100, 16,000 of 1,000,
# 1,600 of 10,000 and 16 of 1M, one table each, and for each table
#   SELECT sum(a[n]) FROM t                  the bare read of the arrays
#   SELECT sum((naive_cumsum(a))[n]) FROM t  a plain C loop (test/bench/naive)
#   SELECT sum((gpu_cumsum(a))[n]) FROM t    gpuscan's CPU engine, exact
# (and gpu_cumavg), timed inside the server, the modes interleaved round by
# round, medians of ROUNDS (default 5), and the ratio of gpuscan's
# statement to the naive loop's.  Builds and installs gpuscan (BUILD=0: use
# the one installed) and the naive extension, starts a throwaway cluster
# (port GPUSCAN_PORT, default 54349), removes it afterwards; writes
# test/bench/results/small-<date>-<host>.txt too.
#
# Usage (as root): [ROUNDS=5] test/bench/small_bench.sh [HOST]
set -uo pipefail
export GPUSCAN_PORT=${GPUSCAN_PORT:-54349}
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
ROUNDS=${ROUNDS:-5}
HOST=$(bench_host "${1:-}")
LOG=$(bench_log small "$HOST")

bench_build || exit 1
(cd test/bench/naive && make -s with_llvm=no PG_CONFIG="$PG_CONFIG" && make -s with_llvm=no PG_CONFIG="$PG_CONFIG" install) >/dev/null ||
	{ echo "the naive extension did not build"; exit 1; }
cluster_start "-c shared_buffers=2GB" || exit 1
trap cluster_remove EXIT

{
	bench_title test/bench/small_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores; $("$PG_CONFIG" --version)"
	echo "# 16M double precision values in each table; gpuscan.device = cpu; medians of $ROUNDS, the modes interleaved"
	echo "# command: ROUNDS=$ROUNDS GPUSCAN_PORT=$PORT $0 $*"
	psql -X -q -A -t -v ON_ERROR_STOP=1 <<SQL
CREATE EXTENSION gpuscan;
CREATE EXTENSION naive;
SET gpuscan.device = cpu;
SELECT setseed(0.5);
CREATE TABLE s100 AS SELECT g, array_agg(random() * 200 - 100 ORDER BY i) AS a
  FROM generate_series(0, 16000000 - 1) i, LATERAL (SELECT i / 100 AS g) q GROUP BY g;
CREATE TABLE s1k AS SELECT i / 1000 AS g, array_agg(random() * 200 - 100 ORDER BY i) AS a
  FROM generate_series(0, 16000000 - 1) i GROUP BY 1;
CREATE TABLE s10k AS SELECT i / 10000 AS g, array_agg(random() * 200 - 100 ORDER BY i) AS a
  FROM generate_series(0, 16000000 - 1) i GROUP BY 1;
CREATE TABLE s1m AS SELECT i / 1000000 AS g, array_agg(random() * 200 - 100 ORDER BY i) AS a
  FROM generate_series(0, 16000000 - 1) i GROUP BY 1;
VACUUM ANALYZE s100, s1k, s10k, s1m;
-- the statement's time in ms, between two clock_timestamp() in the server
CREATE FUNCTION bench_ms(q text) RETURNS double precision LANGUAGE plpgsql AS \$\$
DECLARE
  t timestamptz := clock_timestamp();
BEGIN
  EXECUTE q;
  RETURN extract(epoch FROM clock_timestamp() - t) * 1000;
END \$\$;
CREATE TABLE runs (tab text, n int, mode text, round int, ms double precision);
DO \$\$
DECLARE
  tabs text[] := ARRAY['s100', 's1k', 's10k', 's1m'];
  ns int[] := ARRAY[100, 1000, 10000, 1000000];
  modes text[] := ARRAY['read', 'naive', 'gpu_cumsum', 'gpu_cumavg'];
  exprs text[] := ARRAY['a[%s]', '(naive_cumsum(a))[%s]', '(gpu_cumsum(a))[%s]', '(gpu_cumavg(a))[%s]'];
BEGIN
  FOR r IN 0..$ROUNDS LOOP   -- round 0 warms
    FOR t IN 1..4 LOOP
      FOR m IN 1..4 LOOP
        INSERT INTO runs SELECT tabs[t], ns[t], modes[m], r,
          bench_ms(format('SELECT sum(%s) FROM %I', format(exprs[m], ns[t]), tabs[t]));
      END LOOP;
    END LOOP;
  END LOOP;
END \$\$;
SQL
	echo
	echo "| arrays x elements | read ms | naive loop ms | gpu_cumsum ms | gpu_cumsum / naive | gpu_cumavg ms | gpu_cumavg / gpu_cumsum |"
	echo "|---|---|---|---|---|---|---|"
	psql -X -q -A -t -F ' | ' <<'SQL'
WITH med AS (
  SELECT tab, n, mode, percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS ms
  FROM runs WHERE round > 0 GROUP BY tab, n, mode)
SELECT '| ' || to_char(16000000 / n, 'FM999,999') || ' x ' || to_char(n, 'FM9,999,999'),
       round(r.ms::numeric, 1), round(nv.ms::numeric, 1), round(c.ms::numeric, 1),
       round((c.ms / nv.ms)::numeric, 2) || 'x', round(a.ms::numeric, 1),
       round((a.ms / c.ms)::numeric, 2) || 'x |'
FROM med r JOIN med nv USING (tab, n) JOIN med c USING (tab, n) JOIN med a USING (tab, n)
WHERE r.mode = 'read' AND nv.mode = 'naive' AND c.mode = 'gpu_cumsum' AND a.mode = 'gpu_cumavg'
ORDER BY n;
SQL
} 2>&1 | tee "$LOG"
echo "(log: $LOG)"
