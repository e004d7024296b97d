#!/usr/bin/env bash
# scripts/demo.sh — `make demo`: set-up, build, install, throwaway cluster,
# a short showcase (scripts/demo.sql), then the cluster is stopped.
set -uo pipefail
. "$(dirname "$0")/common.sh"
cd "$TOP"

setup_packages || exit 1
build_install || exit 1
cluster_start "-c shared_preload_libraries=gpuscan" || exit 1
trap cluster_remove EXIT

psql -X -q -v ON_ERROR_STOP=1 -f scripts/demo.sql
rc=$?
cluster_remove
trap - EXIT
exit $rc
