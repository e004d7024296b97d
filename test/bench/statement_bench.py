#!/usr/bin/env python3
"""test/bench/statement_bench.py: whole statements from a table against
PostgreSQL's own read of the same array, as a user sees them.

For each array (one row of a table; real and double precision random, so
stored out of line uncompressed by default; integer with STORAGE EXTERNAL):

  read      SELECT array_length(a, 1) FROM t    PostgreSQL detoasts the array
  cpu       SELECT (gpu_cumsum(a))[1] FROM t    gpuscan.device = cpu
  cpu-copy  the same with gpuscan.toast_streaming = off (1.2's path:
            a detoasted private copy first)
  gpu, gpu-copy, auto   likewise on the GPU (--gpu)

Runs are interleaved (read, cpu, ... then again) so that a noisy machine
shifts them alike; medians, and each mode's ratio to the read's median.
With each mode also the backend's CPU time per scan (gpuscan_last_run().
cpu_ms: every thread, the read included) and its peak private memory
(RssAnon sampled every 0.5 ms while the statement runs, over the value
before), against the result's size.  Then the storage table: 16M
compressible integers read with pglz (the default), lz4 and EXTERNAL.
Then small arrays: 100,000 rows of 1,000 real and 64 rows of 1M real,
the CPU engine streamed against 1.2's path.

Usage: statement_bench.py [--runs N] [--gpu] [--sizes 16,64] [--small]
       [--storage] [--keep] [--call 'gpu_movavg(a, 1000)']
Needs a running server with gpuscan (PGHOST, PGPORT, ...); test/bench/
statement_bench.sh starts one.  Tables live in schema gsbench (--keep
reuses them).
"""
import argparse
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402

M = 1 << 20


def table_sql(name, typ, n, storage=None, gen=None):
    """CREATE TABLE of one row holding an array of n values."""
    gen = gen or {"real": "(random() * 2000 - 1000)::real",
                  "double precision": "random() * 2000 - 1000",
                  "integer": "(random() * 2000000 - 1000000)::int"}[typ]
    sql = ["DROP TABLE IF EXISTS gsbench.%s" % name,
           "CREATE TABLE gsbench.%s (a %s[])" % (name, typ)]
    if storage:
        sql.append("ALTER TABLE gsbench.%s ALTER a SET %s" % (name, storage))
    sql.append("INSERT INTO gsbench.%s SELECT array_agg(%s) FROM generate_series(1, %d) i"
               % (name, gen, n))
    sql.append("VACUUM ANALYZE gsbench.%s" % name)
    return sql


def rss_anon(pid):
    """The backend's private resident memory, kB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    return 0


class Sampler(threading.Thread):
    """Polls a backend's RssAnon until stopped; keeps the peak."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self.stop = False

    def run(self):
        while not self.stop:
            self.peak = max(self.peak, rss_anon(self.pid))
            time.sleep(0.0005)


MODES = {
    "read": ("SELECT array_length(a, 1) FROM gsbench.%s", None),
    "cpu": ("SELECT (gpu_cumsum(a))[1] FROM gsbench.%s", "cpu on"),
    "cpu-copy": ("SELECT (gpu_cumsum(a))[1] FROM gsbench.%s", "cpu off"),
    "gpu": ("SELECT (gpu_cumsum(a))[1] FROM gsbench.%s", "gpu on"),
    "gpu-copy": ("SELECT (gpu_cumsum(a))[1] FROM gsbench.%s", "gpu off"),
    "auto": ("SELECT (gpu_cumsum(a))[1] FROM gsbench.%s", "auto on"),
}


def set_mode(c, mode):
    """Settings of a mode."""
    how = MODES[mode][1]
    if how:
        dev, stream = how.split()
        c.query("SET gpuscan.device = %s" % dev)
        c.query("SET gpuscan.toast_streaming = %s" % stream)


def timed(c, sql):
    """Wall seconds of one statement."""
    t0 = time.perf_counter()
    c.query(sql)
    return time.perf_counter() - t0


