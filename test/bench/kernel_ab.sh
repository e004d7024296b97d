#!/usr/bin/env bash
# test/bench/kernel_ab.sh — build test/bench/kernel_ab.c over three versions
# of cpu/cpu_simd.c (each compiled as PGXS compiles it, its exported symbols
# prefixed a_, b_, c_ with objcopy), for comparing them in one process.
# Run from the repository root; the headers are the working tree's.
#
# Usage: test/bench/kernel_ab.sh OUT A.c B.c C.c   (then: OUT [reps])
#   e.g. git show fb6ec25:cpu/cpu_simd.c > /tmp/a.c; ...
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 OUT A.c B.c C.c" >&2; exit 2; }
out=$1
shift
CF="-O2 -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
syms=$(nm -g --defined-only cpu/cpu_simd.o 2>/dev/null | awk '{print $3}')
[ -n "$syms" ] || syms="gs_simd_scan64 gs_simd_scan64_checked gs_simd_scan64_guess gs_simd_cummean64_guess
 gs_simd_cummean_split_guess gs_simd_movmean64 gs_simd_movmean_split gs_simd_movsum64 gs_simd_movsum_split
 gs_simd_scan_split gs_simd_scan_split_guess gs_simd_means gs_simd_int_means gs_cpu_means_lanes"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objs=""
for p in a b c; do
	mkdir -p "$work/$p/cpu" "$work/$p/core"
	cp cpu/*.h "$work/$p/cpu/"
	cp core/*.h "$work/$p/core/"
	cp "$1" "$work/$p/cpu/cpu_simd.c"
	shift
	gcc $CF -c -o "$work/$p/k.o" "$work/$p/cpu/cpu_simd.c"
	args=""
	for s in $syms; do args="$args --redefine-sym $s=${p}_$s"; done
	objcopy $args "$work/$p/k.o" "$work/$p.o"
	objs="$objs $work/$p.o"
done
gcc $CF -I. -o "$out" test/bench/kernel_ab.c $objs core/analysis.c -lm
