#!/bin/bash
# device call A (tenth session), at 02d3009: engine_test and quotient_test of the tree (scalar,
# AVX-512 and AVX2 passes), and of the tree with MEAN_BATCH 32 (engine_test32, quotient_test32);
# bench_bins/ab (kernel_ab: A = 5b8ec7f, the session's start; B = 02d3009; C = 02d3009 with
# MEAN_BATCH 32), AVX2 three times and AVX-512 twice, medians of 61
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
set +x
for r in 1 2 3; do
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
  if [ $r -le 2 ]; then echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61; fi
done
set -x
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test32 | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test32 | grep -v '^ok  ' | tail -4 ) 2>&1
date -u
