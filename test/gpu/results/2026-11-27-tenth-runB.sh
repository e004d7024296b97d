#!/bin/bash
# device call B (tenth session), at b661730: engine_test and quotient_test of the tree (scalar,
# AVX-512 and AVX2 passes); bench_bins/ab (kernel_ab: A = 5b8ec7f, the session's start;
# B = b661730; C = 02d3009), AVX2 twice and AVX-512 once, then with KAB_UNIT64 (doubles on the
# 64-bit kernels) AVX2 twice and AVX-512 once, medians of 61
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
  echo "##### KAB_UNIT64, AVX2 (GS_CPU_SIMD=2), run $r"; KAB_UNIT64=1 GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
echo "##### KAB_UNIT64, AVX-512"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
date -u
