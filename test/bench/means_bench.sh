#!/usr/bin/env bash
# test/bench/means_bench.sh — exact means against exact sums, as statements
# from a table on the CPU engine (issue 29's targets): one row each of 16M
# real, 16M double precision, 16M integer (uniform random, seeded) and 16M
# double precision on a grid of 2^-20 (uniform random values rounded to it,
# which the CPU engine sums in its 64-bit kernels), and for each type
#   SELECT (gpu_cumsum(a))[n] FROM t         the running total
#   SELECT (gpu_cumavg(a))[n] FROM t         the running mean
#   SELECT (gpu_movavg(a, 1000))[n] FROM t   the moving mean over 1,000
#   SELECT (gpu_movsum(a, 1000))[n] FROM t   the moving sum, beside it
#   SELECT a[n] FROM t                       PostgreSQL's read of the array
# with gpuscan.device = cpu, timed inside the server, the modes interleaved
# round by round, medians of ROUNDS (default 5), and each mean's ratio to
# gpu_cumsum; then one more call of each function and where its time went
# (gpuscan_last_run(): the read, the scan, the whole call).  Then the
# window forms over table rows (issue 29 names them too): WROWS rows (default
# 1,000,000; 0 skips them) of the same four kinds of value, one column each,
#   SELECT sum(v) FROM (SELECT <f>(x[, 1000]) OVER (ORDER BY t) v FROM w) q
# for f = gpu_cumsum, gpu_cumavg, gpu_movavg, gpu_movsum and PostgreSQL's
# own sum(x) OVER (ORDER BY t), medians of ROUNDS, each against the
# gpu_cumsum window form.  Builds and installs gpuscan (BUILD=0: use the one installed),
# starts a throwaway cluster (port GPUSCAN_PORT, default 54351), removes it
# afterwards; writes test/bench/results/means-<date>-<host>.txt too.
#
# Usage (as root): [ROUNDS=5] [WROWS=1000000] [CPU_SIMD=auto|avx2|off] test/bench/means_bench.sh [HOST]
set -uo pipefail
export GPUSCAN_PORT=${GPUSCAN_PORT:-54351}
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
ROUNDS=${ROUNDS:-5}
N=${N:-16777216}
CPU_SIMD=${CPU_SIMD:-auto}
WROWS=${WROWS:-1000000}
HOST=$(bench_host "${1:-}")
LOG=$(bench_log means "$HOST")

# The rounds, the modes interleaved (SQL on stdout): every statement
# ${1}sql(type, mode) of the types and modes in ${1}types and ${1}modes,
# timed into table $2.
rounds_sql() {
	cat <<SQL
DO \$\$
DECLARE
  ty ${1}types;
  mo ${1}modes;
BEGIN
  FOR r IN 0..$ROUNDS LOOP   -- round 0 warms
    FOR ty IN SELECT * FROM ${1}types ORDER BY t LOOP
      FOR mo IN SELECT * FROM ${1}modes ORDER BY k LOOP
        INSERT INTO $2 SELECT ty.typ, mo.mode, r, bench_ms(${1}sql(ty, mo));
      END LOOP;
    END LOOP;
  END LOOP;
END \$\$;
SQL
}

# A table's rows of medians (SQL on psql, one line a type) from the rounds
# in table $1: the median of mode $2 (as ms alone, or as cell: ms and its
# ratio to gpu_cumsum's), of gpu_cumsum, then gpu_cumavg, gpu_movavg and
# gpu_movsum as cells.
medians_table() {
	psql -X -q -A -t -F ' | ' <<SQL
WITH med AS (
  SELECT typ, mode, percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS ms
  FROM $1 WHERE round > 0 GROUP BY typ, mode),
p AS (SELECT typ, mode, round(ms::numeric, 1) AS ms,
             round(ms::numeric, 1) || ' (' ||
             round((ms / (SELECT ms FROM med c WHERE c.typ = med.typ AND c.mode = 'gpu_cumsum'))::numeric, 2)
             || 'x)' AS cell
      FROM med)
SELECT '| ' || typ,
       max($3) FILTER (WHERE mode = '$2'),
       max(ms) FILTER (WHERE mode = 'gpu_cumsum'),
       max(cell) FILTER (WHERE mode = 'gpu_cumavg'),
       max(cell) FILTER (WHERE mode = 'gpu_movavg'),
       max(cell) FILTER (WHERE mode = 'gpu_movsum') || ' |'
FROM p GROUP BY typ ORDER BY typ;
SQL
}

