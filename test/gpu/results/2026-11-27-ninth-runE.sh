#!/bin/bash
# device call E (ninth session), at 69c7524 (cpu/ as at a5b2ac8): engine_test and quotient_test
# of the tree, scalar, AVX-512 and AVX2 passes
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4 ) 2>&1
date -u
