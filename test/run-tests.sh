#!/usr/bin/env bash
# test/run-tests.sh — `make test`: set-up, build, install, throwaway cluster,
# the pg_regress suites (make installcheck) and the engine tests.  Ends with
# the line "N passed, N failed"; exit status 1 on any failure.
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP"

summary() { echo "$1 passed, $2 failed"; exit $(( $2 > 0 ? 1 : 0 )); }

setup_packages || summary 0 1
build_install || summary 0 1
cluster_start || summary 0 1
trap cluster_stop EXIT

passed=0
failed=0

# 1. pg_regress suites (user-visible behaviour), one test per file
echo "== pg_regress (make installcheck)"
rm -f regression.diffs
make -s PG_CONFIG="$PG_CONFIG" installcheck 2>&1 | tee "$TMPDIR_CLUSTER/installcheck.log"
ok=$(grep -cE '\.\.\. ok' "$TMPDIR_CLUSTER/installcheck.log")
bad=$(grep -cE '\.\.\. (FAILED|failed)' "$TMPDIR_CLUSTER/installcheck.log")
if [ "$ok" -eq 0 ] && [ "$bad" -eq 0 ]; then
	bad=1						# pg_regress did not run at all
fi
if [ -s regression.diffs ]; then
	echo "-- regression.diffs (first 80 lines)"
	head -80 regression.diffs
fi
passed=$((passed + ok))
failed=$((failed + bad))

# 2. the CPU engine against its own slow reference
echo "== engine tests (test/engine_test)"
if make -s PG_CONFIG="$PG_CONFIG" test/engine_test; then
	test/engine_test -q | tee "$TMPDIR_CLUSTER/engine_test.log"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$TMPDIR_CLUSTER/engine_test.log" | tail -1)
	if [ -n "$line" ]; then
		passed=$((passed + ${line%% passed*}))
		f=${line#*, }
		failed=$((failed + ${f%% failed}))
	else
		failed=$((failed + 1))
	fi
else
	failed=$((failed + 1))
fi

cluster_stop
trap - EXIT
summary "$passed" "$failed"
