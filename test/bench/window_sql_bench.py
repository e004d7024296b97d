"""test/bench/window_sql_bench.py -- a moving sum from SQL against what users
do without gpuscan, in the same run.

One row of a table holds an array of n random double precision values
(uniform in [-1000, 1000), seeded); for a window of w positions it times,
as medians:

  movsum     SELECT (gpu_movsum(a, w))[1] FROM t          (the function)
  movavg     SELECT (gpu_movavg(a, w))[1] FROM t
  cumsum     SELECT (gpu_cumsum(a))[1] FROM t             (a running total)
  read       SELECT array_length(a, 1) FROM t             (PostgreSQL's read)
  window     unnest ... WITH ORDINALITY, sum(x) OVER (ORDER BY i ROWS
             BETWEEN w-1 PRECEDING AND CURRENT ROW), array_agg  (fewer
             repetitions: PostgreSQL recomputes each frame of a float sum)
  pandas     pd.Series(values).rolling(w, min_periods=1).sum() on the same
             values, converting in and out of pandas excluded (when pandas
             can be imported)

and counts the positions where pandas' result differs from gpu_movsum's
(gpu_movsum is the correctly rounded exact sum; pandas adds and subtracts
in floating point).  Needs a server with gpuscan installed (PGHOST etc.).

Usage: window_sql_bench.py [--n 1000000] [--window 1000] [--reps 7]
                           [--window-reps 1 (0: skip the window query)] [--device cpu]
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pgclient import Connection  # noqa: E402


def timed(conn, sql, reps):
    """Median seconds of reps runs of sql."""
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        conn.query(sql)
        t.append(time.perf_counter() - t0)
    return statistics.median(t)


def main():
    """Build the table, time each way, print a table of medians and ratios."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=1000000)
    ap.add_argument('--window', type=int, default=1000)
    ap.add_argument('--reps', type=int, default=7)
    ap.add_argument('--window-reps', type=int, default=1)
    ap.add_argument('--device', default='cpu')
    args = ap.parse_args()
    n, w = args.n, args.window

    rng = random.Random(1)
    values = [rng.uniform(-1000, 1000) for _ in range(n)]
    conn = Connection()
    conn.query("SET client_min_messages = warning")
    conn.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    conn.query(f"SET gpuscan.device = {args.device}")
    conn.query("DROP TABLE IF EXISTS window_bench")
    conn.query("CREATE TABLE window_bench (a double precision[])")
    conn.query("INSERT INTO window_bench VALUES ('{" + ",".join(repr(v) for v in values) + "}')")
    conn.query("VACUUM ANALYZE window_bench")

    rows = []
    base = timed(conn, "SELECT (gpu_movsum(a, %d))[1] FROM window_bench" % w, args.reps)
    rows.append(('movsum', base))
    engine = conn.query("SELECT engine || coalesce(' (' || kernel || ')', '') FROM gpuscan_last_run()")[0][0]
    rows.append(('movavg', timed(conn, "SELECT (gpu_movavg(a, %d))[1] FROM window_bench" % w, args.reps)))
    rows.append(('cumsum', timed(conn, "SELECT (gpu_cumsum(a))[1] FROM window_bench", args.reps)))
    rows.append(('read', timed(conn, "SELECT array_length(a, 1) FROM window_bench", args.reps)))
    rows.append(('window', None if args.window_reps == 0 else timed(conn, f"""
        SELECT (array_agg(s ORDER BY i))[1] FROM (
          SELECT i, sum(x) OVER (ORDER BY i ROWS BETWEEN {w - 1} PRECEDING AND CURRENT ROW) AS s
          FROM window_bench, unnest(a) WITH ORDINALITY AS u(x, i)) q""", args.window_reps)))

    differ = None
    try:
        import pandas as pd
        s = pd.Series(values)
        t = []
        for _ in range(args.reps):
            t0 = time.perf_counter()
            r = s.rolling(w, min_periods=1).sum()
            t.append(time.perf_counter() - t0)
        rows.append(('pandas', statistics.median(t)))
        exact = conn.query("SELECT unnest(gpu_movsum(a, %d)) FROM window_bench" % w)
        differ = sum(1 for (e,), p in zip(exact, r.tolist()) if float(e) != p)
    except ImportError:
        rows.append(('pandas', None))

    print(f"n = {n}, window = {w}, gpuscan.device = {args.device} (gpu_movsum ran on {engine}), "
          f"medians of {args.reps} ({args.window_reps} for window)")
    print(f"{'way':8} {'median ms':>12} {'x movsum':>10}")
    for name, t in rows:
        if t is None:
            print(f"{name:8} {'(no pandas)' if name == 'pandas' else '(skipped)':>12}")
        else:
            print(f"{name:8} {t * 1e3:12.2f} {t / base:10.2f}")
    if differ is not None:
        print(f"pandas differs from the exact moving sum at {differ} of {n} positions")
    conn.query("DROP TABLE window_bench")


if __name__ == '__main__':
    main()
