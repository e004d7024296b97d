#!/usr/bin/env bash
# test/bench/rows_memory.sh — a backend's peak memory for the window forms
# over one large partition, against PostgreSQL's own sum(x) OVER on the
# same rows: each query in a fresh connection, whose peak resident memory
# (VmHWM: the table's shared buffers that it touched, the same for every
# query, and its private memory) is read from /proc when the query ends;
# gpuscan's library is loaded in every one first.  The partition is read and scanned a block at a time, so the window
# forms should need PostgreSQL's own memory (its tuplestore, its sort) plus
# a block.
#
# Usage: test/bench/rows_memory.sh [MILLIONS]   (default 10; as root, a
# throwaway cluster on GPUSCAN_PORT, default 54339)
set -uo pipefail
export GPUSCAN_PORT=${GPUSCAN_PORT:-54339}
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
M=${1:-10}
N=$((M * 1000000))

setup_packages || exit 1
build_install || exit 1
cluster_start "" || exit 1
trap cluster_remove EXIT

echo "# test/bench/rows_memory.sh — $(date -u '+%F %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null)"
echo "# host: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores; $("$PG_CONFIG" --version)"
echo "# one partition of $N rows (t int, x double precision); work_mem 64MB; each query in a fresh connection"
psql -X -q -v ON_ERROR_STOP=1 <<SQL
CREATE EXTENSION gpuscan;
CREATE TABLE m AS SELECT i AS t, round((random() * 200)::numeric, 2)::float8 AS x
FROM generate_series(1, $N) i;
ALTER TABLE m ADD PRIMARY KEY (t);
VACUUM ANALYZE m;
SQL

# One query in a fresh backend: its time and peak memory, read from /proc as it ends.
measure() {
	local what=$1 expr=$2
	psql -X -q -A -t -v ON_ERROR_STOP=1 <<SQL | paste -sd' ' | awk -v w="$what" '{printf "| %s | %s | %s | %s |\n", w, $1, $2, $3}'
LOAD 'gpuscan';
SET work_mem = '64MB';
SET gpuscan.device = cpu;
CREATE TEMP TABLE t0 AS SELECT clock_timestamp() AS t;
SELECT sum(v) IS NOT NULL AS ok FROM (SELECT $expr AS v FROM m) q \\gset
SELECT round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000) FROM t0;
SELECT (regexp_match(pg_read_file('/proc/' || pg_backend_pid() || '/status'), 'VmHWM:\s+(\d+)'))[1]::bigint / 1024;
SELECT (regexp_match(pg_read_file('/proc/' || pg_backend_pid() || '/status'), 'RssAnon:\s+(\d+)'))[1]::bigint / 1024;
SQL
}

echo
echo "| query over $N rows, ORDER BY t | ms | peak resident MB (VmHWM) | anonymous MB at the end |"
echo "|---|---|---|---|"
measure "nothing: sum(x)" "x"
measure "PostgreSQL sum(x) OVER (ORDER BY t)" "sum(x) OVER (ORDER BY t)"
measure "gpu_cumsum(x) OVER (ORDER BY t)" "gpu_cumsum(x) OVER (ORDER BY t)"
measure "gpu_cumavg(x) OVER (ORDER BY t)" "gpu_cumavg(x) OVER (ORDER BY t)"
measure "gpu_movsum(x, 1000) OVER (ORDER BY t)" "gpu_movsum(x, 1000) OVER (ORDER BY t)"
measure "exact_sum(x) OVER (ORDER BY t)" "exact_sum(x) OVER (ORDER BY t)"
measure "PostgreSQL sum(x::numeric) OVER (ORDER BY t ROWS 999 PRECEDING)" "sum(x::numeric) OVER (ORDER BY t ROWS 999 PRECEDING)"
measure "exact_sum(x) OVER (ORDER BY t ROWS 999 PRECEDING)" "exact_sum(x) OVER (ORDER BY t ROWS 999 PRECEDING)"
measure "gpu_movsum(x, 1000000) OVER (ORDER BY t)" "gpu_movsum(x, 1000000) OVER (ORDER BY t)"
measure "PostgreSQL sum(t::bigint) OVER (ORDER BY t ROWS 999999 PRECEDING)" "sum(t::bigint) OVER (ORDER BY t ROWS 999999 PRECEDING)"
