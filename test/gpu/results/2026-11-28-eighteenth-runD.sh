#!/bin/bash
# eighteenth session, device call D, at e23c2df: the vector kernels' figures
# at issue 29's line, again: window_bench (bench_bins/wb, built on the dev VM
# from the tree) with AVX2 (GS_CPU_SIMD=2; uniform doubles, full mantissas)
# and with AVX-512 (the default) on the grid of 2^-20 (-g), 1M and 16M,
# three rounds each, alternating
cd "$(dirname "$0")"
echo "host: $(grep -m1 'model name' /proc/cpuinfo) model $(grep -m1 '^model\s' /proc/cpuinfo | awk '{print $3}'); $(nproc) cpus; $(grep -o -m1 'avx512f' /proc/cpuinfo); $(date -u)"
for r in 1 2 3; do
  echo "== AVX2 round $r"; GS_CPU_SIMD=2 ./wb -r 9 20 24
  echo "== AVX-512 -g round $r"; ./wb -r 9 -g 20 24
done
date -u
