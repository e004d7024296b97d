#!/bin/bash
# device call B (eleventh session): engine_test and quotient_test (scalar, AVX-512 and AVX2
# passes) of tree D (AVX-512: a double's exact means taken in the 64-bit kernel's loop, no
# flush loop); then bench_bins/ab (kernel_ab: A = the batched exact means, B = A with each
# division replaced by a multiplication (wrong results: the batches' floor), C = D) with
# KAB_UNIT64, AVX-512 three times and AVX2 once, medians of 61
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 8 ./bench_bins/engine_test_D | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1 &
( time env -u LD_LIBRARY_PATH taskset -c 12 ./bench_bins/quotient_test_D | grep -v '^ok  ' | tail -4 ) 2>&1 &
wait
set +x
for r in 1 2 3; do
  echo "##### KAB_UNIT64, AVX-512, run $r"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
echo "##### KAB_UNIT64, AVX2 (GS_CPU_SIMD=2)"; KAB_UNIT64=1 GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
date -u
