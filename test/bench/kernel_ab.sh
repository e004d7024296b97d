#!/usr/bin/env bash
# test/bench/kernel_ab.sh — build test/bench/kernel_ab.c over three versions
# of cpu/cpu_simd.c (each compiled as PGXS compiles it, its exported symbols
# prefixed a_, b_, c_ with objcopy), for comparing them in one process.
# Run from the repository root; the headers are the working tree's.
#
# Usage: test/bench/kernel_ab.sh OUT A.c B.c C.c   (then: OUT [reps])
#   e.g. git show fb6ec25:cpu/cpu_simd.c > /tmp/a.c; ...
# Each build takes the Makefile's GS_SIMD_CFLAGS where gcc has the option,
# and XF_a, XF_b, XF_c from the environment on top (e.g. XF_b=-O3).
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 OUT A.c B.c C.c" >&2; exit 2; }
out=$1
shift
CF="-O2 -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
# as the Makefile's GS_SIMD_CFLAGS
if gcc -Werror -mtune-ctrl=^inter_unit_moves_to_vec -E -x c /dev/null >/dev/null 2>&1; then
	CF="$CF -mtune-ctrl=^inter_unit_moves_to_vec"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objs=""
for p in a b c; do
	mkdir -p "$work/$p/cpu" "$work/$p/core"
	cp cpu/*.h "$work/$p/cpu/"
	cp core/*.h "$work/$p/core/"
	cp "$1" "$work/$p/cpu/cpu_simd.c"
	shift
	xf="XF_$p"
	gcc $CF ${!xf:-} -c -o "$work/$p/k.o" "$work/$p/cpu/cpu_simd.c"
	args=""
	# every symbol the build defines, renamed (what it only uses stays shared)
	for s in $(nm -g --defined-only "$work/$p/k.o" | awk '{print $3}'); do
		args="$args --redefine-sym $s=${p}_$s"
	done
	objcopy $args "$work/$p/k.o" "$work/$p.o"
	objs="$objs $work/$p.o"
done
gcc $CF -I. -o "$out" test/bench/kernel_ab.c $objs core/analysis.c -lm
