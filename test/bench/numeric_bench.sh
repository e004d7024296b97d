#!/usr/bin/env bash
# test/bench/numeric_bench.sh — gpuscan 1.5's numeric scans (gpu_cumsum,
# gpu_cumavg, gpu_movsum, gpu_movavg over numeric(18,2) rows, partitioned
# or not; gpu_cumsum and the others of numeric arrays read from a table),
# whole statements, against PostgreSQL's own numeric window functions and
# the unnest path on the same data in the same run, every result checked
# against PostgreSQL's: test/bench/numeric_bench.py (its docstring tells
# the data, queries, timing and checks).
#
# Builds and installs the extension (BUILD=0: use the one installed), starts
# a throwaway cluster (gpuscan preloaded, shared_buffers 4GB; port
# GPUSCAN_PORT, default 54329) and removes it afterwards.  Writes
# everything to stdout and to OUTDIR/numeric-<date>-<host>.txt (OUTDIR
# default test/bench/results; host: the first argument, else the GPU's
# model or dev without one).  Ends with "N passed, N failed".
#
# Environment: SIZES (rows in millions, default "1 10"), ARRAY_M (array
# sizes in millions of values, default "1 16"), RUNS (default 5), DEVICE
# (gpuscan.device, default cpu), BUILD, OUTDIR.
#
# Usage (as root): [SIZES="0.1" ARRAY_M="0.1"] test/bench/numeric_bench.sh [HOST]
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
SIZES=${SIZES:-1 10}
ARRAY_M=${ARRAY_M:-1 16}
RUNS=${RUNS:-5}
DEVICE=${DEVICE:-cpu}
OUTDIR=${OUTDIR:-$TOP/test/bench/results}
LOG=$(bench_log numeric "$(bench_host "${1:-}")" "$OUTDIR")
CMD="SIZES='$SIZES' ARRAY_M='$ARRAY_M' RUNS=$RUNS DEVICE=$DEVICE GPUSCAN_PORT=$PORT $0 $*"

bench_build || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_remove EXIT
{
	bench_title test/bench/numeric_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB"
	nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
	echo "# command: $CMD"
	echo "# log: $LOG"
	PYTHONUNBUFFERED=1 python3 test/bench/numeric_bench.py --sizes "$SIZES" --array-m "$ARRAY_M" \
		--runs "$RUNS" --device "$DEVICE"
} 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
if ! tail -1 "$LOG" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; then
	echo "0 passed, 1 failed" | tee -a "$LOG"
	rc=1
fi
exit "$rc"
