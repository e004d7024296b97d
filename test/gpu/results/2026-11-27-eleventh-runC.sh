#!/bin/bash
# device call C (eleventh session), at 4b5250e: engine_test and quotient_test of the tree
# (scalar, AVX-512 and AVX2 passes) and engine_test of four mutants of its AVX-512 exact means
# (M1 every sum taken as exact, M2 no replay of a batch with a sum not exact, M3 a division
# replaced by a product with the reciprocal, M4 the window's bracket's test ignored), all at
# once on separate cores; bench_bins/ab (kernel_ab: A = 04e902a, B = 4b5250e, C = 04e902a)
# with KAB_UNIT64 on AVX-512 and AVX2 twice each, and without once each, medians of 61; then
# statements, means_bench.sh (5 rounds, with the grid row); $1: the log's host tag
set -x
date -u; nproc; grep -m1 'model name' /proc/cpuinfo
c=2
for b in engine_test quotient_test engine_test_M1 engine_test_M2 engine_test_M3 engine_test_M4; do
  ( env -u LD_LIBRARY_PATH taskset -c $c ./bench_bins/$b 2>&1 | grep -v '^ok' | grep -v '^analysis\|^window cases' | tail -4 > /tmp/t_$b.txt ) &
  c=$((c + 2))
done
wait
for b in engine_test quotient_test engine_test_M1 engine_test_M2 engine_test_M3 engine_test_M4; do echo "=== $b"; cat /tmp/t_$b.txt; done
set +x
for r in 1 2; do
  echo "##### KAB_UNIT64, AVX-512, run $r"; KAB_UNIT64=1 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
  echo "##### KAB_UNIT64, AVX2 (GS_CPU_SIMD=2), run $r"; KAB_UNIT64=1 GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
done
echo "##### AVX-512"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
echo "##### AVX2 (GS_CPU_SIMD=2)"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/ab 61
set -x
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16
ROUNDS=5 GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -8 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