bench_build || exit 1
cluster_start "-c shared_buffers=2GB" || exit 1
trap cluster_remove EXIT

{
	bench_title test/bench/means_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores, AVX-512: $(grep -q avx512dq /proc/cpuinfo && echo yes || echo no); $("$PG_CONFIG" --version)"
	echo "# $N values of each type in one row; gpuscan.device = cpu, gpuscan.cpu_simd = $CPU_SIMD; medians of $ROUNDS, the modes interleaved"
	echo "# command: ROUNDS=$ROUNDS N=$N WROWS=$WROWS CPU_SIMD=$CPU_SIMD GPUSCAN_PORT=$PORT $0 $*"
	psql -X -q -A -t -v ON_ERROR_STOP=1 <<SQL
CREATE EXTENSION gpuscan;
SET gpuscan.device = cpu;
SET gpuscan.cpu_simd = $CPU_SIMD;
SELECT setseed(0.5);
CREATE TABLE m (typ text, a_r real[], a_d double precision[], a_i integer[], a_g double precision[]);
ALTER TABLE m ALTER a_r SET STORAGE EXTERNAL, ALTER a_d SET STORAGE EXTERNAL, ALTER a_i SET STORAGE EXTERNAL,
  ALTER a_g SET STORAGE EXTERNAL;
INSERT INTO m (typ, a_r) SELECT 'real', array_agg((random() * 2000 - 1000)::real) FROM generate_series(1, $N);
INSERT INTO m (typ, a_d) SELECT 'double precision', array_agg(random() * 2000 - 1000) FROM generate_series(1, $N);
INSERT INTO m (typ, a_i) SELECT 'integer', array_agg((random() * 2000000 - 1000000)::int) FROM generate_series(1, $N);
INSERT INTO m (typ, a_g) SELECT 'double precision, grid 2^-20',
  array_agg(round((random() * 2000 - 1000) * 1048576) / 1048576) FROM generate_series(1, $N);
VACUUM ANALYZE m;
CREATE FUNCTION bench_ms(q text) RETURNS double precision LANGUAGE plpgsql AS \$\$
DECLARE
  t timestamptz := clock_timestamp();
BEGIN
  EXECUTE q;
  RETURN extract(epoch FROM clock_timestamp() - t) * 1000;
END \$\$;
-- the rows and the statements, for the rounds and for the account after them
CREATE TABLE bench_types (t int, typ text, col text);
INSERT INTO bench_types VALUES (1, 'real', 'a_r'), (2, 'double precision', 'a_d'), (3, 'integer', 'a_i'),
  (4, 'double precision, grid 2^-20', 'a_g');
CREATE TABLE bench_modes (k int, mode text, expr text);
INSERT INTO bench_modes VALUES (1, 'read', '%s[$N]'), (2, 'gpu_cumsum', '(gpu_cumsum(%s))[$N]'),
  (3, 'gpu_cumavg', '(gpu_cumavg(%s))[$N]'), (4, 'gpu_movavg', '(gpu_movavg(%s, 1000))[$N]'),
  (5, 'gpu_movsum', '(gpu_movsum(%s, 1000))[$N]');
CREATE FUNCTION bench_sql(ty bench_types, mo bench_modes) RETURNS text LANGUAGE sql AS
  \$\$ SELECT format('SELECT %s FROM m WHERE typ = %L', format(mo.expr, ty.col), ty.typ) \$\$;
CREATE TABLE runs (typ text, mode text, round int, ms double precision);
$(rounds_sql bench_ runs)
SQL
	echo
	echo "| type | read ms | gpu_cumsum ms | gpu_cumavg ms (/ cumsum) | gpu_movavg(a, 1000) ms (/ cumsum) | gpu_movsum(a, 1000) ms (/ cumsum) |"
	echo "|---|---|---|---|---|---|"
	medians_table runs read ms
	echo
	echo "Where each statement's time went, one more call each (gpuscan_last_run(); ms):"
	echo
	echo "| type | function | kernel | input | read_ms | scan_ms | total_ms | cpu_ms |"
	echo "|---|---|---|---|---|---|---|---|"
	psql -X -q -A -t -F ' | ' -v ON_ERROR_STOP=1 <<SQL
SET gpuscan.device = cpu;
SET gpuscan.cpu_simd = $CPU_SIMD;
CREATE TEMP TABLE lr (typ text, fn text, kernel text, input text, read_ms float8, scan_ms float8,
  total_ms float8, cpu_ms float8);
DO \$\$
DECLARE
  ty bench_types;
  mo bench_modes;
BEGIN
  FOR ty IN SELECT * FROM bench_types ORDER BY t LOOP
    FOR mo IN SELECT * FROM bench_modes WHERE mode <> 'read' ORDER BY k LOOP
      EXECUTE bench_sql(ty, mo);
      INSERT INTO lr SELECT ty.typ, mo.mode, l.kernel, l.input, l.read_ms, l.scan_ms, l.total_ms, l.cpu_ms
        FROM gpuscan_last_run() l;
    END LOOP;
  END LOOP;
END \$\$;
SELECT '| ' || typ, fn, kernel, input, round(read_ms::numeric, 1), round(scan_ms::numeric, 1),
       round(total_ms::numeric, 1), round(cpu_ms::numeric, 1) || ' |'
FROM lr ORDER BY typ, fn;
SQL
	[ "$WROWS" -gt 0 ] || exit 0   # the group runs in a subshell (the pipe): this ends it only
	echo
	echo "Window forms over $WROWS rows (medians of $ROUNDS, the modes interleaved):"
	echo
	psql -X -q -A -t -v ON_ERROR_STOP=1 <<SQL
SET gpuscan.device = cpu;
SET gpuscan.cpu_simd = $CPU_SIMD;
SELECT setseed(0.5) \g /dev/null
CREATE TABLE w AS SELECT t, (random() * 2000 - 1000)::real AS x_r, random() * 2000 - 1000 AS x_d,
  (random() * 2000000 - 1000000)::int AS x_i, round((random() * 2000 - 1000) * 1048576) / 1048576 AS x_g
  FROM generate_series(1, $WROWS) t;
VACUUM ANALYZE w;
CREATE TABLE bench_wtypes (t int, typ text, col text);
INSERT INTO bench_wtypes VALUES (1, 'real', 'x_r'), (2, 'double precision', 'x_d'), (3, 'integer', 'x_i'),
  (4, 'double precision, grid 2^-20', 'x_g');
CREATE TABLE bench_wmodes (k int, mode text, expr text);
INSERT INTO bench_wmodes VALUES (1, 'sum', 'sum(%s)'), (2, 'gpu_cumsum', 'gpu_cumsum(%s)'),
  (3, 'gpu_cumavg', 'gpu_cumavg(%s)'), (4, 'gpu_movavg', 'gpu_movavg(%s, 1000)'),
  (5, 'gpu_movsum', 'gpu_movsum(%s, 1000)');
CREATE FUNCTION bench_wsql(ty bench_wtypes, mo bench_wmodes) RETURNS text LANGUAGE sql AS
  \$\$ SELECT format('SELECT sum(v) FROM (SELECT %s OVER (ORDER BY t) v FROM w) q', format(mo.expr, ty.col)) \$\$;
CREATE TABLE wruns (typ text, mode text, round int, ms double precision);
$(rounds_sql bench_w wruns)
SQL
	echo "| type | PostgreSQL sum(x) OVER ms (/ cumsum) | gpu_cumsum ms | gpu_cumavg ms (/ cumsum) | gpu_movavg(x, 1000) ms (/ cumsum) | gpu_movsum(x, 1000) ms (/ cumsum) |"
	echo "|---|---|---|---|---|---|"
	medians_table wruns sum cell
} 2>&1 | tee "$LOG"
echo "(log: $LOG)"
