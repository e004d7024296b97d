#!/usr/bin/env python3
"""test/gpu/multi_gpu.py -- the GPU service on a machine with several GPUs.
Run by test/gpu/multi_gpu.sh on a cluster with gpuscan preloaded (PGHOST
etc. in the environment).  Every result is checked against an exact
reference that no engine computed: the last element of each running total
against PostgreSQL's numeric sum of the array, rounded once.

Parts (--parts, comma-separated):
  setup    16 rows of double precision[] and real[] (2^12 .. 4M elements,
           small ones batched by the service) with their numeric sums; one
           row of 64M double precision (its reference: the CPU engine);
  devices  gpuscan_service() shows every GPU (--gpus), each ready;
  spread   --clients connections scan random rows for --seconds, every call
           forced onto the GPU: no error, no wrong result, requests on every
           GPU; the share of each GPU and the service process's CPU time;
  large    the 64M-element statement on the GPU (median of 3), beside the CPU
           engine, and --clients/4 of them at once: requests and busy time
           of each GPU, the service's CPU time;
  fail     one GPU failing (gpuscan.inject_gpu_fault, the last GPU) while
           --clients connections scan: its requests end in a clear ERROR
           naming it, never a wrong result; it is taken out of service, the
           others serve on without an error; reloading brings it back;
  resets   a session's own injected CUDA errors (gpuscan.inject_fault), each
           GPU started afresh again and again: then no spurious error;
  allout   every GPU failing (gpuscan.inject_gpu_fault on GPU 0 of a
           one-GPU service): gpu calls are ERROR with why, auto calls run
           on the CPU and are right; reloading brings it back.
Ends with "N passed, N failed".
"""
import argparse
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pgclient import Connection, SqlError, now  # noqa: E402
from tally import Tally  # noqa: E402

T = Tally()
ROWS = 16
SIZES = [1 << 12, 1 << 13, 1 << 14, 1 << 15, 1 << 16, 1 << 17, 1 << 18, 1 << 19,
         1 << 20, 1500000, 2000000, 2500000, 3000000, 3500000, 4000000, 4194304]
Q = ("SELECT (gpu_cumsum(d))[n] = d_want AND (gpu_cumsum(r))[n] = r_want "
     "AND (gpu_cummax(d))[n] = d_max FROM mg WHERE id = %d")


def connect(device=None):
    """A connection with gpuscan.device set."""
    c = Connection()
    if device:
        c.query("SET gpuscan.device = %s" % device)
    return c


def med(xs):
    """Median, or nan."""
    return statistics.median(xs) if xs else float("nan")


def setup(big):
    """The tables: mg (16 rows) and, with big, mg_big (64M double precision)."""
    c = connect("cpu")
    c.query("CREATE EXTENSION IF NOT EXISTS gpuscan")
    c.query("DROP TABLE IF EXISTS mg")
    c.query("CREATE TABLE mg (id int PRIMARY KEY, n int, d double precision[], r real[], "
            "d_want double precision, r_want real, d_max double precision)")
    c.query("ALTER TABLE mg ALTER d SET STORAGE EXTERNAL, ALTER r SET STORAGE EXTERNAL")
    c.query("SELECT setseed(0.25)")
    t = now()
    for i, n in enumerate(SIZES[:ROWS], 1):
        # multiples of 2^-10 (exact in both types); the references: the sums of the
        # integers as numeric, scaled exactly, rounded once (numeric to float is
        # correctly rounded; float to numeric is not, so no float is converted)
        c.query("INSERT INTO mg SELECT %d, %d, array_agg(md::double precision / 1024 ORDER BY k), "
                "array_agg((mr::double precision / 1024)::real ORDER BY k), "
                "(sum(md::numeric) * 0.0009765625)::double precision, "
                "(sum(mr::numeric) * 0.0009765625)::real, max(md::double precision / 1024) "
                "FROM (SELECT k, floor((random() - 0.5) * 2 ^ (k %% 40 + 1))::bigint AS md, "
                "floor((random() - 0.5) * 2 ^ 24)::bigint AS mr FROM generate_series(1, %d) k) q"
                % (i, n, n))
    print("setup   %d rows, %d..%d elements, with numeric references, in %.0f s"
          % (ROWS, SIZES[0], SIZES[ROWS - 1], now() - t))
    if big:
        t = now()
        c.query("DROP TABLE IF EXISTS mg_big")
        c.query("CREATE TABLE mg_big (n int, d double precision[], want double precision)")
        c.query("ALTER TABLE mg_big ALTER d SET STORAGE EXTERNAL")
        c.query("INSERT INTO mg_big SELECT 67108864, array_agg(random() * 2000 - 1000) "
                "FROM generate_series(1, 67108864)")
        c.query("UPDATE mg_big SET want = (gpu_cumsum(d))[n]")
        c.query("VACUUM ANALYZE mg_big")
        print("setup   64M double precision, its reference from the CPU engine, in %.0f s" % (now() - t))
    c.query("VACUUM ANALYZE mg")
    c.close()


