#!/bin/bash
# device call B (thirteenth session), at 2b15b6f: window_bench (16M, uniform values, 15
# reps) with 39829b0's cpu/window.c (window_bench_base: every 128-bit block analysed) and
# 2b15b6f's (the unit check after a 128-bit block taken in 64 bits), alternating, on
# AVX-512 and AVX2; then statements, means_bench.sh (7 rounds) on the default kernels
# (AVX-512) and with CPU_SIMD=avx2, at the tree ($1: the tag prefix)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
set +x
for s in -1 2; do
  for b in window_bench_base window_bench window_bench_base window_bench; do
    echo "##### $b, GS_CPU_SIMD=$s"; GS_CPU_SIMD=$s env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b -r 15 24
  done
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=7 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -28 $OUT/means.out
ROUNDS=7 BUILD=0 CPU_SIMD=avx2 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-avx2" > $OUT/means2.out 2>&1; tail -28 $OUT/means2.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