def bench_table(c, name, modes, runs, result_bytes):
    """Medians of each mode over interleaved runs; CPU time and peak memory."""
    times = {m: [] for m in modes}
    cpu = {m: [] for m in modes}
    steps = {m: [] for m in modes}
    for m in modes:          # warm: pages in shared buffers, first-call costs paid
        set_mode(c, m)
        c.query(MODES[m][0] % name)
    for _ in range(runs):
        for m in modes:
            set_mode(c, m)
            times[m].append(timed(c, MODES[m][0] % name))
            if m != "read":
                row = c.query("SELECT cpu_ms, read_ms, plan_ms, copy_ms, wait_ms, result_ms, scan_ms "
                              "FROM gpuscan_last_run()")[0]
                if row[0] is not None:
                    cpu[m].append(float(row[0]))
                steps[m].append([float(x) if x is not None else None for x in row[1:]])
    peak = {}
    for m in modes:
        set_mode(c, m)
        base = rss_anon(c.pid)
        s = Sampler(c.pid)
        s.start()
        c.query(MODES[m][0] % name)
        s.stop = True
        s.join()
        peak[m] = max(0, s.peak - base) * 1024
    read = statistics.median(times["read"]) if "read" in times else None
    rows = []
    for m in modes:
        med = statistics.median(times[m])
        parts = []
        for k, name in enumerate(["read", "plan", "copy", "wait", "result", "scan"]):
            v = [st[k] for st in steps[m] if st[k] is not None]
            if v:
                parts.append("%s %.1f" % (name, statistics.median(v)))
        rows.append((m, med * 1e3, med / read if read else float("nan"),
                     statistics.median(cpu[m]) if cpu[m] else None,
                     peak[m] / result_bytes if result_bytes else 0, ", ".join(parts)))
    return rows


def show(title, rows):
    """One array's table."""
    print("\n%s" % title)
    print("| mode | median ms | / read | CPU ms per scan | peak private memory / result | where the time went (ms, gpuscan_last_run) |")
    print("|---|---|---|---|---|---|")
    for m, ms, ratio, cpu, mem, parts in rows:
        print("| %s | %.1f | %.2fx | %s | %.2fx | %s |" % (m, ms, ratio, "%.1f" % cpu if cpu is not None else "-",
                                                        mem, parts))
    sys.stdout.flush()


def storage_table(c, runs, keep):
    """Read times of 16M compressible integers under three storages."""
    n = 16 * M
    gen = "(i % 1000)::int"
    print("\nStorage: 16M compressible integers ((i % 1000)), read = array_length(a, 1)")
    print("| storage | median ms | stored MB |")
    print("|---|---|---|")
    for name, storage in [("st_pglz", None), ("st_lz4", "COMPRESSION lz4"), ("st_external", "STORAGE EXTERNAL")]:
        if not keep or not c.value("SELECT to_regclass('gsbench.%s') IS NOT NULL" % name) == "t":
            for q in table_sql(name, "integer", n, storage, gen):
                c.query(q)
        c.query(MODES["read"][0] % name)
        t = [timed(c, MODES["read"][0] % name) for _ in range(runs)]
        mb = float(c.value("SELECT pg_total_relation_size('gsbench.%s') / 1048576.0" % name))
        print("| %s | %.1f | %.1f |" % (storage or "pglz (default)", statistics.median(t) * 1e3, mb))
        sys.stdout.flush()


