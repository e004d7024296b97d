#!/usr/bin/env python3
"""test/spread.py: the exact variances and standard deviations against an
independent exact reference (Python's fractions), over the whole range of
double precision.

The reference (var_ref below): over the non-NULL values, NULL below two
values for the sample forms and with none for the population forms; then
NaN when a NaN or an infinity is in; else, with N = n S2 - S1^2 over exact
fractions, the variance N / (n (n - 1)) or N / n^2 rounded once (Python's
int division, correctly rounded, half to even), OverflowError beyond
double precision; the standard deviation the exact square root of that
exact variance rounded once (an integer square root with enough bits and
a sticky bit).  The extension is never asked for a reference value.

1. The core (core/moments.h) through test/engine/moments_test --cases:
   random multisets from hostile generators (the whole exponent range,
   subnormals, the largest values, prices, full mantissas near 1, equal
   values, values whose variance is next to a rounding tie), added and some
   removed again, every result (four kinds, double and float) compared bit
   for bit.
2. The aggregates through a running server (test/pgclient.py; PGHOST,
   PGPORT, PGUSER, PGDATABASE from the environment): the six aggregates over
   VALUES lists of such values, and moving frames (ROWS BETWEEN a PRECEDING
   AND b FOLLOWING over a table with NULLs, NaN and huge values), each row
   against the reference of its frame; the overflow error's SQLSTATE.
3. The scans (gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd) through the
   server: rows of hostile values with NULLs (up to 9,000: several of the
   CPU engine's blocks), double precision, real and integers, windows from
   1 to 1,000 and running, on arrays (the CPU's loops and, with
   gpuscan.cpu_simd = off, the portable ones) and over table rows (blocks
   of rows, partitions), every position against the reference of its
   window.

Usage: python3 test/spread.py [--seed S] [--cases N] [--no-server]
Ends with "N passed, N failed"; exit status 1 on any failure.
"""
import argparse
import math
import os
import random
import struct
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tally import Tally  # noqa: E402

SAMPLE, ROOT, FLOAT = 1, 2, 4
NAMES = {0: "var_pop", SAMPLE: "var_samp", ROOT: "stddev_pop", SAMPLE | ROOT: "stddev_samp"}


def bits(x):
    """A double's bits."""
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(u):
    """The double of bits u."""
    return struct.unpack("<d", struct.pack("<Q", u))[0]


def to_float32(x):
    """x (a double) rounded to binary32, as a double; OverflowError beyond it."""
    f = struct.unpack("<f", struct.pack("<f", x))[0]
    if math.isinf(f) and not math.isinf(x):
        raise OverflowError
    return f


def round_ratio(p, q, f4):
    """p / q (p >= 0, q > 0 integers) rounded to double (f4: binary32), half
    to even; OverflowError beyond the format."""
    if not f4:
        return p / q
    if p == 0:
        return 0.0
    e = p.bit_length() - q.bit_length()
    if (p << max(0, -e)) < (q << max(0, e)):
        e -= 1                          # 2^e <= p / q < 2^(e + 1)
    u = max(e - 23, -149)               # the unit of the last place
    num, den = (p, q << u) if u >= 0 else (p << -u, q)
    n, rem = divmod(num, den)
    if 2 * rem > den or (2 * rem == den and n & 1):
        n += 1
    if n * 2.0 ** u >= 2.0 ** 128:
        raise OverflowError
    return math.ldexp(n, u)


def sqrt_ratio(p, q, f4):
    """sqrt(p / q) rounded once (p >= 0, q > 0)."""
    if p == 0:
        return 0.0
    k = (130 - (p.bit_length() - q.bit_length())) // 2
    num, den = (p << (2 * k), q) if k >= 0 else (p, q << (-2 * k))
    x = num // den
    r = math.isqrt(x)
    exact = r * r == x and x * den == num
    m, s = (2 * r, 1) if exact else (2 * r + 1, 1)
    # sqrt = (m / 2) * 2^-k, strictly between r and r + 1 when not exact
    tot_p, tot_q = (m, 2 << k) if k >= 0 else (m << -k, 2)
    return round_ratio(tot_p, tot_q, f4)


