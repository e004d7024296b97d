#!/bin/bash
# device call A (twentieth session), the tree at a7cbb03 (issue 57's layout:
# cpu/ split per instruction set, the numeric code of issue 56):
# the GPU runner, steps 1-4 (QUICK=1: the suites with every call forced onto
# the GPU on each kernel, numeric included; the checks that the GPU ran
# each function, the numeric scans among them; arrays from a table; the
# suites without preloading; faults), and beside it the CPU engine's
# engine_test on this host's CPU; the CUDA library built on the dev VM and
# carried
set -x
date -u; nvidia-smi -L; grep -m1 '^model name' /proc/cpuinfo; grep -o -m1 'avx512[a-z]*' /proc/cpuinfo | head -1
touch cuda/device.o cuda/scan.o cuda/libgpuscan_cuda.a
export MAKEFLAGS=-j16
# built first (its objects are the runner's engine_compare's too), run beside the runner
make -s test/engine/engine_test >/dev/null 2>&1
(env -u LD_LIBRARY_PATH test/engine/engine_test -q > "$OUT/engine_test.txt" 2>&1) &
QUICK=1 bash test/gpu/run.sh 16 /tmp/gpu-logs
rc=$?
wait
tail -3 "$OUT/engine_test.txt"
tar -C /tmp -czf "$OUT/gpu-logs.tar.gz" gpu-logs 2>/dev/null
date -u
exit $rc
