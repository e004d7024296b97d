#!/usr/bin/env bash
# test/bench/kernel_ab.sh — build test/bench/kernel_ab.c over three versions
# of the CPU engine's vector kernels (cpu/simd.c and cpu/avx512_*.c,
# cpu/avx2_*.c; before issue 57, cpu/cpu_simd.c), each taken with its own
# headers from a git revision (or a tree), compiled as the Makefile compiles
# them, linked into one object and its exported symbols prefixed a_, b_, c_
# with objcopy, for comparing them in one process.  Run from the repository
# root.
#
# Usage: test/bench/kernel_ab.sh OUT A B C   (then: OUT [reps])
#   A, B, C: git revisions (e.g. HEAD, fb6ec25) or directories holding cpu/ and core/
# Each build takes the Makefile's GS_SIMD_CFLAGS and each instruction set's
# flags where gcc has them, and XF_a, XF_b, XF_c from the environment on
# top (e.g. XF_b=-O3).
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 OUT A B C" >&2; exit 2; }
out=$1
shift
CF="-O2 -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
# as the Makefile's GS_SIMD_CFLAGS, GS_AVX512_CFLAGS, GS_AVX2_CFLAGS
flags() { gcc -Werror $1 -E -x c /dev/null >/dev/null 2>&1 && echo "$1" || true; }
CF="$CF $(flags -mtune-ctrl=^inter_unit_moves_to_vec)"
F512=$(flags "-mavx512f -mavx512dq -mavx512cd -mavx512vl -mavx512bw")
F2=$(flags "-mavx2 -mfma")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objs=""
for p in a b c; do
	mkdir -p "$work/$p"
	if [ -d "$1" ]; then
		cp -r "$1/cpu" "$1/core" "$work/$p/"
	else
		git archive "$1" cpu core | tar -x -C "$work/$p"
	fi
	shift
	xf="XF_$p"
	parts=""
	for f in "$work/$p"/cpu/cpu_simd.c "$work/$p"/cpu/simd.c "$work/$p"/cpu/avx512_*.c "$work/$p"/cpu/avx2_*.c; do
		[ -f "$f" ] || continue
		case "$(basename "$f")" in
			avx512_*) isa=$F512 ;;
			avx2_*) isa=$F2 ;;
			*) isa= ;;
		esac
		gcc $CF $isa ${!xf:-} -c -o "$f.o" "$f"
		parts="$parts $f.o"
	done
	ld -r -o "$work/$p/k.o" $parts
	args=""
	# every symbol the build defines, renamed (what it only uses stays shared)
	for s in $(nm -g --defined-only "$work/$p/k.o" | awk '{print $3}'); do
		args="$args --redefine-sym $s=${p}_$s"
	done
	objcopy $args "$work/$p/k.o" "$work/$p.o"
	objs="$objs $work/$p.o"
done
gcc $CF -I. -o "$out" test/bench/kernel_ab.c $objs core/analysis.c -lm
