#!/bin/bash
# device call A (nineteenth session): the GPU runner, steps 1-4 (QUICK=1:
# the suites with every call forced onto the GPU on each kernel, numeric
# included; the checks that the GPU ran each function, the numeric scans
# among them; arrays from a table; the suites without preloading; faults),
# the CUDA library built on the dev VM and carried
set -x
date -u; nvidia-smi -L; grep -m1 '^model\s' /proc/cpuinfo
touch cuda/device.o cuda/scan.o cuda/libgpuscan_cuda.a
export MAKEFLAGS=-j16
QUICK=1 bash test/gpu/run.sh 16 /tmp/gpu-logs
rc=$?
tar -C /tmp -czf "$OUT/gpu-logs.tar.gz" gpu-logs 2>/dev/null
date -u
exit $rc
