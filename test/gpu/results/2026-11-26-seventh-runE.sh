#!/bin/bash
# device call E (seventh session): plain blocks' double means with prescaled counts (no scaling of
# the quotient; the direction toward zero from r * sh) and Sum2x4 without its multiplication.
# engine_test and quotient_test of the working tree (AVX-512, AVX2, scalar); bench_bins/ab
# (kernel_ab: A = 8d83a73, B = the working tree, C = 8d83a73 again), AVX-512 then AVX2, medians of
# 60, two runs
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
date -u
