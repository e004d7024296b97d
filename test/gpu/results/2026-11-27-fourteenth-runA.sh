#!/bin/bash
# device call A (fourteenth session), at b933674: engine_test (three passes); kernel_ab
# (AVX2; A = 4554e11's cpu/cpu_simd.c, B = C = 66b1c56's) on the 2^-20 grid (KAB_GRID4,
# KAB_UNIT64) and on uniform values; window_bench (16M, 11 reps) at 4554e11
# (window_bench_base) and at 66b1c56, alternating, on AVX2 (grid, integers, uniform) and
# AVX-512 (uniform); then statements, means_bench.sh (7 rounds) with CPU_SIMD=avx2, at the
# tree ($1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
env -u LD_LIBRARY_PATH ./bench_bins/engine_test -q | tail -3
GS_CPU_SIMD=2 KAB_GRID4=1 KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 21
GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 15
set +x
for m in -g -i ""; do
  for b in window_bench_base window_bench window_bench_base window_bench; do
    echo "##### $b, GS_CPU_SIMD=2, mode '$m'"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b -r 11 $m 24
  done
done
for b in window_bench_base window_bench; do
  echo "##### $b, GS_CPU_SIMD=-1 (AVX-512), uniform"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b -r 11 24
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=7 CPU_SIMD=avx2 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-avx2" > $OUT/means2.out 2>&1; tail -28 $OUT/means2.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
