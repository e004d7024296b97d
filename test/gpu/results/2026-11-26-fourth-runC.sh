#!/bin/bash
# device call C: engine_test (AVX-512, AVX2, scalar) at 216b4a0; window_bench head (865b9c3) vs cur,
# alternating; statements: small_bench.sh twice (7 rounds), means_bench.sh twice (5 rounds)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
make -s test/engine/engine_test >/dev/null 2>&1 &
(cd bench_bins/head && gcc $CF -o ../wb_head test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -12 ) 2>&1
set +x
for r in 0 1 2; do for b in head cur; do
  echo "== wb $b round $r"
  env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg'
done; done
set -x
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=7 GPUSCAN_PORT=54393 BUILD=0 test/bench/small_bench.sh "$1-2" > $OUT/small2.out 2>&1; tail -7 $OUT/small2.out
ROUNDS=5 GPUSCAN_PORT=54394 BUILD=0 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
ROUNDS=5 GPUSCAN_PORT=54395 BUILD=0 test/bench/means_bench.sh "$1-2" > $OUT/means2.out 2>&1; tail -6 $OUT/means2.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
