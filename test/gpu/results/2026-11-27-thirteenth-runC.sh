#!/bin/bash
# device call C (thirteenth session), at 08d96ff: kernel_ab on AVX2, 31 rounds, three
# times; A and C: 08d96ff's cpu/cpu_simd.c; B: the same with FloatQuot4's division
# replaced by rcp_ps and two Newton steps (a float mean's reciprocal, 9 operations;
# not committed: the dev VM measured it 37% dearer, 1.012 -> 1.383 ms)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
set +x
for k in 1 2 3; do
  echo "##### kernel_ab, AVX2, pass $k"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kernel_ab 31
done
date -u
