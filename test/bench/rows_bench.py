#!/usr/bin/env python3
"""test/bench/rows_bench.py: gpuscan 1.4's window functions and exact
aggregates over table rows, as whole statements, against PostgreSQL's own
window functions on the same rows in the same run, with the exactness of
every result checked at probed rows.

Table rows_t(t int PRIMARY KEY, ts timestamp (indexed), sym int,
x double precision) of N rows, made in SQL with a fixed seed: t = 1..N;
ts the running sum of random gaps of 1 us to 7.2 s (3.6 s on average,
strictly increasing); sym one of 1,000 symbols at random; x a price
round(random() * 200, 2) and, 1 row in 10,000, +-1e15.  The indexes let
the ordered sections read the rows in order instead of sorting them, so
the windows' own cost shows (the partitioned section sorts in every
query alike).

Every window query is timed as
    SELECT sum(v) FROM (SELECT <expr> AS v FROM rows_t) q
(the outer aggregate forces the window to be evaluated), inside the
server: rb.bench_ms() EXECUTEs the statement between two clock_timestamp()
calls, so no client transfer is timed.  Each query runs once untimed to
warm the cache, then 5 times (3 when the warm run took over 5 s), the
queries of one section interleaved round by round; medians.  The two
float frames that PostgreSQL recomputes row by row (sum(x) over ROWS 999
PRECEDING and over RANGE '1 hour', O(rows x frame)) run once, untimed
warm-up skipped, and only at sizes up to --slow-max-m (1M); they are
marked single samples.

Sections: 1. running sum, one partition; 2. ROWS BETWEEN 999 PRECEDING
AND CURRENT ROW; 3. RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW over
ts; 4. 1,000 partitions (PARTITION BY sym); 5. the plain aggregate over
--agg-m (4) million rows, serial and with a forced parallel plan.
Ratios: against PostgreSQL's sum(x) OVER (ORDER BY t) for sections 1-3,
its partitioned float sum for 4, its serial sum(x) for 5; for the ROWS
and RANGE sections also against PostgreSQL's sum(t::bigint) over the same
frame (its own invertible frame: the cost of its frame machinery).

Exactness: at 4 probed rows (right after a +-1e15 value, the next row of
that value's symbol, the first row whose 1000-row frame no longer holds
it, and the last row), each query's value, from
    SELECT t, v FROM (SELECT t, <expr> AS v FROM rows_t) q WHERE t IN (...)
(the filter outside the window), is compared with the exact sum over the
same frame of the exact value of each double (rb.exact(): from the bits,
not x::numeric, which keeps 15 significant digits), rounded once by the
numeric -> double precision cast.  For the two slow float frames the
probes evaluate the window over the frame's own rows only (WHERE t BETWEEN
p - 999 AND p, or ts within the hour before ts(p)): PostgreSQL adds the
same values in the same order for row p (it restarts a frame it cannot
shrink from the frame's head), without the O(rows x frame) pass.
Each probe of a gpuscan query is a check, and so is the parallel
exact_sum's float8send() against the serial one's (and the exact_sum
totals against the exact total); PostgreSQL's own float sums are expected
to be inexact and are reported, not counted.  Last line: "N passed, N
failed".

Usage: rows_bench.py [--sizes 1,10] [--runs 5] [--agg-m 4] [--slow-max-m 1]
                     [--device cpu]
Needs a running server with gpuscan (PGHOST, PGPORT, ...);
test/bench/rows_bench.sh starts one and writes the log.
"""
import argparse
import os
import statistics
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection  # noqa: E402
from tally import Tally  # noqa: E402

SEED = 0.5
SLOW_MS = 5000          # a warm run over this: 3 timed runs instead of --runs

# the window frames
ROWS = "ROWS BETWEEN 999 PRECEDING AND CURRENT ROW"
RANGE = "RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW"

