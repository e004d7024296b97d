#!/bin/bash
# device call F (eleventh session, the review), at cpu/cpu_simd.c after e261ec1 with the stop path's flush in one call (the commit after
# 548db6a): engine_test and quotient_test (scalar, AVX-512 and AVX2 passes), at once on cores
# 2 and 4 (its first try ran binaries left built from a mutant by mistake: 290 and 19 failures, as the mutant should)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 2 ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -6 ) > /tmp/e.txt 2>&1 &
( time env -u LD_LIBRARY_PATH taskset -c 4 ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) > /tmp/q.txt 2>&1 &
wait
cat /tmp/e.txt /tmp/q.txt
date -u
