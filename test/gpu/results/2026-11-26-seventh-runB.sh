#!/bin/bash
# device call B (seventh session), at d3dd3b0 plus the Makefile's GS_SIMD_CFLAGS: bench_bins/ab
# (kernel_ab: A = d3dd3b0, B = A compiled with -mtune-ctrl=^inter_unit_moves_to_vec, C = A with
# StoreMeans8's full vectors stored unmasked) and bench_bins/ab2 (A = d3dd3b0, B = the unmasked
# store, C = the unmasked store with the option), AVX-512 then AVX2, medians of 60; then
# means_bench.sh from d3dd3b0's tree (bench_bins/base) and the working tree (with the option),
# alternating, two runs each; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
cp cuda/*.o cuda/*.a bench_bins/base/cuda/ && touch bench_bins/base/cuda/*.o bench_bins/base/cuda/*.a
export MAKEFLAGS=-j16
set +x
for r in 1 2; do
  for b in ab ab2; do
    echo "##### $b AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b 60
    echo "##### $b AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b 60
  done
done
set -x
for r in 1 2; do
  (cd bench_bins/base && ROUNDS=5 GPUSCAN_PORT=5439$r test/bench/means_bench.sh "$1-base-$r" > $OUT/means-base-$r.out 2>&1); tail -6 $OUT/means-base-$r.out
  ROUNDS=5 GPUSCAN_PORT=5438$r test/bench/means_bench.sh "$1-cur-$r" > $OUT/means-cur-$r.out 2>&1; tail -6 $OUT/means-cur-$r.out
done
date -u
