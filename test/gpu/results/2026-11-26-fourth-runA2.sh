#!/bin/bash
# device call A2: small_engine_bench head (865b9c3)
# vs cur interleaved (cumsum and cumavg, AVX-512 and AVX2); window_bench head vs cur, alternating
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"

(cd bench_bins/head && gcc $CF -o ../seb_head test/bench/small_engine_bench.c $SRC -lpthread -lm && gcc $CF -o ../wb_head test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait

set +x
for r in 0 1 2; do for simd in -1 2; do for op in 0 1; do for n in 1000 10000 1048576; do
  for b in head cur; do echo "seb $b simd=$simd round $r: $(GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH taskset -c 5 ./bench_bins/seb_$b $n $op 5)"; done
done; done; done; done
for r in 0 1 2; do for b in head cur; do
  echo "== wb $b round $r"
  env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000'
done; done
date -u
