#!/usr/bin/env bash
# test/bench/spread_bench.sh — gpuscan 1.6's exact variance and standard
# deviation aggregates over table rows (exact_stddev over ROWS, RANGE and
# partitioned frames, running, and the plain and parallel aggregate), whole
# statements, against PostgreSQL's own float and numeric statistics and its
# running sum on the same rows in the same run, every result's exactness
# checked at probed rows: test/bench/spread_bench.py (its docstring tells
# the data, queries, timing and checks).
#
# Builds and installs the extension (BUILD=0: use the one installed), starts
# a throwaway cluster (gpuscan preloaded, shared_buffers 4GB; port
# GPUSCAN_PORT, default 54329) and removes it afterwards.  Writes everything
# to stdout and to OUTDIR/spread-<date>-<host>.txt (OUTDIR default
# test/bench/results; host: the first argument, else the GPU's model or dev
# without one).  Ends with "N passed, N failed".
#
# Environment: SIZES (millions of rows, default "1 10"), RUNS (default 5),
# AGG_M (default 4), SLOW_MAX_M (default 1), BUILD, OUTDIR.
#
# Usage (as root): [SIZES="0.1"] test/bench/spread_bench.sh [HOST]
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
SIZES=${SIZES:-1 10}
ARRAY_SIZES=${ARRAY_SIZES:-1 16}
RUNS=${RUNS:-5}
AGG_M=${AGG_M:-4}
SLOW_MAX_M=${SLOW_MAX_M:-1}
OUTDIR=${OUTDIR:-$TOP/test/bench/results}
LOG=$(bench_log spread "$(bench_host "${1:-}")" "$OUTDIR")
CMD="SIZES='$SIZES' ARRAY_SIZES='$ARRAY_SIZES' RUNS=$RUNS AGG_M=$AGG_M SLOW_MAX_M=$SLOW_MAX_M GPUSCAN_PORT=$PORT $0 $*"

bench_build || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_remove EXIT
{
	bench_title test/bench/spread_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB"
	echo "# command: $CMD"
	echo "# log: $LOG"
	PYTHONUNBUFFERED=1 python3 test/bench/spread_bench.py --sizes "$(echo $SIZES | tr ' ' ,)" --runs "$RUNS" \
		--agg-m "$AGG_M" --slow-max-m "$SLOW_MAX_M" \
		--array-sizes "$(echo $ARRAY_SIZES | tr ' ' ,)"
} 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
if ! tail -1 "$LOG" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; then
	echo "0 passed, 1 failed" | tee -a "$LOG"
	rc=1
fi
exit "$rc"
