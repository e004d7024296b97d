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
	src/service_shmem.o \
	src/service_worker.o \
	src/service_client.o \
	src/info.o \
	src/toast_source.o \
	src/window.o \
	src/aggregates.o \
	src/covariance.o \
	src/numeric_datum.o \
	src/numeric_scan.o \
	src/numeric_arrays.o \
	src/numeric_window.o \
	$(CORE_OBJS) \
	$(CPU_OBJS)

# what both engines share: planning, the float analysis, the GPU chunk driver,
# the exact accumulator of the aggregates and the window forms' carries, the
# decimal fixed point of the numeric scans, the exact second moments
CORE_OBJS = core/plan.o core/analysis.o core/source.o core/chunked.o core/host_copy.o \
	core/accum.o core/decimal.o core/moments.o core/comoments.o
# the exact CPU engine: the portable loops; the vector kernels chosen at run
# time (cpu/simd.c), one set of files per instruction set
CPU_OBJS = cpu/driver.o cpu/sum_block.o cpu/sum_float.o cpu/sum_int.o cpu/order.o \
	cpu/window.o cpu/moments_scan.o cpu/means.o cpu/simd.o $(CPU_AVX512_OBJS) $(CPU_AVX2_OBJS)
CPU_AVX512_OBJS = cpu/avx512_scan64.o cpu/avx512_split.o cpu/avx512_means.o
CPU_AVX2_OBJS = cpu/avx2_scan64.o cpu/avx2_split.o cpu/avx2_means.o cpu/avx2_moments.o

DATA = sql/gpuscan--1.0.sql sql/gpuscan--1.0--1.1.sql sql/gpuscan--1.1--1.2.sql \
	sql/gpuscan--1.2--1.3.sql sql/gpuscan--1.3--1.4.sql sql/gpuscan--1.4--1.5.sql \
	sql/gpuscan--1.5--1.6.sql sql/gpuscan--1.6--1.7.sql sql/gpuscan--1.7--1.8.sql \
	sql/gpuscan--1.8.sql
REGRESS = cumsum cummax moving rows numeric spread spread_scans covariance stream config devices service upgrade
REGRESS_OPTS = --inputdir=test

EXTRA_CLEAN = test/engine/engine_test test/engine/engine_test_portable test/engine/accum_test test/engine/comoments_test test/engine/decimal_test test/engine/quotient_test test/bench/cpu_bench test/bench/window_bench test/bench/small_engine_bench test/bench/window_bench_gpu test/engine/engine_compare \
	test/engine/simd-*.o test/bench/kernel_bench test/bench/pipeline_bench test/bench/host_bench cuda/*.o cuda/libgpuscan_cuda.a \
	test/fuzz/fuzz_cpu_engine test/fuzz/fuzz_accum test/fuzz/fuzz_reference.o test/fuzz/scratch \
	results regression.diffs regression.out tmp_check

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
# core/host_copy.c's copy threads
SHLIB_LINK += -lpthread

# the GPU engine: WITH_CUDA, the static library, nvcc's rules (its rules
# come first, so name the default goal: PGXS's all)
.DEFAULT_GOAL := all
include mk/cuda.mk

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

# The vector kernels' constants: gcc 12 makes a vector constant by a
# broadcast from a general register and, short of vector registers (AVX2
# has 16), makes it again inside a loop, two vector instructions each time;
# this option of gcc's loads it from memory instead (test/bench/NOTES.md).
# A compiler without the option: none.
GS_SIMD_CFLAGS := $(shell $(CC) -Werror -mtune-ctrl=^inter_unit_moves_to_vec -E -x c /dev/null \
	>/dev/null 2>&1 && echo '-mtune-ctrl=^inter_unit_moves_to_vec')
# Each instruction set's files with its target flags (as PostgreSQL builds
# src/port/pg_crc32c_sse42.c); their functions also carry the same target
# attribute (core/simd.h), so a compiler that takes no such flags (another
# architecture: the files are then empty) builds them as well.
gs_cc_flags = $(shell $(CC) -Werror $(1) -E -x c /dev/null >/dev/null 2>&1 && echo '$(1)')
GS_AVX512_CFLAGS := $(call gs_cc_flags,-mavx512f -mavx512dq -mavx512cd -mavx512vl -mavx512bw)
GS_AVX2_CFLAGS := $(call gs_cc_flags,-mavx2 -mfma)
$(CPU_AVX512_OBJS): CFLAGS += $(GS_SIMD_CFLAGS) $(GS_AVX512_CFLAGS)
$(CPU_AVX2_OBJS): CFLAGS += $(GS_SIMD_CFLAGS) $(GS_AVX2_CFLAGS)

ifeq ($(WITH_CUDA),1)
$(shlib): $(CUDA_LIB)
endif

$(OBJS): core/*.h cpu/*.h src/gpuscan.h src/service.h src/numeric.h cuda/gpuscan_cuda.h

# engine tests, benchmarks, fuzzing; make test, demo, bench-cpu
include mk/tests.mk
