#!/usr/bin/env bash
# test/run-tests.sh — `make test`: set-up, build, install, throwaway cluster,
# the pg_regress suites (make installcheck; again with the library preloaded)
# and the engine tests.  Ends with
# the line "N passed, N failed"; exit status 1 on any failure.
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP"

summary() { echo "$1 passed, $2 failed"; exit $(( $2 > 0 ? 1 : 0 )); }

setup_packages || summary 0 1
build_install || summary 0 1
cluster_start || summary 0 1
trap cluster_stop EXIT

PASSED=0
FAILED=0

# 1. pg_regress suites (user-visible behaviour), one test per file
echo "== pg_regress (make installcheck)"
run_installcheck "$TMPDIR_CLUSTER/installcheck.log"
PASSED=$((PASSED + REGRESS_OK))
FAILED=$((FAILED + REGRESS_FAILED))

# 2. the same with gpuscan preloaded into the postmaster, which must never
#    touch CUDA (it does not survive fork): the backends work as before
echo "== pg_regress with shared_preload_libraries = 'gpuscan'"
if cluster_restart "-c shared_preload_libraries=gpuscan"; then
	run_installcheck "$TMPDIR_CLUSTER/installcheck-preload.log"
	PASSED=$((PASSED + REGRESS_OK))
	FAILED=$((FAILED + REGRESS_FAILED))
	psql -X -A -t -c "SHOW shared_preload_libraries" | grep -qx gpuscan &&
		PASSED=$((PASSED + 1)) || { echo "not preloaded"; FAILED=$((FAILED + 1)); }
	cluster_restart "" || FAILED=$((FAILED + 1))
else
	FAILED=$((FAILED + 1))
fi

# 3. the CPU engine against its own slow reference
echo "== engine tests (test/engine_test)"
if make -s PG_CONFIG="$PG_CONFIG" test/engine_test; then
	test/engine_test -q | tee "$TMPDIR_CLUSTER/engine_test.log"
	add_counts "$TMPDIR_CLUSTER/engine_test.log"
else
	FAILED=$((FAILED + 1))
fi

cluster_stop
trap - EXIT
summary "$PASSED" "$FAILED"
