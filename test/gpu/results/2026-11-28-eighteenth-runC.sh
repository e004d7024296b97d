#!/bin/bash
# device call C (eighteenth session), at e23c2df: statements with the
# portable loops, means_bench.sh with CPU_SIMD=off (5 rounds, arrays of
# 16M, no window forms), a CPU-only build, the two-pass MeanDirect (new)
# and 84747b0's cpu/window.c and cpu/cpu.h (base), new / base / new
# (bench_bins/ holds both files' versions; $1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
export WITH_CUDA=0 MAKEFLAGS=-j16 PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
for v in new base new2; do
	f=${v%2}
	cp bench_bins/${f}_window.c cpu/window.c; cp bench_bins/${f}_cpu.h cpu/cpu.h
	ROUNDS=5 WROWS=0 CPU_SIMD=off GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-off-$v" > $OUT/means-$v.out 2>&1
	sed -n '/^| type | read ms/,/^$/p' $OUT/means-$v.out
done
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
