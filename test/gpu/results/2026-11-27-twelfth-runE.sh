#!/bin/bash
# device call E (twelfth session): f9d8171 (base) against the tree (a moving window's block
# after one in 64 bits checked against its unit, gs_float_stats_in_unit, not analysed anew):
# engine_test of the tree (its AVX-512 pass runs StatsF8Unit) beside window_bench (16M and
# 1M, uniform and grid, base and tree alternating, AVX-512 then AVX2); then means_bench.sh
# (7 rounds) with core/analysis.c and cpu/window.c of f9d8171 ($1-base) and of the tree ($1)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 8 ./bench_bins/engine_test > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1 &
set +x
for g in "-g" ""; do
  for r in 1 2; do
    for b in window_bench_base window_bench; do
      echo "##### $b $g, AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b $g -r 15 20 24 | grep float8 | grep -v naive
    done
  done
  for b in window_bench_base window_bench; do
    echo "##### $b $g, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b $g -r 15 20 24 | grep float8 | grep -v naive
  done
done
wait
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
cp core/analysis.c /tmp/analysis_tree.c; cp cpu/window.c /tmp/window_tree.c
cp bench_bins/analysis_base.c core/analysis.c; cp bench_bins/window_base.c cpu/window.c
ROUNDS=7 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-base" > $OUT/means-base.out 2>&1; tail -28 $OUT/means-base.out
cp /tmp/analysis_tree.c core/analysis.c; cp /tmp/window_tree.c cpu/window.c
ROUNDS=7 GPUSCAN_PORT=54382 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -28 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
