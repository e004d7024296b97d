#!/bin/bash
# device call A (sixth session): the mean kernels without a call in their loops (MeansPending).
# engine_test and quotient_test of the working tree (AVX-512 here: the compress stores); window_bench
# and a one-scan harness (bench_bins/one_*: 1M values, minimum of 40 engine calls) built on the dev
# machine from base (fb6ec25), chunk (every mean kernel chunked, Scan64Mean4 too) and cur (the working
# tree), alternating, AVX-512 then AVX2 (GS_CPU_SIMD=2); small_bench.sh and means_bench.sh at cur;
# $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo; grep -o 'avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' '; echo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | tail -2 ) 2>&1
set +x
for simd in 1 2; do
  if [ $simd = 2 ]; then export GS_CPU_SIMD=2; echo "##### AVX2 (GS_CPU_SIMD=2)"; else echo "##### AVX-512"; fi
  for r in 0 1 2; do for b in base chunk cur; do
    echo "== wb $b round $r"
    env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg'
  done; done
  for r in 0 1 2; do for b in base chunk cur; do
    echo "one $b r$r f4 sum $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 0 0 0 40) cumavg $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 0 5 0 40) movavg $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 0 4 1000 40) f8 sum $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 1 0 0 40) cumavg $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 1 5 0 40) movavg $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/one_$b 1 4 1000 40)"
  done; done
done
unset GS_CPU_SIMD
set -x
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=5 GPUSCAN_PORT=54394 BUILD=0 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
