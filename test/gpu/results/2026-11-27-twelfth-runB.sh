#!/bin/bash
# device call B (twelfth session), at 938e777 plus means_bench.sh's account of each call
# (gpuscan_last_run()) and window_bench's -g: the host's CPU; window_bench (the CPU
# engine's whole path, 16M values, uniform and on a grid of 2^-20) on AVX-512 and AVX2;
# then statements, means_bench.sh (5 rounds) with cpu/cpu_simd.c of the tree ($1), of the
# tree dividing the exact means as two 256-bit halves ($1-ymm) and of the tree with that
# division replaced by a product ($1-floor: a floor, wrong results)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo; lscpu | grep -i 'thread\|mhz'
set +x
for g in "-g" ""; do
  echo "##### window_bench $g, AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/window_bench $g -r 15 24
  echo "##### window_bench $g, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/window_bench $g -r 15 24
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
cp cpu/cpu_simd.c /tmp/tree_cpu_simd.c
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -28 $OUT/means.out
cp bench_bins/cpu_simd_B.c cpu/cpu_simd.c
ROUNDS=5 GPUSCAN_PORT=54382 test/bench/means_bench.sh "$1-ymm" > $OUT/means-ymm.out 2>&1; tail -28 $OUT/means-ymm.out
cp bench_bins/cpu_simd_C.c cpu/cpu_simd.c
ROUNDS=5 GPUSCAN_PORT=54383 test/bench/means_bench.sh "$1-floor" > $OUT/means-floor.out 2>&1; tail -28 $OUT/means-floor.out
cp /tmp/tree_cpu_simd.c cpu/cpu_simd.c
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
