#!/bin/bash
# device call A (twelfth session), at 938e777: the host's CPU (model, threads per core);
# bench_bins/ab (kernel_ab: A = 1a0b700's cpu/cpu_simd.c, B = A dividing the exact
# means as two 256-bit halves, C = A with the division replaced by a product: a floor,
# wrong results) with KAB_UNIT64 on AVX-512 twice, medians of 61; then statements,
# means_bench.sh (7 rounds) at the tree
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo; grep -m1 '^model\s' /proc/cpuinfo; grep -m1 'cpu family' /proc/cpuinfo
lscpu | grep -i 'thread\|socket\|mhz\|l2\|l3\|model'
grep -m1 -o 'avx512_fp16\|amx_tile' /proc/cpuinfo | sort -u
set +x
for r in 1 2; do
  echo "##### KAB_UNIT64, AVX-512, run $r"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=7 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -7 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