def small_arrays(c, runs, keep):
    """Many small arrays: the streamed CPU engine against 1.2's path."""
    print("\nSmall arrays, CPU engine, no parallel workers (sum of one element per row)")
    print("| table | read ms | cpu ms (streamed) | cpu-copy ms (1.2's path) | cpu / cpu-copy |")
    print("|---|---|---|---|---|")
    c.query("SET max_parallel_workers_per_gather = 0")
    for name, rows, n in [("small_1k", 100000, 1000), ("small_1m", 64, M)]:
        if not keep or not c.value("SELECT to_regclass('gsbench.%s') IS NOT NULL" % name) == "t":
            c.query("DROP TABLE IF EXISTS gsbench.%s" % name)
            c.query("CREATE TABLE gsbench.%s AS SELECT i, (SELECT array_agg(random()::real) FROM "
                    "generate_series(1, %d) g WHERE i > 0) a FROM generate_series(1, %d) i"
                    % (name, n, rows))
            c.query("VACUUM ANALYZE gsbench.%s" % name)
        q = {"read": "SELECT sum(array_length(a, 1)) FROM gsbench.%s" % name,
             "cpu": "SELECT sum((gpu_cumsum(a))[1]) FROM gsbench.%s" % name}
        t = {"read": [], "cpu": [], "cpu-copy": []}
        for m in t:
            set_mode(c, "cpu" if m == "read" else m)
            c.query(q["read" if m == "read" else "cpu"])
        for _ in range(runs):
            for m in t:
                set_mode(c, "cpu" if m == "read" else m)
                t[m].append(timed(c, q["read" if m == "read" else "cpu"]))
        md = {m: statistics.median(v) * 1e3 for m, v in t.items()}
        print("| %d x %d real | %.1f | %.1f | %.1f | %.3f |" % (rows, n, md["read"], md["cpu"], md["cpu-copy"],
                                                               md["cpu"] / md["cpu-copy"]))
        sys.stdout.flush()
    c.query("RESET max_parallel_workers_per_gather")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--gpu", action="store_true", help="also the GPU modes")
    ap.add_argument("--sizes", default="16,64", help="array sizes in Mi elements (0.5: 2^19)")
    ap.add_argument("--types", default="real,double precision")
    ap.add_argument("--integer", action="store_true", default=True)
    ap.add_argument("--no-integer", dest="integer", action="store_false")
    ap.add_argument("--storage", action="store_true", help="the storage table")
    ap.add_argument("--small", action="store_true", help="the small-array table")
    ap.add_argument("--keep", action="store_true", help="reuse the tables of an earlier run")
    ap.add_argument("--modes", default=None, help="modes to run (default read,cpu,cpu-copy and with --gpu "
                    "gpu,gpu-copy,auto)")
    ap.add_argument("--title", default="", help="a line printed before the tables")
    ap.add_argument("--call", default="gpu_cumsum(a)",
                    help="the scan the cpu/gpu/auto modes time (e.g. 'gpu_movavg(a, 1000)')")
    args = ap.parse_args()
    for m, (sql, how) in MODES.items():
        MODES[m] = (sql.replace("gpu_cumsum(a)", args.call), how)

    c = Connection()
    c.query("SET client_min_messages = warning")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query("CREATE SCHEMA IF NOT EXISTS gsbench")
    print("# statement_bench.py %s — %s" % (" ".join(sys.argv[1:]),
                                           time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    print("# %s; shared_buffers %s; %d runs interleaved, medians" % (
        c.value("SELECT version()").split(",")[0], c.value("SHOW shared_buffers"), args.runs))
    modes = ["read", "cpu", "cpu-copy"] + (["gpu", "gpu-copy", "auto"] if args.gpu else [])
    if args.modes:
        modes = args.modes.split(",")
    if args.title:
        print("\n## %s" % args.title)
    arrays = [(t, float(s)) for s in args.sizes.split(",") for t in args.types.split(",")]
    if args.integer:
        arrays.append(("integer", 16))
    for typ, mi in arrays:
        n = int(mi * M)
        name = "t_%s_%dk" % (typ.split()[0], n >> 10)
        storage = "STORAGE EXTERNAL" if typ == "integer" else None
        if not args.keep or c.value("SELECT to_regclass('gsbench.%s') IS NOT NULL" % name) != "t":
            for q in table_sql(name, typ, n, storage):
                c.query(q)
        width = 4 if typ == "real" else 8
        show("%gM %s%s, result %g MB" % (mi, typ, " (STORAGE EXTERNAL, bigint results)" if storage else "",
                                         mi * width),
             bench_table(c, name, modes, args.runs, n * width))
    if args.storage:
        storage_table(c, max(3, args.runs // 2), args.keep)
    if args.small:
        small_arrays(c, max(3, args.runs // 2), args.keep)
    c.close()


if __name__ == "__main__":
    main()
