#!/usr/bin/env bash
# test/bench/rows_bench.sh — gpuscan 1.4's window functions and exact
# aggregates over table rows (gpu_cumsum(x) OVER ..., gpu_movsum,
# exact_sum over ROWS and RANGE frames, the plain and parallel exact_sum),
# whole statements on the CPU engine, against PostgreSQL's own window
# functions on the same rows in the same run, every result's exactness
# checked at probed rows: test/bench/rows_bench.py (its docstring tells
# the data, queries, timing and checks).
#
# Builds and installs the extension (BUILD=0: use the one installed), starts
# a throwaway cluster (gpuscan preloaded, shared_buffers 4GB so the tables
# stay in shared buffers; port GPUSCAN_PORT, default 54329) and removes it
# afterwards.  Writes everything to stdout and to
# OUTDIR/rows-<date>-<host>.txt (OUTDIR default test/bench/results; host:
# the first argument, else the GPU's model (h100, h200) or dev without one;
# -2, -3 ... when that log exists).  Ends with "N passed, N failed": each
# exactness probe of a gpuscan query, the exact_sum totals and the parallel
# exact_sum's bits against the serial one's.
#
# Environment: SIZES (table sizes in millions of rows, default "1 10"; 0.1
# for a quick smoke run), RUNS (timed runs of each query, default 5; 3 for
# one over 5 s), AGG_M (rows of the plain aggregate's table, millions,
# default 4), SLOW_MAX_M (largest size at which PostgreSQL's O(rows x frame)
# float frames run, once, default 1), DEVICE (gpuscan.device, default cpu),
# BUILD, OUTDIR.
#
# Usage (as root): [SIZES="0.1"] test/bench/rows_bench.sh [HOST]
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
SIZES=${SIZES:-1 10}
RUNS=${RUNS:-5}
AGG_M=${AGG_M:-4}
SLOW_MAX_M=${SLOW_MAX_M:-1}
DEVICE=${DEVICE:-cpu}
OUTDIR=${OUTDIR:-$TOP/test/bench/results}
LOG=$(bench_log rows "$(bench_host "${1:-}")" "$OUTDIR")
CMD="SIZES='$SIZES' RUNS=$RUNS AGG_M=$AGG_M SLOW_MAX_M=$SLOW_MAX_M DEVICE=$DEVICE GPUSCAN_PORT=$PORT $0 $*"

bench_build || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_remove EXIT
{
	bench_title test/bench/rows_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB"
	nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
	echo "# command: $CMD"
	echo "# log: $LOG"
	PYTHONUNBUFFERED=1 python3 test/bench/rows_bench.py --sizes "$SIZES" --runs "$RUNS" --agg-m "$AGG_M" \
		--slow-max-m "$SLOW_MAX_M" --device "$DEVICE"
} 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
# the tally's line last: python's own when it ran to the end, else a failure
if ! tail -1 "$LOG" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; then
	echo "0 passed, 1 failed" | tee -a "$LOG"
	rc=1
fi
exit "$rc"
