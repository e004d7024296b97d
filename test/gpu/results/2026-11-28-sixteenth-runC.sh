#!/bin/bash
# device call C (sixteenth session), at d0515ef: statements with the
# portable loops, means_bench.sh with CPU_SIMD=off (5 rounds, arrays of
# 16M, no window forms), after MeanDirect went out of line ($1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16 PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
ROUNDS=5 WROWS=0 CPU_SIMD=off GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-off" > $OUT/means.out 2>&1; tail -30 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
