#!/usr/bin/env python3
"""test/gpu/service.py -- the GPU service on a GPU machine: its costs and how
it behaves when things go wrong.  Run by test/gpu/service.sh on a cluster
with gpuscan preloaded (PGHOST etc. in the environment).

Measures (medians; the reference measured in the same run):
  first    the first GPU scan of a new connection against the same scan
           again in that connection (4M real; target: at most 5 ms more);
  percall  the engine's time (gpuscan_last_run().total_ms) for 2^20 real on
           the GPU and on the CPU;
  large    2^27-1 real, host to host: the engine's rate against the pinned
           one-way PCIe rate of its own copies (h2d_ms);
  fair     small GPU scans (2^16) alone and while another connection streams
           2^27-1-element arrays;
  batch    16 connections' small scans of every type and shape at once, each
           result against the CPU engine's (the service batches them);
  parallel 100,000 rows x 1,000 real and 64 rows x 16M real with 8 parallel
           workers, gpu against cpu, beside PostgreSQL's read of the arrays;
Checks:
  stop     the service stopped (SIGTERM, as `kill` sends) during scans: the
           waiting backends get an error (gpu) or scan on the CPU (auto)
           within a second, PostgreSQL starts the service again, the GPU
           serves again;
  crash    the service killed (SIGKILL): PostgreSQL restarts the cluster,
           the GPU serves again.
Ends with "N passed, N failed".
"""
import argparse
import os
import signal
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection, SqlError, now  # noqa: E402
from tally import Tally  # noqa: E402

T = Tally()


def med(xs):
    """Median, or nan."""
    return statistics.median(xs) if xs else float("nan")


def connect(device=None, extra=()):
    """A connection with gpuscan.device set."""
    c = Connection()
    if device:
        c.query("SET gpuscan.device = %s" % device)
    for s in extra:
        c.query(s)
    return c


def timed(c, sql):
    """Run sql; wall milliseconds."""
    t = now()
    c.query(sql)
    return (now() - t) * 1e3


def last(c, col):
    """A column of gpuscan_last_run()."""
    return c.value("SELECT %s FROM gpuscan_last_run()" % col)


def setup(c, big):
    """Tables: arrays of 2^16, 2^20, 4M and (big) 2^27-1 real, one row each."""
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query("DROP TABLE IF EXISTS s")
    c.query("CREATE TABLE s (n int PRIMARY KEY, a real[])")
    c.query("ALTER TABLE s ALTER a SET STORAGE EXTERNAL")
    for n in (1 << 16, 1 << 20, 1 << 22):
        c.query("INSERT INTO s SELECT %d, array_agg(((i::bigint * 7919) %% 10007 - 5000)::real / 8) "
                "FROM generate_series(1, %d) i" % (n, n))
    if big:
        # PostgreSQL's largest array (array_agg cannot build it: its state
        # outgrows 1 GB): the 4M array doubled to 2^26, then once more less
        # its last value
        c.query("INSERT INTO s SELECT %d, a || a[1:%d] FROM (SELECT a || a AS a FROM "
                "(SELECT a || a AS a FROM (SELECT a || a AS a FROM (SELECT a || a AS a "
                "FROM s WHERE n = %d) x) y) z) w" % ((1 << 27) - 1, (1 << 26) - 1, 1 << 22))
    print("setup   %s" % c.query("SELECT string_agg(n || ':' || array_length(a, 1), ' ' ORDER BY n) FROM s")[0][0])


