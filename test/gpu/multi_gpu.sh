#!/usr/bin/env bash
# test/gpu/multi_gpu.sh — the GPU service on a machine with several GPUs (as
# root, PostgreSQL 15): build and install, a throwaway cluster with gpuscan
# preloaded, then test/gpu/multi_gpu.py twice: with every GPU (every GPU
# listed and serving, requests spread, a 64M-element statement alone and
# several at once, one GPU failing and brought back, GPUs started
# afresh after a session's own faults) and, after a restart
# with CUDA_VISIBLE_DEVICES=0, with one (the same load, then its only GPU
# failing).  Usage: test/gpu/multi_gpu.sh [LOGDIR]
# Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
LOGDIR=${1:-$LOG_DIR/multi-gpu}
CLIENTS=${CLIENTS:-16}
SECONDS_EACH=${SECONDS_EACH:-15}
NGPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
mkdir -p "$LOGDIR"

echo "== machine"
date -u '+%Y-%m-%d %H:%M UTC'
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader 2>&1
echo "host: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null)"
[ "$NGPUS" -ge 2 ] || echo "(fewer than two GPUs: the spread and one-failing checks say little)"
setup_packages || summary 0 1
build_install || summary 0 1
OPTS="-c shared_preload_libraries=gpuscan -c max_connections=300 -c shared_buffers=4GB -c max_worker_processes=24"
cluster_start "$OPTS" || summary 0 1
trap cluster_remove EXIT
PASSED=0
FAILED=0
export PYTHONUNBUFFERED=1

echo "== every GPU ($NGPUS)"
python3 test/gpu/multi_gpu.py --gpus "$NGPUS" --clients "$CLIENTS" --seconds "$SECONDS_EACH" \
	--parts setup,devices,spread,large,fail,resets 2>&1 | tee "$LOGDIR/multi-all.log"
add_counts "$LOGDIR/multi-all.log"

echo "== one GPU (CUDA_VISIBLE_DEVICES=0)"
if CUDA_VISIBLE_DEVICES=0 cluster_restart "$OPTS"; then
	python3 test/gpu/multi_gpu.py --gpus 1 --clients "$CLIENTS" --seconds "$SECONDS_EACH" --label "one GPU" \
		--parts devices,spread,large,resets,allout 2>&1 | tee "$LOGDIR/multi-one.log"
	add_counts "$LOGDIR/multi-one.log"
else
	FAILED=$((FAILED + 1))
fi
echo "== the server log's GPU service lines"
grep -E "gpuscan GPU service|terminated|restart" "$TMPDIR_CLUSTER/server.log" | tail -20
summary "$PASSED" "$FAILED"
