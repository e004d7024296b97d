#!/usr/bin/env python3
"""test/leaks.py -- 10,000 scans in one backend leave its memory flat.

One connection makes --calls calls (default 10,000) of gpu_cumsum (inclusive
and exclusive), gpu_cummax, gpu_cummin, gpu_movsum, gpu_movavg (windows of
100) and gpu_cumavg over arrays of every element type (numeric included,
some of its arrays wide enough for PostgreSQL's own arithmetic),
from empty to 4M elements, one row and many, with and without NULLs, and
about one call in six over table rows instead: the window forms
(gpu_cumsum, gpu_cummin, gpu_movavg, gpu_cumavg OVER, partitioned or not)
of every type and the exact aggregates (exact_sum over a moving frame,
exact_avg by group) of the float types.  About one call in 25 errors (a
bigint or float total out of range, from an array or from rows) and one in
100 is cancelled by statement_timeout in the middle of its scans (a 4M
array, or a window over a million rows).  With --faults
(GPU machine) one call in 50 has a GPU fault injected (gpuscan.inject_fault:
a failed device allocation, which falls back to the CPU, or a failing CUDA
call, which errors and resets the context).

Every 250 calls it records the backend's anonymous resident memory
(RssAnon in /proc/self/status, read through pg_read_file), the total of its
memory contexts (pg_backend_memory_contexts), and with --gpu-mem the GPU's
used memory (nvidia-smi; the backend is its only user).  The first 2,000
calls are the warm-up (they visit every case once).  Each measure over the
last quarter of the calls must stay within a small tolerance of its maximum
between the warm-up and the middle of the run: a leak of even 1 kB per call
grows ~7 MB over the second half.

Usage: leaks.py [--engine cpu|gpu] [--kernel K] [--calls N] [--faults] [--gpu-mem]
Ends with "N passed, N failed".
"""
import argparse
import re
import subprocess
import sys
import time

from pgclient import SqlError, scan_options, scan_session, seeded
from tally import Tally

TYPES = {"int2": "smallint", "int4": "integer", "int8": "bigint",
         "float4": "real", "float8": "double precision", "numeric": "numeric"}
FUNCS = ["gpu_cumsum(%s)", "gpu_cumsum(%s, true)", "gpu_cummax(%s)", "gpu_cummin(%s)",
         "gpu_movsum(%s, 100)", "gpu_movavg(%s, 100)", "gpu_cumavg(%s)"]
SMALL = [0, 1, 7, 1000, 4097, 65536]     # random values
LARGE = [(1 << 20) + 3, 1 << 22]         # array_fill: random data would take long to make
ROWS = 3000                              # rows of the table the window queries read
BIG_ROWS = 1000000                       # rows of the one they are cancelled in
CHECK_EVERY = 250
WARMUP = 2000
# tolerances over the plateau: bytes of memory contexts, kB of RssAnon, MiB of GPU memory
TOL_CONTEXTS = 256 * 1024
TOL_RSS_KB = 8 * 1024
TOL_GPU_MIB = 2


def value_sql(ty):
    """A random value of a type, in SQL, about 10% NULL."""
    v = {"int2": "(random() * 60000 - 30000)::int",
         "int4": "(random() * 2e9 - 1e9)::int",
         "int8": "(random() * 2e15 - 1e15)::bigint",
         "float4": "(random() * 2000 - 1000)::real",
         "float8": "(random() * 2 - 1) * 10 ^ (random() * 20 - 10)",
         # prices of up to 4 decimals; one in 500 of 40 digits (PostgreSQL's arithmetic then)
         "numeric": "CASE WHEN random() < 0.002 THEN 1e39 ELSE round(((random() - 0.5) * 10 ^ (random() * 12))::numeric,"
                    " (random() * 4)::int) END"}[ty]
    return "CASE WHEN random() < 0.1 THEN NULL ELSE %s END" % v


