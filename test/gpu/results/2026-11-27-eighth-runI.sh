#!/bin/bash
# device call I (eighth session), at cbc8c87: engine_test and quotient_test of the tree (the AVX2
# carry-save carry renormalised every 256 vectors); bench_bins/ab (kernel_ab: A = ad712ec,
# B = cbc8c87, C = ad712ec), AVX2 twice, AVX-512 once, medians of 60
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
date -u
