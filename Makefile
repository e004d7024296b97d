# gpuscan — PGXS build.
#
#   make                  build (with CUDA when nvcc is found)
#   make WITH_CUDA=0      CPU-only build, same SQL surface
#   make install          install into the PostgreSQL that pg_config names
#   make installcheck     pg_regress suites against a running server
#   make test             set-up, build, install, throwaway cluster, all tests
#   make demo             set-up, build, install, throwaway cluster, showcase

EXTENSION = gpuscan
MODULE_big = gpuscan
OBJS = \
	src/gpuscan.o \
	src/scans.o \
	src/dispatch.o \
	src/service.o \
	core/plan.o \
	core/chunked.o \
	core/host_copy.o \
	core/cpu_engine.o \
	core/cpu_simd.o

DATA = sql/gpuscan--1.0.sql sql/gpuscan--1.0--1.1.sql sql/gpuscan--1.1--1.2.sql
REGRESS = cumsum cummax config devices service upgrade

EXTRA_CLEAN = test/engine_test test/bench/cpu_bench test/gpu/engine_compare \
	test/bench/kernel_bench test/bench/pipeline_bench test/bench/host_bench cuda/*.o cuda/libgpuscan_cuda.a \
	test/fuzz/fuzz_cpu_engine test/fuzz/fuzz_reference.o test/fuzz/scratch \
	results regression.diffs regression.out tmp_check

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
# core/host_copy.c's copy threads
SHLIB_LINK += -lpthread

# ---- CUDA ----------------------------------------------------------------
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
PG_CPPFLAGS += -DGS_WITH_CUDA
SHLIB_LINK += $(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lstdc++
else
# without CUDA, a stub of the GPU engine's interface: no GPU
OBJS += cuda/no_cuda.o
endif

# PGXS compiles every object in OBJS to LLVM bitcode when the server was
# built with LLVM; where its clang is missing (a bare machine with a copied
# PostgreSQL), skip the bitcode rather than fail.
PG_CLANG := $(shell sed -n 's/^CLANG = //p' $(dir $(PGXS))../Makefile.global 2>/dev/null)
ifeq ($(wildcard $(firstword $(PG_CLANG))),)
override with_llvm = no
endif

include $(PGXS)

# A PostgreSQL built with a newer compiler (the embedded PostgreSQL 18 was
# built with gcc 13) names warning flags that this compiler may reject
# (Debian 12's gcc 12 has no -Wmissing-variable-declarations): drop those.
GS_NEWER_WARNINGS = -Wmissing-variable-declarations
GS_UNKNOWN_WARNINGS := $(foreach f,$(filter $(GS_NEWER_WARNINGS),$(CFLAGS)),\
	$(if $(shell $(CC) -Werror $(f) -E -x c /dev/null >/dev/null 2>&1 && echo ok),,$(f)))
override CFLAGS := $(filter-out $(GS_UNKNOWN_WARNINGS),$(CFLAGS))

ifeq ($(WITH_CUDA),1)
cuda/%.o: cuda/%.cu cuda/*.h cuda/*.cuh core/*.h
	$(NVCC) $(NVCC_FLAGS) -c -o $@ $<

$(CUDA_LIB): $(CUDA_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(shlib): $(CUDA_LIB)
endif

$(OBJS): core/engine.h core/exact.h core/cpu_simd.h core/host_copy.h src/gpuscan.h cuda/gpuscan_cuda.h

# ---- engine tests and benchmarks (plain C programs, no PostgreSQL) --------
ENGINE_SRC = core/plan.c core/chunked.c core/host_copy.c core/cpu_engine.c core/cpu_simd.c
TEST_CFLAGS = -O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard

test/engine_test: test/engine_test.c test/cases.h test/reference.h $(ENGINE_SRC) core/*.h
	$(CC) $(TEST_CFLAGS) -o $@ test/engine_test.c $(ENGINE_SRC) -lpthread -lm

test/bench/cpu_bench: test/bench/cpu_bench.c $(ENGINE_SRC) core/*.h
	$(CC) $(TEST_CFLAGS) -o $@ test/bench/cpu_bench.c $(ENGINE_SRC) -lpthread -lm

ifeq ($(WITH_CUDA),1)
# the GPU engine against the CPU engine (needs a GPU to run)
test/gpu/engine_compare: test/gpu/engine_compare.c test/cases.h $(ENGINE_SRC) core/*.h $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -o $@ test/gpu/engine_compare.c $(ENGINE_SRC) $(CUDA_LIB) \
		-L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# host-to-host pipeline benchmark against raw copies (needs a GPU to run)
test/bench/pipeline_bench: test/bench/pipeline_bench.c $(ENGINE_SRC) core/*.h $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -I$(CUDA_HOME)/include -o $@ test/bench/pipeline_bench.c $(ENGINE_SRC) \
		$(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# host-side limits: first touch of fresh memory, first-call latency
test/bench/host_bench: test/bench/host_bench.c $(ENGINE_SRC) core/*.h $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -I$(CUDA_HOME)/include -o $@ test/bench/host_bench.c $(ENGINE_SRC) \
		$(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# device-resident kernel benchmark against CUB (needs a GPU to run)
test/bench/kernel_bench: test/bench/kernel_bench.cu cuda/*.cuh cuda/*.h core/*.h $(ENGINE_SRC)
	$(NVCC) -O3 -std=c++17 $(NVCC_ARCH) -o $@ test/bench/kernel_bench.cu $(ENGINE_SRC) -lpthread -lm
endif

# ---- fuzzing (clang with libFuzzer; scripts/common.sh setup_fuzz_packages) --
# test/fuzz/fuzz_cpu_engine: the CPU engine against test/reference.h on
# inputs libFuzzer makes up.  `make fuzz` runs it for FUZZ_SECONDS from the
# committed seeds (test/fuzz/corpus/); what it finds goes to FUZZ_SCRATCH,
# with its log and any crashing input, and ends with "N passed, N failed".
FUZZ_CC ?= clang
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-fno-strict-aliasing -fwrapv
# the reference: edge coverage only (no comparison tracing, 3x faster)
FUZZ_REF_CFLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fsanitize-coverage=inline-8bit-counters,pc-table -fno-strict-aliasing -fwrapv
FUZZ_SECONDS ?= 30
FUZZ_RSS_MB ?= 2048
FUZZ_SCRATCH = test/fuzz/scratch
# favour inputs that run fast: 3x the executions of the default schedule
FUZZ_ARGS = -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=$(FUZZ_RSS_MB) \
	-max_len=4096 -entropic_scale_per_exec_time=1 -print_final_stats=1 \
	-artifact_prefix=$(FUZZ_SCRATCH)/

# the fuzz target, its reference compiled apart
test/fuzz/fuzz_cpu_engine: test/fuzz/fuzz_cpu_engine.c test/fuzz/fuzz_reference.[ch] test/reference.h \
		$(ENGINE_SRC) core/*.h
	$(FUZZ_CC) $(FUZZ_REF_CFLAGS) -c -o test/fuzz/fuzz_reference.o test/fuzz/fuzz_reference.c
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ test/fuzz/fuzz_cpu_engine.c test/fuzz/fuzz_reference.o \
		$(ENGINE_SRC) -lpthread -lm

# a bounded run from the seeds; the fuzzer's own output goes to the log
fuzz: test/fuzz/fuzz_cpu_engine
	@mkdir -p $(FUZZ_SCRATCH)/corpus
	@echo "fuzzing the CPU engine for $(FUZZ_SECONDS) s (log: $(FUZZ_SCRATCH)/fuzz.log)"
	@if test/fuzz/fuzz_cpu_engine $(FUZZ_ARGS) $(FUZZ_SCRATCH)/corpus test/fuzz/corpus \
			>$(FUZZ_SCRATCH)/fuzz.log 2>&1; then \
		grep -E '^(Done|stat::)' $(FUZZ_SCRATCH)/fuzz.log; \
		echo "1 passed, 0 failed"; \
	else \
		tail -n 60 $(FUZZ_SCRATCH)/fuzz.log; \
		echo "0 passed, 1 failed"; \
		exit 1; \
	fi

.PHONY: test demo bench-cpu fuzz
test:
	@bash test/run-tests.sh

demo:
	@bash scripts/demo.sh

bench-cpu: test/bench/cpu_bench
	test/bench/cpu_bench