def rounded(v, what):
    """An exact nonnegative variance v (a Fraction) rounded once, or its
    root: ('value', float) or ('overflow',)."""
    try:
        if what & ROOT:
            r = sqrt_ratio(v.numerator, v.denominator, what & FLOAT)
        else:
            r = round_ratio(v.numerator, v.denominator, what & FLOAT)
            if what & FLOAT:
                r = to_float32(r)
    except OverflowError:
        return ("overflow",)
    if math.isinf(r):
        return ("overflow",)
    return ("value", r)


def var_ref(xs, what):
    """The reference: ('null',), ('nan',), ('overflow',) or ('value', float)."""
    vals = [x for x in xs if x is not None]
    n = len(vals)
    if n < (2 if what & SAMPLE else 1):
        return ("null",)
    if any(math.isnan(x) or math.isinf(x) for x in vals):
        return ("nan",)
    s1 = sum(Fraction(x) for x in vals)
    s2 = sum(Fraction(x) ** 2 for x in vals)
    num = n * s2 - s1 * s1
    den = n * (n - 1) if what & SAMPLE else n * n
    return rounded(num / den, what)


def rand_value(rng, kind):
    """A value from a hostile generator."""
    if kind == 0:
        u = rng.getrandbits(63)
        if (u >> 52) == 0x7ff:
            u &= ~(1 << 62)
        x = from_bits(u)
        return -x if rng.random() < 0.5 else x
    if kind == 1:
        return rng.randrange(-1000000, 1000000) / 100
    if kind == 2:
        return 1 + rng.random() * 1e-3
    if kind == 3:
        return rng.choice([1e300, -1e300, 1e-300, -1e-300, 1.7976931348623157e308]) * (0.5 + rng.random())
    if kind == 4:
        return from_bits(rng.getrandbits(52)) * rng.choice([1, -1])
    if kind == 5:
        return float(rng.randrange(-3, 4))
    if kind == 6:
        return rng.choice([0.1, 1e6, -1e6, 2.0 ** 53, -1.0, 0x14000000000001, 0.0, -0.0])
    if kind == 7:
        return rng.choice([math.nan, math.inf, -math.inf, 1.0])
    return math.ldexp(rng.getrandbits(53) | 1, rng.randrange(-1126, 971))


def rand_set(rng):
    """A multiset of values (and the ones of it to remove again)."""
    mix = rng.randrange(10)
    n = rng.choice([1, 2, 2, 3, 5, 10, 40, 200])
    vals = [rand_value(rng, mix if mix < 9 and rng.random() < 0.8 else rng.randrange(9))
            for _ in range(n)]
    if mix != 7 and rng.random() < 0.9:
        vals = [v for v in vals if not (math.isnan(v) or math.isinf(v))] or [1.0]
    extra = [rand_value(rng, rng.randrange(9)) for _ in range(rng.randrange(4))]
    return vals, extra


def fixed_sets():
    """Hand-picked multisets: ties, the exact path, the rules."""
    d = float(0x14000000000001)
    return [
        ([2.0 ** 53, -1.0], []), ([0.0, d], []), ([0.1] * 3, []), ([5.0], []),
        ([-1e308, 1e308], []), ([-1.7976931348623157e308, 1.7976931348623157e308], []),
        ([5e-324, 1.5e-323], []), ([1e300, 3e300], []), ([0.1] * 1000, [1e6, -1e6, 3e15]),
        ([1.0, 2.0, 4.0, 7.0], []), ([-0.0, -0.0], []), ([2.0 ** 1023, 2.0 ** -1074], []),
    ]


