#!/usr/bin/env python3
"""test/bench/plot.py — the README's performance plot from sql_bench's CSV.

Log-log time against elements, one panel per element type: the CPU engine
and the GPU engine (engine time, gpuscan_last_run().total_ms), the
unnest + sum() OVER + array_agg query (statement time), and the PCIe floor:
the larger of the bytes in and the bytes out over the pinned one-way rate
(both directions overlapped), from pipeline_bench's CSV when given.

Usage: plot.py SQL_CSV OUT_PNG [PIPELINE_CSV] [TITLE]
"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sql_csv, out_png = sys.argv[1], sys.argv[2]
pipe_csv = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
title = sys.argv[4] if len(sys.argv) > 4 else ""

rows = list(csv.DictReader(open(sql_csv)))
series = defaultdict(lambda: defaultdict(list))
for r in rows:
    t, n, mode = r["type"], int(r["n"]), r["mode"]
    if mode == "cpu" and r["engine_ms"]:
        series[t]["CPU engine"].append((n, float(r["engine_ms"])))
    elif mode == "gpu:single_pass" and r["engine_ms"]:
        series[t]["GPU engine (single pass)"].append((n, float(r["engine_ms"])))
    elif mode == "window query":
        series[t]["unnest + sum() OVER + array_agg"].append((n, float(r["stmt_ms"])))

# pinned one-way rate: the slower direction, median over sizes >= 2^24
rate = None
if pipe_csv:
    rates = [float(r["gbps"]) for r in csv.DictReader(open(pipe_csv))
             if r["what"] in ("raw_pinned_h2d", "raw_pinned_d2h") and int(r["n"]) >= 1 << 24]
    if rates:
        rates.sort()
        rate = rates[len(rates) // 2]

inb = {"real": 4, "double_precision": 8, "integer": 4}
outb = {"real": 4, "double_precision": 8, "integer": 8}
types = [t for t in ("real", "double_precision", "integer") if t in series]
fig, axes = plt.subplots(1, len(types), figsize=(5 * len(types), 4.2), sharey=True)
if len(types) == 1:
    axes = [axes]
for ax, t in zip(axes, types):
    for label, pts in series[t].items():
        pts.sort()
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=label)
    if rate:
        ns = sorted({p[0] for pts in series[t].values() for p in pts})
        ax.plot(ns, [max(inb[t], outb[t]) * n / (rate * 1e9) * 1e3 for n in ns], "k--",
                lw=1, label=f"PCIe floor ({rate:.0f} GB/s pinned)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_title(t.replace("_", " ") + "[]")
    ax.set_xlabel("elements")
    ax.grid(True, which="both", alpha=0.3)
axes[0].set_ylabel("milliseconds (median)")
axes[0].legend(fontsize=8)
if title:
    fig.suptitle(title, fontsize=10)
fig.tight_layout()
fig.savefig(out_png, dpi=110)
print("wrote", out_png)
