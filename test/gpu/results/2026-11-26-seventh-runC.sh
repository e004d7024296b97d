#!/bin/bash
# device call C (seventh session), at c0be964: engine_test and quotient_test (cpu_simd.c with
# GS_SIMD_CFLAGS); bench_bins/ab (kernel_ab: A = 592ebb7 as it shipped, without the option;
# B = c0be964; C = call A's tree, plain specialised, with the option), AVX-512 then AVX2, medians
# of 60, two runs; means_bench.sh at c0be964; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
set -x
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
