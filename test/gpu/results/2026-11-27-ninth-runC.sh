#!/bin/bash
# device call C (ninth session), at 039bde8: statements, means_bench.sh (5 rounds) and
# small_bench.sh (7 rounds), with gpuscan.device = cpu; then bench_bins/ab (kernel_ab: A = a5788c2,
# B = 039bde8, C = a5788c2) once on AVX-512 and once on AVX2, medians of 60; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
ROUNDS=7 GPUSCAN_PORT=54391 BUILD=0 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
cp test/bench/results/means-*"$1"*.txt test/bench/results/small-*"$1"*.txt $OUT/ 2>/dev/null
set +x
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
echo "##### AVX2 (GS_CPU_SIMD=2)"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
date -u
