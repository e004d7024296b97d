#!/usr/bin/env python3
"""test/bench/plot_throughput.py CSV PNG: TPS against clients per engine
(test/bench/throughput.sh's CSV)."""
import csv
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

rows = list(csv.DictReader(open(sys.argv[1])))
fig, ax = plt.subplots(figsize=(6, 4))
for mode in sorted({r["mode"] for r in rows}):
    pts = sorted((int(r["clients"]), float(r["tps"])) for r in rows if r["mode"] == mode)
    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label="gpuscan.device = %s" % mode.replace("/", ", auto_max_host_scans = "))
ax.set_xscale("log", base=2)
ax.set_xlabel("pgbench clients")
ax.set_ylabel("transactions per second (2 scans each)")
ax.set_title("Arrays of 1M-16M real and double precision from a table")
ax.grid(True, alpha=0.3)
ax.legend()
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
