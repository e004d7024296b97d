#!/bin/bash
# device call F: engine_test (AVX-512, AVX2, scalar) at 93507c3; small_engine_bench g1 (3ab31d1) vs cur,
# interleaved; statements at cur (small_bench.sh twice, 7 rounds)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
make -s test/engine/engine_test >/dev/null
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
(cd bench_bins/g1 && gcc $CF -o ../seb_g1 test/bench/small_engine_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | tail -4 ) 2>&1
set +x
for r in 0 1 2; do for simd in -1 2; do for n in 1000 10000 1048576; do
  for b in g1 cur; do echo "seb $b simd=$simd round $r: $(GS_CPU_SIMD=$simd env -u LD_LIBRARY_PATH taskset -c 5 ./bench_bins/seb_$b $n 0 7)"; done
done; done; done
set -x
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=7 GPUSCAN_PORT=54393 BUILD=0 test/bench/small_bench.sh "$1-2" > $OUT/small2.out 2>&1; tail -7 $OUT/small2.out
cp test/bench/results/small-*"$1"*.txt $OUT/ 2>/dev/null
date -u
