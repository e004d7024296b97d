#!/usr/bin/env python3
"""test/bench/means_sql_bench.py: the CPU engine's means against its sums,
whole statements from a table (issue 29).

For each array (one row of a table, as statement_bench.py makes them:
real, double precision, and integer with STORAGE EXTERNAL; 16M values
by default), with gpuscan.device = cpu, it times

  cumsum    SELECT (gpu_cumsum(a))[1] FROM t      the baseline
  cumavg    SELECT (gpu_cumavg(a))[1] FROM t
  movavg    SELECT (gpu_movavg(a, 1000))[1] FROM t
  movsum    SELECT (gpu_movsum(a, 1000))[1] FROM t

in rounds (each round runs every statement once, in turn), and prints
each statement's median and the median over rounds of its time over the
same round's cumsum.

Usage: means_sql_bench.py [--runs 7] [--size 16] [--types real,double precision,integer] [--keep]
Needs a running server with gpuscan (PGHOST, PGPORT, ...).  Tables live
in schema gsbench, named as statement_bench.py names them (--keep reuses
them).
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402
from statement_bench import M, table_sql, timed  # noqa: E402

CALLS = [("cumsum", "gpu_cumsum(a)"), ("cumavg", "gpu_cumavg(a)"),
         ("movavg 1000", "gpu_movavg(a, 1000)"), ("movsum 1000", "gpu_movsum(a, 1000)")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--size", type=float, default=16, help="array size in Mi elements")
    ap.add_argument("--types", default="real,double precision,integer")
    ap.add_argument("--keep", action="store_true", help="reuse the tables of an earlier run")
    args = ap.parse_args()

    c = Connection()
    c.query("SET client_min_messages = warning")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query("CREATE SCHEMA IF NOT EXISTS gsbench")
    c.query("SET gpuscan.device = cpu")
    print("# means_sql_bench.py %s — %s" % (" ".join(sys.argv[1:]),
                                           time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    print("# %s; gpuscan %s; %d rounds, medians" % (
        c.value("SELECT version()").split(",")[0],
        c.value("SELECT extversion FROM pg_extension WHERE extname = 'gpuscan'"), args.runs))
    print("\n| type | statement | median ms | / cumsum (median of rounds) |")
    print("|---|---|---|---|")
    for typ in args.types.split(","):
        n = int(args.size * M)
        name = "t_%s_%dk" % (typ.split()[0], n >> 10)
        storage = "STORAGE EXTERNAL" if typ == "integer" else None
        if not args.keep or c.value("SELECT to_regclass('gsbench.%s') IS NOT NULL" % name) != "t":
            for q in table_sql(name, typ, n, storage):
                c.query(q)
        sqls = [(label, "SELECT (%s)[1] FROM gsbench.%s" % (call, name)) for label, call in CALLS]
        for _, sql in sqls:     # warm
            c.query(sql)
        times = {label: [] for label, _ in sqls}
        for _ in range(args.runs):
            for label, sql in sqls:
                times[label].append(timed(c, sql))
        for label, _ in sqls:
            ratios = [t / b for t, b in zip(times[label], times["cumsum"])]
            print("| %s | %s | %.1f | %.2fx |" % (typ, label, statistics.median(times[label]) * 1e3,
                                                 statistics.median(ratios)))
        sys.stdout.flush()
    c.close()


if __name__ == "__main__":
    main()