HELPERS = r"""
CREATE SCHEMA IF NOT EXISTS rb;

-- Milliseconds that one statement takes, timed inside the server.
CREATE OR REPLACE FUNCTION rb.bench_ms(q text) RETURNS double precision
LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
  r text;
BEGIN
  t0 := clock_timestamp();
  EXECUTE q INTO r;
  RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
END $$;

-- The IEEE 754 bits of a double precision, as a bigint.
CREATE OR REPLACE FUNCTION rb.bits(x double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint
$$;

-- The exact value of a finite double precision: sign * mantissa *
-- 2^(exponent - 1075), the mantissa with its implicit bit (none for
-- subnormals, whose exponent field 0 counts as 1).  2^-k is 5^k * 10^-k:
-- an integer power (exact in numeric) times a literal, and numeric
-- multiplication is exact, so no digit is lost (x::numeric keeps 15).
CREATE OR REPLACE FUNCTION rb.exact(x double precision) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT trim_scale(
    CASE WHEN rb.bits(x) < 0 THEN -1 ELSE 1 END
    * ((rb.bits(x) & 4503599627370495)
       + CASE WHEN (rb.bits(x) >> 52) & 2047 = 0 THEN 0 ELSE 4503599627370496 END)
    * CASE WHEN greatest((rb.bits(x) >> 52) & 2047, 1) >= 1075
           THEN 2::numeric ^ (greatest((rb.bits(x) >> 52) & 2047, 1) - 1075)
           ELSE 5::numeric ^ (1075 - greatest((rb.bits(x) >> 52) & 2047, 1))
                * ('1e-' || (1075 - greatest((rb.bits(x) >> 52) & 2047, 1)))::numeric
      END)
$$;
"""

# rb.exact() on values whose exact expansions are known
SELF_TEST = r"""
SELECT rb.exact(0.1) = 0.1000000000000000055511151231257827021181583404541015625
   AND rb.exact(-12.34) = -12.339999999999999857891452847979962825775146484375
   AND rb.exact(1e15) = 1000000000000000 AND rb.exact(-1e15) = -1000000000000000
   AND rb.exact(200) = 200 AND rb.exact(0) = 0 AND rb.exact(2^60) = 2::numeric ^ 60
   AND rb.exact(5e-324) * 2::numeric ^ 1074 = 1
   AND rb.exact(1.7976931348623157e308) = (2::numeric ^ 53 - 1) * 2::numeric ^ 971
   AND rb.exact(0.01)::float8 = 0.01
"""


def make_table_sql(name, n, indexes=True):
    """The statements that make table name of n rows (seeded)."""
    return [
        "DROP TABLE IF EXISTS %s" % name,
        "SELECT setseed(%s)" % SEED,
        """CREATE TABLE %s AS
SELECT t, timestamp '2024-01-02' + (sum(gap) OVER (ORDER BY t))::bigint * interval '1 microsecond' AS ts,
       sym, x
FROM (SELECT t, 1 + floor(random() * 7199999)::bigint AS gap, 1 + floor(random() * 1000)::int AS sym,
             CASE WHEN random() < 1e-4 THEN CASE WHEN random() < 0.5 THEN 1e15 ELSE -1e15 END
                  ELSE round((random() * 200)::numeric, 2)::float8 END AS x
      FROM generate_series(1, %d) t) s""" % (name, n),
    ] + (["ALTER TABLE %s ADD PRIMARY KEY (t)" % name, "CREATE INDEX ON %s (ts)" % name] if indexes else []) + [
        "VACUUM ANALYZE %s" % name]


class Q:
    """One query of a section.

    who: PostgreSQL or gpuscan; kind: float, numeric, bigint (PostgreSQL's)
    or gpuscan; ref: the frame of its exact reference (None: no probe);
    role: baseline (of its section) or frame (the bigint frame, sections
    2 and 3); slow: a float frame that runs once, at small sizes only."""

    def __init__(self, expr, who, kind, ref, role=None, slow=None, other_frame=False):
        self.expr, self.who, self.kind, self.ref, self.role, self.slow = expr, who, kind, ref, role, slow
        self.other_frame = other_frame      # not the section's frame: no ratio to its bigint frame

    def sql(self, table="rows_t"):
        return "SELECT sum(v) FROM (SELECT %s AS v FROM %s) q" % (self.expr, table)


