#!/usr/bin/env bash
# test/gpu/sanitize.sh — the pg_regress suites with every call on the GPU,
# under compute-sanitizer (TOOLS, default "memcheck racecheck synccheck").
#
# compute-sanitizer follows child processes that exec, not a fork without
# exec, which is how the postmaster starts a backend: under
# --target-processes all only the postmaster's own log appears (seen on an
# H100, test/gpu/results/2026-11-22-h100-first-try-concurrency-sanitizer.txt).  So each
# suite's statements (test/gpu/sql_statements.py) run in single-user mode,
# `postgres --single`, one process under the sanitizer, with
# gpuscan.device = gpu.  A suite counts as checked when its log ends with
# the tool's summary and its output with the ERROR of one injected CUDA
# fault (gpuscan.inject_fault = cuda_error: a launch with no blocks), which
# proves the GPU ran to the end.  memcheck reports that fault as two API
# errors (the launch and the cudaGetLastError after it); any other report
# fails the check.
#
# Usage (as root, on a GPU machine): test/gpu/sanitize.sh [LOGDIR]
# TOOLS and LIMIT (seconds per tool for all suites, default 240).
# Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
LOGDIR=${1:-$LOG_DIR/gpu-logs}
TOOLS=${TOOLS:-memcheck racecheck synccheck}
LIMIT=${LIMIT:-240}
SUITES="cumsum cummax config devices upgrade"
PROBE="SET gpuscan.inject_fault = cuda_error;
SELECT gpu_cumsum(array_fill(1::real, ARRAY[3000000])) IS NULL;"
PROBE_REPORTS=2


# Reports in a compute-sanitizer log (0 for a missing log).
reports() {
	[ -f "$1" ] || { echo 0; return; }
	grep -c -E "^========= (Program hit|Invalid|Error|Race|Barrier|Warning|Out-of-range|Misaligned|Uninitialized|Leaked)" \
		"$1" || true
}

setup_packages || summary 0 1
build_install || summary 0 1
cluster_start || summary 0 1
psql -X -q -c "CREATE EXTENSION gpuscan" || summary 0 1
cluster_stop
mkdir -p "$LOGDIR"
[ "$(id -u)" = 0 ] && chown "$(os_user)" "$LOGDIR"
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
POSTGRES=$("$PG_CONFIG" --bindir)/postgres
"$CS" --version | tail -1

for s in $SUITES; do
	{ python3 test/gpu/sql_statements.py "sql/$s.sql"; printf '%s\n\n' "$PROBE" | sed 's/;$/;\n/'; } \
		>"$LOGDIR/cs-$s.sql"
done
[ "$(id -u)" = 0 ] && chown "$(os_user)" "$LOGDIR"/cs-*.sql

for tool in $TOOLS; do
	echo "== $tool: the suites on the GPU, single-user mode, under compute-sanitizer"
	deadline=$(( $(date +%s) + LIMIT ))
	total=0
	missing=0
	for s in $SUITES; do
		left=$(( deadline - $(date +%s) ))
		f="$LOGDIR/cs-$tool.$s.log"
		rm -f "$f"
		if [ "$left" -le 5 ]; then
			echo "$tool $s: not run (the ${LIMIT} s are used up)"
			missing=$((missing + 1))
			continue
		fi
		t0=$(date +%s)
		timeout "$left" runuser -u "$(os_user)" -- "$CS" --tool "$tool" --log-file "$f" \
			"$POSTGRES" --single -j -D "$PGDATA_DIR" -c gpuscan.device=gpu postgres \
			<"$LOGDIR/cs-$s.sql" >"$LOGDIR/cs-$tool-$s.out" 2>&1
		rc=$?
		# ran to its end under the tool (its summary) and on the GPU (the probe's ERROR)
		ended=$(grep -c -E "^========= (ERROR|RACECHECK) SUMMARY" "$f" 2>/dev/null || true)
		ongpu=$(grep -c "injected fault" "$LOGDIR/cs-$tool-$s.out" || true)
		hit=$(grep -c "^========= Program hit cudaErrorInvalidValue" "$f" 2>/dev/null || true)
		e=$(( $(reports "$f") - (hit < PROBE_REPORTS ? hit : PROBE_REPORTS) ))
		echo "$tool $s: $(( $(date +%s) - t0 )) s, status $rc, $(grep -c "ERROR:" "$LOGDIR/cs-$tool-$s.out")" \
			"SQL errors (the suite's own error cases and the probe), $e sanitizer reports besides the" \
			"probe's; $(grep -h -E "^========= (ERROR|RACECHECK) SUMMARY" "$f" 2>/dev/null | sed 's/^========= //')"
		if [ "${ended:-0}" = 0 ] || [ "${ongpu:-0}" = 0 ]; then
			missing=$((missing + 1))
			echo "$tool $s: did not run to its end under the sanitizer on the GPU (status $rc$([ $rc = 124 ] && echo ", cut"))"
		fi
		[ "$e" -gt 0 ] && { echo "--- $f"; grep -v "Host Frame" "$f" | head -40; }
		total=$((total + (e > 0 ? e : 0)))
	done
	[ "$missing" = 0 ] && pass "$tool: every suite ran to its end on the GPU under the sanitizer" ||
		fail "$tool: $missing suites not run to the end under the sanitizer"
	[ "$total" = 0 ] && pass "$tool: no other report" || fail "$tool: $total reports"
done
summary "$PASSED" "$FAILED"
