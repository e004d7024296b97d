# mk/cuda.mk — the GPU engine (cuda/), compiled by nvcc into a static
# library that gpuscan.so links with the static CUDA runtime; kept out of
# OBJS, which PGXS also compiles to LLVM bitcode.  Included by the Makefile
# before PGXS: it adds to OBJS and SHLIB_LINK.  The library needs the shared
# core (CORE_OBJS: planning, float analysis, chunk driver, copy threads) and
# never the CPU engine (CPU_OBJS).
#
# nvcc from PATH, else $(CUDA_HOME)/bin.  WITH_CUDA defaults to 1 when nvcc
# exists; WITH_CUDA=0 builds without any CUDA code.
CUDA_HOME ?= /usr/local/cuda
NVCC ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard $(CUDA_HOME)/bin/nvcc))
WITH_CUDA ?= $(if $(NVCC),1,0)

ifeq ($(WITH_CUDA),1)
ifeq ($(NVCC),)
$(error WITH_CUDA=1 but nvcc was not found on PATH or in CUDA_HOME=$(CUDA_HOME))
endif
CUDA_LIBDIR ?= $(firstword $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/targets/x86_64-linux/lib))
# sm_80 (A100), sm_90 (H100, H200) machine code, and PTX for newer GPUs
NVCC_ARCH ?= -gencode arch=compute_80,code=sm_80 \
	-gencode arch=compute_90,code=sm_90 \
	-gencode arch=compute_90,code=compute_90
NVCC_FLAGS ?= -O3 -std=c++17 -Xcompiler -fPIC,-fno-strict-aliasing,-fwrapv $(NVCC_ARCH)
CUDA_OBJS = cuda/device.o cuda/scan.o
CUDA_LIB = cuda/libgpuscan_cuda.a
SHLIB_LINK += $(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lstdc++
else
# without CUDA, a stub of the GPU engine's interface: no GPU
OBJS += cuda/no_cuda.o
endif


ifeq ($(WITH_CUDA),1)
cuda/%.o: cuda/%.cu cuda/*.h cuda/*.cuh core/*.h
	$(NVCC) $(NVCC_FLAGS) -c -o $@ $<

$(CUDA_LIB): $(CUDA_OBJS)
	rm -f $@
	$(AR) rcs $@ $^
endif
