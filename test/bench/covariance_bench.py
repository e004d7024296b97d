#!/usr/bin/env python3
"""test/bench/covariance_bench.py: gpuscan 1.8's exact covariance,
correlation and regression aggregates over table rows, as whole
statements, against PostgreSQL's own float forms and its running sum on
the same rows in the same run, with the exactness of every result checked
at probed rows.

The table co_t (t, x, y), seeded: x as test/bench/rows_bench.py's prices
(round(random() * 200, 2), 1 row in 10,000 +-1e15), y = round(0.7 x +
random() * 50, 1) (a correlated series; where x is +-1e15, 0.7 x).  Timing
as rows_bench.py's (rb.bench_ms(): the statement EXECUTEd between two
clock_timestamp() calls, one untimed warm-up, then --runs runs, the queries
of a section interleaved round by round; medians).  PostgreSQL's float
corr and regr_slope have no inverse transition: over ROWS 59 PRECEDING
they sum each frame afresh, O(rows x frame); they run once, no warm-up,
marked as a single sample (over ROWS 999, not at all).

Sections: 1. --size-m (1) million rows, one partition (ORDER BY t), frames
of 60 and 1,000 rows, ratios against PostgreSQL's sum(x) OVER (ORDER BY t)
(the issue's floor of a window query); 2. the plain aggregates over
--agg-m (4) million rows, serial (ratios against PostgreSQL's corr(y, x))
and with a forced parallel plan (the bits must be the serial plan's).

Exactness: at 4 probed rows (right after a +-1e15 value, the first row
whose 1,000-row frame no longer holds it, and two more) each windowed
query's value, and the plain aggregates' values, are compared with the
exact value of their rows: n and the exact sums Sx, Sy, Sxx, Syy, Sxy of
the rows' doubles in numeric (rb.exact(): from the bits, once per
distinct value), Nc = n Sxy - Sx Sy, Nx, Ny, each result a quotient to 300
decimals (corr the root of Nc^2 / (Nx Ny) with Nc's sign) rounded once by
the numeric -> double precision cast.  A gpuscan result that differs
fails; PostgreSQL's float results are reported, not counted.  Last line:
"N passed, N failed".

Usage: covariance_bench.py [--size-m 1] [--agg-m 4] [--runs 5]
Needs a running server with gpuscan (PGHOST, PGPORT, ...);
test/bench/covariance_bench.sh starts one and writes the log.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402
from tally import Tally  # noqa: E402
import rows_bench as rb  # noqa: E402
import spread_bench  # noqa: E402

R59 = "ROWS BETWEEN 59 PRECEDING AND CURRENT ROW"
R999 = "ROWS BETWEEN 999 PRECEDING AND CURRENT ROW"

# (expression, who, frame rows of its reference (None: no probe), what, slow)
FRAMES = [
    ("sum(x) OVER (ORDER BY t)", "PostgreSQL", None, None, False),
    ("exact_corr(y, x) OVER (ORDER BY t %s)" % R59, "gpuscan", 60, "corr", False),
    ("exact_regr_slope(y, x) OVER (ORDER BY t %s)" % R59, "gpuscan", 60, "regr_slope", False),
    ("exact_regr_intercept(y, x) OVER (ORDER BY t %s)" % R59, "gpuscan", 60, "regr_intercept", False),
    ("exact_covar_samp(y, x) OVER (ORDER BY t %s)" % R59, "gpuscan", 60, "covar_samp", False),
    ("exact_corr(y, x) OVER (ORDER BY t %s)" % R999, "gpuscan", 1000, "corr", False),
    ("exact_regr_slope(y, x) OVER (ORDER BY t %s)" % R999, "gpuscan", 1000, "regr_slope", False),
    ("exact_stddev(x) OVER (ORDER BY t %s)" % R59, "gpuscan", None, None, False),
    ("corr(y, x) OVER (ORDER BY t %s)" % R59, "PostgreSQL", 60, "corr", True),
    ("regr_slope(y, x) OVER (ORDER BY t %s)" % R59, "PostgreSQL", 60, "regr_slope", True),
]

AGGS = [("corr(y, x)", "PostgreSQL", "corr"), ("exact_corr(y, x)", "gpuscan", "corr"),
        ("regr_slope(y, x)", "PostgreSQL", "regr_slope"), ("exact_regr_slope(y, x)", "gpuscan", "regr_slope"),
        ("exact_regr_intercept(y, x)", "gpuscan", "regr_intercept"),
        ("exact_covar_pop(y, x)", "gpuscan", "covar_pop"), ("sum(x)", "PostgreSQL", None)]

# the exact result from n and the exact sums (numeric), as double precision text
REF = """CASE
  WHEN n < (CASE WHEN '{w}' = 'covar_samp' THEN 2 ELSE 1 END) THEN NULL
  WHEN '{w}' = 'covar_pop' THEN (round(nc, 300) / (n * n))::float8::text
  WHEN '{w}' = 'covar_samp' THEN (round(nc, 300) / (n * (n - 1)))::float8::text
  WHEN nx = 0 THEN NULL
  WHEN '{w}' = 'corr' THEN CASE WHEN ny = 0 THEN NULL ELSE (sign(nc) * sqrt(round(nc * nc, 300) / (nx * ny)))::float8::text END
  WHEN '{w}' = 'regr_slope' THEN (round(nc, 300) / nx)::float8::text
  WHEN '{w}' = 'regr_intercept' THEN (round(sy * nx - nc * sx, 300) / (n * nx))::float8::text END
