#!/usr/bin/env bash
# test/bench/engine_ab.sh — two builds of the CPU engine's benchmarks
# (window_bench: running totals, moving sums and means; cpu_bench: running
# totals of several distributions) run interleaved, round by round, on each
# instruction set (GS_CPU_SIMD unset: the best the CPU has; 2: AVX2 at
# most; 0: the portable loops), then per row the median over rounds of
# new's time over base's.  Used to show that a change of layout left the
# kernels' speed alone (issue 57: cpu/cpu_simd.c split per instruction set).
#
# Usage: engine_ab.sh BASE_TREE NEW_TREE [rounds] [log2 size]
#   each tree with test/bench/window_bench and test/bench/cpu_bench built
set -euo pipefail
base=$1 new=$2 rounds=${3:-5} size=${4:-20}
raw=$(mktemp)
echo "# engine_ab.sh: base $base ($(git -C "$base" rev-parse --short HEAD 2>/dev/null || echo ?)), new $new ($(git -C "$new" rev-parse --short HEAD 2>/dev/null || echo ?)+worktree), $rounds rounds, 2^$size values, $(date -u +%FT%TZ)"
echo "# $(grep -m1 '^model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores"
for r in $(seq "$rounds"); do
	for simd in best 2 0; do
		for b in base new; do
			tree=${!b}
			env=(); [ "$simd" != best ] && env=(GS_CPU_SIMD=$simd)
			for opt in "" -g -n; do
				env "${env[@]}" "$tree/test/bench/window_bench" -r 9 $opt "$size" |
					awk -v b=$b -v s=$simd -v o="${opt:-u}" '$2 ~ /^[0-9]+$/ && $3 != "naive" {
						name = $3
						for (i = 4; i <= NF; i++) {
							if ($i ~ /^[0-9]+\.[0-9]+$/) { print b, s, "window" o, $1, name, $i; break }
							name = name "_" $i
						} }'
			done
			# the engine's time (column 6) of each distribution
			env "${env[@]}" "$tree/test/bench/cpu_bench" -r 9 "$size" |
				awk -v b=$b -v s=$simd '$1 ~ /^float[48]$/ && $2 ~ /^[0-9]+$/ { print b, s, "cpu_bench", $1, $3, $6 }'
		done
	done
done > "$raw"
python3 - "$raw" <<'P'
import sys, statistics, collections
rows = collections.defaultdict(lambda: {"base": [], "new": []})
order = []
for line in open(sys.argv[1]):
    p = line.split()
    b, simd, bench, typ = p[0], p[1], p[2], p[3]
    name = p[4]; t = float(p[5])
    key = (simd, bench, typ, name)
    if key not in rows: order.append(key)
    rows[key][b].append(t)
print("%-5s %-9s %-7s %-18s %9s %9s %7s" % ("simd", "bench", "type", "scan", "base ms", "new ms", "new/base"))
ratios = collections.defaultdict(list)
for k in order:
    v = rows[k]
    if not v["base"] or not v["new"]: continue
    mb, mn = statistics.median(v["base"]), statistics.median(v["new"])
    ratios[k[0]].append(mn / mb)
    print("%-5s %-9s %-7s %-18s %9.3f %9.3f %6.2fx" % (k + (mb, mn, mn / mb)))
for s, r in ratios.items():
    print("# %s: median new/base over %d rows %.3fx (min %.2f, max %.2f)" % (s, len(r), statistics.median(r), min(r), max(r)))
P
rm -f "$raw"
