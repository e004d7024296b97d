#!/bin/bash
# device call A (twenty-second session), the tree of version 1.7 (issue 58's
# scans gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd on the CPU engine,
# refused under gpuscan.device = gpu): the GPU runner, steps 1-4 (QUICK=1:
# every suite with every call forced onto the GPU on each kernel, the new
# spread_scans suite included, which runs the scans under auto; arrays from
# a table; the suites without preloading; faults), and beside it the CPU
# engine's engine_test and moments_test (now the scans too, the FMA and
# portable loops against each other and the aggregates' state) on this
# host's CPU; the CUDA library built on the dev VM and carried
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
