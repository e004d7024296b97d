#!/bin/bash
# device call A: engine_test (AVX-512, AVX2, scalar) at cur (d5d81ea); small_engine_bench head (865b9c3)
# vs cur interleaved (cumsum and cumavg, AVX-512 and AVX2); window_bench head vs cur, alternating
# (the head binaries did not build in this call: test/rand.h was missing from head's archive; see A2)
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
SRC="core/plan.c core/analysis.c core/source.c core/chunked.c core/host_copy.c core/accum.c cpu/driver.c cpu/sum_block.c cpu/sum_float.c cpu/sum_int.c cpu/order.c cpu/cpu_simd.c cpu/window.c cpu/means.c"
CF="-O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard"
make -s test/engine/engine_test >/dev/null 2>&1 &
(cd bench_bins/head && gcc $CF -o ../seb_head test/bench/small_engine_bench.c $SRC -lpthread -lm && gcc $CF -o ../wb_head test/bench/window_bench.c $SRC -lpthread -lm) &
gcc $CF -o bench_bins/seb_cur test/bench/small_engine_bench.c $SRC -lpthread -lm &
gcc $CF -o bench_bins/wb_cur test/bench/window_bench.c $SRC -lpthread -lm &
wait
( time env -u LD_LIBRARY_PATH ./test/engine/engine_test | grep -v '^ok' | tail -4 ) 2>&1
