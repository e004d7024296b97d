#!/bin/bash
# device call A (twenty-first session), the tree of version 1.6 (issue 58's
# exact variance aggregates; issue 57's last merges: one null-bitmap
# get/set in core/engine.h, the AVX-512 fixed point as Scale8): the GPU
# runner, steps 1-4 (QUICK=1: the suites with every call forced onto the
# GPU on each kernel, spread and numeric included; arrays from a table; the
# suites without preloading; faults), and beside it the CPU engine's
# engine_test and the moments' test on this host's CPU; the CUDA library
# built on the dev VM and carried
set -x
date -u; nvidia-smi -L; grep -m1 '^model name' /proc/cpuinfo; grep -o -m1 'avx512[a-z]*' /proc/cpuinfo | head -1
git log -1 --format='%H %s' 2>/dev/null
touch cuda/device.o cuda/scan.o cuda/libgpuscan_cuda.a
export MAKEFLAGS=-j16
make -s test/engine/engine_test test/engine/moments_test >/dev/null 2>&1
(env -u LD_LIBRARY_PATH test/engine/engine_test -q > "$OUT/engine_test.txt" 2>&1;
 env -u LD_LIBRARY_PATH test/engine/moments_test -q > "$OUT/moments_test.txt" 2>&1) &
QUICK=1 bash test/gpu/run.sh 16 /tmp/gpu-logs
rc=$?
wait
tail -3 "$OUT/engine_test.txt" "$OUT/moments_test.txt"
tar -C /tmp -czf "$OUT/gpu-logs.tar.gz" gpu-logs 2>/dev/null
date -u
exit $rc
