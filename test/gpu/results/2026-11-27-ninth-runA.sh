#!/bin/bash
# device call A (ninth session): engine_test and quotient_test of the tree (the flush loops
# keep no mask or count per vector: a batch with an undecided lane takes its means again);
# bench_bins/ab (kernel_ab: A = a5788c2, B = that tree, C = B with the bracket's
# correction as t = r rc, t (1 +- 2^-20)), AVX2 three times, AVX-512 three times, medians of 60
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
set +x
for r in 1 2 3; do
  echo "##### AVX2 (GS_CPU_SIMD=2), run $r"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
date -u
