#!/bin/bash
# device call A (sixteenth session), at the tree: engine_test and
# engine_test_portable (pinned to cores 1 and 2) beside window_bench with
# GS_CPU_SIMD=0 (the portable loops; core 3), base = 6c7ca70 and new = the
# tree, uniform, -n (int4) and -g (grid) values, alternating, two rounds;
# then statements, means_bench.sh with CPU_SIMD=off (5 rounds, arrays of
# 16M, no window forms) ($1: the tag)
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
(env -u LD_LIBRARY_PATH taskset -c 1 ./bench_bins/engine_test -q 2>&1 | tail -3 > $OUT/engine_test.txt) &
(env -u LD_LIBRARY_PATH taskset -c 2 ./bench_bins/engine_test_portable -q 2>&1 | tail -3 > $OUT/engine_test_portable.txt) &
for k in 1 2; do
	for b in base new; do
		for m in "" "-n" "-g"; do
			echo "## wb_$b run $k mode '$m'"
			GS_CPU_SIMD=0 env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/wb_$b -r 7 $m 20
		done
	done
done
wait
cat $OUT/engine_test.txt $OUT/engine_test_portable.txt
touch cuda/*.o cuda/*.a
export MAKEFLAGS=-j16 PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
ROUNDS=5 WROWS=0 CPU_SIMD=off GPUSCAN_PORT=54381 test/bench/means_bench.sh "$1-off" > $OUT/means.out 2>&1; tail -30 $OUT/means.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
