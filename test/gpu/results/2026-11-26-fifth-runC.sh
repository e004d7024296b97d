#!/bin/bash
# device call C (fifth session): engine_test and quotient_test at cur (the quotient's shorter tie and
# direction tests, FlushMeans8/4 a vector ahead, AVX2 look-ahead; no AVX-512 look-ahead);
# window_bench and small_engine_bench, AVX-512: head (e9946fb), la (call A's tree: AVX-512 look-ahead
# too) and cur, alternating; then small_bench.sh and means_bench.sh at cur; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
make -s test/engine/engine_test test/engine/quotient_test >/dev/null 2>&1 &
for v in head la; do
  (cd bench_bins/$v && gcc $CF -o ../seb_$v test/bench/small_engine_bench.c $SRC -lpthread -lm && gcc $CF -o ../wb_$v test/bench/window_bench.c $SRC -lpthread -lm) &
done
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./test/engine/quotient_test | tail -2 ) 2>&1
set +x
for r in 0 1 2; do for b in head la cur; do
  echo "== wb $b round $r"
  env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 20 | grep 'cumsum\|avg\|movsum 1000 '
done; done
for r in 0 1 2; do for b in head la cur; do for op in 0 1; do for n in 1000 1000000; do
  echo "$b r$r $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/seb_$b $n $op 5)"
done; done; done; done
set -x
ROUNDS=7 GPUSCAN_PORT=54391 test/bench/small_bench.sh "$1" > $OUT/small.out 2>&1; tail -7 $OUT/small.out
ROUNDS=5 GPUSCAN_PORT=54394 BUILD=0 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
cp test/bench/results/small-*"$1"*.txt test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