def gpus_seen(c):
    """gpuscan_service()'s rows of GPUs: {device: (state, message, requests, busy_ms, errors)}."""
    rows = c.query("SELECT device_id, state, message, requests, busy_ms, errors FROM gpuscan_service() "
                   "WHERE device_id IS NOT NULL ORDER BY device_id")
    return {int(r[0]): (r[1], r[2], int(r[3]), float(r[4]), int(r[5])) for r in rows}


def service_jiffies(c):
    """The service process's CPU time so far, in clock ticks (0 if unknown)."""
    pid = c.value("SELECT pid FROM gpuscan_service() LIMIT 1")
    try:
        with open("/proc/%s/stat" % pid) as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return int(parts[11]) + int(parts[12])
    except (OSError, IndexError, ValueError):
        return 0


HZ = os.sysconf("SC_CLK_TCK")


def devices(ngpus):
    """Every GPU in gpuscan_service(), each ready."""
    c = Connection()
    t0 = now()
    seen = gpus_seen(c)
    while (len(seen) < ngpus or any(v[0] == "starting" for v in seen.values())) and now() - t0 < 30:
        time.sleep(0.2)  # a service just started opens its GPUs first
        seen = gpus_seen(c)
    print("devices gpuscan_service(): " + "; ".join("GPU %d %s%s" % (d, v[0], " (%s)" % v[1] if v[1] else "")
                                                    for d, v in sorted(seen.items())))
    T.check(len(seen) == ngpus and all(v[0] == "ready" for v in seen.values()),
            "gpuscan_service() shows all %d GPUs, each ready (%d rows)" % (ngpus, len(seen)))
    c.close()


def clients_run(nclients, seconds, device, stats, lock, t_end=None):
    """nclients connections scanning random rows until t_end (or seconds
    from now); counts into stats: calls, right, wrong, errors (by message)
    and the time of each error."""
    t_end = t_end or now() + seconds

    def client(seed):
        k = connect(device)
        n = seed
        while now() < t_end:
            n = (n * 1103515245 + 12345) % 2147483648
            i = n % ROWS + 1
            try:
                got = k.value(Q % i)
                err = None
            except SqlError as e:
                got, err = None, e
            with lock:
                stats["calls"] += 1
                if err is not None:
                    stats["errors"].append((now(), err.sqlstate, err.message))
                elif got == "t":
                    stats["right"] += 1
                else:
                    stats["wrong"] += 1
        k.close()

    ths = [threading.Thread(target=client, args=(s + 1,)) for s in range(nclients)]
    for th in ths:
        th.start()
    return ths


def new_stats():
    """Counters for clients_run."""
    return {"calls": 0, "right": 0, "wrong": 0, "errors": []}


