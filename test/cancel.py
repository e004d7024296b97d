#!/usr/bin/env python3
"""test/cancel.py -- long scans stop soon after a cancel, and the backend
works afterwards.

For each workload -- arrays at PostgreSQL's size limit, 2^27-1 elements
(512 MB of real, the largest array PostgreSQL allows; a 2^28-element array
does not exist) -- a statement scans the array again and again, and is
cancelled in the middle of a scan in three ways:

  statement_timeout     the time past the timeout until the ERROR arrives
  pg_cancel_backend()   from a second connection: from the call to the ERROR
  protocol cancel       libpq's PQcancel (psql's Ctrl-C): likewise

Each latency must be at most --limit-ms (200).  After each cancel the same
backend must answer a small and a large scan correctly, on the engine asked
for, and gpuscan_counters() must show that scans ran during the statement
(so the cancel hit the scanning, not the building of the array).

The array is built once per workload: a prepared statement with no
parameters keeps its generic plan, in which array_fill() is folded into a
constant, so every EXECUTE goes straight to the scans (one per row of a
generate_series; a CASE on the row keeps the scan itself from being folded).

Usage: cancel.py [--engine cpu|gpu] [--kernel K] [--trials N] [--limit-ms MS]
Ends with "N passed, N failed".
"""
import argparse
import statistics
import sys
import time

from pgclient import Connection, SqlError, now, scan_options, scan_session, seeded
from tally import Tally

N_LIMIT = 134217727            # MaxArraySize: 2^27 - 1 elements

WORKLOADS = [
    # name, array expression, scan
    ("gpu_cumsum(real[2^27-1])",
     "array_fill(1.5::real, ARRAY[%d])" % N_LIMIT, "gpu_cumsum(%s)"),
    ("gpu_cummax(integer[2^27-1])",
     "array_fill(7, ARRAY[%d])" % N_LIMIT, "gpu_cummax(%s)"),
    ("gpu_cumsum(float8[2][2^25], exclusive)",  # 512 MB: float8 stops at 2^27 - 2^4 elements
     "array_fill(0.25::float8, ARRAY[2, %d])" % (1 << 25), "gpu_cumsum(%s, true)"),
]


def counters(conn):
    """(gpu_calls, cpu_calls) of a backend."""
    g, c = conn.query("SELECT gpu_calls, cpu_calls FROM gpuscan_counters()")[0]
    return int(g), int(c)


def healthy(conn, engine, t, what):
    """The backend scans a small and a large array right, on the engine asked for."""
    small = conn.value("SELECT gpu_cumsum(ARRAY[1, 2, 3]::int[])::text")
    big = conn.query("SELECT (r)[3000000], (r)[1] FROM (SELECT "
                     "gpu_cumsum(array_fill(0.5::real, ARRAY[3000000])) r) s")[0]
    ran = conn.value("SELECT engine FROM gpuscan_last_run()")
    t.check(small == "{1,3,6}" and big == ["1.5e+06", "0.5"] and ran == engine,
            "%s: the backend works afterwards (%s, %s, engine %s)" % (what, small, big, ran))


def main():
    """Run every workload with every cancel method."""
    ap = argparse.ArgumentParser()
    scan_options(ap)
    ap.add_argument("--trials", type=int, default=2)
    ap.add_argument("--limit-ms", type=float, default=200.0)
    args = ap.parse_args()
    seed, rng = seeded(args)
    print("cancel.py: engine %s, kernel %s, seed %d" % (args.engine, args.kernel, seed))

    t = Tally()
    a = scan_session(args)
    b = Connection()
    healthy(a, args.engine, t, "warm-up")          # the GPU context exists from here on
    latencies = {}
    for wi, (name, arr, scan) in enumerate(WORKLOADS):
        # the CASE keeps the scan from being folded too: one scan per row of g
        a.query("PREPARE w%d AS SELECT sum(cardinality(%s)) FROM generate_series(1, 100000) g"
                % (wi, scan % ("CASE WHEN g > 0 THEN %s END" % arr)))
        # the first EXECUTE plans, folding array_fill(): let it run into the scans
        a.query("SET statement_timeout = '6s'")
        try:
            a.query("EXECUTE w%d" % wi)
        except SqlError:
            pass
        a.query("RESET statement_timeout")
        for method in ("statement_timeout", "pg_cancel_backend", "protocol cancel"):
            for trial in range(args.trials):
                delay = 0.25 + rng.random() * 0.5
                what = "%s, %s, trial %d" % (name, method, trial + 1)
                before = counters(a)
                if method == "statement_timeout":
                    a.query("SET statement_timeout = %d" % int(delay * 1000))
                    t0 = now()
                    a.send("EXECUTE w%d" % wi)
                    t0 += delay                         # when the timeout is due, at the latest
                else:
                    a.send("EXECUTE w%d" % wi)
                    time.sleep(delay)
                    t0 = now()
                    if method == "pg_cancel_backend":
                        b.query("SELECT pg_cancel_backend(%d)" % a.pid)
                    else:
                        a.cancel()
                err = None
                try:
                    a.wait()
                except SqlError as e:
                    err = e
                lat = (now() - t0) * 1000
                if method == "statement_timeout":
                    a.query("RESET statement_timeout")
                after = counters(a)
                scans = (after[0] - before[0]) if args.engine == "gpu" else (after[1] - before[1])
                latencies.setdefault(method, []).append(lat)
                t.check(err is not None and err.sqlstate == "57014" and lat <= args.limit_ms,
                        "%s: %s after %.1f ms (limit %.0f), %d %s scans done before it"
                        % (what, err.sqlstate + " " + err.message if err else "no error",
                           lat, args.limit_ms, scans, args.engine))
                healthy(a, args.engine, t, what)
        a.query("DEALLOCATE w%d" % wi)
    for method, ls in latencies.items():
        print("latency %-18s median %6.1f ms, max %6.1f ms over %d cancels"
              % (method, statistics.median(ls), max(ls), len(ls)))
    # a cancelled scan leaves the count of scans running now (auto's view of
    # the host's load) as it found it: nothing else scans here
    rows = b.query("SELECT active_scans FROM gpuscan_service() LIMIT 1")
    if rows:
        t.check(rows[0][0] == "0", "after the cancels no scan counts as running (active_scans %s)" % rows[0][0])
    a.close()
    b.close()
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
