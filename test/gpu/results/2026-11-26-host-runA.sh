#!/bin/bash
# device call A: build at HEAD, engine_test (AVX-512, AVX2, scalar), window_bench base (c8551f4) vs cur, hot rows
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo; nvidia-smi -L
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
make -s >/dev/null 2>&1 || make 2>&1 | tail -20
make -s test/engine/engine_test test/bench/window_bench >/dev/null
cp test/bench/window_bench bench_bins/wb_cur
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
gcc -O2 -fno-strict-aliasing -fwrapv -fexcess-precision=standard -I. -o bench_bins/hot_cur bench_bins/hot.c $SRC -lpthread -lm
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | tail -3 ) 2>&1
set +x
for r in 0 1 2; do
  for b in base cur; do
    for simd in -1 2; do
      echo "== $b simd=$simd round $r"
      GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000'
    done
  done
done
for r in 0 1 2; do for n in 100 1000; do for op in 0 1; do
  for b in base cur; do echo -n "hot $b op=$op round $r: "; env -u LD_LIBRARY_PATH ./bench_bins/hot_$b $n $op 7 | grep -v bits; done
done; done; done
date -u
