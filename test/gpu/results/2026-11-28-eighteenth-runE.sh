#!/bin/bash
# device call E (eighteenth session), at the tree named in the log's header:
# statements on the default kernels, means_bench.sh with CPU_SIMD=auto
# (AVX-512; with the window forms over 1M rows) and CPU_SIMD=avx2 (no
# window forms), 5 rounds, 16M, a CPU-only build ($1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
export WITH_CUDA=0 MAKEFLAGS=-j16 PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
ROUNDS=5 CPU_SIMD=auto GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means-auto.out 2>&1
sed -n '/^| type | read ms/,/^$/p;/window forms/,$p' $OUT/means-auto.out | head -40
ROUNDS=5 WROWS=0 CPU_SIMD=avx2 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-avx2" > $OUT/means-avx2.out 2>&1
sed -n '/^| type | read ms/,/^$/p' $OUT/means-avx2.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
