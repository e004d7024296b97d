#!/bin/bash
# device call F (twelfth session): call E again with clean binaries (call E's engine_test
# was, by mistake, a build of a mutant, the AVX2 check without its -0 test, and failed as
# that mutant does: 7 failures in its AVX2 pass, none in the others): engine_test of the
# tree, beside window_bench -g of f9d8171 (window_bench_base) and of the tree, alternating
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH taskset -c 8 ./bench_bins/engine_test > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1 &
set +x
for r in 1 2 3; do
  for b in window_bench_base window_bench; do
    echo "##### $b -g, AVX-512, run $r"; env -u LD_LIBRARY_PATH taskset -c 3 ./bench_bins/$b -g -r 15 20 24 | grep float8 | grep -v naive
  done
done
wait
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
date -u
