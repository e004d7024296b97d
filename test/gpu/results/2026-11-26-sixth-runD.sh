#!/bin/bash
# device call D (sixth session): AVX-512 float means from a reciprocal (rcp14 and two Newton steps,
# as 9a328fd; margin 8 ulps) instead of a division, now that no call sits in the loops: bench_bins/kab_r
# (test/bench/kernel_ab.c by test/bench/kernel_ab.sh: A = fb6ec25, B = 22aef9d, C = 22aef9d with the
# reciprocal in FlushMeans8's float path), three runs of 60 reps, AVX-512
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
set +x
for r in 1 2 3; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/kab_r 60
done
date -u
