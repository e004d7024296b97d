#!/bin/bash
# device call E: window_bench orig (0f5d324) vs cur (3ab31d1), AVX-512, six alternating rounds
set -x
date -u; grep -m1 'model name' /proc/cpuinfo
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
(cd bench_bins/orig && gcc $CF -o ../wb_orig test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
set +x
for r in 0 1 2 3 4 5; do for b in orig cur; do
  echo "== wb $b round $r"
  env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 9 20 | grep 'cumsum\|avg\|movsum 1000'
done; done
date -u
