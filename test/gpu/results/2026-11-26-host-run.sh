#!/bin/bash
# one device call: build, tests, window_bench base vs cur, statement benches
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo; nvidia-smi -L
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
make -s >/dev/null 2>&1 || make 2>&1 | tail -20
make -s test/engine/engine_test test/engine/quotient_test test/bench/window_bench >/dev/null
cp test/bench/window_bench bench_bins/wb_cur
( time ./test/engine/quotient_test | grep -v '^ok' | tail -3 ) 2>&1
( time ./test/engine/engine_test | grep -v '^ok' | tail -3 ) 2>&1
set +x
for r in 0 1 2; do
  for d in "" "-i"; do
    for b in base cur; do
      for simd in -1 2; do
        echo "== $b simd=$simd data=${d:-uniform} round $r"
        GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH ./bench_bins/wb_$b $d -r 7 20 | grep 'cumsum\|avg\|movsum 1000'
      done
    done
  done
done
set -x
ROUNDS=5 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -8 $OUT/small.out
BUILD=0 ROUNDS=5 GPUSCAN_PORT=54392 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
