#!/bin/bash
# device call C (sixth session), at 22aef9d: quotient_test; the mean kernels compared in one process
# (bench_bins/ab: A = fb6ec25, B = call A's tree, C = 22aef9d; medians of 60 reps), AVX-512 and
# AVX2; then means_bench.sh from fb6ec25's tree (bench_bins/base, which builds and installs its
# library) and from 22aef9d's, alternating, two runs each; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
cp cuda/*.o cuda/*.a bench_bins/base/cuda/ && touch bench_bins/base/cuda/*.o bench_bins/base/cuda/*.a
export MAKEFLAGS=-j16
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
set -x
for r in 1 2; do
  (cd bench_bins/base && ROUNDS=5 GPUSCAN_PORT=5439$r test/bench/means_bench.sh "$1-base-$r" > $OUT/means-base-$r.out 2>&1); tail -6 $OUT/means-base-$r.out
  ROUNDS=5 GPUSCAN_PORT=5438$r test/bench/means_bench.sh "$1-cur-$r" > $OUT/means-cur-$r.out 2>&1; tail -6 $OUT/means-cur-$r.out
done
cp bench_bins/base/test/bench/results/means-*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
