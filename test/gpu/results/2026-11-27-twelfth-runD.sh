#!/bin/bash
# device call D (twelfth session), at c11ae3d: window_bench (the CPU engine's whole path,
# 1M and 16M values, uniform and on a grid of 2^-20, 21 reps) on AVX-512 and AVX2; then
# statements, means_bench.sh (9 rounds, with each call's account) at the tree ($1);
# engine_test last, beside nothing
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
set +x
for g in "" "-g"; do
  echo "##### window_bench $g, AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/window_bench $g -r 21 20 24
  echo "##### window_bench $g, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/window_bench $g -r 21 20 24
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=9 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -28 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
date -u
