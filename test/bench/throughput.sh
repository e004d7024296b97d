#!/usr/bin/env bash
# test/bench/throughput.sh — what a busy server gets out of gpuscan: pgbench
# clients scanning arrays read from a table, on each engine.
#
# A throwaway cluster (gpuscan preloaded; max_connections 300,
# shared_buffers 4GB, so the arrays stay in shared buffers) gets table tp:
# 16 rows, each a real[] and a double precision[] of the same size, 1M to
# 16M elements (geometric), stored as PostgreSQL stores random floats (out
# of line, uncompressed), and the last element of each one's running total
# as the CPU engine computes it.  Then, for 1, 16, 64 and 256 clients
# (CLIENTS) and gpuscan.device = cpu, gpu and auto (MODES; every other
# setting at its default; auto/N sets gpuscan.auto_max_host_scans = N), pgbench runs test/bench/throughput.sql for
# DURATION seconds (default 20; every mode draws the same rows: --random-seed): TPS, failed transactions (a wrong result fails),
# the host's CPU time per scan (/proc/stat over the run, every core,
# pgbench included, over two scans per transaction), the GPU service's busy
# time (gpuscan_service().busy_ms over the run), the share of the
# double precision scans that went to the GPU and the GPU service process's
# CPU time (100% is one core busy).  Ratios against cpu at the same client count.
# ROUNDS (default 1): each client count runs every mode this many times in
# turn; the table and throughput.csv give each point's median
# (throughput-runs.csv every run).
# SWEEP (optional): server settings to compare on the same data, a space-
# separated list of NAME=VALUE (gpuscan.service_chunk_mb=4, say) or - for
# the defaults; the cluster restarts with each one, and its rows' mode reads
# MODE:NAME=VALUE (the gpuscan. prefix left out).  CUDA_VISIBLE_DEVICES=LIST
# there restarts the server seeing only those GPUs (rows MODE:gpus=LIST;
# cpu left out, its ratios against the defaults' cpu).
# Writes OUTDIR/throughput.txt (the log and table), throughput.csv and, where
# matplotlib is at hand, throughput.png.
#
# Usage (as root; on any machine, a GPU one for gpu and auto to mean
# anything): test/bench/throughput.sh [OUTDIR]
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
OUTDIR=${1:-$LOG_DIR/throughput}
CLIENTS=${CLIENTS:-1 16 64 256}
MODES=${MODES:-cpu gpu auto}
DURATION=${DURATION:-20}
ROUNDS=${ROUNDS:-1}
SWEEP=${SWEEP:--}
SERVER_OPTS="-c shared_preload_libraries=gpuscan -c max_connections=300 -c shared_buffers=4GB"
SIZES=${SIZES:-1048576 1261000 1517000 1824000 2194000 2639000 3174000 3818000 4592000 5523000 6643000 7990000 9610000 11559000 13903000 16777216}
mkdir -p "$OUTDIR"
exec > >(tee "$OUTDIR/throughput.txt") 2>&1

echo "# test/bench/throughput.sh — $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null)"
echo "# host: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
setup_packages || exit 1
build_install || exit 1
cluster_start "$SERVER_OPTS" || exit 1
trap cluster_remove EXIT

echo "== set-up: 16 rows of real[] and double precision[], 1M-16M elements"
psql -X -q -v ON_ERROR_STOP=1 <<'SQL' || exit 1
CREATE EXTENSION IF NOT EXISTS gpuscan;
CREATE TABLE tp (id int PRIMARY KEY, n int, r real[], d double precision[], r_last real, d_last double precision);
CREATE UNLOGGED TABLE tp_runs (engine text, cpu_ms double precision);
SQL
id=0
pids=""
for n in $SIZES; do
	id=$((id + 1))
	psql -X -q -v ON_ERROR_STOP=1 -c "SET gpuscan.device = cpu" -c "
		INSERT INTO tp (id, n, r, d)
		SELECT $id, $n, array_agg((random() * 2000 - 1000)::real), array_agg(random() * 2000 - 1000)
		FROM generate_series(1, $n)" -c "
		UPDATE tp SET r_last = (gpu_cumsum(r))[n], d_last = (gpu_cumsum(d))[n] WHERE id = $id" &
	pids="$pids $!"
	# (a plain wait would wait for the tee of this script's output too)
	[ $((id % 4)) = 0 ] && { wait $pids; pids=""; }
done
[ -n "$pids" ] && wait $pids
psql -X -q -c "VACUUM ANALYZE tp"
psql -X -A -t -c "SELECT 'rows ' || count(*) || ', elements ' || min(n) || '..' || max(n) ||
	', storage ' || pg_size_pretty(pg_total_relation_size('tp')) FROM tp WHERE r_last IS NOT NULL"
psql -X -A -t -c "SELECT count(*) FROM gpuscan_devices()" | grep -q '^0$' &&
	echo "(no usable GPU: gpu errors and auto runs on the CPU)"
# every array into shared buffers once
psql -X -q -c "SET gpuscan.device = cpu" -c "SELECT sum(cardinality(gpu_cumsum(r)) + cardinality(gpu_cumsum(d))) FROM tp" >/dev/null

cpu_jiffies() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
busy_ms() { psql -X -A -t -c "SELECT coalesce(sum(busy_ms), 0) FROM gpuscan_service()"; }
# the GPU service process's CPU time (jiffies), 0 without one
service_jiffies() {
	local pid; pid=$(psql -X -A -t -c "SELECT pid FROM gpuscan_service() LIMIT 1")
	awk '{ print $14 + $15 }' "/proc/${pid:-0}/stat" 2>/dev/null || echo 0
}
HZ=$(getconf CLK_TCK)