FROM (SELECT n, sx, sy, n * sxy - sx * sy AS nc, n * sxx - sx * sx AS nx, n * syy - sy * sy AS ny FROM ({sums}) s) q"""

# n and the exact sums of rows of table tab (where: a condition), each distinct value's rb.exact() once
SUMS = """SELECT sum(c) AS n, sum(ex * c) AS sx, sum(ey * c) AS sy, sum(ex * ex * c) AS sxx,
       sum(ey * ey * c) AS syy, sum(ex * ey * c) AS sxy
FROM (SELECT g.c, vx.e AS ex, vy.e AS ey
      FROM (SELECT x, y, count(*) AS c FROM {tab} WHERE x IS NOT NULL AND y IS NOT NULL AND {where} GROUP BY x, y) g
      JOIN (SELECT x, rb.exact(x) AS e FROM (SELECT DISTINCT x FROM {tab} WHERE {where}) d OFFSET 0) vx USING (x)
      JOIN (SELECT y, rb.exact(y) AS e FROM (SELECT DISTINCT y FROM {tab} WHERE {where}) d OFFSET 0) vy USING (y)) f"""


def log(msg):
    print(msg, flush=True)


def table_sql(name, n):
    """The statements that make table name of n rows (seeded)."""
    return ["DROP TABLE IF EXISTS %s" % name, "SELECT setseed(%s)" % rb.SEED,
            """CREATE TABLE %s AS
