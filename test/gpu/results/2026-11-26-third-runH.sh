#!/bin/bash
# device call H: means_bench.sh twice at 93507c3 (16M values, means against gpu_cumsum)
set -x
date -u
ROUNDS=5 GPUSCAN_PORT=54392 test/bench/means_bench.sh "$1" > $OUT/means.out 2>&1; tail -6 $OUT/means.out
ROUNDS=5 GPUSCAN_PORT=54393 BUILD=0 test/bench/means_bench.sh "$1-2" > $OUT/means2.out 2>&1; tail -6 $OUT/means2.out
cp test/bench/results/means-*"$1"*.txt $OUT/ 2>/dev/null
date -u
