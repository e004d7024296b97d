#!/usr/bin/env bash
# test/bench/sql_bench.sh — build, install, throwaway cluster, then
# test/bench/sql_bench.sql.  Usage: sql_bench.sh [MAX_LOG2] [OUTDIR]
# Writes OUTDIR/sql_bench.txt (the table) and OUTDIR/sql_bench.csv.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
MAXLOG=${1:-27}
OUTDIR=${2:-$TOP/test/bench/results}

setup_packages || exit 1
build_install || exit 1
cluster_start || exit 1
trap cluster_stop EXIT
mkdir -p "$OUTDIR"
{
	echo "# test/bench/sql_bench.sh $MAXLOG — $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "# host: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
	nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
	psql -X -q -v maxlog="$MAXLOG" -f test/bench/sql_bench.sql -o /dev/stdout 2>&1 |
		tee >(sed -n '/^type,n,mode/,$p' > "$OUTDIR/sql_bench.csv") | sed '/^type,n,mode/,$d'
} | tee "$OUTDIR/sql_bench.txt"
# the plot, where matplotlib is at hand
if python3 -c 'import matplotlib' 2>/dev/null; then
	python3 "$TOP/test/bench/plot.py" "$OUTDIR/sql_bench.csv" "$OUTDIR/sql_bench.png" \
		"${PIPELINE_CSV:-}" "gpu_cumsum from SQL, $(date -u +%Y-%m-%d)"
fi
