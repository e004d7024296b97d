#!/bin/bash
# device call C (twelfth session): a candidate (moving windows' blocks in the unit of the
# block before, not analysed: MoveGuess, gs_simd_movwin64_guess) against 938e777 plus
# window_bench's -g: engine_test of the candidate (its AVX-512 pass runs the new kernel);
# window_bench (16M values, uniform and on a grid of 2^-20) of 938e777 (window_bench) and
# of the candidate (window_bench_guess), alternating, AVX-512 then AVX2
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 8 ./bench_bins/engine_test_guess > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1 &
set +x
for g in "-g" ""; do
  for r in 1 2; do
    for b in window_bench window_bench_guess; do
      echo "##### $b $g, AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b $g -r 11 24 | grep -v naive
    done
  done
  for b in window_bench window_bench_guess; do
    echo "##### $b $g, AVX2"; GS_CPU_SIMD=2 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b $g -r 11 24 | grep -v naive
  done
done
wait
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
date -u