SELECT t, x, CASE WHEN abs(x) = 1e15 THEN 0.7 * x ELSE round((0.7 * x + random() * 50)::numeric, 1)::float8 END AS y
FROM (SELECT t, CASE WHEN random() < 1e-4 THEN CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END
                     ELSE round((random() * 200)::numeric, 2)::float8 END AS x
      FROM generate_series(1, %d) t) s""" % (name, n),
            "ALTER TABLE %s ADD PRIMARY KEY (t)" % name, "VACUUM ANALYZE %s" % name]


class Bench(spread_bench.Bench):
    """spread_bench.py's timing (bench, time_queries) over this file's tables."""

    def reference(self, tab, where, what):
        return self.c.value("SELECT " + REF.format(w=what, sums=SUMS.format(tab=tab, where=where)))

    def frames(self):
        n = int(self.args.size_m * 1000000)
        c = self.c
        log("\n== 1. %s rows, one partition (ORDER BY t)" % format(n, ","))
        for s in table_sql("co_t", n):
            c.query(s)
        row = c.query("SELECT t FROM co_t WHERE abs(x) = 1e15 AND t >= %d AND t + 1000 <= %d ORDER BY t LIMIT 1"
                      % (n // 4, n))
        tb = int(row[0][0]) if row else n // 2
        probes = sorted({tb + 1, tb + 1000, n // 3, n})
        log("probes: %s (t = %d holds %s)" % (probes, tb, c.value("SELECT x FROM co_t WHERE t = %d" % tb)))
        sqls = ["SELECT sum(v) FROM (SELECT %s AS v FROM co_t) q" % e for e, _, _, _, _ in FRAMES]
        res = self.time_queries(sqls, [s for _, _, _, _, s in FRAMES], True)
        base = res[0][0]
        refs = {}
        log("%-78s %10s %7s  %s" % ("query", "median ms", "ratio", "exact at probes"))
        for i, (expr, who, rows, what, slow) in enumerate(FRAMES):
            r = res[i]
            exact = ""
            if rows:
                good = 0
                for p in probes:
                    where = "t BETWEEN %d AND %d" % (p - rows + 1, p)
                    key = (rows, what, p)
                    if key not in refs:
                        refs[key] = self.reference("co_t", where, what)
                    v = c.value("SELECT v::float8::text FROM (SELECT t, %s AS v FROM co_t WHERE %s) q WHERE t = %d"
                                % (expr, where if slow else "true", p))
                    ok = v == refs[key]
                    good += ok
                    if who == "gpuscan":
                        self.tally.check(ok, "%s at t = %d: %s, exact %s" % (expr, p, v, refs[key]))
                exact = "%d/%d" % (good, len(probes))
            log("%-78s %10s %6.2fx  %s%s" % (expr, rb.fmt_ms(r[0]), r[0] / base, exact,
                                              "  (single run)" if r[3] == 1 else ""))
        log("(PostgreSQL's float corr and regr_slope over ROWS 999: not run, O(rows x frame))")

    def aggregate(self):
        n = int(self.args.agg_m * 1000000)
        c = self.c
        log("\n== 2. the plain aggregates over %s rows" % format(n, ","))
        for s in table_sql("co_agg", n):
            c.query(s)
        for s in rb.SERIAL:
            c.query(s)
        sqls = ["SELECT %s FROM co_agg" % e for e, _, _ in AGGS]
        res = self.time_queries(sqls, [False] * len(sqls), True)
        vals = {e: c.value("SELECT (%s)::text FROM co_agg" % e) for e, _, w in AGGS if w}
        serial = c.value("SELECT float8send(exact_corr(y, x))::text FROM co_agg")
        for s in rb.PARALLEL:
            c.query(s)
        par = self.time_queries(sqls[:2], [False, False], True)
        parallel = c.value("SELECT float8send(exact_corr(y, x))::text FROM co_agg")
        plan = "\n".join(r[0] for r in c.query("EXPLAIN (COSTS OFF) " + sqls[1]))
        for s in rb.SERIAL:
            c.query(s)
        base = res[0][0]
        refs = {}
        log("%-50s %10s %7s  %s" % ("query (serial)", "median ms", "ratio", "exact"))
        for i, (e, who, what) in enumerate(AGGS):
            exact = ""
            if what:
                if what not in refs:
                    refs[what] = self.reference("co_agg", "true", what)
                ok = vals[e] == refs[what]
                exact = "yes" if ok else "no (%s, exact %s)" % (vals[e], refs[what])
                if who == "gpuscan":
                    self.tally.check(ok, "%s over %d rows: %s, exact %s" % (e, n, vals[e], refs[what]))
            log("%-50s %10s %6.2fx  %s" % (sqls[i], rb.fmt_ms(res[i][0]), res[i][0] / base, exact))
        log("%-50s %10s %7s" % ("query (parallel plan, 2 workers)", "median ms", "ratio"))
        for i in range(2):
            log("%-50s %10s %6.2fx" % (sqls[i], rb.fmt_ms(par[i][0]), par[i][0] / par[0][0]))
        self.tally.check("Partial Aggregate" in plan and parallel == serial,
                         "exact_corr: the parallel plan's bits are the serial plan's (%s)" % serial)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size-m", type=float, default=1)
    ap.add_argument("--agg-m", type=float, default=4)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    c = Connection()
    t = Tally()
    c.query("SET client_min_messages = warning")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query(rb.HELPERS)
    if c.value(rb.SELF_TEST) not in ("t", True):
        raise SystemExit("rb.exact() self-test failed")
    c.query("SET work_mem = '256MB'")
    for s in rb.SERIAL:
        c.query(s)
    log("server: %s; gpuscan %s" % (c.value("SHOW server_version"),
                                    c.value("SELECT extversion FROM pg_extension WHERE extname = 'gpuscan'")))
    b = Bench(c, args, t)
    b.frames()
    b.aggregate()
    c.close()
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
