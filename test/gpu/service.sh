#!/usr/bin/env bash
# test/gpu/service.sh — the GPU service on a GPU machine (as root, with
# PostgreSQL 15): build and install, a throwaway cluster with gpuscan
# preloaded, then test/gpu/service.py: first-call latency, per-call cost,
# the largest array against the PCIe rate, fairness, parallel query, and the
# service stopped and killed.  Usage: test/gpu/service.sh [PARTS]
# (service.py's --parts).  Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"

echo "== machine"
date -u '+%Y-%m-%d %H:%M UTC'
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1
setup_packages || summary 0 1
build_install || summary 0 1
cluster_start "-c shared_preload_libraries=gpuscan -c max_connections=300 -c shared_buffers=4GB" \
	"-c max_worker_processes=24 -c max_parallel_workers=16 -c restart_after_crash=on" || summary 0 1
trap cluster_remove EXIT
psql -X -q -c "CREATE EXTENSION IF NOT EXISTS gpuscan"
psql -X -c "SELECT * FROM gpuscan_service()"
PYTHONUNBUFFERED=1 python3 test/gpu/service.py ${1:+--parts "$1"}
rc=$?
psql -X -c "SELECT * FROM gpuscan_service()"
grep -E "gpuscan GPU service|terminated|restart" "$TMPDIR_CLUSTER/server.log" | tail -20
exit $rc