def spread(nclients, seconds, label):
    """Scans forced onto the GPU from many connections: every GPU serves."""
    c = Connection()
    before, j0, t0 = gpus_seen(c), service_jiffies(c), now()
    stats, lock = new_stats(), threading.Lock()
    for th in clients_run(nclients, seconds, "gpu", stats, lock):
        th.join()
    after, j1, t1 = gpus_seen(c), service_jiffies(c), now()
    c.close()
    req = {d: after[d][2] - before.get(d, (0, 0, 0, 0, 0))[2] for d in after}
    busy = {d: after[d][3] - before.get(d, (0, 0, 0, 0, 0))[3] for d in after}
    total = sum(req.values())
    print("spread  %s: %d clients, %d s: %d statements (3 scans each), %.1f a second, %d wrong, %d errors"
          % (label, nclients, seconds, stats["calls"], stats["calls"] / (t1 - t0), stats["wrong"],
             len(stats["errors"])))
    for d in sorted(req):
        print("spread  %s: GPU %d: %d requests (%.0f%%), busy %.0f%% of the time"
              % (label, d, req[d], 100.0 * req[d] / max(total, 1), 100 * busy[d] / ((t1 - t0) * 1000)))
    print("spread  %s: the GPU service's CPU time: %.0f%% of one core" % (label, 100.0 * (j1 - j0) / HZ / (t1 - t0)))
    for e in stats["errors"][:5]:
        print("        error %s: %s" % (e[1], e[2]))
    T.check(stats["calls"] > 0 and stats["wrong"] == 0 and not stats["errors"],
            "%s: %d clients on the GPU, every result exact, no error" % (label, nclients))
    if len(req) > 1:
        share = min(req.values()) / max(max(req.values()), 1)
        T.check(min(req.values()) > 0, "%s: requests on every GPU (%s)"
                % (label, ", ".join("GPU %d %d" % (d, req[d]) for d in sorted(req))))
        T.check(share >= 0.5, "%s: the least used GPU ran %.0f%% of the most used one's requests"
                % (label, 100 * share))


