#!/usr/bin/env bash
# test/bench/statement_bench.sh — build, install, a throwaway cluster (gpuscan
# preloaded, shared_buffers 4GB so the arrays stay in shared buffers), then
# test/bench/statement_bench.py with the arguments given (e.g. --gpu
# --storage --small).  Writes OUTDIR/statement_bench.txt (OUTDIR: first
# argument if it is a directory path ending in /, else tmp_check/).
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
OUTDIR=$LOG_DIR
case "${1:-}" in */) OUTDIR=$1; shift ;; esac
mkdir -p "$OUTDIR"
setup_packages || exit 1
build_install || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_stop EXIT
{
	echo "# host: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null)"
	nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
	PYTHONUNBUFFERED=1 python3 test/bench/statement_bench.py "$@"
} 2>&1 | tee "$OUTDIR/statement_bench.txt"