def make_arrays(conn):
    """The test arrays in a temporary table; returns [(id, type, elements)]."""
    conn.query("CREATE TEMP TABLE arrs (id serial, ty text, n int, a2 smallint[], a4 integer[], "
               "a8 bigint[], f4 real[], f8 double precision[], nm numeric[])")
    col = {"int2": "a2", "int4": "a4", "int8": "a8", "float4": "f4", "float8": "f8", "numeric": "nm"}
    for ty, sqltype in TYPES.items():
        for n in SMALL:
            # one row, and the same values as rows of 7 where n allows
            conn.query("INSERT INTO arrs (ty, n, %s) SELECT '%s', %d, coalesce(array_agg(%s), '{}') "
                       "FROM generate_series(1, %d)" % (col[ty], ty, n, value_sql(ty), n))
            if n >= 7:
                m = n - n % 7
                conn.query("INSERT INTO arrs (ty, n, %s) SELECT '%s', %d, array_agg(r) FROM "
                           "(SELECT array_agg(%s) r FROM generate_series(0, %d) i GROUP BY i / 7) s"
                           % (col[ty], ty, m, value_sql(ty), m - 1))
        # (numeric: the small sizes only; its large arrays cost seconds a call and
        # run no other code)
        for n in (LARGE if ty != "numeric" else []):
            conn.query("INSERT INTO arrs (ty, n, %s) SELECT '%s', %d, array_fill(3::%s, ARRAY[%d])"
                       % (col[ty], ty, n, sqltype, n))
            conn.query("INSERT INTO arrs (ty, n, %s) SELECT '%s', %d, array_fill(3::%s, ARRAY[%d, %d])"
                       % (col[ty], ty, n, sqltype, n // 1024, 1024))
    # arrays whose running totals leave their type: errors 22003
    conn.query("INSERT INTO arrs (ty, n, a8) SELECT 'int8 overflow', 5, "
               "ARRAY[9223372036854775807, 1, 2, 3, 4]::bigint[]")
    conn.query("INSERT INTO arrs (ty, n, f4) SELECT 'float4 overflow', 70000, "
               "array_fill(3e38::real, ARRAY[70000])")
    conn.query("INSERT INTO arrs (ty, n, f8) SELECT 'float8 overflow', 3, "
               "ARRAY[1e308, 1e308, 1]::float8[]")
    conn.query("UPDATE arrs SET n = coalesce(cardinality(a2), cardinality(a4), cardinality(a8), "
               "cardinality(f4), cardinality(f8), cardinality(nm))")
    rows = conn.query("SELECT id, ty, n FROM arrs ORDER BY id")
    return [(int(i), ty, int(n)) for i, ty, n in rows], col


def make_rows(conn, col):
    """The tables of the window and aggregate queries, a column of each type named as in
    make_arrays' col; returns (good, bad, big): lists of (label, sql, expected count or None
    where it must fail with 22003)."""
    conn.query("CREATE TEMP TABLE wrows (id serial, k int, %s)"
               % ", ".join("%s %s" % (col[ty], sqltype) for ty, sqltype in TYPES.items()))
    conn.query("INSERT INTO wrows (k, %s) SELECT g %% 7, %s FROM generate_series(1, %d) g"
               % (", ".join(col[ty] for ty in TYPES), ", ".join(value_sql(ty) for ty in TYPES), ROWS))
    conn.query("CREATE TEMP TABLE wovf (id int, a8 bigint, f8 double precision)")
    conn.query("INSERT INTO wovf VALUES (1, 9223372036854775807, 1e308), (2, 1, 1e308), (3, 2, 1)")
    conn.query("CREATE TEMP TABLE wbig AS SELECT g AS id, (g %% 1000)::float8 AS x "
               "FROM generate_series(1, %d) g" % BIG_ROWS)
    conn.query("CREATE INDEX ON wbig (id)")
    conn.query("ANALYZE wbig")
    # count(v) keeps v: a subquery's output that nothing uses is not computed at all
    count = "SELECT count(*), count(v) FROM (SELECT %s AS v FROM %s) s"
    good = []
    for ty, c in col.items():
        for f in ["gpu_cumsum(%s) OVER (PARTITION BY k ORDER BY id)", "gpu_cummin(%s) OVER (ORDER BY id)",
                  "gpu_movavg(%s, 50) OVER (ORDER BY id)", "gpu_cumavg(%s) OVER (PARTITION BY k ORDER BY id)"]:
            good.append(("%s over %s rows" % (f % c, ty), count % (f % c, "wrows"), ROWS))
        if ty.startswith("float"):
            f = "exact_sum(%s) OVER (ORDER BY id ROWS 20 PRECEDING)" % c
            good.append(("%s over %s rows" % (f, ty), count % (f, "wrows"), ROWS))
            f = "exact_avg(%s)" % c
            good.append(("%s by group, %s" % (f, ty), count % (f, "wrows GROUP BY k"), 7))
    bad = [("gpu_cumsum(a8) OVER, past bigint", count % ("gpu_cumsum(a8) OVER (ORDER BY id)", "wovf"), None),
           ("exact_sum(f8) OVER, past DBL_MAX", count % ("exact_sum(f8) OVER (ORDER BY id)", "wovf"), None)]
    big = [("gpu_cumsum(x) OVER a million rows", count % ("gpu_cumsum(x) OVER (ORDER BY id)", "wbig"), BIG_ROWS),
           ("exact_sum(x) OVER a million rows, moving",
            count % ("exact_sum(x) OVER (ORDER BY id ROWS 99 PRECEDING)", "wbig"), BIG_ROWS)]
    return good, bad, big


def measure(conn, gpu_mem):
    """(RssAnon kB, memory-context bytes, GPU MiB or None) of the backend."""
    status = conn.value("SELECT pg_read_file('/proc/self/status')")
    rss = int(re.search(r"RssAnon:\s+(\d+)", status).group(1))
    ctx = int(conn.value("SELECT sum(total_bytes) FROM pg_backend_memory_contexts"))
    gpu = None
    if gpu_mem:
        out = subprocess.run(["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True).stdout.split()
        gpu = int(out[0]) if out else None
    return rss, ctx, gpu


def main():
    """Make the calls, measure, judge."""
    ap = argparse.ArgumentParser()
    scan_options(ap)
    ap.add_argument("--calls", type=int, default=10000)
    ap.add_argument("--faults", action="store_true")
    ap.add_argument("--gpu-mem", action="store_true")
    args = ap.parse_args()
    seed, rng = seeded(args)
    print("leaks.py: engine %s, kernel %s, %d calls, seed %d" % (args.engine, args.kernel, args.calls, seed),
          flush=True)

    t = Tally()
    conn = scan_session(args)
    arrays, col = make_arrays(conn)
    good_rows, bad_rows, big_rows = make_rows(conn, col)
    small = [a for a in arrays if "overflow" not in a[1] and a[2] <= max(SMALL)]
    large = [a for a in arrays if "overflow" not in a[1] and a[2] > max(SMALL)]
    bad = [a for a in arrays if "overflow" in a[1]]
    big = [a for a in arrays if a[2] == max(LARGE) and a[1] in ("float4", "float8")]
    # the warm-up visits every array with every function and every row query, then the calls are random
    order = [(a, f) for a in arrays for f in FUNCS] + [(q, None) for q in good_rows + bad_rows]
    counts = {"ok": 0, "wrong": 0, "error as meant": 0, "cancelled": 0, "fault fallback": 0,
              "fault error": 0, "unexpected error": 0, "over rows": 0}
    samples = []
    start = time.monotonic()
    for call in range(args.calls):
        fault = None
        cancel = False
        rowq = None
        if call < len(order):
            item, fn = order[call]
            if fn is None:
                rowq = item
            else:
                aid, ty, n = item
        else:
            r = rng.random()
            fn = rng.choice(FUNCS)
            half = rng.random() < 0.5
            if r < 0.01:
                cancel = True
                if half:
                    rowq = rng.choice(big_rows)
                else:
                    aid, ty, n = rng.choice(big)
            elif r < 0.05:
                if half:
                    rowq = rng.choice(bad_rows)
                else:
                    aid, ty, n = rng.choice(bad)
                    fn = FUNCS[0]
            elif r < 0.10:
                aid, ty, n = rng.choice(large)
            elif r < 0.26:
                rowq = rng.choice(good_rows)
            else:
                aid, ty, n = rng.choice(small)
            if args.faults and r > 0.98:
                fault = "gpu_alloc" if r > 0.99 else "cuda_error"
        if rowq:
            desc, sql, expect = rowq
            meant_error = expect is None
            counts["over rows"] += 1
        else:
            c = col[ty.split()[0]]
            desc = "%s on %s" % (fn % c, ty)
            meant_error = "overflow" in ty and fn.startswith(("gpu_cumsum", "gpu_movsum"))
        try:
            if fault:
                conn.query("SET gpuscan.inject_fault = %s" % fault)
            if cancel:
                conn.query("SET statement_timeout = '30ms'")
                if rowq:
                    # the rows in the index's order: no sort, the time spent in the window
                    conn.query("SET enable_sort = off")
                    conn.query(sql)
                else:
                    conn.query("SELECT sum(cardinality(%s)) FROM arrs, generate_series(1, 1000) g "
                               "WHERE id = %d" % (fn % ("CASE WHEN g > 0 THEN %s END" % c), aid))
                counts["unexpected error"] += 1        # it should have been cancelled
            else:
                if rowq:
                    got = conn.value(sql)
                    ok = not meant_error and int(got) == expect
                else:
                    got = conn.value("SELECT cardinality(%s) FROM arrs WHERE id = %d" % (fn % c, aid))
                    ok = int(got) == n and not meant_error
                counts["ok" if ok else "wrong"] += 1
                if fault == "gpu_alloc":
                    counts["fault fallback"] += 1
        except SqlError as e:
            if cancel and e.sqlstate == "57014":
                counts["cancelled"] += 1
            elif meant_error and e.sqlstate == "22003":
                counts["error as meant"] += 1
            elif fault == "cuda_error" and e.sqlstate == "58000":
                counts["fault error"] += 1
            else:
                counts["unexpected error"] += 1
                print("unexpected error in call %d (%s): %s" % (call, desc, e), flush=True)
        finally:
            if cancel:
                conn.query("RESET statement_timeout")
                if rowq:
                    conn.query("RESET enable_sort")
            if fault:
                conn.query("RESET gpuscan.inject_fault")
        if (call + 1) % CHECK_EVERY == 0:
            rss, ctx, gpu = measure(conn, args.gpu_mem)
            samples.append((call + 1, rss, ctx, gpu))
            print("after %5d calls: RssAnon %7d kB, memory contexts %9d bytes%s  (%.0f s)"
                  % (call + 1, rss, ctx, "" if gpu is None else ", GPU %d MiB" % gpu,
                     time.monotonic() - start), flush=True)
    print("calls: " + ", ".join("%s %d" % kv for kv in counts.items()), flush=True)
    t.check(counts["wrong"] == 0 and counts["unexpected error"] == 0,
            "every call gave what it should (%d wrong, %d unexpected errors)"
            % (counts["wrong"], counts["unexpected error"]))
    t.check(counts["cancelled"] > 0 and counts["error as meant"] > 0 and counts["over rows"] > args.calls // 10
            and (not args.faults or counts["fault error"] > 0 and counts["fault fallback"] > 0),
            "the mix had calls over rows, cancelled calls, errors%s" % (" and faults" if args.faults else ""))
    if args.engine == "gpu":
        g = conn.query("SELECT gpu_calls, cpu_calls FROM gpuscan_counters()")[0]
        t.check(int(g[0]) > args.calls // 2, "the GPU ran the calls (gpu_calls %s, cpu_calls %s)" % tuple(g))

    # plateau: checkpoints from the warm-up to the middle; judged: the last quarter
    mid = [s for s in samples if WARMUP <= s[0] <= args.calls // 2]
    last = [s for s in samples if s[0] > args.calls * 3 // 4]
    if not mid or not last:
        t.check(False, "too few calls for the leak checks (at least %d)" % (2 * WARMUP))
        return t.summary()
    for idx, name, unit, tol in [(1, "RssAnon", "kB", TOL_RSS_KB), (2, "memory contexts", "bytes", TOL_CONTEXTS),
                                 (3, "GPU memory", "MiB", TOL_GPU_MIB)]:
        if samples[0][idx] is None:
            continue
        plateau = max(s[idx] for s in mid)
        end = max(s[idx] for s in last)
        t.check(end <= plateau + tol, "%s flat after warm-up: %d %s at most after %d-%d calls, %d at most "
                "in the last quarter (tolerance %d)" % (name, plateau, unit, mid[0][0], mid[-1][0], end, tol))
    conn.close()
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
