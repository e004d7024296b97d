#!/bin/bash
# device call B (sixteenth session): the portable loops' float means
# (window_bench, GS_CPU_SIMD=0), three builds of 571a282's engine differing
# only in cpu/window.c's MeanDirect: cur = as committed (inlined into
# FloatBlock); nl = out of line, one function per type and plain, compiled
# apart for running and moving means; nlf2 = nl with FloatConsts copied to
# a local and a float mean stored from its double once; uniform and grid
# values, alternating, three rounds, pinned to core 3
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
for k in 1 2 3; do
	for b in cur nl nlf2; do
		for m in "" "-g"; do
			echo "## wb_$b run $k mode '$m'"
			GS_CPU_SIMD=0 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 9 $m 20
		done
	done
done
date -u
