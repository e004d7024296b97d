#!/bin/bash
# device call D (ninth session), at aa2b510: AVX2 flush variants, kernel_ab (GS_CPU_SIMD=2), medians
# of 60, three runs each: bench_bins/ab1 (A = aa2b510, B = its AVX2 bracket in the t = r rc form,
# C = the double's sum taken in its own iteration, only its count and reciprocal a vector ahead,
# with the t form) and bench_bins/ab2 (A = aa2b510, B = the count and division a vector ahead,
# the brackets rp, rm at use, C = aa2b510)
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
for r in 1 2 3; do
  echo "##### ab1, AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab1 60
  echo "##### ab2, AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab2 60
done
date -u
