#!/bin/bash
# device call B: statements at the work tree (small_bench.sh, means_bench.sh)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=5 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -8 $OUT/small.out
BUILD=0 ROUNDS=5 GPUSCAN_PORT=54392 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -8 $OUT/means.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
