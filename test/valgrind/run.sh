#!/usr/bin/env bash
# test/valgrind/run.sh — the pg_regress suites with the server under
# valgrind's memcheck, every call on the CPU engine (gpuscan.device = cpu).
#
# The postmaster runs under valgrind, so every backend it forks does too;
# each process writes its own log.  Checks: the server starts and stops
# cleanly, every process's memcheck reports 0 errors (PostgreSQL's own
# reports, test/valgrind/valgrind.supp, suppressed), and the suites' results.
#
# Valgrind 3.19 converts 64-bit integers to float through double (two
# roundings, test/valgrind/probe.c), so under it the CPU engine's exactly
# rounded float totals can differ in the last bit: where the probe finds
# that, the suites' results are shown but not counted, and this run judges
# memory errors only (the other runs of `make test` judge the results).
#
# Uses the throwaway cluster of scripts/common.sh (it must exist and be
# stopped).  Usage: test/valgrind/run.sh      Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"


setup_packages || summary 0 1
install_missing "the valgrind run" valgrind gcc || summary 0 1
VG=$TMPDIR_CLUSTER/valgrind
rm -rf "$VG"
mkdir -p "$VG"
[ "$(id -u)" = 0 ] && chown "$(os_user)" "$VG"

gcc -O1 -o "$VG/probe" test/valgrind/probe.c || summary 0 1
# valgrind runs as the server's user, who may not reach the build tree
cp test/valgrind/valgrind.supp "$VG/valgrind.supp"
probe=$(valgrind -q "$VG/probe")
echo "valgrind's int64 -> float conversion: $probe"

cluster_stop
as_os_user valgrind --leak-check=no --num-callers=30 --error-limit=no \
	--suppressions="$VG/valgrind.supp" --log-file="$VG/vg.%p.log" \
	"$("$PG_CONFIG" --bindir)/postgres" -D "$PGDATA_DIR" -c listen_addresses='' \
	-k "$TMPDIR_CLUSTER" -p "$PORT" -c fsync=off >"$VG/server.log" 2>&1 &
export PGHOST=$TMPDIR_CLUSTER PGPORT=$PORT PGUSER=postgres PGDATABASE=postgres
for _ in $(seq 1 120); do
	pg_isready -q && break
	sleep 1
done
if ! pg_isready -q; then
	tail -20 "$VG/server.log"
	summary 0 1
fi

psql -X -q -c "CREATE DATABASE gpuscan_valgrind" &&
	psql -X -q -d gpuscan_valgrind -c "CREATE EXTENSION gpuscan" || fail "set-up of the test database"
PGOPTIONS="-c gpuscan.device=cpu" \
	"$(dirname "$("$PG_CONFIG" --pgxs)")/../test/regress/pg_regress" --use-existing \
	--dbname=gpuscan_valgrind --inputdir="$TOP/test" --outputdir="$VG/regress" \
	--bindir="$("$PG_CONFIG" --bindir)" --schedule=test/valgrind/schedule 2>&1 | tee "$VG/regress.log"
ok=$(grep -cE '\.\.\. ok|^ok ' "$VG/regress.log")
bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$VG/regress.log")
if [ "$probe" = exact ]; then
	[ "$bad" -eq 0 ] && [ "$ok" -gt 0 ] && pass "the suites under valgrind ($ok tests)" ||
		fail "the suites under valgrind ($bad of $((ok + bad)) tests failed)"
else
	echo "note the suites' results are not counted: $ok ok, $bad differ (exact float totals, see above)"
	[ -s "$VG/regress/regression.diffs" ] && grep -E '^[-+] ' "$VG/regress/regression.diffs" | head -20
fi

as_os_user pg_ctl -D "$PGDATA_DIR" -m fast -w -t 300 stop >/dev/null &&
	pass "the server under valgrind stopped cleanly" || fail "the server under valgrind did not stop"
grep -E "terminated by signal|server process .* was terminated" "$VG/server.log" &&
	fail "a server process crashed" || pass "no server process crashed"

# every process wrote "ERROR SUMMARY: N errors ..."; count the processes with N > 0
procs=$(grep -l "ERROR SUMMARY" "$VG"/vg.*.log 2>/dev/null | wc -l)
dirty=$(grep -l "ERROR SUMMARY: [1-9]" "$VG"/vg.*.log 2>/dev/null)
if [ "$procs" -lt 5 ]; then
	fail "valgrind logs: only $procs processes wrote a summary"
elif [ -n "$dirty" ]; then
	fail "memcheck errors in $(echo "$dirty" | wc -l) of $procs processes:"
	for f in $dirty; do
		echo "--- $f"
		grep -v -E "^==[0-9]+== *$" "$f" | head -40
	done
else
	pass "memcheck: 0 errors in all $procs server processes"
fi
summary "$PASSED" "$FAILED"
