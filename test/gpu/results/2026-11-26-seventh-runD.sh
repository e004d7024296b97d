#!/bin/bash
# device call D (seventh session), at 8d83a73: engine_test, quotient_test and accum_test of the
# final tree (the AVX-512 mean kernels specialised on plain, cpu_simd.c with GS_SIMD_CFLAGS)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/accum_test | tail -2 ) 2>&1
date -u
