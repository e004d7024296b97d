#!/bin/bash
# device call A (fifteenth session), at 35486d3: engine_test (three passes); kernel_ab
# (AVX2; A = 47820b0's cpu/cpu_simd.c, B = C = 35486d3's) on the 2^-20 grid (KAB_GRID4,
# KAB_UNIT64) and on uniform values; then statements, means_bench.sh (5 rounds; arrays
# of 16M and the window forms over 1M rows) with CPU_SIMD=avx2 and auto, at the tree
# ($1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
env -u LD_LIBRARY_PATH ./bench_bins/engine_test -q | tail -3
GS_CPU_SIMD=2 KAB_GRID4=1 KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 21
GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 15
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=5 CPU_SIMD=avx2 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-avx2" > $OUT/means2.out 2>&1; tail -12 $OUT/means2.out
BUILD=0 ROUNDS=5 CPU_SIMD=auto GPUSCAN_PORT=54382 test/bench/means_bench.sh "$1" > $OUT/means1.out 2>&1; tail -12 $OUT/means1.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
