#!/bin/bash
# device call E (fifth session): is the 100-element statement slower at d73528f than at e9946fb on the
# H100 host?  small_bench.sh from e9946fb's tree (bench_bins/headfull, which builds and installs its
# library) and from cur's, alternating, two runs each (5 rounds); small_engine_bench at 100 elements,
# head and cur alternating
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
cp cuda/*.o cuda/*.a bench_bins/headfull/cuda/ && touch bench_bins/headfull/cuda/*.o bench_bins/headfull/cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
(cd bench_bins/headfull && gcc $CF -o ../seb_head test/bench/small_engine_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
wait
set +x
for r in 0 1 2 3; do for b in head cur; do for op in 0 1; do
  echo "$b r$r $(env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/seb_$b 100 $op 5)"
done; done; done
set -x
for r in 1 2; do
  (cd bench_bins/headfull && ROUNDS=5 GPUSCAN_PORT=5439$r test/bench/small_bench.sh "$1-head-$r" > $OUT/small-head-$r.out 2>&1); tail -7 $OUT/small-head-$r.out
  ROUNDS=5 GPUSCAN_PORT=5438$r test/bench/small_bench.sh "$1-cur-$r" > $OUT/small-cur-$r.out 2>&1; tail -7 $OUT/small-cur-$r.out
done
cp bench_bins/headfull/test/bench/results/small-*.txt test/bench/results/small-*"$1"*.txt $OUT/ 2>/dev/null
date -u
