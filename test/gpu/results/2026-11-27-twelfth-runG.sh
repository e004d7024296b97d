#!/bin/bash
# device call G (twelfth session, the review): engine_test of the review's tree (StatsF8 and
# StatsF8Unit sharing Load8Bits), its scalar, AVX-512 and AVX2 passes
set -x
date -u; grep -m1 '^model\s' /proc/cpuinfo
( time env -u LD_LIBRARY_PATH ./bench_bins/engine_test > /tmp/et.txt 2>&1; echo "rc=$?" >> /tmp/et.txt ) 2>&1
grep -v '^ok' /tmp/et.txt | grep -v '^analysis\|^window cases' | tail -8
date -u
