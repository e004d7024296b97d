#!/bin/bash
# device call D (eleventh session), at 4b5250e: engine_test of mutant M4 of call C alone (its
# output there ended after the scalar pass); bench_bins/ab (kernel_ab: A = 04e902a,
# B = 4b5250e, C = 4b5250e dividing past a moving window too) with KAB_UNIT64 on AVX-512
# twice, medians of 61; then statements, means_bench.sh (5 rounds) with cpu/cpu_simd.c of
# 04e902a ($1-base) and of the tree ($1)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 2 ./bench_bins/engine_test_M4 > /tmp/m4.txt 2>&1; echo "rc=$?" >> /tmp/m4.txt ) 2>&1
grep -v '^ok' /tmp/m4.txt | grep -v '^analysis\|^window cases' | tail -6
set +x
for r in 1 2; do
  echo "##### KAB_UNIT64, AVX-512, run $r"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
cp cpu/cpu_simd.c /tmp/tree_cpu_simd.c
cp bench_bins/cpu_simd_04e902a.c cpu/cpu_simd.c
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-base" > $OUT/means-base.out 2>&1; tail -7 $OUT/means-base.out
cp /tmp/tree_cpu_simd.c cpu/cpu_simd.c
ROUNDS=5 GPUSCAN_PORT=54382 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -7 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
