#!/bin/bash
# device call B (ninth session): engine_test and quotient_test of the tree (1471b81 with the
# AVX-512 float means' cubic reciprocal step, RecipF8, and their float test widened to 2^12 ulps;
# the AVX2 renormalisation's remainder as L's low 51 bits); two mutants, which must fail:
# m1 = the AVX-512 flush without its replay of a batch with an undecided lane, m2 = the
# AVX-512 float test at 2^4 ulps with RecipF8; bench_bins/ab (kernel_ab: A = 1471b81,
# B = the tree, C = 1471b81), AVX2 three times, AVX-512 three times, medians of 60
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
for m in m1 m2; do
  env -u LD_LIBRARY_PATH ./bench_bins/engine_test_$m | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -3
  env -u LD_LIBRARY_PATH ./bench_bins/quotient_test_$m | grep -v '^ok  ' | tail -2
done
set +x
for r in 1 2 3; do
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
date -u
