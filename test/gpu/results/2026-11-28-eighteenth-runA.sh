#!/bin/bash
# eighteenth session, device call A: portable real running means on Intel.
# Binaries built on the dev VM into bench_bins/ (untracked), stripped:
#   f4_X: a harness (best of N engine calls, 1M uniform float4 in [-1000, 1000),
#         gs_cpu_scan, GS_CPU_SIMD=0; prints an FNV hash of the results)
#         linked with cpu/window.c as at 84747b0 (base) or a variant:
#         v = MeanDirect's float running means in two passes (sums as doubles,
#         then two means a divpd, tests of four at once), vf = v with the
#         scale folded into the counts, p1 = v's first pass only (ablation,
#         wrong results), 1/2/4/8/15 = ablations of the one-pass loop (mul
#         for div, no test, no float conversion, no scaling, all four).
#   wb_base, wb_vf: test/bench/window_bench with base / vf.
cd "$(dirname "$0")"
echo "host: $(grep -m1 'model name' /proc/cpuinfo) model $(grep -m1 '^model\s' /proc/cpuinfo | awk '{print $3}'); $(nproc) cpus; $(date -u)"
export GS_CPU_SIMD=0
for r in 1 2 3; do
  echo "== f4 round $r (best of 60, 1M float4, ms; op 0 = cumsum, op 5 = cumavg)"
  for a in base v vf p1 1 2 4 8 15; do printf "%-5s " $a; ./f4_$a 5 60; done
  printf "%-5s " sum; ./f4_base 0 60
done
for r in 1 2 3; do
  for b in base vf; do echo "== window_bench $b round $r"; ./wb_$b -r 9 20; done
done
