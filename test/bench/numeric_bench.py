#!/usr/bin/env python3
"""test/bench/numeric_bench.py: gpuscan 1.5's numeric scans as whole
statements, over table rows and over numeric arrays read from a table,
against PostgreSQL's own numeric window functions and the unnest path on
the same data in the same run, every gpuscan result checked in full
against PostgreSQL's.

Table num_t(t int PRIMARY KEY, sym int, x numeric(18,2)) of N rows, made
in SQL with a fixed seed: sym one of 1,000 symbols at random; x a price
round(random() * 200, 2) and, 1 row in 10,000, +-1e15 (as issue 56
measured).  Arrays: table arr_t(n int, a numeric[]) with one array of the
first M values of x (in t's order) for each M of --array-m.

Every window query is timed as
    SELECT sum(v) FROM (SELECT <expr> AS v FROM num_t) q
and every array query as SELECT cardinality(<expr>) FROM arr_t WHERE n = M
(the unnest path: array_agg of sum(x) OVER (ORDER BY i) over unnest(a)
WITH ORDINALITY), inside the server (rows_bench.py's rb.bench_ms() EXECUTEs the statement
between two clock_timestamp() calls), after one untimed run, --runs
times (3 for a statement over 5 s), the queries of a section interleaved
round by round; medians, and each one's ratio to its section's baseline.
PostgreSQL's settings are its defaults (JIT included), as a user has them.

Checks (each one counted): every gpuscan window result equals, as text,
PostgreSQL's own aggregate over the same frame at every row (one query
over the whole table per function and size, NULL rows never occurring
here); each array result equals the unnest path's, as text.  Last line:
"N passed, N failed".

Usage: numeric_bench.py [--sizes 1,10] [--array-m 1,16] [--runs 5] [--device cpu]
Needs a running server with gpuscan (PGHOST, PGPORT, ...);
test/bench/numeric_bench.sh starts one and writes the log.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402
from tally import Tally  # noqa: E402
from rows_bench import HELPERS, lit  # noqa: E402  (rb.bench_ms: a statement timed in the server)

SEED = 0.5
SLOW_MS = 5000

ROWS = "ROWS BETWEEN 999 PRECEDING AND CURRENT ROW"

# (title, [(label, expression, role, reference expression for a gpuscan query)])
WINDOW_SECTIONS = [
    ("running sum, one partition", [
        ("PostgreSQL sum(x) OVER (ORDER BY t)", "sum(x) OVER (ORDER BY t)", "baseline", None),
        ("PostgreSQL sum(x::float8) OVER (ORDER BY t)", "sum(x::float8) OVER (ORDER BY t)", None, None),
        ("gpu_cumsum(x) OVER (ORDER BY t)", "gpu_cumsum(x) OVER (ORDER BY t)", "gpuscan",
         "sum(x) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING)"),
    ]),
    ("running mean, one partition", [
        ("PostgreSQL avg(x) OVER (ORDER BY t)", "avg(x) OVER (ORDER BY t)", "baseline", None),
        ("gpu_cumavg(x) OVER (ORDER BY t)", "gpu_cumavg(x) OVER (ORDER BY t)", "gpuscan",
         "avg(x) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING)"),
    ]),
    ("moving sum, " + ROWS, [
        ("PostgreSQL sum(x) OVER (ORDER BY t %s)" % ROWS, "sum(x) OVER (ORDER BY t %s)" % ROWS, "baseline", None),
        ("gpu_movsum(x, 1000) OVER (ORDER BY t)", "gpu_movsum(x, 1000) OVER (ORDER BY t)", "gpuscan",
         "sum(x) OVER (ORDER BY t %s)" % ROWS),
        ("PostgreSQL avg(x) OVER (ORDER BY t %s)" % ROWS, "avg(x) OVER (ORDER BY t %s)" % ROWS, None, None),
        ("gpu_movavg(x, 1000) OVER (ORDER BY t)", "gpu_movavg(x, 1000) OVER (ORDER BY t)", "gpuscan",
         "avg(x) OVER (ORDER BY t %s)" % ROWS),
    ]),
    ("1,000 partitions (PARTITION BY sym)", [
        ("PostgreSQL sum(x) OVER (PARTITION BY sym ORDER BY t)", "sum(x) OVER (PARTITION BY sym ORDER BY t)",
         "baseline", None),
        ("gpu_cumsum(x) OVER (PARTITION BY sym ORDER BY t)", "gpu_cumsum(x) OVER (PARTITION BY sym ORDER BY t)",
         "gpuscan", "sum(x) OVER (PARTITION BY sym ORDER BY t ROWS UNBOUNDED PRECEDING)"),
        # the floor of a window function here: PostgreSQL's own, reading its argument, or not
        ("PostgreSQL lag(x) OVER (PARTITION BY sym ORDER BY t) (reads x, no arithmetic)",
         "lag(x) OVER (PARTITION BY sym ORDER BY t)", None, None),
        ("PostgreSQL row_number() OVER (PARTITION BY sym ORDER BY t) (reads no argument)",
         "row_number() OVER (PARTITION BY sym ORDER BY t)", None, None),
    ]),
]

PLAIN = [
    ("PostgreSQL SELECT sum(x)", "SELECT sum(x) FROM num_t", "baseline"),
    ("SELECT exact_sum(x)", "SELECT exact_sum(x) FROM num_t", None),
]

UNNEST = ("SELECT cardinality(array_agg(s ORDER BY i)) FROM (SELECT i, sum(x) OVER (ORDER BY i) AS s "
          "FROM arr_t, unnest(a) WITH ORDINALITY u(x, i) WHERE n = %d) q")
UNNEST_TEXT = ("SELECT array_agg(s ORDER BY i)::text FROM (SELECT i, sum(x) OVER (ORDER BY i) AS s "
               "FROM arr_t, unnest(a) WITH ORDINALITY u(x, i) WHERE n = %d) q")


def log(msg):
    print(msg, flush=True)


def fmt(ms):
    return "%.1f" % ms if ms < 10000 else "%.0f" % ms


class Bench:
    def __init__(self, c, args, tally):
        self.c, self.args, self.tally = c, args, tally

    def bench(self, sql):
        return float(self.c.value("SELECT rb.bench_ms(%s)" % lit(sql)))

    def time_all(self, sqls):
        """Medians (and min, max, runs) of statements, interleaved after a warm-up each."""
        want, times = [], []
        for s in sqls:
            warm = self.bench(s)
            want.append(3 if warm > SLOW_MS else self.args.runs)
            times.append([])
        for r in range(max(want)):
            for i, s in enumerate(sqls):
                if len(times[i]) < want[i]:
                    times[i].append(self.bench(s))
        return [(statistics.median(v), min(v), max(v), len(v)) for v in times]

    def table(self, title, rows):
        """Print a section: label, median (min-max, runs), ratio to the baseline."""
        base = [t for (_, t, role) in rows if role == "baseline"]
        log("\n### %s" % title)
        log("| query | ms (median) | min-max, runs | against the baseline |")
        log("|---|---|---|---|")
        for label, (med, lo, hi, n), role in rows:
            ratio = "1.00x (baseline)" if role == "baseline" else "%.2fx" % (med / base[0][0]) if base else ""
            log("| %s | %s | %s-%s, %d | %s |" % (label, fmt(med), fmt(lo), fmt(hi), n, ratio))

    def make_rows(self, n):
        c = self.c
        for s in ["DROP TABLE IF EXISTS num_t", "SELECT setseed(%s)" % SEED,
                  """CREATE TABLE num_t AS
