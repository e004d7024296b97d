#!/bin/bash
# device call B (seventeenth session): the portable loops' means with one
# division instruction for two (GsV2d) in cpu/window.c's MeanDirect
# (window_bench, GS_CPU_SIMD=0), three builds differing only in it:
# m0 = one division a mean (as 50f4655), m1 = two a division for running
# and moving means, m2 = for running means only; uniform and grid values,
# alternating, three rounds, pinned to core 3
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
for k in 1 2 3; do
	for b in m0 m1 m2; do
		for m in "" "-g"; do
			echo "## wb_$b run $k mode '$m'"
			GS_CPU_SIMD=0 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 9 $m 20 | grep "cumsum\|avg"
		done
	done
done
date -u
