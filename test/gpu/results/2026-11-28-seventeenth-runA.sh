#!/bin/bash
# device call A (seventeenth session): the AVX2 carry-save running means'
# reciprocals two vectors to a division (PairRecips4). engine_test of the
# pair build; kernel_ab A = C = 2a7c114's cpu/cpu_simd.c, B = with pairs,
# AVX2 (GS_CPU_SIMD=2), two runs of 31 rounds; window_bench -r 9 of both
# builds (wb_base, wb_pair), AVX2, alternating, three rounds; pinned to core 3
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
env -u LD_LIBRARY_PATH ./bench_bins/engine_test -q | tail -3
for k in 1 2; do
	GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kab 31
done
for k in 1 2 3; do
	for b in base pair; do
		echo "## wb_$b run $k"
		GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 9 20 2>&1 | grep "float8"
	done
done
date -u
