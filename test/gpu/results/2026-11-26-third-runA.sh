#!/bin/bash
# device call A: engine_test (AVX-512, AVX2, scalar) at the work tree; small_engine_bench and
# window_bench, base (HEAD's cpu/cpu_simd.c, bench_bins/cpu_simd_base.c) against cur, interleaved
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo; nvidia-smi -L
export MAKEFLAGS=-j16
make -s test/engine/engine_test >/dev/null
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
for b in base cur; do
  S=cpu/cpu_simd.c; [ $b = base ] && S="bench_bins/cpu_simd_base.c -Icpu"
  gcc $CF -o bench_bins/seb_$b test/bench/small_engine_bench.c $SRC $S -lpthread -lm &
  gcc $CF -o bench_bins/wb_$b test/bench/window_bench.c $SRC $S -lpthread -lm &
done
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | tail -4 ) 2>&1
set +x
for r in 0 1 2; do for simd in -1 2; do for n in 100 1000 10000 1048576; do
  for b in base cur; do echo "seb $b simd=$simd round $r: $(GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH ./bench_bins/seb_$b $n 0 7)"; done
done; done; done
for r in 0 1; do for b in base cur; do for simd in -1 2; do
  echo "== wb $b simd=$simd round $r"
  GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000'
done; done; done
date -u
