#!/usr/bin/env bash
# test/gpu/concurrency.sh — many connections scanning on the GPUs at once,
# through the GPU service (gpuscan preloaded).
#
# A throwaway cluster (max_connections 300) gets 16 arrays of 1M-16M
# elements, integer[] and double precision[], half with NULLs, each with its
# reference made by sum() OVER (ORDER BY ...) (the double values are
# quarters, so float sums are exact too).  Then pgbench runs
# test/gpu/concurrency.sql with 8 clients for 30 s and 256 for 60 s (RUNS,
# "clients:seconds ..."), gpuscan.device = auto and
# gpuscan.gpu_min_elements = 0: every call goes to the GPU while one is
# usable, and falls back to the CPU engine when not.  Each transaction
# compares its whole result with the reference (a wrong one aborts the
# client).
#
# Checks per client count: pgbench ends with no aborted client and no failed
# transaction, the server is up and none of its processes crashed.  Reports:
# TPS (pgbench's, and over the second half of the run),
# GPU and CPU calls and fallbacks (with reasons), GPU memory (device
# total and per backend, nvidia-smi every 2 s), and the first call's
# latency in fresh connections, idle and under the 256-client load (LOAD_CLIENTS).
#
# Usage (as root, on a GPU machine): test/gpu/concurrency.sh [LOGDIR]
# Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
LOGDIR=${1:-$LOG_DIR/gpu-logs}
RUNS=${RUNS:-8:30 256:60}
SIZES=${SIZES:-1048576 2097152 3000000 4194304 6000000 8388608 12000000 16777216}


setup_packages || summary 0 1
build_install || summary 0 1
cluster_start "-c shared_preload_libraries=gpuscan -c max_connections=300 -c shared_buffers=4GB" ||
	summary 0 1
trap cluster_remove EXIT
mkdir -p "$LOGDIR"

echo "== set-up: 16 arrays and their references (sum() OVER), 8 at a time"
psql -X -q -v ON_ERROR_STOP=1 <<'SQL' || summary 0 1
CREATE EXTENSION IF NOT EXISTS gpuscan;
CREATE TABLE conc (id int PRIMARY KEY, n int, a4 int[], e4 bigint[], a8 float8[], e8 float8[]);
ALTER TABLE conc ALTER a4 SET STORAGE EXTERNAL, ALTER e4 SET STORAGE EXTERNAL,
	ALTER a8 SET STORAGE EXTERNAL, ALTER e8 SET STORAGE EXTERNAL;
CREATE UNLOGGED TABLE conc_calls (client int, pid int, gpu_calls bigint, cpu_calls bigint,
	gpu_fallbacks bigint, reason text);
SQL
t0=$(date +%s)
id=0
for ty in 4 8; do
	for n in $SIZES; do
		id=$((id + 1))
		nulls=$([ $((id % 2)) = 0 ] && echo true || echo false)
		if [ $ty = 4 ]; then
			v="hashint4(i # $id) % 1000"
		else
			v="(hashint4(i # $id) % 4000)::float8 / 4"
		fi
		psql -X -q -v ON_ERROR_STOP=1 -c "SET work_mem = '3GB'" -c "
			INSERT INTO conc (id, n, a$ty, e$ty)
			SELECT $id, $n, array_agg(v ORDER BY i), array_agg(CASE WHEN v IS NOT NULL THEN s END ORDER BY i)
			FROM (SELECT i, v, sum(v) OVER (ORDER BY i) AS s
			      FROM (SELECT i, CASE WHEN $nulls AND hashint4(i) % 20 = 0 THEN NULL ELSE $v END AS v
			            FROM generate_series(1, $n) i) g) w" &
		[ $((id % 8)) = 0 ] && wait
	done
