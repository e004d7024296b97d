#!/bin/bash
# device call B (sixth session): the mean kernels' builds compared in one process (bench_bins/ab,
# built on the dev machine from what is now test/bench/kernel_ab.c and kernel_ab.sh: three builds of
# cpu/cpu_simd.c, A = fb6ec25, B = every mean kernel chunked, C = the working tree, called in turn
# on the same arrays, 4096-value blocks; medians of 60 reps), AVX-512 then AVX2
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
set +x
for r in 1 2; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
date -u