def first_call(reps):
    """First GPU scan in a new connection against the same scan warm.

    A new connection's first statement also loads catalogs, whatever the
    engine: the same statement runs once on the CPU first, so that what is
    left is the GPU's own first-call cost."""
    diffs, firsts, warms, eng_first, eng_warm, cold = [], [], [], [], [], []
    q = "SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % (1 << 22)
    for _ in range(reps):
        c = connect("cpu")
        cold.append(timed(c, q))
        c.query("SET gpuscan.device = gpu")
        f = timed(c, q)
        ef = float(last(c, "total_ms"))
        ok = last(c, "engine") == "gpu"
        w = med([timed(c, q) for _ in range(3)])
        ew = float(last(c, "total_ms"))
        c.close()
        if not ok:
            T.check(False, "first call ran on the GPU")
        firsts.append(f)
        warms.append(w)
        diffs.append(f - w)
        eng_first.append(ef)
        eng_warm.append(ew)
    print("first   4M real, new connection: first statement (cpu) %.2f ms; first GPU scan %.2f ms, "
          "warm %.2f ms (statements, medians of %d); engine %.2f / %.2f ms" %
          (med(cold), med(firsts), med(warms), reps, med(eng_first), med(eng_warm)))
    T.check(med(diffs) <= 5.0, "first GPU scan of a new connection at most 5 ms slower than warm "
            "(median %+.2f ms, worst %+.2f ms)" % (med(diffs), max(diffs)))


