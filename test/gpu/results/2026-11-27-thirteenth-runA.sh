#!/bin/bash
# device call A (thirteenth session), at fa3593f: engine_test (scalar, AVX-512, AVX2
# passes); kernel_ab (A: a5c0641's cpu/cpu_simd.c, B and C: fa3593f's) on AVX2, carry-save
# and 64-bit (KAB_UNIT64) kernels; window_bench at a5c0641's kernels and fa3593f's on
# AVX2 (uniform, grid 2^-20; 1M and 16M; 15 reps), alternating;
# then statements, means_bench.sh with CPU_SIMD=avx2 (7 rounds) at ($1)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
set +x
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
echo "##### kernel_ab, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 21
echo "##### kernel_ab, AVX2, KAB_UNIT64"; KAB_UNIT64=1 GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 21
for g in "" "-g"; do
  for b in window_bench_base window_bench window_bench_base window_bench; do
    echo "##### $b $g, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b $g -r 15 20 24
  done
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=7 CPU_SIMD=avx2 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -28 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