done
wait
have=$(psql -X -A -t -c "SELECT count(*) FROM conc
	WHERE coalesce(cardinality(a4), cardinality(a8)) = n AND coalesce(cardinality(e4), cardinality(e8)) = n")
echo "set-up: $have arrays in $(( $(date +%s) - t0 )) s"
[ "$have" = 16 ] && pass "set-up: 16 arrays with references" || fail "set-up: $have of 16 arrays"
psql -X -q -c "VACUUM ANALYZE conc"

# the first scan of a fresh connection (CUDA context included): total_ms of 5 connections
first_calls() {
	local i out=""
	for i in 1 2 3 4 5; do
		out="$out $(psql -X -A -t -q -c "SET gpuscan.device = gpu" \
			-c "SELECT cardinality(gpu_cumsum(a4)) FROM conc WHERE id = 1" \
			-c "SELECT round(total_ms) FROM gpuscan_last_run()" 2>&1 | tail -1)"
	done
	echo "$out"
}

# sample the GPU's memory every 2 s into $1 until killed
sample_gpu() {
	while :; do
		echo "t $(date +%s) $(nvidia-smi --query-gpu=memory.used,memory.total --format=csv,noheader,nounits | tr -d ' ')"
		nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits | sed 's/^/p /'
		sleep 2
	done >"$1" 2>&1
}

echo "== first call in a fresh connection, idle: ms of 5 connections:$(first_calls)" | tee "$LOGDIR/concurrency-first-idle.log"

mems=""
for run in $RUNS; do
	c=${run%%:*}
	dur=${run#*:}
	j=$((c < 16 ? c : 16))
	echo "== $c clients, $dur s"
	psql -X -q -c "TRUNCATE conc_calls"
	sample_gpu "$LOGDIR/concurrency-gpumem-$c.log" &
	sampler=$!
	if [ "$c" = "${LOAD_CLIENTS:-256}" ]; then
		(sleep $((dur / 2)); echo "first call in a fresh connection under $c clients: ms of 5 connections:$(first_calls)") \
			>"$LOGDIR/concurrency-first-load.log" &
		firstpid=$!
	fi
	PGOPTIONS="-c gpuscan.device=auto -c gpuscan.gpu_min_elements=0" \
		pgbench -n -c "$c" -j "$j" -T "$dur" -P 10 -f test/gpu/concurrency.sql 2>&1 |
		tee "$LOGDIR/concurrency-pgbench-$c.log"
	rc=${PIPESTATUS[0]}
	kill "$sampler" 2>/dev/null
	wait "$sampler" 2>/dev/null
	[ "$c" = "${LOAD_CLIENTS:-256}" ] && wait "$firstpid" && cat "$LOGDIR/concurrency-first-load.log"

	aborted=$(grep -c "aborted in command" "$LOGDIR/concurrency-pgbench-$c.log")
	failedtx=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$LOGDIR/concurrency-pgbench-$c.log")
	tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$LOGDIR/concurrency-pgbench-$c.log")
	steady=$(awk -v d="$dur" '$1 == "progress:" && $2 + 0 > d / 2 && $2 + 0 <= d { s += $4; n++ }
		END { if (n) printf "%.1f", s / n; else print "?" }' "$LOGDIR/concurrency-pgbench-$c.log")
	[ "$rc" = 0 ] && [ "$aborted" = 0 ] && [ "${failedtx:-0}" = 0 ] &&
		pass "$c clients: no error, no wrong result ($tps tps; $steady tps over the second half)" ||
		fail "$c clients: pgbench status $rc, $aborted aborted clients, ${failedtx:-?} failed transactions"
	pg_isready -q && ! grep -q "terminated by signal" "$TMPDIR_CLUSTER/server.log" &&
		pass "$c clients: the server is up and no process crashed" ||
		fail "$c clients: server down or a process crashed"
	psql -X -c "
		SELECT count(DISTINCT pid) AS backends, sum(g) AS gpu_calls, sum(c) AS cpu_calls, sum(f) AS gpu_fallbacks
		FROM (SELECT pid, max(gpu_calls) g, max(cpu_calls) c, max(gpu_fallbacks) f FROM conc_calls GROUP BY pid) s" \
		-c "SELECT left(reason, 120) AS fallback_reason, count(DISTINCT pid) AS backends
		    FROM conc_calls WHERE reason IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 5" |
		tee "$LOGDIR/concurrency-calls-$c.log"
	fb=$(psql -X -A -t -c "SELECT coalesce(sum(f), 0) FROM
		(SELECT pid, max(gpu_fallbacks) f FROM conc_calls GROUP BY pid) s")
	[ "$fb" = 0 ] && pass "$c clients: every scan auto sent to the GPU ran there" ||
		fail "$c clients: $fb scans fell back to the CPU"
	mem=$(awk '$1 == "t" { split($3, a, ","); if (a[1] + 0 > m) m = a[1] + 0; t = a[2] } END { print m + 0, t + 0 }' \
		"$LOGDIR/concurrency-gpumem-$c.log")
	mems="$mems ${mem% *}"
	per=$(awk '$1 == "p" { print $3 + 0 }' "$LOGDIR/concurrency-gpumem-$c.log" | sort -n)
	n=$(echo "$per" | grep -c .)
	echo "GPU memory, $c clients: at most ${mem% *} of ${mem#* } MiB used; per backend (MiB, $n samples):" \
		"median $(echo "$per" | sed -n "$(( (n + 1) / 2 + (n == 0) ))p"), max $(echo "$per" | tail -1)" |
		tee -a "$LOGDIR/concurrency-calls-$c.log"
done

# one service, so the GPU's memory does not grow with the clients
set -- $mems
if [ $# -ge 2 ]; then
	lo=$(printf '%s\n' "$@" | sort -n | head -1)
	hi=$(printf '%s\n' "$@" | sort -n | tail -1)
	[ $((hi - lo)) -le 64 ] && pass "GPU memory the same at every client count ($*: MiB at most)" ||
		fail "GPU memory differs between client counts ($* MiB)"
fi
psql -X -c "SELECT * FROM gpuscan_service()" | tee "$LOGDIR/concurrency-service.log"

cluster_remove
trap - EXIT
summary "$PASSED" "$FAILED"
