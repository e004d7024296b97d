#!/bin/bash
# device call A (seventh session): the mean kernels' counts without a minimum or an addition where
# not needed, float counts pre-scaled (no multiplication), plain specialised, the guess kernels'
# checks in mask registers.  engine_test and quotient_test of the working tree (AVX-512, AVX2,
# scalar); bench_bins/ab (kernel_ab: A = 592ebb7, B = the working tree, C = B with plain not
# specialised; medians of 60), AVX-512 then AVX2; means_bench.sh at the working tree; $1: host tag
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
