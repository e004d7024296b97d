#!/usr/bin/env bash
# test/clone-demo.sh — `make demo` from a fresh clone in a directory that the
# server's OS user cannot enter (mode 700, owned by root, as a clone under
# /root is).  The clone is of this repository with the working tree's
# changes laid over it.  Checks: make demo succeeds and shows a result, and
# its cluster directory is gone afterwards.  Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP"

port=$((PORT + 10))
dir=$(mktemp -d "$LOG_DIR/clone.XXXXXX") || summary 0 1
chmod 700 "$dir"
trap 'rm -rf "$dir"' EXIT

if [ "$(id -u)" = 0 ] && ! as_os_user test -x "$dir"; then
	pass "the server's user ($(os_user)) cannot enter $dir"
elif [ "$(id -u)" = 0 ]; then
	fail "the server's user ($(os_user)) can enter $dir: the test proves nothing"
fi

# a clone, with the working tree's tracked and new files laid over it
if [ -d .git ] && git clone -q "$TOP" "$dir/gpuscan" 2>/dev/null; then
	git ls-files -z -c -o --exclude-standard | tar --null -T - -cf - | tar -C "$dir/gpuscan" -xf -
else
	mkdir -p "$dir/gpuscan" &&
		tar --exclude=./tmp_check --exclude='*.o' --exclude='*.so' --exclude='*.a' -cf - . |
		tar -C "$dir/gpuscan" -xf -
fi

(cd "$dir/gpuscan" && env -u GPUSCAN_TMP GPUSCAN_PORT=$port make -s demo) >"$LOG_DIR/clone-demo-output.log" 2>&1
rc=$?
tail -n 25 "$LOG_DIR/clone-demo-output.log"
[ $rc -eq 0 ] && pass "make demo in the mode-700 clone" || fail "make demo in the mode-700 clone (exit $rc)"
grep -q '{3,4,11,11,15,16,22,25}' "$LOG_DIR/clone-demo-output.log" &&
	pass "the demo's first result" || fail "the demo's first result is missing"
[ ! -e "/tmp/gpuscan-$port" ] && pass "the demo's cluster directory was removed" ||
	fail "the demo left /tmp/gpuscan-$port behind"
summary "$PASSED" "$FAILED"