SELECT t, 1 + floor(random() * 1000)::int AS sym,
       (CASE WHEN random() < 1e-4 THEN CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END
             ELSE round((random() * 200)::numeric, 2) END)::numeric(18, 2) AS x
FROM generate_series(1, %d) t""" % n,
                  "ALTER TABLE num_t ADD PRIMARY KEY (t)", "VACUUM ANALYZE num_t"]:
            c.query(s)

    def windows(self, m):
        n = int(m * 1000000)
        self.make_rows(n)
        log("\n## %s rows: table num_t, %s" % ("{:,}".format(n), self.c.value(
            "SELECT pg_size_pretty(pg_total_relation_size('num_t'))")))
        for title, qs in WINDOW_SECTIONS:
            res = self.time_all(["SELECT sum(v) FROM (SELECT %s AS v FROM num_t) q" % e for _, e, _, _ in qs])
            self.table("%s, %s rows" % (title, "{:,}".format(n)),
                       [(label, r, role) for (label, _, role, _), r in zip(qs, res)])
            for (label, e, role, ref), r in zip(qs, res):
                if ref is None:
                    continue
                bad = int(self.c.value("SELECT count(*) FROM (SELECT (%s)::text AS a, (%s)::text AS b FROM num_t) q "
                                       "WHERE a IS DISTINCT FROM b" % (e, ref)))
                self.tally.check(bad == 0, "%s rows: %s equals PostgreSQL's %s at every row (%d differ)"
                                 % ("{:,}".format(n), label, ref, bad))
        res = self.time_all([s for _, s, _ in PLAIN])
        self.table("plain aggregate, %s rows" % "{:,}".format(n),
                   [(label, r, role) for (label, _, role), r in zip(PLAIN, res)])

    def arrays(self, ms):
        c = self.c
        c.query("DROP TABLE IF EXISTS arr_t")
        c.query("CREATE TABLE arr_t (n int, a numeric[])")
        for m in ms:
            n = int(m * 1000000)
            c.query("SELECT setseed(%s)" % SEED)
            c.query("""INSERT INTO arr_t SELECT %d, array_agg(x ORDER BY t) FROM (
SELECT t, (CASE WHEN random() < 1e-4 THEN CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END
                ELSE round((random() * 200)::numeric, 2) END)::numeric(18, 2) AS x
FROM generate_series(1, %d) t) s""" % (n, n))
        c.query("VACUUM ANALYZE arr_t")
        for m in ms:
            n = int(m * 1000000)
            log("\n## a numeric[] of %s values read from a table (%s stored)" % (
                "{:,}".format(n), c.value("SELECT pg_size_pretty(pg_column_size(a)::bigint) FROM arr_t WHERE n = %d" % n)))
            qs = [("PostgreSQL unnest + sum() OVER + array_agg", UNNEST % n, "baseline"),
                  ("gpu_cumsum(a)", "SELECT cardinality(gpu_cumsum(a)) FROM arr_t WHERE n = %d" % n, None),
                  ("gpu_movsum(a, 1000)", "SELECT cardinality(gpu_movsum(a, 1000)) FROM arr_t WHERE n = %d" % n, None),
                  ("gpu_cumavg(a)", "SELECT cardinality(gpu_cumavg(a)) FROM arr_t WHERE n = %d" % n, None),
                  ("gpu_cummax(a)", "SELECT cardinality(gpu_cummax(a)) FROM arr_t WHERE n = %d" % n, None),
                  ("gpu_cumsum(a::float8[]) (the double precision form, for scale)",
                   "SELECT cardinality(gpu_cumsum(a::float8[])) FROM arr_t WHERE n = %d" % n, None)]
            res = self.time_all([s for _, s, _ in qs])
            self.table("arrays, %s values" % "{:,}".format(n), [(l, r, role) for (l, _, role), r in zip(qs, res)])
            same = c.value("SELECT (SELECT gpu_cumsum(a)::text FROM arr_t WHERE n = %d) = (%s)" % (n, UNNEST_TEXT % n))
            self.tally.check(same == "t", "%s values: gpu_cumsum(a) equals the unnest path's array" % "{:,}".format(n))
            eng = c.query("SELECT engine, kernel, elements FROM gpuscan_last_run()")
            log("(gpuscan_last_run() of the last array scan: %s)" % ", ".join(eng[0]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,10")
    ap.add_argument("--array-m", default="1,16")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--device", default="cpu")
    args = ap.parse_args()
    tally = Tally()
    c = Connection()
    c.query("SET client_min_messages = warning")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query(HELPERS)
    c.query("SET gpuscan.device = %s" % args.device)
    c.query("SET work_mem = '256MB'")
    log("# PostgreSQL %s, gpuscan %s, gpuscan.device = %s, jit = %s" % (
        c.value("SHOW server_version"), c.value("SELECT extversion FROM pg_extension WHERE extname = 'gpuscan'"),
        args.device, c.value("SHOW jit")))
    b = Bench(c, args, tally)
    for m in [float(s) for s in args.sizes.replace(" ", ",").split(",") if s]:
        b.windows(m)
    b.arrays([float(s) for s in args.array_m.replace(" ", ",").split(",") if s])
    log("")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
