#!/bin/bash
# device call D: statements at 3ab31d1 again (small_bench.sh twice, 7 rounds); window_bench orig (0f5d324) vs cur
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
(cd bench_bins/orig && gcc $CF -o ../wb_orig test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
set +x
for r in 0 1; do for b in orig cur; do for simd in -1 2; do
  echo "== wb $b simd=$simd round $r"
  GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000'
done; done; done
set -x
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=7 GPUSCAN_PORT=54393 BUILD=0 test/bench/small_bench.sh "$1-2" > $OUT/small2.out 2>&1; tail -7 $OUT/small2.out
cp test/bench/results/small-*"$1"*.txt $OUT/ 2>/dev/null
date -u
