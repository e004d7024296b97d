#!/bin/bash
# device call E (sixth session): what a float mean's time on AVX-512 is made of, in one process
# (test/bench/kernel_ab.c by kernel_ab.sh; builds of cpu/cpu_simd.c at fbe2715 with one change each,
# none committed): kab_1: A = fbe2715, B = float means batched as double means (MEAN_BATCH vectors,
# not one at a time), C = no float midpoint check (wrong results, timing only); kab_2: A = fbe2715,
# B = no division for float means (q = the sum; timing only), C = the float store unmasked.
# Two runs of 60 reps each, AVX-512
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
set +x
for r in 1 2; do for b in 1 2; do
  echo "##### AVX-512, kab_$b, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kab_$b 60 | grep -v float8
done; done
date -u
