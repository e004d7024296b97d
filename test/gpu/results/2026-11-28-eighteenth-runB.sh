#!/bin/bash
# eighteenth session, device call B: MeanDirect in two passes (portable loops).
# Binaries built on the dev VM into bench_bins/ (untracked), stripped: f4_X
# (the harness of runA.sh, with arguments f8 and grid: values rounded to
# multiples of 2^-20) and wb_X (test/bench/window_bench) linked with
# cpu/window.c as at 84747b0 (base), with MeanDirect in two passes for both
# types (new, as committed), or in two passes for float4 only (new1);
# engine_test_portable of new.
cd "$(dirname "$0")"
echo "host: $(grep -m1 'model name' /proc/cpuinfo) model $(grep -m1 '^model\s' /proc/cpuinfo | awk '{print $3}'); $(nproc) cpus; $(date -u)"
export GS_CPU_SIMD=0
for r in 1 2 3; do
  echo "== f4 round $r (best of 60, 1M values, ms; op 0 cumsum, 4 movavg 1000, 5 cumavg; args: f8 grid)"
  for t in "0 0" "0 1" "1 1"; do
    for op in 0 5 4; do for a in base new new1; do
      [ $op = 0 ] && [ $a != base ] && continue
      printf "%-5s f8,grid %s " $a "$t"; ./f4_$a $op 60 $t; done; done
  done
done
for r in 1 2 3; do
  for b in base new new1; do echo "== window_bench $b round $r"; ./wb_$b -r 9 20; echo "== window_bench -g $b round $r"; ./wb_$b -r 9 -g 20; done
done
echo "== engine_test_portable (new code)"
time ./engine_test_portable -q; echo rc=$?