def per_call(reps):
    """The engine's time for 2^20 real on each engine."""
    c = connect()
    res = {}
    for dev in ("gpu", "cpu"):
        c.query("SET gpuscan.device = %s" % dev)
        ts = []
        for _ in range(reps):
            c.query("SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % (1 << 20))
            ts.append(float(last(c, "total_ms")))
        res[dev] = med(ts)
    c.close()
    print("percall 2^20 real, engine time: gpu %.3f ms, cpu %.3f ms (medians of %d)" %
          (res["gpu"], res["cpu"], reps))


def large(reps):
    """2^27-1 real host to host against the pinned PCIe rate of its copies."""
    c = connect("gpu")
    rows = []
    for _ in range(reps):
        c.query("SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % ((1 << 27) - 1))
        rows.append(c.query("SELECT total_ms, h2d_ms, kernel_ms, d2h_ms, queue_ms, host_ms "
                            "FROM gpuscan_last_run()")[0])
    c.close()
    tot = med([float(r[0]) for r in rows])
    h2d = med([float(r[1]) for r in rows])
    gib = ((1 << 27) - 1) * 4 / 2**30
    pcie = gib / (h2d / 1e3)
    rate = gib / (tot / 1e3)
    print("large   2^27-1 real: engine %.1f ms (h2d %.1f, kernel %.1f, d2h %.1f, queue %.1f, "
          "backend's plan and copies %.1f ms): %.1f GiB/s = %.2fx the pinned one-way PCIe rate of "
          "its copies (%.1f GiB/s)" %
          (tot, h2d, med([float(r[2]) for r in rows]), med([float(r[3]) for r in rows]),
           med([float(r[4]) for r in rows]), med([float(r[5]) for r in rows]), rate, rate / pcie, pcie))
    T.check(rate / pcie >= 0.3, "host to host at least 0.3x the pinned PCIe rate (%.2fx)" % (rate / pcie))


def fair(seconds):
    """Small scans' latency alone and beside a stream of large ones."""
    q = "SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % (1 << 16)
    c = connect("gpu")
    c.query(q)
    alone = [timed(c, q) for _ in range(50)]
    stop = threading.Event()
    big = []

    def stream():
        b = connect("gpu")
        while not stop.is_set():
            big.append(timed(b, "SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % ((1 << 27) - 1)))
        b.close()

    th = threading.Thread(target=stream)
    th.start()
    time.sleep(1.0)
    beside = []
    t_end = now() + seconds
    while now() < t_end:
        beside.append(timed(c, q))
    stop.set()
    th.join()
    c.close()
    beside.sort()
    p95 = beside[int(len(beside) * 0.95)] if beside else float("nan")
    print("fair    2^16 real: alone median %.2f ms; beside a stream of 2^27-1 scans (%d of %.0f ms) "
          "median %.2f ms, p95 %.2f ms, worst %.2f ms over %d scans" %
          (med(alone), len(big), med(big), med(beside), p95, max(beside), len(beside)))
    T.check(beside and med(beside) < med(big) / 4,
            "small scans are not held back by a large one (median %.2f ms beside %.0f ms scans)" %
            (med(beside), med(big)))


def parallel(reps, big_rows):
    """Parallel query: 8 workers on the GPU and on the CPU."""
    c = connect(None, ("SET max_parallel_workers_per_gather = 8", "SET parallel_setup_cost = 0",
                       "SET parallel_tuple_cost = 0", "SET min_parallel_table_scan_size = 0"))
    c.query("DROP TABLE IF EXISTS p1k, p16m")
    c.query("CREATE TABLE p1k (i int, a real[])")
    c.query("ALTER TABLE p1k ALTER a SET STORAGE EXTERNAL")
    c.query("INSERT INTO p1k SELECT i, (SELECT array_agg(((j * 31 + i) % 1000)::real / 8) "
            "FROM generate_series(1, 1000) j) FROM generate_series(1, 100000) i")
    c.query("CREATE TABLE p16m (i int, a real[])")
    c.query("ALTER TABLE p16m ALTER a SET STORAGE EXTERNAL")
    c.query("INSERT INTO p16m SELECT g, a FROM s, generate_series(1, %d) g WHERE n = %d" %
            (big_rows, 1 << 22))
    # 16M: four copies of the 4M array end to end
    c.query("UPDATE p16m SET a = a || a || a || a")
    c.query("VACUUM ANALYZE p1k, p16m")
    c.query("ALTER TABLE p1k SET (parallel_workers = 8)")
    c.query("ALTER TABLE p16m SET (parallel_workers = 8)")
    for table, n in (("p1k", 1000), ("p16m", 1 << 24)):
        out = {}
        for what, sql in (("read", "SELECT sum(array_length(a, 1)) FROM %s" % table),
                          ("cpu", "SELECT sum((gpu_cumsum(a))[%d]::numeric) FROM %s" % (n, table)),
                          ("gpu", "SELECT sum((gpu_cumsum(a))[%d]::numeric) FROM %s" % (n, table))):
            if what in ("cpu", "gpu"):
                c.query("SET gpuscan.device = %s" % what)
            plan = "\n".join(r[0] for r in c.query("EXPLAIN " + sql))
            workers = "Workers Planned: 8" in plan
            ts = [timed(c, sql) for _ in range(reps)]
            out[what] = (med(ts), c.value(sql))
            if not workers:
                print("parallel: the plan of %r has no 8 workers:\n%s" % (sql, plan))
        c.query("RESET gpuscan.device")
        print("parallel %s, 8 workers: read %.0f ms, cpu %.0f ms, gpu %.0f ms (gpu/cpu %.2fx; medians of %d)" %
              (table, out["read"][0], out["cpu"][0], out["gpu"][0], out["gpu"][0] / out["cpu"][0], reps))
        T.check(out["cpu"][1] == out["gpu"][1], "%s: the same sums on both engines" % table)
        limit = 3.0 if table == "p1k" else 1.0
        T.check(out["gpu"][0] <= limit * out["cpu"][0] * 1.05,
                "%s with 8 workers: gpu within %.0fx of cpu (%.2fx)" % (table, limit, out["gpu"][0] / out["cpu"][0]))
    c.close()


def batches(seconds, clients):
    """Many connections' small scans at once (the service batches them):
    every result equal to the CPU engine's."""
    c = connect("cpu")
    c.query("DROP TABLE IF EXISTS small")
    c.query("CREATE TABLE small AS SELECT id, "
            "array_agg(CASE WHEN i % 17 = 0 THEN NULL ELSE ((i * id) % 1000 - 500)::real / 8 END ORDER BY i) AS a4, "
            "array_agg(((i * 31 + id) % 100000 - 50000) ORDER BY i) AS i4, "
            "array_agg(CASE WHEN i % 13 = 0 THEN NULL ELSE (i * id % 997)::float8 * 2 ^ (id % 40 - 20) END "
            "ORDER BY i) AS f8 FROM generate_series(1, 200) id, "
            "generate_series(1, 1 + (id * 37) % 3000) i GROUP BY id")
    c.query("ALTER TABLE small ADD m8 float8[]")
    c.query("UPDATE small SET m8 = (SELECT array_agg(x ORDER BY k) FROM unnest(f8) WITH ORDINALITY u(x, k) "
            "WHERE k <= 24)::float8[]")
    c.query("UPDATE small SET m8 = array_fill(NULL::float8, ARRAY[4, 6]) WHERE array_length(m8, 1) < 24")
    c.query("UPDATE small SET m8 = (SELECT array_agg(r ORDER BY j) FROM (SELECT j, array_agg(m8[(j - 1) * 6 + k] "
            "ORDER BY k) AS r FROM generate_series(1, 4) j, generate_series(1, 6) k GROUP BY j) q) "
            "WHERE m8 IS NOT NULL AND array_ndims(m8) = 1")
    q = ("SELECT gpu_cumsum(a4)::text || gpu_cumsum(i4, true)::text || gpu_cummax(f8)::text || "
         "coalesce(gpu_cumsum(m8)::text, '-') || gpu_cummin(i4)::text FROM small WHERE id = %d")
    c.query("CREATE TABLE small_want AS SELECT id, NULL::text AS r FROM small")
    for i in range(1, 201):
        c.query("UPDATE small_want SET r = (%s) WHERE id = %d" % (q % i, i))
    before = c.query("SELECT coalesce(sum(batches), 0), coalesce(sum(requests), 0) FROM gpuscan_service()")[0]
    c.close()
    stats = {"calls": 0, "wrong": 0, "cpu": 0}
    lock = threading.Lock()

    def client(seed):
        k = connect("gpu")
        t_end = now() + seconds
        n = seed
        while now() < t_end:
            n = (n * 1103515245 + 12345) % 2147483648
            i = n % 200 + 1
            try:
                got = k.value(q % i)
                eng = last(k, "engine")
            except SqlError as e:
                got, eng = "error %s" % e, None
            want = k.value("SELECT r FROM small_want WHERE id = %d" % i)
            with lock:
                stats["calls"] += 1
                stats["wrong"] += got != want
                stats["cpu"] += eng != "gpu"
        k.close()

    ths = [threading.Thread(target=client, args=(s + 1,)) for s in range(clients)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    c = Connection()
    after = c.query("SELECT coalesce(sum(batches), 0), coalesce(sum(requests), 0) FROM gpuscan_service()")[0]
    c.close()
    nb = int(after[0]) - int(before[0])
    nr = int(after[1]) - int(before[1])
    print("batch   %d clients, %d s: %d statements (5 scans each), %d wrong, %d on the CPU; "
          "%d requests in %d batched launches" % (clients, seconds, stats["calls"], stats["wrong"],
                                                   stats["cpu"], nr, nb))
    T.check(stats["calls"] > 0 and stats["wrong"] == 0, "concurrent small scans: every result as the CPU's")
    T.check(nb > 0, "the service batched small requests (%d launches)" % nb)


def service_row(c):
    """(pid, state) of the service."""
    r = c.query("SELECT pid, state FROM gpuscan_service() LIMIT 1")
    return (int(r[0][0]) if r and r[0][0] else 0, r[0][1] if r else None)


def wait_ready(old_pid, seconds=30):
    """Wait until a service other than old_pid is ready; seconds waited or None."""
    t0 = now()
    while now() - t0 < seconds:
        try:
            c = Connection()
            pid, state = service_row(c)
            c.close()
            if pid and pid != old_pid and state == "ready":
                return now() - t0
        except Exception:
            pass
        time.sleep(0.1)
    return None


def stop_and_restart():
    """SIGTERM to the service during scans in two connections."""
    admin = Connection()
    pid, _ = service_row(admin)
    if pid <= 0:
        T.check(False, "stop: a running service to stop")
        return
    q = "SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % ((1 << 27) - 1)
    outcome = {}

    def scanner(dev):
        c = connect(dev)
        t_kill = None
        try:
            while "kill" not in outcome:
                c.query(q)
            t_kill = outcome["kill"]
            c.query(q)  # the scan in flight when the service went, or the next
            outcome[dev] = ("ok", last(c, "engine"), now() - t_kill, last(c, "fallback_reason"))
        except SqlError as e:
            outcome[dev] = ("error", e.sqlstate, now() - (t_kill or outcome["kill"]), e.message)
        c.close()

    ths = [threading.Thread(target=scanner, args=(d,)) for d in ("gpu", "auto")]
    admin.query("SET gpuscan.device = cpu")
    for th in ths:
        th.start()
    time.sleep(2.0)
    outcome["kill"] = now()
    # (pg_terminate_backend() reaches only processes with a database connection)
    os.kill(pid, signal.SIGTERM)
    for th in ths:
        th.join(30)
    admin.query("SET gpuscan.device = cpu")
    print("stop    service %d stopped during scans: gpu -> %s; auto -> %s" %
          (pid, outcome.get("gpu"), outcome.get("auto")))
    g, a = outcome.get("gpu"), outcome.get("auto")
    T.check(g is not None and (g[0] == "error" and g[1] in ("58000", "55000") or g[0] == "ok") and g[2] < 1.5,
            "gpu: an error (or a finished scan) within a second of the stop")
    T.check(a is not None and a[0] == "ok" and a[2] < 1.5,
            "auto: the statement completes (on the CPU if need be) within a second of the stop")
    up = wait_ready(pid)
    T.check(up is not None, "PostgreSQL started the service again (%s s)" % (up and round(up, 2)))
    c = connect("gpu")
    c.query(q)
    T.check(last(c, "engine") == "gpu", "the GPU serves again after the stop")
    c.close()
    admin.close()


def crash():
    """SIGKILL the service: the cluster restarts, the GPU serves again."""
    c = Connection()
    pid, _ = service_row(c)
    c.close()
    if pid <= 0:
        T.check(False, "crash: a running service to kill")
        return
    t0 = now()
    os.kill(pid, signal.SIGKILL)
    time.sleep(1.0)
    up = wait_ready(pid, 60)
    T.check(up is not None, "after SIGKILL of the service PostgreSQL restarted and the service is ready "
            "again (%s s)" % (up and round(up + 1.0, 2)))
    c = connect("gpu")
    c.query("SELECT (gpu_cumsum(a))[1] FROM s WHERE n = %d" % (1 << 20))
    T.check(last(c, "engine") == "gpu", "the GPU serves again after the crash")
    c.close()
    print("crash   service %d killed; ready again after %.1f s" % (pid, now() - t0))


def main():
    """Run the parts asked for."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--parts", default="setup,first,percall,large,fair,batch,parallel,stop,crash")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--big-rows", type=int, default=64)
    args = ap.parse_args()
    parts = args.parts.split(",")
    c = Connection()
    if "setup" in parts:
        setup(c, 1)
    c.close()
    for p in parts:
        t = now()
        try:
            if p == "first":
                first_call(7)
            elif p == "percall":
                per_call(21)
            elif p == "large":
                large(args.reps)
            elif p == "fair":
                fair(8)
            elif p == "batch":
                batches(10, 16)
            elif p == "parallel":
                parallel(3, args.big_rows)
            elif p == "stop":
                stop_and_restart()
            elif p == "crash":
                crash()
        except Exception as e:  # a part that breaks is a failure, the rest go on
            T.check(False, "%s: %r" % (p, e))
        print("(%s: %.1f s)" % (p, now() - t))
        sys.stdout.flush()
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