SECTIONS = [
    ("1. running sum, one partition", "PostgreSQL sum(x) OVER (ORDER BY t)", [
        Q("sum(x) OVER (ORDER BY t)", "PostgreSQL", "float", "cum", "baseline"),
        Q("sum(x::numeric) OVER (ORDER BY t)", "PostgreSQL", "numeric", "cum"),
        Q("gpu_cumsum(x) OVER (ORDER BY t)", "gpuscan", "gpuscan", "cum"),
        Q("exact_sum(x) OVER (ORDER BY t)", "gpuscan", "gpuscan", "cum"),
    ]),
    ("2. " + ROWS + " (ORDER BY t)", "PostgreSQL sum(x) OVER (ORDER BY t) (section 1)", [
        Q("sum(x) OVER (ORDER BY t %s)" % ROWS, "PostgreSQL", "float", "rows", slow="rows"),
        Q("sum(t::bigint) OVER (ORDER BY t %s)" % ROWS, "PostgreSQL", "bigint", None, "frame"),
        Q("sum(x::numeric) OVER (ORDER BY t %s)" % ROWS, "PostgreSQL", "numeric", "rows"),
        Q("exact_sum(x) OVER (ORDER BY t %s)" % ROWS, "gpuscan", "gpuscan", "rows"),
        Q("gpu_movsum(x, 1000) OVER (ORDER BY t)", "gpuscan", "gpuscan", "rows"),
    ]),
    ("3. " + RANGE + " (ORDER BY ts)", "PostgreSQL sum(x) OVER (ORDER BY t) (section 1)", [
        Q("sum(t::bigint) OVER (ORDER BY ts %s)" % RANGE, "PostgreSQL", "bigint", None, "frame"),
        Q("sum(x::numeric) OVER (ORDER BY ts %s)" % RANGE, "PostgreSQL", "numeric", "range"),
        Q("sum(x) OVER (ORDER BY ts %s)" % RANGE, "PostgreSQL", "float", "range", slow="range"),
        Q("exact_sum(x) OVER (ORDER BY ts %s)" % RANGE, "gpuscan", "gpuscan", "range"),
        Q("sum(x) OVER (ORDER BY ts)", "PostgreSQL", "float", "cumts", other_frame=True),
    ]),
    ("4. 1,000 partitions (PARTITION BY sym)", "PostgreSQL sum(x) OVER (PARTITION BY sym ORDER BY t)", [
        Q("sum(x) OVER (PARTITION BY sym ORDER BY t)", "PostgreSQL", "float", "pcum", "baseline"),
        Q("gpu_cumsum(x) OVER (PARTITION BY sym ORDER BY t)", "gpuscan", "gpuscan", "pcum"),
        Q("exact_sum(x) OVER (PARTITION BY sym ORDER BY t %s)" % ROWS, "gpuscan", "gpuscan", "prows"),
        Q("sum(x::numeric) OVER (PARTITION BY sym ORDER BY t %s)" % ROWS, "PostgreSQL", "numeric", "prows"),
    ]),
]

PARALLEL = ["SET parallel_setup_cost = 0", "SET parallel_tuple_cost = 0",
            "SET min_parallel_table_scan_size = 0", "SET max_parallel_workers_per_gather = 2"]
SERIAL = ["RESET parallel_setup_cost", "RESET parallel_tuple_cost",
          "RESET min_parallel_table_scan_size", "SET max_parallel_workers_per_gather = 0"]


def log(msg):
    print(msg, flush=True)


def lit(s):
    """A dollar-quoted literal."""
    assert "$q$" not in s
    return "$q$%s$q$" % s


def ulps(a, b):
    """Distance in units in the last place between two doubles (text)."""
    def key(v):
        i = struct.unpack("<q", struct.pack("<d", float(v)))[0]
        return i if i >= 0 else -(i & 0x7FFFFFFFFFFFFFFF)
    return abs(key(a) - key(b))