def core_tests(t, rng, ncases, binary):
    """Part 1: the core through moments_test --cases."""
    cases = []
    for vals, extra in fixed_sets() + [rand_set(rng) for _ in range(ncases)]:
        for what in range(8):
            cases.append((vals, extra, what))
    lines = []
    for vals, extra, what in cases:
        # the extra values are added, then removed again
        add = vals + extra
        lines.append("%d %s ; %s" % (what, " ".join("%x" % bits(v) for v in add),
                                     " ".join("%x" % bits(v) for v in extra)))
    out = subprocess.run([binary, "--cases"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    bad = 0
    for (vals, extra, what), line in zip(cases, out):
        st, b = line.split()
        got = {"0": ("value", from_bits(int(b, 16))), "1": ("null",), "2": ("overflow",)}[st]
        want = var_ref(vals, what)
        if got[0] == "value" and math.isnan(got[1]):
            got = ("nan",)
        same = got[0] == want[0] and (got[0] != "value" or bits(got[1]) == bits(want[1]))
        if same:
            t.ok()
        else:
            bad += 1
            t.fail("core %s%s of %d values (%s...): got %s, want %s" % (
                NAMES[what & 3], " float" if what & FLOAT else "", len(vals),
                ", ".join(repr(v) for v in vals[:4]), got, want))
    t.check(bad == 0, "core: %d results (%d multisets, 8 kinds each) bit for bit" %
            (len(cases), len(cases) // 8))


def sql_literal(x):
    """A double as an exact SQL literal."""
    if math.isnan(x):
        return "'NaN'::float8"
    if math.isinf(x):
        return "'%sInfinity'::float8" % ("-" if x < 0 else "")
    return "'%r'::float8" % x


def server_tests(t, rng, ncases):
    """Part 2: the aggregates through a server."""
    from pgclient import Connection, SqlError
    conn = Connection()
    aggs = [("exact_var_samp", SAMPLE), ("exact_var_pop", 0), ("exact_stddev_samp", SAMPLE | ROOT),
            ("exact_stddev_pop", ROOT), ("exact_variance", SAMPLE), ("exact_stddev", SAMPLE | ROOT)]
    bad = 0
    sets = fixed_sets() + [rand_set(rng) for _ in range(ncases)]
    for vals, _ in sets:
        values = ", ".join("(%s)" % sql_literal(v) for v in vals)
        for name, what in aggs:
            want = var_ref(vals, what)
            try:
                r = conn.value("SELECT float8send(%s(x)) FROM (VALUES %s) v(x)" % (name, values))
                got = ("null",) if r is None else ("value", from_bits(int(r[2:], 16)))
                if got[0] == "value" and math.isnan(got[1]):
                    got = ("nan",)
            except SqlError as e:
                got = ("overflow",) if e.sqlstate == "22003" else ("error", e.sqlstate, e.message)
            if got[0] == want[0] and (got[0] != "value" or bits(got[1]) == bits(want[1])):
                t.ok()
            else:
                bad += 1
                t.fail("%s of %d values (%s...): got %s, want %s" % (
                    name, len(vals), ", ".join(repr(v) for v in vals[:4]), got, want))
    t.check(bad == 0, "aggregates: %d multisets, 6 aggregates each, bit for bit" % len(sets))
    # moving frames: each row against the reference of its frame
    rows = []
    for i in range(400):
        r = rng.random()
        rows.append(None if r < 0.05 else math.nan if r < 0.06 else 1e15 if r < 0.08
                    else -1e150 if r < 0.09 else rand_value(rng, rng.choice([1, 1, 2, 4, 5])))
    conn.query("CREATE TEMP TABLE spread_rows (t int, x float8)")
    conn.query("INSERT INTO spread_rows VALUES " + ", ".join(
        "(%d, %s)" % (i, "NULL" if v is None else sql_literal(v)) for i, v in enumerate(rows)))
    bad = nrows = 0
    for a, b in [(0, 0), (1, 0), (9, 0), (99, 0), (5, 5), (30, -3), (-2, 20), (None, 0)]:
        lo = "UNBOUNDED PRECEDING" if a is None else (
            "%d PRECEDING" % a if a >= 0 else "%d FOLLOWING" % -a)
        hi = "%d FOLLOWING" % b if b >= 0 else "%d PRECEDING" % -b
        got_rows = conn.query(
            "SELECT t, " + ", ".join("float8send(%s(x) OVER w)" % n for n, _ in aggs[:4]) +
            " FROM spread_rows WINDOW w AS (ORDER BY t ROWS BETWEEN %s AND %s) ORDER BY t" % (lo, hi))
        for row in got_rows:
            i = int(row[0])
            start = 0 if a is None else max(0, i - a)
            frame = rows[start:max(start, min(len(rows), i + b + 1))]
            for (name, what), r in zip(aggs[:4], row[1:]):
                nrows += 1
                want = var_ref(frame, what)
                got = ("null",) if r is None else ("value", from_bits(int(r[2:], 16)))
                if got[0] == "value" and math.isnan(got[1]):
                    got = ("nan",)
                if got[0] == want[0] and (got[0] != "value" or bits(got[1]) == bits(want[1])):
                    t.ok()
                else:
                    bad += 1
                    t.fail("%s OVER (ROWS BETWEEN %s AND %s) at row %d: got %s, want %s" %
                           (name, lo, hi, i, got, want))
    t.check(bad == 0, "moving frames: %d results, each against its frame's reference" % nrows)
    conn.close()


SCALE = 1074                            # every double is an integer times 2^-1074


def sums_ref(n, s1, s2, special, what):
    """The reference from a window's count n, exact sums s1 (units 2^-1074)
    and s2 (of the squares, units 2^-2148), and whether a NaN or an
    infinity is in: as var_ref."""
    if n < 2:
        return ("null",)
    if special:
        return ("nan",)
    return rounded(Fraction(n * s2 - s1 * s1, n * (n - 1) << (2 * SCALE)), what)


def scan_ref(vals, window, what):
    """The reference of a moving (window) or running (None) variance scan
    of one row: a list of results, or ("overflow",) for the whole call."""
    out = []
    n = s1 = s2 = special = 0
    for i, x in enumerate(vals):
        for y, sign in ((x, 1), (vals[i - window] if window and i >= window else None, -1)):
            if y is None:
                continue
            n += sign
            if math.isnan(y) or math.isinf(y):
                special += sign
            else:
                v = int(Fraction(y) * (1 << SCALE))
                s1 += sign * v
                s2 += sign * v * v
        if x is None:
            out.append(("null",))
            continue
        r = sums_ref(n, s1, s2, special > 0, what)
        if r[0] == "overflow":
            return r
        out.append(r)
    return out


def scan_values(rng, kind, n):
    """A row for the scans: hostile doubles (kind 0), prices with rare huge
    values and NULLs (1), values near the limits (2), integers (3)."""
    vals = []
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            vals.append(None)
        elif kind == 0:
            vals.append(rand_value(rng, rng.randrange(9)))
        elif kind == 1:
            vals.append(1e15 if r < 0.035 else -3e15 if r < 0.04 else rand_value(rng, 1))
        elif kind == 2:
            vals.append(rand_value(rng, rng.choice([3, 4, 8])))
        else:
            vals.append(float(rng.choice([rng.randrange(-100, 100), rng.randrange(-2 ** 31, 2 ** 31)])))
    return vals


def scan_tests(t, rng):
    """Part 3: gpu_movvar, gpu_movstd, gpu_cumvar, gpu_cumstd on arrays and
    over rows through a server, each position against its window's
    reference."""
    from pgclient import Connection, SqlError
    conn = Connection()
    funcs = [("gpu_movvar", SAMPLE), ("gpu_movstd", SAMPLE | ROOT),
             ("gpu_cumvar", SAMPLE), ("gpu_cumstd", SAMPLE | ROOT)]
    bad = npos = 0

    def compare(label, got, want):
        nonlocal bad, npos
        if want and want[0] == "overflow":
            ok = got == "22003"
        else:
            ok = isinstance(got, list) and len(got) == len(want) and all(
                g[0] == w[0] and (g[0] != "value" or bits(g[1]) == bits(w[1]))
                for g, w in zip(got, want))
        npos += len(want) if isinstance(want, list) else 1
        if ok:
            t.ok()
        else:
            bad += 1
            first = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), None) \
                if isinstance(got, list) and isinstance(want, list) else None
            t.fail("%s: got %s, want %s" % (
                label, got if first is None else (first, got[first]),
                want if first is None or not isinstance(want, list) else want[first]))

    def fetch(sql, f4):
        try:
            rows = conn.query(sql)
        except SqlError as e:
            return e.sqlstate
        res = []
        for (r,) in rows:
            if r is None:
                res.append(("null",))
                continue
            v = struct.unpack(">f", bytes.fromhex(r[2:]))[0] if f4 else from_bits(int(r[2:], 16))
            res.append(("nan",) if math.isnan(v) else ("value", v))
        return res

    cases = [(k, n) for k, n in [(0, 300), (1, 9000), (2, 5000), (3, 3000), (0, 40)]]
    for kind, n in cases:
        vals = scan_values(rng, kind, n)
        for typ in (["float8", "float4"] if kind != 3 else ["float8", "int4", "int8"]):
            f4 = typ == "float4"
            row = [None if v is None else (to_float32_sat(v) if f4 else v) for v in vals]
            if typ.startswith("int"):
                row = [None if v is None else v * (2 ** 31 if typ == "int8" else 1) for v in row]
            lit = "ARRAY[%s]::%s[]" % (", ".join(
                "NULL" if v is None else (str(int(v)) if typ.startswith("int") else sql_literal(v))
                for v in row), typ)
            for w in ([2, 3, 7, 1000] if n > 1000 else [1, 2, 5, 300]):
                for name, what in funcs:
                    if name.startswith("gpu_cum") and w != 2:
                        continue
                    wr = what | (FLOAT if f4 else 0)
                    want = scan_ref(row, w if name.startswith("gpu_mov") else None, wr)
                    arg = "%s, %d" % (lit, w) if name.startswith("gpu_mov") else lit
                    # the loops the CPU has (FMA instructions where it has them), and the portable ones
                    for simd in ("default", "off"):
                        conn.query("SET gpuscan.cpu_simd = %s" % simd)
                        got = fetch("SELECT %s(x) FROM unnest(%s(%s)) x" % (
                            "float4send" if f4 else "float8send", name, arg), f4)
                        compare("%s(%s[%d], kind %d, window %d, cpu_simd %s)" % (
                            name, typ, n, kind, w, simd), got, want)
    conn.query("RESET gpuscan.cpu_simd")
    # over rows: blocks of 4,096 rows carried, partitions
    vals = scan_values(rng, 1, 9000)
    conn.query("CREATE TEMP TABLE spread_scan (g int, t int, x float8)")
    conn.query("INSERT INTO spread_scan VALUES " + ", ".join(
        "(%d, %d, %s)" % (i % 2, i, "NULL" if v is None else sql_literal(v)) for i, v in enumerate(vals)))
    for name, what in funcs:
        for w in ([3, 1000] if name.startswith("gpu_mov") else [None]):
            arg = "x, %d" % w if w else "x"
            got = fetch("SELECT float8send(%s(%s) OVER (ORDER BY t)) FROM spread_scan ORDER BY t" % (name, arg), False)
            compare("%s(%s) OVER (ORDER BY t)" % (name, arg), got, scan_ref(vals, w, what))
            got = fetch("SELECT float8send(%s(%s) OVER (PARTITION BY g ORDER BY t)) FROM spread_scan ORDER BY g, t" % (name, arg), False)
            want = scan_ref(vals[0::2], w, what) + scan_ref(vals[1::2], w, what)
            compare("%s(%s) OVER (PARTITION BY g ORDER BY t)" % (name, arg), got, want)
    t.check(bad == 0, "scans: %d positions on arrays and rows, each against its window's reference" % npos)
    conn.close()


def to_float32_sat(x):
    """x rounded to binary32; beyond its range the largest binary32."""
    try:
        return to_float32(x)
    except OverflowError:
        return math.copysign(3.4028234663852886e38, x)


def main():
    """Run the parts; print the tally."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--no-server", action="store_true")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print("seed %d" % seed)
    rng = random.Random(seed)
    t = Tally(max_fail_lines=50)
    here = os.path.dirname(os.path.abspath(__file__))
    core_tests(t, rng, args.cases, os.path.join(here, "engine", "moments_test"))
    if not args.no_server:
        server_tests(t, rng, max(50, args.cases // 10))
        scan_tests(t, rng)
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
