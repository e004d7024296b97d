#!/bin/bash
# device call F (seventh session), the review: one definition of which counts are pre-scaled
# (MeansPrescaled), the same operations.  engine_test and quotient_test of the working tree;
# bench_bins/ab (kernel_ab: A = 31ee991-faf9f30's code, B = the working tree, C = A again), AVX-512,
# medians of 60
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
set +x
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
date -u
