#!/bin/bash
# device call G: statements at 93507c3 again, small_bench.sh three times, 7 rounds (built in the first run)
set -x
date -u
for k in 1 2 3; do
  B=0; [ $k = 1 ] && B=1; ROUNDS=7 GPUSCAN_PORT=5439$k BUILD=$B test/bench/small_bench.sh "$1-$k" > $OUT/small$k.out 2>&1; tail -6 $OUT/small$k.out
done
cp test/bench/results/small-*"$1"*.txt $OUT/ 2>/dev/null
date -u
