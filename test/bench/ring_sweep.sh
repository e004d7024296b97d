#!/usr/bin/env bash
# test/bench/ring_sweep.sh — the GPU path's wall and CPU time per scan against
# the GPU service's chunk size (gpuscan.service_chunk_mb: a ring segment,
# half of it a chunk) and gpuscan.copy_threads, beside the CPU engine, for
# 16M real, double precision and integer arrays read from a table
# (test/bench/statement_bench.py, the cluster restarted for each setting).
# Usage (as root, GPU machine): ring_sweep.sh [OUTDIR] ["chunk_mb:copy_threads ..."]
# (SIZES: array sizes in Mi elements, default 16; EXTRA: more statement_bench.py arguments)
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
OUTDIR=${1:-$LOG_DIR/ring-sweep}
SETTINGS=${2:-16:-1 16:0 4:0 2:0 4:-1}
mkdir -p "$OUTDIR"
setup_packages || exit 1
build_install || exit 1
cluster_start "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB" || exit 1
trap cluster_stop EXIT
{
	echo "# test/bench/ring_sweep.sh — $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
	nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /'
	keep=""
	for s in $SETTINGS; do
		mb=${s%%:*}
		th=${s#*:}
		cluster_restart "-c shared_preload_libraries=gpuscan -c shared_buffers=4GB -c gpuscan.service_chunk_mb=$mb -c gpuscan.copy_threads=$th" || exit 1
		PYTHONUNBUFFERED=1 python3 test/bench/statement_bench.py $keep --runs 5 --sizes "${SIZES:-16}" ${EXTRA:-} --modes read,cpu,gpu \
			--title "gpuscan.service_chunk_mb = $mb, gpuscan.copy_threads = $th"
		keep=--keep
	done
} 2>&1 | tee "$OUTDIR/ring_sweep.txt"
