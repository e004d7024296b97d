#!/bin/bash
# device call F (eighteenth session), at 5f25110: test/leaks.py on the GPU
# (as test/gpu/run.sh runs it: --engine gpu --faults --gpu-mem) with its
# new calls over table rows and of the moving functions; the CUDA library
# built on the dev VM and carried (cuda/*.o, cuda/libgpuscan_cuda.a)
set -x
date -u; nvidia-smi -L; grep -m1 '^model\s' /proc/cpuinfo
touch cuda/device.o cuda/scan.o cuda/libgpuscan_cuda.a
export MAKEFLAGS=-j16
. scripts/common.sh
cd "$TOP"
setup_packages && build_install && cluster_start "-c shared_preload_libraries=gpuscan" || exit 1
trap cluster_remove EXIT
python3 test/leaks.py --engine gpu --faults --gpu-mem
date -u
