#!/bin/bash
# device call G (eighth session), at 7bdd712: engine_test and quotient_test of the tree (the
# bracketed double quotient, undecided lanes found after a batch, float means past a window by
# the reciprocal); bench_bins/ab (kernel_ab, fixed in 0fba5d7: A = dd53c73, B = 7bdd712, C = 7bdd712
# with a float's running means batched as a double's), AVX-512 twice, AVX2 once, medians of 60;
# means_bench.sh at 7bdd712; $1: the logs' host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -8 ) 2>&1
( time env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep -v '^ok  ' | tail -4; env -u LD_LIBRARY_PATH ./bench_bins/quotient_test | grep decided ) 2>&1
set +x
for r in 1 2; do
  echo "##### AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
done
echo "##### AVX2 (GS_CPU_SIMD=2)"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 60
set -x
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