HEADER="clients,mode,tps,failed,cpu_ms_per_scan,gpu_busy_pct,gpu_share,service_cpu_pct"
echo "$HEADER,round" > "$OUTDIR/throughput-runs.csv"
for setting in $SWEEP; do
	label=""
	modes=$MODES
	case $setting in
	-) ;;
	CUDA_VISIBLE_DEVICES=*)
		# the GPUs the service sees (cpu runs the same whichever they are: left out)
		CUDA_VISIBLE_DEVICES=${setting#*=} cluster_restart "$SERVER_OPTS" || exit 1
		label=":gpus=${setting#*=}"
		modes=$(echo " $MODES " | sed 's/ cpu / /')
		echo "== $setting"
		;;
	*)
		cluster_restart "$SERVER_OPTS -c $setting" || exit 1
		label=":${setting#gpuscan.}"
		echo "== $setting"
		;;
	esac
for c in $CLIENTS; do
	for round in $(seq 1 "$ROUNDS"); do
	for mode in $modes; do
		j=$((c < 16 ? c : 16))
		psql -X -q -c "TRUNCATE tp_runs"
		j0=$(cpu_jiffies); b0=$(busy_ms); s0=$(service_jiffies); t0=$(date +%s.%N)
		# auto/N: auto with gpuscan.auto_max_host_scans = N
		opts="-c gpuscan.device=${mode%%/*}"
		[ "$mode" != "${mode%%/*}" ] && opts="$opts -c gpuscan.auto_max_host_scans=${mode#*/}"
		log="$OUTDIR/pgbench-$c-$(echo "$mode$label" | tr '/:=' '---').log"
		PGOPTIONS="$opts" pgbench -n --random-seed=1 -c "$c" -j "$j" -T "$DURATION" \
			-f test/bench/throughput.sql >"$log" 2>&1
		t1=$(date +%s.%N); j1=$(cpu_jiffies); b1=$(busy_ms); s1=$(service_jiffies)
		tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$log" | head -1)
		tx=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$log")
		failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$log")
		aborted=$(grep -c "aborted in command\|ERROR" "$log")
		[ -z "$tps" ] && aborted=$((aborted + 1))	# pgbench did not run: a failure
		share=$(psql -X -A -t -c "SELECT round(100.0 * count(*) FILTER (WHERE engine = 'gpu') / greatest(count(*), 1))
			FROM tp_runs")
		awk -v c="$c" -v m="$mode" -v tps="${tps:-0}" -v tx="${tx:-0}" -v f="${failed:-0}" -v a="$aborted" \
			-v dj=$((j1 - j0)) -v hz="$HZ" -v b0="$b0" -v b1="$b1" -v t0="$t0" -v t1="$t1" \
			-v share="$share" -v label="$label" -v ds=$((s1 - s0)) -v r="$round" 'BEGIN {
				cpu = tx > 0 ? dj * 1000 / hz / (2 * tx) : 0
				printf "%s,%s%s,%.1f,%d,%.1f,%.1f,%s,%.0f,%d\n", c, m, label, tps, f + a, cpu,
					100 * (b1 - b0) / ((t1 - t0) * 1000), share, 100 * ds / hz / (t1 - t0), r }' \
			>> "$OUTDIR/throughput-runs.csv"
		tail -1 "$OUTDIR/throughput-runs.csv"
	done
	done
done
	# what each GPU ran under this setting
	psql -X -c "SELECT device_id, device_name, state, requests, batches, round(busy_ms) AS busy_ms, errors
		FROM gpuscan_service()"
done

# each point: the median of its rounds (failures summed)
python3 - "$OUTDIR/throughput-runs.csv" "$OUTDIR/throughput.csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
keys = []
for r in rows:
    if (r["clients"], r["mode"]) not in keys:
        keys.append((r["clients"], r["mode"]))
cols = ["tps", "cpu_ms_per_scan", "gpu_busy_pct", "gpu_share", "service_cpu_pct"]
with open(sys.argv[2], "w") as out:
    out.write(",".join(f for f in csv.DictReader(open(sys.argv[1])).fieldnames if f != "round") + "\n")
    for c, m in keys:
        rs = [r for r in rows if r["clients"] == c and r["mode"] == m]
        med = {k: statistics.median(float(r[k]) for r in rs) for k in cols}
        out.write("%s,%s,%.1f,%d,%.1f,%.1f,%.0f,%.0f\n" % (c, m, med["tps"], sum(int(r["failed"]) for r in rs),
                  med["cpu_ms_per_scan"], med["gpu_busy_pct"], med["gpu_share"], med["service_cpu_pct"]))
PY

echo
echo "| clients | mode | TPS | / cpu | failed | host CPU ms per scan | GPU busy | double precision scans on the GPU | GPU service's CPU |"
echo "|---|---|---|---|---|---|---|---|---|"
# (ratios against cpu at the same client count and setting)
awk -F, 'function setting(m) { return index(m, ":") ? substr(m, index(m, ":")) : "" }
	NR > 1 { if ($2 ~ /^cpu(:|$)/) base[$1 setting($2)] = $3; row[NR] = $0 }
	END { for (i = 2; i <= NR; i++) { split(row[i], f, ","); b = base[f[1] setting(f[2])];
		if (b == "") b = base[f[1]];
		printf "| %s | %s | %.1f | %.2fx | %d | %.1f | %.0f%% | %s%% | %s%% |\n", f[1], f[2], f[3],
			(b > 0 ? f[3] / b : 0), f[4], f[5], f[6], f[7], f[8] } }' "$OUTDIR/throughput.csv"
if python3 -c 'import matplotlib' 2>/dev/null; then
	python3 "$TOP/test/bench/plot_throughput.py" "$OUTDIR/throughput.csv" "$OUTDIR/throughput.png" &&
		echo "plot: $OUTDIR/throughput.png"
fi
