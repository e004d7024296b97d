#!/bin/bash
# device call B (fifth session): statements at cur (the look-ahead kernels): small_bench.sh twice
# (7 rounds), means_bench.sh twice (5 rounds); $1: the log's host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=7 GPUSCAN_PORT=54393 BUILD=0 test/bench/small_bench.sh "$1-2" > $OUT/small2.out 2>&1; tail -7 $OUT/small2.out
ROUNDS=5 GPUSCAN_PORT=54394 BUILD=0 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
ROUNDS=5 GPUSCAN_PORT=54395 BUILD=0 test/bench/means_bench.sh "$1-2" > $OUT/means2.out 2>&1; tail -6 $OUT/means2.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
