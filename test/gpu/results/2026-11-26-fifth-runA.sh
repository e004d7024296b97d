#!/bin/bash
# device call A (fifth session): engine_test (AVX-512, AVX2, scalar) and quotient_test at cur (the
# look-ahead kernels); small_engine_bench head (e9946fb) vs cur interleaved (cumsum and cumavg,
# AVX-512 and AVX2); window_bench head vs cur, alternating (AVX-512 and AVX2)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
make -s test/engine/engine_test test/engine/quotient_test >/dev/null 2>&1 &
(cd bench_bins/head && gcc $CF -o ../seb_head test/bench/small_engine_bench.c $SRC -lpthread -lm && gcc $CF -o ../wb_head test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./test/engine/quotient_test | tail -3 ) 2>&1
set +x
for simd in -1 2; do
  echo "== small_engine_bench, GS_CPU_SIMD=$simd (-1: best, AVX-512; 2: AVX2 at most)"
  for r in 0 1 2; do for b in head cur; do for op in 0 1; do for n in 1000 10000 1000000; do
    echo "$b r$r $(GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/seb_$b $n $op 5)"
  done; done; done; done
done
for simd in -1 2; do
  for r in 0 1 2; do for b in head cur; do
    echo "== wb $b round $r GS_CPU_SIMD=$simd"
    GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000 '
  done; done
done
date -u
