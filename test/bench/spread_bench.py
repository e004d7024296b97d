#!/usr/bin/env python3
"""test/bench/spread_bench.py: gpuscan 1.6's exact variance and standard
deviation aggregates over table rows, as whole statements, against
PostgreSQL's own float and numeric statistics and its running sum on the
same rows in the same run, with the exactness of every result checked at
probed rows.

The table is test/bench/rows_bench.py's rows_t (t, ts, sym, x: prices
round(random() * 200, 2) and, 1 row in 10,000, +-1e15; seeded), timed the
same way (rb.bench_ms(): the statement EXECUTEd between two
clock_timestamp() calls; one untimed warm-up, then --runs runs, the
queries of a section interleaved round by round; medians).  PostgreSQL's
float stddev over ROWS 999 and 99 PRECEDING frames is O(rows x frame): it
runs once, no warm-up, only at sizes up to --slow-max-m (1M), marked as a
single sample.

Sections: 1. ROWS BETWEEN 999 (and 99) PRECEDING AND CURRENT ROW, and the
running form, one partition (ORDER BY t), with gpu_movstd(x, 1000) and
gpu_cumstd(x) OVER (ORDER BY t) beside; 2. RANGE BETWEEN '1 hour'
PRECEDING AND CURRENT ROW over ts; 3. 1,000 partitions (PARTITION BY sym,
ROWS 999); 4. the plain aggregate over --agg-m (4) million rows, serial
and with a forced parallel plan; 5. arrays of --array-sizes (1, 16)
million values from a table (same distribution): gpu_movstd(a, 1000),
gpu_cumstd(a) against gpu_movsum(a, 1000), gpu_cumsum(a) in the same
rounds, and (1M) pandas' rolling(1000).std() on the same values.  Ratios: against PostgreSQL's sum(x) OVER
(ORDER BY t) for sections 1-2 (the issue's per-row floor of a window
query), its partitioned running sum for 3, its serial stddev(x) for 4.

Exactness: at 4 probed rows (right after a +-1e15 value, the first row
whose 1000-row frame no longer holds it, and two more), each query's value
is compared with the exact standard deviation of its frame: n, the exact
sum and the exact sum of squares of the frame's doubles in numeric
(rb.exact(): from the bits, once per distinct value, with its count),
N = n S2 - S1^2 exact, N / (n (n - 1)) to 300
decimals, its square root to as many, rounded once by the numeric ->
double precision cast.  A gpuscan probe that differs fails; PostgreSQL's
float results are expected to be inexact and are reported, not counted.
The parallel plan's bits against the serial plan's are a check.  Last
line: "N passed, N failed".

Usage: spread_bench.py [--sizes 1,10] [--runs 5] [--agg-m 4] [--slow-max-m 1]
Needs a running server with gpuscan (PGHOST, PGPORT, ...);
test/bench/spread_bench.sh starts one and writes the log.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402
from tally import Tally  # noqa: E402
import rows_bench as rb  # noqa: E402

ROWS = "ROWS BETWEEN 999 PRECEDING AND CURRENT ROW"
ROWS99 = "ROWS BETWEEN 99 PRECEDING AND CURRENT ROW"
RANGE = "RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW"

# (expression, who, frame of its reference, slow)
SECTIONS = [
    ("1. one partition (ORDER BY t)", [
        ("sum(x) OVER (ORDER BY t)", "PostgreSQL", None, False),
        ("stddev(x) OVER (ORDER BY t %s)" % ROWS, "PostgreSQL", "rows", True),
        ("stddev(x) OVER (ORDER BY t %s)" % ROWS99, "PostgreSQL", "rows99", True),
        ("stddev(x::numeric) OVER (ORDER BY t %s)" % ROWS, "PostgreSQL", "rows", False),
        ("stddev(x) OVER (ORDER BY t)", "PostgreSQL", "cum", False),
        ("exact_stddev(x) OVER (ORDER BY t %s)" % ROWS, "gpuscan", "rows", False),
        ("exact_stddev(x) OVER (ORDER BY t %s)" % ROWS99, "gpuscan", "rows99", False),
        ("exact_stddev(x) OVER (ORDER BY t)", "gpuscan", "cum", False),
        ("exact_var_samp(x) OVER (ORDER BY t %s)" % ROWS, "gpuscan", None, False),
        ("gpu_movstd(x, 1000) OVER (ORDER BY t)", "gpuscan", "rows", False),
        ("gpu_movstd(x, 100) OVER (ORDER BY t)", "gpuscan", "rows99", False),
        ("gpu_cumstd(x) OVER (ORDER BY t)", "gpuscan", "cum", False),
    ]),
    ("2. " + RANGE + " (ORDER BY ts)", [
        ("sum(x) OVER (ORDER BY t)", "PostgreSQL", None, False),
        ("stddev(x::numeric) OVER (ORDER BY ts %s)" % RANGE, "PostgreSQL", "range", False),
        ("exact_stddev(x) OVER (ORDER BY ts %s)" % RANGE, "gpuscan", "range", False),
    ]),
    ("3. 1,000 partitions (PARTITION BY sym)", [
        ("sum(x) OVER (PARTITION BY sym ORDER BY t)", "PostgreSQL", None, False),
        ("stddev(x::numeric) OVER (PARTITION BY sym ORDER BY t %s)" % ROWS, "PostgreSQL", "prows", False),
        ("exact_stddev(x) OVER (PARTITION BY sym ORDER BY t %s)" % ROWS, "gpuscan", "prows", False),
        ("gpu_movstd(x, 1000) OVER (PARTITION BY sym ORDER BY t)", "gpuscan", "prows", False),
    ]),
]


def log(msg):
    print(msg, flush=True)


class Bench:
    def __init__(self, c, args, tally):
        self.c, self.args, self.tally = c, args, tally

    def bench(self, sql):
        return float(self.c.value("SELECT rb.bench_ms(%s)" % rb.lit(sql)))

    def time_queries(self, sqls, slow, slow_ok):
        """Median, min, max, count of each statement (None: skipped)."""
        want, times = {}, {}
        for i, q in enumerate(sqls):
            times[i] = []
            if slow[i]:
                want[i] = 1 if slow_ok else 0
                continue
            warm = self.bench(q)
            want[i] = 3 if warm > rb.SLOW_MS else self.args.runs
        for _ in range(max(want.values())):
            for i, q in enumerate(sqls):
                if len(times[i]) < want[i]:
                    times[i].append(self.bench(q))
        return {i: (statistics.median(v), min(v), max(v), len(v)) if v else None
                for i, v in times.items()}

    def frame_where(self, kind, p, info):
        ts, sym = info[p]
        return {"rows": "t BETWEEN %d AND %d" % (p - 999, p),
                "rows99": "t BETWEEN %d AND %d" % (p - 99, p),
                "cum": "t <= %d" % p,
                "range": "ts BETWEEN timestamp '%s' - interval '1 hour' AND '%s'" % (ts, ts),
                "prows": "t IN (SELECT t FROM rows_t WHERE sym = %d AND t <= %d ORDER BY t DESC LIMIT 1000)"
                         % (sym, p)}[kind]

    def reference(self, kind, p, info):
        """The exact sample standard deviation of a frame, as double precision text."""
        return self.c.value(
            "SELECT CASE WHEN n < 2 THEN NULL ELSE sqrt(round(n * s2 - s1 * s1, 300) / (n * (n - 1)))::float8::text END "
            "FROM (SELECT sum(c) AS n, sum(e * c) AS s1, sum(e * e * c) AS s2 FROM "
            "(SELECT rb.exact(x) AS e, c FROM (SELECT x, count(*) AS c FROM rows_t "
            "WHERE x IS NOT NULL AND %s GROUP BY x) g OFFSET 0) f) s"
            % self.frame_where(kind, p, info))

    def probe(self, expr, kind, p, info, slow):
        """The query's value at row p (a slow float frame over the frame's own rows)."""
        where = self.frame_where(kind, p, info) if slow else "true"
        return self.c.value("SELECT v::float8::text FROM (SELECT t, %s AS v FROM rows_t WHERE %s) q "
                            "WHERE t = %d" % (expr, where, p))

    def size(self, m):
        n = int(m * 1000000)
        c = self.c
        log("\n== %s rows" % format(n, ","))
        for s in rb.make_table_sql("rows_t", n):
            c.query(s)
        row = c.query("SELECT t FROM rows_t WHERE abs(x) = 1e15 AND t >= %d AND t + 1000 <= %d ORDER BY t LIMIT 1"
                      % (n // 4, n))
        tb = int(row[0][0]) if row else n // 2
        probes = sorted({tb + 1, tb + 1000, n // 3, n})
        info = {int(r[0]): (r[1], int(r[2])) for r in
                c.query("SELECT t, ts, sym FROM rows_t WHERE t IN (%s)" % ",".join(map(str, probes)))}
        log("probes: %s (t = %d holds +-1e15)" % (probes, tb))
        refs = {}
        base_all = None
        for title, queries in SECTIONS:
            log("\n-- %s" % title)
            sqls = ["SELECT sum(v) FROM (SELECT %s AS v FROM rows_t) q" % e for e, _, _, _ in queries]
            slow = [s for _, _, _, s in queries]
            res = self.time_queries(sqls, slow, m <= self.args.slow_max_m)
            base = res[0][0]
            if title.startswith("1."):
                base_all = base
            if title.startswith("2."):
                base = base_all or base
            log("%-78s %10s %7s  %s" % ("query", "median ms", "ratio", "exact at probes"))
            for i, (expr, who, kind, sl) in enumerate(queries):
                r = res[i]
                if r is None:
                    log("%-78s %10s" % (expr, "skipped (O(rows x frame), above --slow-max-m)"))
                    continue
                exact = ""
                if kind:
                    good = 0
                    for p in probes:
                        key = (kind, p)
                        if key not in refs:
                            refs[key] = self.reference(kind, p, info)
                        v = self.probe(expr, kind, p, info, sl)
                        ok = v == refs[key]
                        good += ok
                        if who == "gpuscan":
                            self.tally.check(ok, "%s at t = %d: %s, exact %s" % (expr, p, v, refs[key]))
                    exact = "%d/%d" % (good, len(probes))
                log("%-78s %10s %6.2fx  %s%s" % (expr, rb.fmt_ms(r[0]), r[0] / base, exact,
                                                  "  (single run)" if r[3] == 1 else ""))

    def aggregate(self):
        n = int(self.args.agg_m * 1000000)
        c = self.c
        log("\n== 4. the plain aggregate over %s rows" % format(n, ","))
        for s in rb.make_table_sql("agg_t", n, indexes=False):
            c.query(s)
        for s in rb.SERIAL:
            c.query(s)
        sqls = ["SELECT stddev(x) FROM agg_t", "SELECT exact_stddev(x) FROM agg_t",
                "SELECT var_samp(x) FROM agg_t", "SELECT exact_var_samp(x) FROM agg_t",
                "SELECT sum(x) FROM agg_t"]
        res = self.time_queries(sqls, [False] * len(sqls), True)
        serial = c.value("SELECT float8send(exact_stddev(x))::text FROM agg_t")
        for s in rb.PARALLEL:
            c.query(s)
        par = self.time_queries(sqls[:2], [False, False], True)
        parallel = c.value("SELECT float8send(exact_stddev(x))::text FROM agg_t")
        plan = "\n".join(r[0] for r in c.query("EXPLAIN (COSTS OFF) " + sqls[1]))
        for s in rb.SERIAL:
            c.query(s)
        base = res[0][0]
        log("%-50s %10s %7s" % ("query (serial)", "median ms", "ratio"))
        for i, q in enumerate(sqls):
            log("%-50s %10s %6.2fx" % (q, rb.fmt_ms(res[i][0]), res[i][0] / base))
        log("%-50s %10s %7s" % ("query (parallel plan, 2 workers)", "median ms", "ratio"))
        for i, q in enumerate(sqls[:2]):
            log("%-50s %10s %6.2fx" % (q, rb.fmt_ms(par[i][0]), par[i][0] / par[0][0]))
        self.tally.check("Partial Aggregate" in plan and parallel == serial,
                         "exact_stddev: the parallel plan's bits are the serial plan's (%s)" % serial)


    def arrays(self, sizes):
        """5. gpu_movstd / gpu_cumstd on one array read from a table, against
        gpu_movsum / gpu_cumsum on the same array in the same rounds, and
        pandas' rolling(1000).std() on the same values in memory; gpu_movstd
        checked against Python's fractions at 4 probed positions."""
        c = self.c
        for m in sizes:
            n = int(m * 1000000)
            log("\n== 5. arrays of %s double precision values from a table" % format(n, ","))
            c.query("DROP TABLE IF EXISTS arr_t")
            c.query("SELECT setseed(%s)" % rb.SEED)
            c.query("CREATE TABLE arr_t AS SELECT array_agg(CASE WHEN random() < 1e-4 THEN "
                    "CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END "
                    "ELSE round((random() * 200)::numeric, 2)::float8 END ORDER BY t) AS a "
                    "FROM generate_series(1, %d) t" % n)
            sqls = ["SELECT (gpu_movsum(a, 1000))[1] FROM arr_t", "SELECT (gpu_movstd(a, 1000))[1] FROM arr_t",
                    "SELECT (gpu_cumsum(a))[1] FROM arr_t", "SELECT (gpu_cumstd(a))[1] FROM arr_t",
                    "SELECT (gpu_movvar(a, 1000))[1] FROM arr_t"]
            res = self.time_queries(sqls, [False] * len(sqls), True)
            log("%-50s %10s %7s" % ("query", "median ms", "ratio"))
            for i, q in enumerate(sqls):
                base = res[0][0] if i in (0, 1, 4) else res[2][0]
                log("%-50s %10s %6.2fx" % (q, rb.fmt_ms(res[i][0]), res[i][0] / base))
            if n > 2000000:
                continue
            vals = [float(r[0]) for r in c.query("SELECT unnest(a) FROM arr_t")]
            probes = sorted({1000, n // 3, n // 2 + 7, n})
            got = {int(r[0]): r[1] for r in c.query(
                "SELECT o, float8send(v)::text FROM arr_t, unnest(gpu_movstd(a, 1000)) WITH ORDINALITY u(v, o) "
                "WHERE o IN (%s)" % ",".join(map(str, probes)))}
            good = 0
            for p in probes:
                want = exact_std(vals[max(0, p - 1000):p])
                ok = got[p] == "\\x%016x" % spread_bits(want)
                good += ok
                self.tally.check(ok, "gpu_movstd(a, 1000) at %d: %s, exact %r" % (p, got[p], want))
            log("gpu_movstd(a, 1000) exact at probes: %d/%d" % (good, len(probes)))
            try:
                import pandas as pd
                import time
                ser = pd.Series(vals)
                ts = []
                for _ in range(self.args.runs):
                    t0 = time.perf_counter()
                    r = ser.rolling(1000).std()
                    ts.append((time.perf_counter() - t0) * 1000)
                pgood = sum(1 for p in probes if r.iloc[p - 1] == exact_std(vals[max(0, p - 1000):p]))
                log("%-50s %10s %6.2fx  exact at probes: %d/%d" % (
                    "pandas Series.rolling(1000).std(), in memory", rb.fmt_ms(statistics.median(ts)),
                    res[1][0] / statistics.median(ts), pgood, len(probes)))
                log("(ratio: gpu_movstd's statement over pandas' time)")
            except ImportError:
                log("pandas: not installed, skipped")


def spread_bits(x):
    import struct
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def exact_std(vals):
    """The sample standard deviation of doubles, exact then rounded once."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import spread
    return spread.var_ref(vals, spread.SAMPLE | spread.ROOT)[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,10")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--agg-m", type=float, default=4)
    ap.add_argument("--slow-max-m", type=float, default=1)
    ap.add_argument("--array-sizes", default="1,16")
    args = ap.parse_args()
    c = Connection()
    t = Tally()
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query(rb.HELPERS)
    if c.value(rb.SELF_TEST) != "t":
        raise SystemExit("rb.exact() self-test failed")
    c.query("SET work_mem = '256MB'")
    c.query("SET gpuscan.device = cpu")
    log("PostgreSQL %s, gpuscan %s" % (c.value("SHOW server_version"),
                                       c.value("SELECT extversion FROM pg_extension WHERE extname = 'gpuscan'")))
    b = Bench(c, args, t)
    for m in [float(s) for s in args.sizes.split(",")]:
        b.size(m)
    b.aggregate()
    b.arrays([float(x) for x in args.array_sizes.split(",") if x])
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
