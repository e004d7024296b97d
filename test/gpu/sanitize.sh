#!/usr/bin/env bash
# test/gpu/sanitize.sh — the GPU engine's chunks under compute-sanitizer
# (TOOLS, default "memcheck racecheck synccheck").
#
# In the server the GPU engine runs in the GPU service, a background worker
# the postmaster forks without exec, and compute-sanitizer follows only
# processes that exec (seen on an H100,
# test/gpu/results/2026-11-22-h100-first-try-concurrency-sanitizer.txt).
# test/engine/engine_compare runs the very same code in its own process: the
# chunk driver (core/chunked.c) and the chunks (cuda/scan.cu), every kernel,
# type, operator, row shape and option, compared bit for bit with the CPU
# engine.  Each tool runs it up to 2^MAX_LOG2 elements (default 12: the
# sanitizers are slow), and runs test/bench/kernel_bench check CHECK_LOG2
# (default 16): every kernel family and shape once, in several tiles
# (look-back) and ranges (reduce-then-scan), each output compared bit for
# bit.  A run counts when the program reports no failure and the tool's
# summary reports no error.
#
# Usage (as root, on a GPU machine): test/gpu/sanitize.sh [LOGDIR]
# TOOLS, MAX_LOG2, CHECK_LOG2, LIMIT (seconds per run, default 240).
# Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
LOGDIR=${1:-$LOG_DIR/gpu-logs}
TOOLS=${TOOLS:-memcheck racecheck synccheck}
MAXLOG=${MAX_LOG2:-12}
CHECK_LOG2=${CHECK_LOG2:-16}
LIMIT=${LIMIT:-240}
mkdir -p "$LOGDIR"

setup_packages || summary 0 1
make -s PG_CONFIG="$PG_CONFIG" test/engine/engine_compare test/bench/kernel_bench || summary 0 1
for tool in $TOOLS; do
	for prog in "test/engine/engine_compare -q $MAXLOG" "test/bench/kernel_bench check $CHECK_LOG2"; do
		log=$LOGDIR/sanitize-$tool-$(basename "${prog%% *}").log
		echo "== compute-sanitizer --tool $tool $prog"
		timeout "$LIMIT" env -u LD_LIBRARY_PATH compute-sanitizer --tool "$tool" --error-exitcode 99 \
			$prog >"$log" 2>&1
		rc=$?
		tail -3 "$log"
		if [ $rc = 0 ] && grep -qE '^[0-9]+ passed, 0 failed$' "$log" &&
			grep -qE "ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards" "$log"; then
			pass "$tool, ${prog%% *}: no report, every comparison passed"
		else
			fail "$tool, ${prog%% *}: exit $rc (124: out of time), see $log"
		fi
	done
done
summary "$PASSED" "$FAILED"