def off(v, r):
    """How far double v is from double r (text): ulps and the difference."""
    return "%d ulp, %.3g" % (ulps(v, r), float(v) - float(r))


def fmt_ms(ms):
    return "%.1f" % ms if ms < 10000 else "%.0f" % ms


class Bench:
    def __init__(self, c, args, tally):
        self.c, self.args, self.tally = c, args, tally
        self.checks = []        # (ok, what) of the probes, counted after each table

    def bench(self, sql):
        return float(self.c.value("SELECT rb.bench_ms(%s)" % lit(sql)))

    def time_section(self, queries, slow_ok):
        """Median, min, max and run count of each query (None: skipped),
        the queries interleaved round by round after one warm-up run each."""
        want, times = {}, {}
        for i, q in enumerate(queries):
            times[i] = []
            if q.slow:
                want[i] = 1 if slow_ok else 0      # once, no warm-up
                continue
            warm = self.bench(q.sql())
            want[i] = 3 if warm > SLOW_MS else self.args.runs
        for r in range(max(want.values())):
            for i, q in enumerate(queries):
                if len(times[i]) < want[i]:
                    times[i].append(self.bench(q.sql()))
        return {i: (statistics.median(v), min(v), max(v), len(v)) if v else None for i, v in times.items()}

    # -- probes and references --

    def pick_probes(self, n):
        """Rows right after a +-1e15 value (the first at or after N/4), the
        next row of its symbol, the first row whose 1000-row frame no longer
        holds it, and the last row; quartiles when there is no such value."""
        c = self.c
        row = c.query("SELECT t, sym FROM rows_t WHERE abs(x) = 1e15 AND t >= %d AND t + 1000 <= %d "
                      "ORDER BY t LIMIT 1" % (n // 4, n))
        if row:
            tb, sym = int(row[0][0]), int(row[0][1])
            nxt = c.value("SELECT min(t) FROM rows_t WHERE sym = %d AND t > %d" % (sym, tb))
            probes = {tb + 1, tb + 1000, n}
            if nxt is not None:
                probes.add(int(nxt))
            desc = "t = %d holds %s (sym %d)" % (tb, c.value("SELECT x FROM rows_t WHERE t = %d" % tb), sym)
        else:
            probes = set()
            desc = "no +-1e15 value: quartiles"
        for f in (0.25, 0.5, 0.75, 1.0):
            if len(probes) >= 4:
                break
            probes.add(max(1, int(n * f)))
        return sorted(probes)[:4], desc

    def references(self, probes):
        """The exact reference (double precision text) of each frame kind
        at each probe: {kind: {t: text}}."""
        c = self.c
        info = {int(r[0]): (r[1], int(r[2])) for r in
                c.query("SELECT t, ts, sym FROM rows_t WHERE t IN (%s)" % ",".join(map(str, probes)))}
        # running frames: one pass, grouped by value (the data have ~20,000
        # distinct values), so rb.exact() runs once per distinct value
        conds = []
        for p in probes:
            ts, sym = info[p]
            conds += [("cum", p, "t <= %d" % p), ("cumts", p, "ts <= '%s'" % ts),
                      ("pcum", p, "sym = %d AND t <= %d" % (sym, p))]
        cols = ", ".join("count(*) FILTER (WHERE %s) AS c%d" % (w, k) for k, (_, _, w) in enumerate(conds))
        sums = ", ".join("(sum(e * c%d))::float8::text" % k for k in range(len(conds)))
        row = c.query("SELECT count(*), count(*) FILTER (WHERE e::float8 <> x), %s "
                      "FROM (SELECT g.*, rb.exact(g.x) AS e FROM (SELECT x, %s FROM rows_t GROUP BY x) g "
                      "OFFSET 0) h" % (sums, cols))[0]
        distinct, bad = int(row[0]), int(row[1])
        if bad:
            raise SystemExit("rb.exact(x)::float8 <> x for %d of %d distinct values" % (bad, distinct))
        ref = {"cum": {}, "cumts": {}, "pcum": {}, "rows": {}, "range": {}, "prows": {}}
        for k, (kind, p, _) in enumerate(conds):
            ref[kind][p] = row[2 + k]
        for p in probes:
            ts, sym = info[p]
            ref["rows"][p] = c.value("SELECT sum(rb.exact(x))::float8::text FROM rows_t "
                                     "WHERE t BETWEEN %d AND %d" % (p - 999, p))
            ref["range"][p] = c.value("SELECT sum(rb.exact(x))::float8::text FROM rows_t "
                                      "WHERE ts BETWEEN timestamp '%s' - interval '1 hour' AND '%s'" % (ts, ts))
            ref["prows"][p] = c.value("SELECT sum(rb.exact(x))::float8::text FROM (SELECT x FROM rows_t "
                                      "WHERE sym = %d AND t <= %d ORDER BY t DESC LIMIT 1000) z" % (sym, p))
        return ref, info, distinct

    def probe_values(self, q, probes, info):
        """{t: value as double precision text} of query q at the probes."""
        if not q.slow:
            rows = self.c.query("SELECT t, v::float8::text FROM (SELECT t, %s AS v FROM rows_t) q "
                                "WHERE t IN (%s)" % (q.expr, ",".join(map(str, probes))))
            return {int(t): v for t, v in rows}
        out = {}
        for p in probes:       # the window over the frame's own rows
            ts = info[p][0]
            where = ("t BETWEEN %d AND %d" % (p - 999, p) if q.slow == "rows" else
                     "ts BETWEEN timestamp '%s' - interval '1 hour' AND '%s'" % (ts, ts))
            out[p] = self.c.value("SELECT v::float8::text FROM (SELECT t, %s AS v FROM rows_t WHERE %s) q "
                                  "WHERE t = %d" % (q.expr, where, p))
        return out

    def exactness(self, q, probes, info, ref, size_label):
        """'k/4' (with the largest error in ulps) and the checks of a gpuscan query."""
        vals = self.probe_values(q, probes, info)
        good, worst = 0, None
        for p in probes:
            v, r = vals.get(p), ref[q.ref][p]
            if v == r:
                good += 1
            elif v is not None and (worst is None or ulps(v, r) > ulps(*worst)):
                worst = (v, r)
            if q.kind == "gpuscan":
                self.checks.append((v == r, "%s: %s at t = %d: %s, exact %s" % (size_label, q.expr, p, v, r)))
        s = "%d/%d" % (good, len(probes))
        if worst:
            s += " (worst: %s off)" % off(*worst)
        if q.slow:
            s += " [frame's rows only]"
        return s

    def plan_shape(self, sql):
        """The plan's nodes on one line, top first."""
        nodes = []
        for (line,) in self.c.query("EXPLAIN (COSTS OFF) " + sql):
            t = line.strip()
            if t.startswith("->"):
                t = t[2:].strip()
            elif nodes:
                continue      # a node's detail lines (Sort Key: ...)
            nodes.append(t)
        return " <- ".join(nodes)

    # -- sections --

    def run_size(self, n):
        c, args = self.c, self.args
        label = "N = {:,}".format(n)
        log("\n## %s rows" % "{:,}".format(n))
        t0 = time.time()
        for s in make_table_sql("rows_t", n):
            c.query(s)
        log("table rows_t (primary key t, index on ts): %s with indexes, %s rows hold +-1e15 (%.1f s)" % (
            c.value("SELECT pg_size_pretty(pg_total_relation_size('rows_t'))"),
            c.value("SELECT count(*) FROM rows_t WHERE abs(x) = 1e15"), time.time() - t0))
        t0 = time.time()
        probes, desc = self.pick_probes(n)
        ref, info, distinct = self.references(probes)
        log("probed rows t = %s (%s); references from %d distinct values, rb.exact(x)::float8 = x for "
            "every one (%.1f s)" % (", ".join(map(str, probes)), desc, distinct, time.time() - t0))
        slow_ok = n <= args.slow_max_m * 1e6 + 0.5
        base = None
        for title, base_name, queries in SECTIONS:
            t0 = time.time()
            res = self.time_section(queries, slow_ok)
            if base is None or queries[0].role == "baseline":
                base = res[0][0]
            frame = next((res[i][0] for i, q in enumerate(queries) if q.role == "frame"), None)
            log("\n### %s, %s\nbaseline: %s%s" % (
                title, label, base_name,
                "; / frame: PostgreSQL's sum(t::bigint) over the same frame" if frame else ""))
            head = "| query | by | median ms | min-max ms | runs | / baseline |"
            head += " / frame |" if frame else ""
            head += " exact at probed rows |"
            log("plan: %s" % self.plan_shape(queries[0].sql()))
            log(head)
            log("|" + "---|" * (head.count("|") - 1))
            for i, q in enumerate(queries):
                ex = self.exactness(q, probes, info, ref, label) if q.ref else "-"
                r = res[i]
                if r is None:
                    cells = ["skipped (single O(rows x frame) sample only up to %gM rows)" % args.slow_max_m,
                             "-", "-", "-"] + (["-"] if frame else [])
                else:
                    med, lo, hi, k = r
                    cells = [fmt_ms(med), "-" if k == 1 else "%s-%s" % (fmt_ms(lo), fmt_ms(hi)),
                             "1 (single sample)" if k == 1 else str(k), "%.2fx" % (med / base)]
                    if frame:
                        cells.append("-" if q.other_frame else "%.2fx" % (med / frame))
                log("| %s | %s | %s | %s |" % (q.expr, q.who, " | ".join(cells), ex))
            for ok, what in self.checks:
                if ok:
                    self.tally.ok()
                else:
                    self.tally.fail(what)
            if self.checks:
                log("checks: %d probes of gpuscan queries, %d exact" % (len(self.checks),
                                                                        sum(ok for ok, _ in self.checks)))
            self.checks = []
            log("(%.0f s)" % (time.time() - t0))

    def run_aggregate(self):
        """Section 5: the plain aggregate, serial and parallel."""
        c, args = self.c, self.args
        n = int(round(args.agg_m * 1e6))
        label = "{:,} rows".format(n)
        t0 = time.time()
        for s in make_table_sql("rows_agg", n, indexes=False):
            c.query(s)
        distinct_row = c.query("SELECT count(*), count(*) FILTER (WHERE e::float8 <> x), (sum(e * k))::float8::text "
                               "FROM (SELECT x, rb.exact(x) AS e, k FROM (SELECT x, count(*) AS k FROM rows_agg "
                               "GROUP BY x) g OFFSET 0) h")[0]
        if int(distinct_row[1]):
            raise SystemExit("rb.exact(x)::float8 <> x on rows_agg")
        exact_total = distinct_row[2]
        log("\n### 5. plain aggregate, %s (rows_agg: the first %s of the same generator; %.1f s set-up)"
            % (label, label, time.time() - t0))
        log("baseline: PostgreSQL sum(x), serial; parallel: parallel_setup_cost = 0, parallel_tuple_cost = 0, "
            "min_parallel_table_scan_size = 0, max_parallel_workers_per_gather = 2")
        modes = [("sum(x)", "serial", "PostgreSQL", "float"), ("exact_sum(x)", "serial", "gpuscan", "gpuscan"),
                 ("exact_sum(x)", "parallel", "gpuscan", "gpuscan"), ("sum(x)", "parallel", "PostgreSQL", "float")]

        def setmode(how):
            for s in (PARALLEL if how == "parallel" else SERIAL):
                c.query(s)

        want, times = [], [[] for _ in modes]
        for agg, how, _, _ in modes:
            setmode(how)
            warm = self.bench("SELECT %s FROM rows_agg" % agg)
            want.append(3 if warm > SLOW_MS else args.runs)
        for r in range(max(want)):
            for i, (agg, how, _, _) in enumerate(modes):
                if len(times[i]) < want[i]:
                    setmode(how)
                    times[i].append(self.bench("SELECT %s FROM rows_agg" % agg))
        vals, workers = [], []
        for agg, how, _, _ in modes:
            setmode(how)
            vals.append(c.query("SELECT v::text, encode(float8send(v), 'hex') FROM (SELECT %s AS v FROM rows_agg) s"
                                % agg)[0])
            plan = "\n".join(r[0] for r in c.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT %s FROM rows_agg"
                                                  % agg))
            launched = [int(l.split(":")[1]) for l in plan.splitlines() if "Workers Launched" in l]
            workers.append(str(launched[0]) if launched else "0")
        for s in SERIAL[:3] + ["RESET max_parallel_workers_per_gather"]:
            c.query(s)
        base = statistics.median(times[0])
        log("| query | by | plan | workers launched | median ms | min-max ms | runs | / baseline | result | exact |")
        log("|---|---|---|---|---|---|---|---|---|---|")
        for i, (agg, how, who, kind) in enumerate(modes):
            med = statistics.median(times[i])
            ok = vals[i][0] == exact_total
            log("| SELECT %s FROM rows_agg | %s | %s | %s | %s | %s-%s | %d | %.2fx | %s | %s |" % (
                agg, who, how, workers[i], fmt_ms(med), fmt_ms(min(times[i])), fmt_ms(max(times[i])),
                len(times[i]), med / base, vals[i][0],
                "yes" if ok else "no (%s off)" % off(vals[i][0], exact_total)))
        log("exact total: %s" % exact_total)
        for i, (agg, how, who, kind) in enumerate(modes):
            if kind == "gpuscan":
                self.tally.check(vals[i][0] == exact_total, "%s: %s (%s) = the exact total %s: %s"
                                 % (label, agg, how, exact_total, vals[i][0]))
        self.tally.check(vals[2][1] == vals[1][1], "%s: parallel exact_sum(x) float8send %s = serial %s"
                         % (label, vals[2][1], vals[1][1]))
        if workers[2] == "0":
            log("(no parallel worker was launched for the parallel plan: max_worker_processes?)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1,10", help="table sizes in millions of rows (0.1: 100,000)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each query (3 when one takes over 5 s)")
    ap.add_argument("--agg-m", type=float, default=4, help="rows of the plain aggregate's table, millions")
    ap.add_argument("--slow-max-m", type=float, default=1,
                    help="largest size (millions) at which the O(rows x frame) float frames run")
    ap.add_argument("--device", default="cpu", help="gpuscan.device")
    ap.add_argument("--no-aggregate", action="store_true", help="skip section 5")
    args = ap.parse_args()
    sizes = [float(s) for s in args.sizes.replace(",", " ").split()]

    tally = Tally()
    c = Connection()
    c.query("SET client_min_messages = warning")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query(HELPERS)
    c.query("SET work_mem = '64MB'")
    c.query("SET gpuscan.device = %s" % args.device)
    if c.value(SELF_TEST) != "t":
        raise SystemExit("rb.exact() fails its self-test")
    log("# PostgreSQL: %s" % c.value("SELECT version()").split(",")[0])
    log("# gpuscan: %s" % c.value("SELECT extversion FROM pg_extension WHERE extname = 'gpuscan'"))
    log("# settings: work_mem %s (every query), gpuscan.device %s, shared_buffers %s, "
        "max_parallel_workers_per_gather %s (sections 1-4), jit %s" % (
            c.value("SHOW work_mem"), c.value("SHOW gpuscan.device"), c.value("SHOW shared_buffers"),
            c.value("SHOW max_parallel_workers_per_gather"), c.value("SHOW jit")))
    log("# sizes (millions of rows): %s; %d timed runs (3 over %g s; the O(rows x frame) float frames once, up to %gM rows), "
        "interleaved, medians; timed inside the server (rb.bench_ms)" % (
            ", ".join("%g" % s for s in sizes), args.runs, SLOW_MS / 1000, args.slow_max_m))
    b = Bench(c, args, tally)
    t0 = time.time()
    for s in sizes:
        b.run_size(int(round(s * 1e6)))
    if not args.no_aggregate:
        b.run_aggregate()
    c.close()
    log("\n(%.0f s in all)" % (time.time() - t0))
    sys.exit(tally.summary())


if __name__ == "__main__":
    main()
