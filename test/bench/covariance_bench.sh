#!/usr/bin/env bash
# test/bench/covariance_bench.sh — gpuscan 1.8's exact covariance,
# correlation and regression aggregates over table rows (exact_corr,
# exact_regr_slope, ... over ROWS frames of 60 and 1,000 rows, and the plain
# and parallel aggregates), whole statements, against PostgreSQL's own float
# forms and its running sum on the same rows in the same run, every result's
# exactness checked at probed rows: test/bench/covariance_bench.py (its
# docstring tells the data, queries, timing and checks).
#
# Builds and installs the extension (BUILD=0: use the one installed), starts
# a throwaway cluster (gpuscan preloaded, shared_buffers 4GB; port
# GPUSCAN_PORT, default 54329) and removes it afterwards.  Writes everything
# to stdout and to OUTDIR/spread-covariance-<date>-<host>.txt (OUTDIR
# default test/bench/results; host: the first argument, else the GPU's model
# or dev without one).  Ends with "N passed, N failed".
#
# Environment: SIZE_M (millions of rows for the frames, default 1), AGG_M
# (default 4), RUNS (default 5), BUILD, OUTDIR.
#
# Usage (as root): [SIZE_M=0.1 AGG_M=0.2] test/bench/covariance_bench.sh [HOST]
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP" || exit 1
SIZE_M=${SIZE_M:-1}
AGG_M=${AGG_M:-4}
RUNS=${RUNS:-5}
OUTDIR=${OUTDIR:-$TOP/test/bench/results}
LOG=$(bench_log spread-covariance "$(bench_host "${1:-}")" "$OUTDIR")
CMD="SIZE_M=$SIZE_M AGG_M=$AGG_M RUNS=$RUNS GPUSCAN_PORT=$PORT $0 $*"

bench_build || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_remove EXIT
{
	bench_title test/bench/covariance_bench.sh
	echo "# host: $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB"
	echo "# command: $CMD"
	echo "# log: $LOG"
	PYTHONUNBUFFERED=1 python3 test/bench/covariance_bench.py --size-m "$SIZE_M" --agg-m "$AGG_M" --runs "$RUNS"
} 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
if ! tail -1 "$LOG" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; then
	echo "0 passed, 1 failed" | tee -a "$LOG"
	rc=1
fi
exit "$rc"
