#!/usr/bin/env bash
# test/run-tests.sh — `make test`: set-up, build, install, throwaway cluster,
# the pg_regress suites (make installcheck; again with the library preloaded),
# the engine tests, hostile inputs, cancellation, leaks, fuzzing and the
# suites under valgrind.  Ends with
# the line "N passed, N failed"; exit status 1 on any failure.
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP"

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

install_missing "the reliability tests" python3 || FAILED=$((FAILED + 1))

# 4. hostile inputs against an independent exact reference, and arrays at
#    PostgreSQL's size limit (2^27-1 elements, 1 GB results)
echo "== hostile inputs (test/hostile.py)"
python3 test/hostile.py --engine cpu --seconds 5 --size-limit | tee "$TMPDIR_CLUSTER/hostile.log"
add_counts "$TMPDIR_CLUSTER/hostile.log"

# 5. cancelling scans of 2^27-1 elements: statement_timeout, pg_cancel_backend
#    and a protocol cancel each end the statement within 200 ms
echo "== cancel (test/cancel.py)"
python3 test/cancel.py --engine cpu | tee "$TMPDIR_CLUSTER/cancel.log"
add_counts "$TMPDIR_CLUSTER/cancel.log"

# 6. 10,000 calls in one backend, errors and cancels among them: its memory stays flat
echo "== leaks (test/leaks.py)"
python3 test/leaks.py --engine cpu | tee "$TMPDIR_CLUSTER/leaks.log"
add_counts "$TMPDIR_CLUSTER/leaks.log"

# 7. the CPU engine against the same reference on inputs libFuzzer makes up,
#    for a bounded time (FUZZ_SECONDS, default 30; needs clang and libFuzzer)
echo "== fuzzing (make fuzz, ${FUZZ_SECONDS:-30} s)"
if setup_fuzz_packages; then
	make -s PG_CONFIG="$PG_CONFIG" fuzz 2>&1 | tee "$TMPDIR_CLUSTER/fuzz.log"
	add_counts "$TMPDIR_CLUSTER/fuzz.log"
else
	FAILED=$((FAILED + 1))
fi

# 8. the suites again with the server under valgrind's memcheck (it stops the
#    cluster and runs its own server on the same data directory)
echo "== the suites under valgrind (test/valgrind/run.sh)"
bash test/valgrind/run.sh | tee "$TMPDIR_CLUSTER/valgrind.log"
add_counts "$TMPDIR_CLUSTER/valgrind.log"

cluster_stop
trap - EXIT
summary "$PASSED" "$FAILED"