def large(nclients, reps, label):
    """The 64M-element statement: alone on the GPU and the CPU, then several at once."""
    q = "SELECT (gpu_cumsum(d))[n] = want FROM mg_big"
    c = Connection()
    times = {}
    for dev in ("gpu", "cpu"):
        c.query("SET gpuscan.device = %s" % dev)
        c.query(q)  # warm: the array in shared buffers
        ts, ok = [], True
        before, j0 = gpus_seen(c), service_jiffies(c)
        for _ in range(reps):
            t = now()
            ok &= c.value(q) == "t"
            ts.append((now() - t) * 1e3)
        after, j1 = gpus_seen(c), service_jiffies(c)
        times[dev] = med(ts)
        T.check(ok, "%s: 64M double precision on %s: exact" % (label, dev))
        if dev == "gpu":
            req = {d: after[d][2] - before[d][2] for d in after}
            print("large   %s: 64M double precision on the GPU: median %.0f ms of %d (%s); "
                  "chunks per GPU: %s; service CPU %.0f ms a statement"
                  % (label, times[dev], reps, " ".join("%.0f" % x for x in ts),
                     ", ".join("GPU %d %d" % (d, req[d] // reps) for d in sorted(req)),
                     1000.0 * (j1 - j0) / HZ / reps))
        else:
            print("large   %s: 64M double precision on the CPU engine: median %.0f ms of %d (%s)"
                  % (label, times[dev], reps, " ".join("%.0f" % x for x in ts)))
    c.query("RESET gpuscan.device")
    # several at once
    n = max(nclients // 4, 2)
    before, j0, t0 = gpus_seen(c), service_jiffies(c), now()
    results, lock = [], threading.Lock()

    def client():
        k = connect("gpu")
        for _ in range(reps):
            t = now()
            try:
                r = k.value(q)
            except SqlError as e:
                r = "error " + str(e)
            with lock:
                results.append((r, (now() - t) * 1e3))
        k.close()

    ths = [threading.Thread(target=client) for _ in range(n)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    after, j1, t1 = gpus_seen(c), service_jiffies(c), now()
    c.close()
    req = {d: after[d][2] - before[d][2] for d in after}
    busy = {d: after[d][3] - before[d][3] for d in after}
    print("large   %s: %d connections x %d statements at once in %.1f s: median %.0f ms a statement, "
          "%.2f GB/s of input in all; service CPU %.0f%% of one core"
          % (label, n, reps, t1 - t0, med([r[1] for r in results]),
             len(results) * 64 * 2 ** 20 * 8 / (t1 - t0) / 1e9, 100.0 * (j1 - j0) / HZ / (t1 - t0)))
    for d in sorted(req):
        print("large   %s: GPU %d: %d chunks, busy %.0f%% of the time"
              % (label, d, req[d], 100 * busy[d] / ((t1 - t0) * 1000)))
    T.check(all(r[0] == "t" for r in results), "%s: %d 64M statements at once: all exact" % (label, len(results)))


def set_gpu_fault(c, dev):
    """gpuscan.inject_gpu_fault server-wide (None: reset), reloaded."""
    if dev is None:
        c.query("ALTER SYSTEM RESET gpuscan.inject_gpu_fault")
    else:
        c.query("ALTER SYSTEM SET gpuscan.inject_gpu_fault = %d" % dev)
    c.query("SELECT pg_reload_conf()")
    time.sleep(1.0)  # the service reloads between jobs


def fail(nclients, seconds, ngpus):
    """One GPU failing while connections scan."""
    bad = ngpus - 1
    c = Connection()
    before = gpus_seen(c)
    stats, lock = new_stats(), threading.Lock()
    t_start = now()
    ths = clients_run(nclients, seconds, "gpu", stats, lock)
    time.sleep(min(2.0, seconds / 4))
    t_fault = now()
    set_gpu_fault(c, bad)
    for th in ths:
        th.join()
    mid = gpus_seen(c)
    errs = stats["errors"]
    print("fail    GPU %d failing from %.1f s of %d s: %d statements, %d right, %d wrong, %d errors"
          % (bad, t_fault - t_start, seconds, stats["calls"], stats["right"], stats["wrong"], len(errs)))
    for e in errs[:6]:
        print("        at %.1f s: ERROR %s: %s" % (e[0] - t_start, e[1], e[2]))
    print("fail    gpuscan_service(): " + "; ".join("GPU %d %s%s, %d requests, %d errors"
                                                    % (d, v[0], " (%s)" % v[1] if v[1] else "", v[2], v[4])
                                                    for d, v in sorted(mid.items())))
    T.check(stats["wrong"] == 0, "one GPU failing: no wrong result (%d right)" % stats["right"])
    T.check(len(errs) > 0, "one GPU failing: the injected fault was hit (%d errors)" % len(errs))
    T.check(all(e[1] == "58000" and ("GPU %d" % bad) in e[2] for e in errs),
            "one GPU failing: every error is 58000 naming GPU %d" % bad)
    last_err = max((e[0] for e in errs), default=t_fault)
    T.check(t_start + seconds - last_err > seconds / 3 and stats["right"] > 0,
            "one GPU failing: the others serve on without an error (last error %.1f s after the fault)"
            % (last_err - t_fault))
    T.check(mid[bad][0] == "out of service" and all(mid[d][0] == "ready" for d in mid if d != bad),
            "one GPU failing: GPU %d out of service, the others ready" % bad)
    if ngpus > 1:
        served = {d: mid[d][2] - before[d][2] for d in mid}
        T.check(all(served[d] > 0 for d in served if d != bad),
                "one GPU failing: the other GPUs ran requests (%s)"
                % ", ".join("GPU %d %d" % (d, served[d]) for d in sorted(served)))
    # auto too, while it is out
    k = connect("auto")
    ok = all(k.value(Q % i) == "t" for i in range(1, ROWS + 1))
    k.close()
    T.check(ok, "one GPU out of service: auto calls exact")
    # back
    set_gpu_fault(c, None)
    back = gpus_seen(c)
    T.check(all(v[0] == "ready" for v in back.values()),
            "reload: every GPU back in service (%s)" % ", ".join("GPU %d %s" % (d, v[0]) for d, v in sorted(back.items())))
    c.close()
    spread(nclients, max(seconds // 3, 3), "after the reload")


def resets(rounds):
    """Faults a session injects itself (gpuscan.inject_fault = cuda_error), so
    each GPU is started afresh again and again: each call an ERROR, then
    every call right, no spurious error on any GPU, none taken out."""
    c = connect("gpu")
    before = gpus_seen(c)
    c.query("SET gpuscan.inject_fault = cuda_error")
    errs = []
    for i in range(rounds):
        try:
            c.value(Q % (9 + i % 8))
            errs.append("no error")
        except SqlError as e:
            errs.append(e.sqlstate)
    c.query("RESET gpuscan.inject_fault")
    after = gpus_seen(c)
    hit = {d: after[d][4] - before[d][4] for d in after}
    T.check(all(e == "58000" for e in errs), "%d injected CUDA errors: each ERROR 58000 (errors per GPU: %s)"
            % (rounds, ", ".join("GPU %d %d" % (d, hit[d]) for d in sorted(hit))))
    bad = []
    for i in range(4 * rounds):
        try:
            if c.value(Q % (1 + i % ROWS)) != "t":
                bad.append("wrong")
        except SqlError as e:
            bad.append(str(e))
    print("resets  after them: %d calls, %d not right%s" % (4 * rounds, len(bad), (": " + bad[0]) if bad else ""))
    T.check(not bad, "after the GPUs were started afresh: %d calls right, no error" % (4 * rounds))
    T.check(all(v[0] == "ready" for v in gpus_seen(c).values()),
            "faults a session asked for take no GPU out of service")
    c.close()


def allout(nclients, seconds):
    """Every GPU failing (one-GPU service): gpu errors, auto on the CPU."""
    c = Connection()
    set_gpu_fault(c, 0)
    stats, lock = new_stats(), threading.Lock()
    for th in clients_run(nclients, seconds, "gpu", stats, lock):
        th.join()
    st = gpus_seen(c)
    svc = c.query("SELECT state, message FROM gpuscan_service() LIMIT 1")[0]
    print("allout  %d statements, %d right, %d wrong, %d errors; service: %s" %
          (stats["calls"], stats["right"], stats["wrong"], len(stats["errors"]),
           "; ".join("GPU %d %s (%s)" % (d, v[0], v[1]) for d, v in sorted(st.items()))))
    msgs = sorted(set(e[2] for e in stats["errors"]))
    for m in msgs[:6]:
        print("        ERROR: %s" % m)
    T.check(stats["wrong"] == 0 and len(stats["errors"]) > 0, "every GPU failing: no wrong result, errors")
    T.check(all(e[1] in ("58000", "55000") for e in stats["errors"]),
            "every GPU failing: each error 58000 or 55000 (%s)" % ", ".join(sorted(set(e[1] for e in stats["errors"]))))
    T.check(all(v[0] == "out of service" for v in st.values()), "every GPU failing: each out of service")
    k = connect("auto")
    ok = all(k.value(Q % i) == "t" for i in range(1, ROWS + 1))
    reason = k.value("SELECT coalesce(fallback_reason, engine_reason, '') FROM gpuscan_last_run()")
    k.close()
    print("allout  auto: the last call's reason: %s" % reason)
    T.check(ok, "every GPU out of service: auto calls exact (on the CPU)")
    set_gpu_fault(c, None)
    back = gpus_seen(c)
    T.check(all(v[0] == "ready" for v in back.values()), "reload: the GPU back in service")
    c.close()
    spread(nclients, max(seconds // 2, 3), "after the reload")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parts", default="setup,devices,spread,large,fail")
    ap.add_argument("--gpus", type=int, required=True)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=int, default=15)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--label", default="all GPUs")
    ap.add_argument("--no-big", action="store_true", help="setup without the 64M row")
    args = ap.parse_args()
    parts = args.parts.split(",")
    if "setup" in parts:
        setup(not args.no_big)
    if "devices" in parts:
        devices(args.gpus)
    if "spread" in parts:
        spread(args.clients, args.seconds, args.label)
    if "large" in parts:
        large(args.clients, args.reps, args.label)
    if "fail" in parts:
        fail(args.clients, args.seconds, args.gpus)
    if "resets" in parts:
        resets(20)
    if "allout" in parts:
        allout(args.clients, args.seconds)
    T.summary()


if __name__ == "__main__":
    main()
