# mk/tests.mk — programs and targets around the extension: the engine
# tests and benchmarks (plain C and CUDA programs, no PostgreSQL), the fuzz
# target, and `make test`, `make demo`, `make bench-cpu`.  Included by the
# Makefile after PGXS.

# engine tests and benchmarks
# the shared core alone (what the GPU engine links with), and both engines
CORE_SRC = $(CORE_OBJS:.o=.c)
ENGINE_SRC = $(CORE_SRC) $(CPU_OBJS:.o=.c)
ENGINE_HDR = core/*.h cpu/*.h
TEST_CFLAGS = -O2 -g -fno-strict-aliasing -fwrapv -fexcess-precision=standard
# the vector kernels' files compiled apart with the flags the extension's
# build gives them (GS_SIMD_CFLAGS and each instruction set's, the
# Makefile), so that the gcc-built programs below run the kernels the
# extension ships; ENGINE_LINK: the engine for their commands
SIMD_SRC = $(CPU_AVX512_OBJS:.o=.c) $(CPU_AVX2_OBJS:.o=.c)
ENGINE_SIMD_O = $(patsubst cpu/%.c,test/engine/simd-%.o,$(SIMD_SRC))
ENGINE_LINK = $(filter-out $(SIMD_SRC),$(ENGINE_SRC)) $(ENGINE_SIMD_O)

test/engine/simd-avx512_%.o: cpu/avx512_%.c $(ENGINE_HDR)
	$(CC) $(TEST_CFLAGS) $(GS_SIMD_CFLAGS) $(GS_AVX512_CFLAGS) -c -o $@ $<

test/engine/simd-avx2_%.o: cpu/avx2_%.c $(ENGINE_HDR)
	$(CC) $(TEST_CFLAGS) $(GS_SIMD_CFLAGS) $(GS_AVX2_CFLAGS) -c -o $@ $<

# the engine tests, side by side in test/engine/: the CPU engine against an
# exact reference, and (below, with CUDA) the GPU engine against the CPU engine
ENGINE_TEST_H = test/engine/cases.h test/rand.h
BENCH_H = test/bench/bench.h test/rand.h

test/engine/engine_test: test/engine/engine_test.c $(ENGINE_TEST_H) test/engine/reference.h \
		$(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/engine_test.c $(ENGINE_LINK) -lpthread -lm

# the same tests of an engine built as for a CPU other than x86-64 (ARM64
# servers): GS_PORTABLE_ONLY leaves out the AVX-512 and AVX2 code and the
# x86 instructions (core/simd.h), so the portable code compiles and is exact
test/engine/engine_test_portable: test/engine/engine_test.c $(ENGINE_TEST_H) test/engine/reference.h \
		$(ENGINE_SRC) $(ENGINE_HDR)
	$(CC) $(TEST_CFLAGS) -DGS_PORTABLE_ONLY -o $@ test/engine/engine_test.c $(ENGINE_SRC) -lpthread -lm

# the exact accumulator (core/accum.h) against the same reference
test/engine/accum_test: test/engine/accum_test.c test/rand.h test/engine/reference.h \
		$(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/accum_test.c $(ENGINE_LINK) -lpthread -lm

# the exact second moments (core/moments.h): walks, parts, the exact path, and
# the variance scans (cpu/moments_scan.c) against them
test/engine/moments_test: test/engine/moments_test.c test/rand.h $(ENGINE_SRC) $(ENGINE_HDR) \
		$(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/moments_test.c $(ENGINE_LINK) -lpthread -lm

# the exact covariances, correlations and regression lines (core/comoments.h):
# walks, parts, sums of products, the exact path, the rules
test/engine/comoments_test: test/engine/comoments_test.c test/rand.h $(CORE_SRC) $(ENGINE_HDR)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/comoments_test.c $(CORE_SRC) -lpthread -lm

# the decimal fixed point of the numeric scans (core/decimal.h) against a
# reference of decimal digit strings
test/engine/decimal_test: test/engine/decimal_test.c test/rand.h core/decimal.c core/decimal.h core/exact.h
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/decimal_test.c core/decimal.c

# exact means on and next to rounding ties (core/exact.h's fast quotient,
# cpu/means.c's batches, the engine's means) against the same reference
test/engine/quotient_test: test/engine/quotient_test.c test/rand.h test/engine/reference.h \
		$(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/quotient_test.c $(ENGINE_LINK) -lpthread -lm

test/bench/cpu_bench: test/bench/cpu_bench.c $(BENCH_H) $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/bench/cpu_bench.c $(ENGINE_LINK) -lpthread -lm

test/bench/window_bench: test/bench/window_bench.c $(BENCH_H) $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/bench/window_bench.c $(ENGINE_LINK) -lpthread -lm

test/bench/small_engine_bench: test/bench/small_engine_bench.c $(BENCH_H) $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O)
	$(CC) $(TEST_CFLAGS) -o $@ test/bench/small_engine_bench.c $(ENGINE_LINK) -lpthread -lm

ifeq ($(WITH_CUDA),1)
# the GPU engine against the CPU engine (needs a GPU to run)
test/engine/engine_compare: test/engine/engine_compare.c $(ENGINE_TEST_H) $(BENCH_H) \
		$(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O) $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -o $@ test/engine/engine_compare.c $(ENGINE_LINK) $(CUDA_LIB) \
		-L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# host-to-host pipeline benchmark against raw copies (needs a GPU to run);
# it and host_bench link the GPU engine with the shared core alone
test/bench/pipeline_bench: test/bench/pipeline_bench.c $(BENCH_H) $(CORE_SRC) core/*.h $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -I$(CUDA_HOME)/include -o $@ test/bench/pipeline_bench.c $(CORE_SRC) \
		$(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# moving sums and means on the GPU engine against its running totals
test/bench/window_bench_gpu: test/bench/window_bench.c $(BENCH_H) $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SIMD_O) $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -DGS_BENCH_GPU -I$(CUDA_HOME)/include -o $@ test/bench/window_bench.c \
		$(ENGINE_LINK) $(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# host-side limits: first touch of fresh memory, first-call latency
test/bench/host_bench: test/bench/host_bench.c $(BENCH_H) $(CORE_SRC) core/*.h $(CUDA_LIB)
	$(CC) $(TEST_CFLAGS) -I$(CUDA_HOME)/include -o $@ test/bench/host_bench.c $(CORE_SRC) \
		$(CUDA_LIB) -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++ -lm

# device-resident kernel benchmark against CUB (needs a GPU to run)
test/bench/kernel_bench: test/bench/kernel_bench.cu $(BENCH_H) cuda/*.cuh cuda/*.h $(ENGINE_HDR) $(ENGINE_SRC)
	$(NVCC) -O3 -std=c++17 $(NVCC_ARCH) -o $@ test/bench/kernel_bench.cu $(ENGINE_SRC) -lpthread -lm
endif

# ---- fuzzing (clang with libFuzzer; scripts/common.sh setup_fuzz_packages) --
# test/fuzz/fuzz_cpu_engine: the CPU engine against test/engine/reference.h on
# inputs libFuzzer makes up (the variance scans against the aggregates' state); test/fuzz/fuzz_accum: the exact accumulator
# (core/accum.h) against the same reference's windows.  `make fuzz` runs
# each for half of FUZZ_SECONDS from its committed seeds (test/fuzz/corpus/,
# test/fuzz/corpus-accum/); what they find goes to FUZZ_SCRATCH, with their
# logs and any crashing input, and ends with "N passed, N failed", one
# check per target.
FUZZ_CC ?= clang
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-fno-strict-aliasing -fwrapv
# the reference: edge coverage only (no comparison tracing, 3x faster)
FUZZ_REF_CFLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fsanitize-coverage=inline-8bit-counters,pc-table -fno-strict-aliasing -fwrapv
FUZZ_SECONDS ?= 30
# the seconds of each target: half, at least 1
FUZZ_EACH = $(shell echo $$(( $(FUZZ_SECONDS) / 2 > 0 ? $(FUZZ_SECONDS) / 2 : 1 )))
FUZZ_RSS_MB ?= 2048
FUZZ_SCRATCH = test/fuzz/scratch
# favour inputs that run fast: 3x the executions of the default schedule
FUZZ_ARGS = -max_total_time=$(FUZZ_EACH) -timeout=10 -rss_limit_mb=$(FUZZ_RSS_MB) \
	-max_len=4096 -entropic_scale_per_exec_time=1 -print_final_stats=1

# the reference, compiled apart for both targets
test/fuzz/fuzz_reference.o: test/fuzz/fuzz_reference.[ch] test/engine/reference.h $(ENGINE_HDR)
	$(FUZZ_CC) $(FUZZ_REF_CFLAGS) -c -o $@ test/fuzz/fuzz_reference.c

# the fuzz targets
test/fuzz/fuzz_cpu_engine: test/fuzz/fuzz_cpu_engine.c test/fuzz/fuzz_reference.o \
		test/fuzz/fuzz_reference.h test/engine/reference.h $(ENGINE_SRC) $(ENGINE_HDR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ test/fuzz/fuzz_cpu_engine.c test/fuzz/fuzz_reference.o \
		$(ENGINE_SRC) -lpthread -lm

test/fuzz/fuzz_accum: test/fuzz/fuzz_accum.c test/fuzz/fuzz_reference.o test/fuzz/fuzz_reference.h \
		$(ENGINE_SRC) $(ENGINE_HDR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ test/fuzz/fuzz_accum.c test/fuzz/fuzz_reference.o \
		$(ENGINE_SRC) -lpthread -lm

# a bounded run of each target from its seeds (NAME:SEEDS: test/fuzz/fuzz_NAME,
# test/fuzz/SEEDS/), its own corpus, log and crashing inputs in FUZZ_SCRATCH
FUZZ_TARGETS = cpu_engine:corpus accum:corpus-accum

fuzz: test/fuzz/fuzz_cpu_engine test/fuzz/fuzz_accum
	@passed=0; failed=0; \
	for t in $(FUZZ_TARGETS); do \
		name=$${t%%:*}; seeds=test/fuzz/$${t#*:}; log=$(FUZZ_SCRATCH)/fuzz-$$name.log; \
		mkdir -p $(FUZZ_SCRATCH)/corpus-$$name; \
		echo "fuzzing $$name for $(FUZZ_EACH) s (log: $$log)"; \
		if test/fuzz/fuzz_$$name $(FUZZ_ARGS) -artifact_prefix=$(FUZZ_SCRATCH)/$$name- \
				$(FUZZ_SCRATCH)/corpus-$$name $$seeds >$$log 2>&1; then \
			grep -E '^(Done|stat::)' $$log; \
			passed=$$((passed + 1)); \
		else \
			tail -n 60 $$log; \
			failed=$$((failed + 1)); \
		fi; \
	done; \
	echo "$$passed passed, $$failed failed"; \
	test $$failed -eq 0

.PHONY: test demo bench-cpu fuzz
test:
	@bash test/run-tests.sh

demo:
	@bash scripts/demo.sh

bench-cpu: test/bench/cpu_bench
	test/bench/cpu_bench
