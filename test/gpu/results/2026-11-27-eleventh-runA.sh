#!/bin/bash
# device call A (eleventh session): engine_test and quotient_test (scalar, AVX-512 and AVX2
# passes) of two trees, B (exact sums: one division for every mean) and C (the same, but past
# a moving window the bracket with the window's reciprocals), the two at once on cores 8 and 12;
# then bench_bins/ab (kernel_ab: A = 04e902a, B, C) with KAB_UNIT64 (doubles on the 64-bit
# kernels) AVX2 and AVX-512 twice each, and once without (carry-save kernels), medians of 61
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
for v in B C; do
  ( time env -u LD_LIBRARY_PATH taskset -c $([ $v = B ] && echo 8 || echo 12) ./bench_bins/engine_test_$v | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) > /tmp/et_$v.txt 2>&1 &
done
wait
for v in B C; do echo "=== engine_test $v"; cat /tmp/et_$v.txt; done
for v in B C; do
  ( time env -u LD_LIBRARY_PATH taskset -c $([ $v = B ] && echo 8 || echo 12) ./bench_bins/quotient_test_$v | grep -v '^ok  ' | tail -4 ) > /tmp/qt_$v.txt 2>&1 &
done
wait
for v in B C; do echo "=== quotient_test $v"; cat /tmp/qt_$v.txt; done
set +x
for r in 1 2; do
  echo "##### KAB_UNIT64, AVX-512, run $r"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
  echo "##### KAB_UNIT64, AVX2 (GS_CPU_SIMD=2), run $r"; KAB_UNIT64=1 GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
echo "##### AVX2 (GS_CPU_SIMD=2)"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
date -u
