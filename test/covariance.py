#!/usr/bin/env python3
"""test/covariance.py: the exact covariances, correlations and regression
lines against an independent exact reference (Python's fractions), over the
whole range of double precision and of bigint.

The reference (co_ref below), over the pairs with neither value NULL: NULL
with no pair (covar_samp: below two); then NaN when a NaN or an infinity is
among them; then, with Nc = n Sxy - Sx Sy, Nx = n Sxx - Sx^2 and Ny = n Syy
- Sy^2 over exact fractions: covar_pop Nc / n^2, covar_samp Nc / (n (n -
1)), corr Nc / sqrt(Nx Ny) (NULL when Nx or Ny is 0), regr_slope Nc / Nx,
regr_intercept (Sy - slope Sx) / n, regr_r2 Nc^2 / (Nx Ny) (NULL when Nx is
0, 1 when Ny is), regr_sxx Nx / n, regr_syy Ny / n, regr_sxy Nc / n (the
regr_* NULL when Nx is 0), each rounded once (half to even: Python's int
division), OverflowError beyond double precision.  test/spread.py's
rounding functions are shared; the extension is never asked for a
reference value.

1. The core (core/comoments.h) through test/engine/comoments_test --cases:
   random sets of pairs from hostile generators (spread.py's values, and
   64-bit integers), some pairs added and removed again, every result
   compared bit for bit.
2. The aggregates through a running server (test/pgclient.py): the nine
   aggregates over VALUES lists of such pairs (double precision, and
   bigint: exact past 2^53), moving frames over a table with NULLs, NaN
   and huge values (each row against the reference of its frame), and the
   overflow error's SQLSTATE.

Usage: python3 test/covariance.py [--seed S] [--cases N] [--no-server]
Ends with "N passed, N failed"; exit status 1 on any failure.
"""
import argparse
import math
import os
import random
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spread import bits, from_bits, rand_value, round_ratio, sql_literal, sqrt_ratio  # noqa: E402
from tally import Tally  # noqa: E402

# the results, in core/comoments.h's order (GS_CO_*)
RESULTS = ["covar_pop", "covar_samp", "corr", "regr_slope", "regr_intercept",
           "regr_r2", "regr_sxx", "regr_syy", "regr_sxy"]


def is_special(v):
    """A NaN or an infinity (integers never are)."""
    return isinstance(v, float) and (math.isnan(v) or math.isinf(v))


def ratio(num, den, root=False):
    """The exact num / den (den > 0; root: the square root of it, num >= 0)
    rounded once, as ('value', float) or ('overflow',)."""
    neg = num < 0
    p, q = abs(num.numerator) * den.denominator, num.denominator * den.numerator
    try:
        r = sqrt_ratio(p, q, False) if root else round_ratio(p, q, False)
    except OverflowError:
        return ("overflow",)
    if math.isinf(r):
        return ("overflow",)
    return ("value", -r if neg else r)


def co_ref(pairs, name):
    """The reference: ('null',), ('nan',), ('overflow',) or ('value', float)."""
    pairs = [(y, x) for y, x in pairs if y is not None and x is not None]
    n = len(pairs)
    if n < (2 if name == "covar_samp" else 1):
        return ("null",)
    if any(is_special(y) or is_special(x) for y, x in pairs):
        return ("nan",)
    fy = [Fraction(y) for y, _ in pairs]
    fx = [Fraction(x) for _, x in pairs]
    sx, sy = sum(fx), sum(fy)
    nc = n * sum(a * b for a, b in zip(fx, fy)) - sx * sy
    nx = n * sum(a * a for a in fx) - sx * sx
    ny = n * sum(b * b for b in fy) - sy * sy
    if name == "covar_pop":
        return ratio(nc, Fraction(n * n))
    if name == "covar_samp":
        return ratio(nc, Fraction(n * (n - 1)))
    if name in ("regr_sxx", "regr_syy", "regr_sxy"):
        return ratio({"regr_sxx": nx, "regr_syy": ny, "regr_sxy": nc}[name], Fraction(n))
    if nx == 0:
        return ("null",)
    if name == "corr":
        if ny == 0:
            return ("null",)
        r = ratio(nc * nc, nx * ny, root=True)
        return ("value", -r[1]) if nc < 0 and r[0] == "value" else r
    if name == "regr_r2":
        return ("value", 1.0) if ny == 0 else ratio(nc * nc, nx * ny)
    if name == "regr_slope":
        return ratio(nc, nx)
    return ratio(sy * nx - nc * sx, n * nx)       # regr_intercept


def rand_int(rng):
    """A bigint from a hostile generator: anywhere, near 2^53, the limits."""
    k = rng.randrange(4)
    if k == 0:
        return rng.randrange(-(1 << 63), 1 << 63)
    if k == 1:
        return (1 << 53) + rng.randrange(-5, 6)
    if k == 2:
        return rng.choice([-(1 << 63), (1 << 63) - 1, 0, 1, -1])
    return rng.randrange(-1000, 1000)


def rand_pairs(rng, ints=False):
    """Pairs (y, x) from a generator, and pairs to add and remove again."""
    mix = rng.randrange(10)
    n = rng.choice([1, 2, 2, 3, 5, 10, 40, 200])

    def val():
        if ints:
            return rand_int(rng)
        return rand_value(rng, mix if mix < 9 and rng.random() < 0.8 else rng.randrange(9))
    pairs = []
    for _ in range(n):
        x = val()
        r = rng.random()
        # y: independent, equal to x, its negative, or an affine image
        y = val() if r < 0.6 else x if r < 0.7 else -x if r < 0.8 and x != -(1 << 63) else (
            (2 * x + 1) if ints and abs(x) < (1 << 61) else x * 0.5 - 3.0 if not ints else x)
        pairs.append((y, x))
    if not ints and mix != 7 and rng.random() < 0.9:
        pairs = [(y, x) for y, x in pairs if not (is_special(y) or is_special(x))] or [(1.0, 2.0)]
    extra = [(val(), val()) for _ in range(rng.randrange(4))]
    return pairs, extra


def fixed_sets():
    """Hand-picked pairs: ties, the exact path, the rules."""
    a = 100000001.0
    return [
        ([(0.0, 0.0), (a, a)], []),                       # a covariance on a tie
        ([(0.1, 0.1), (0.7, 0.7), (1e-3, 1e-3)], []),     # corr 1
        ([(-0.1, 0.1), (-0.7, 0.7), (-1e-3, 1e-3)], []),  # corr -1
        ([(1.0, 2.0), (5.0, 2.0), (9.0, 2.0)], []),       # constant x
        ([(2.0, 1.0), (2.0, 5.0), (2.0, 9.0)], []),       # constant y
        ([(-1e300, -1e300), (1e300, 1e300)], []),         # covariance overflow
        ([(-1e300, 0.0), (1e300, 5e-324)], []),           # slope overflow
        ([(1e8 + 0.01, 1e8), (1e8 + 0.02, 1e8 + 0.01), (1e8, 1e8 + 0.02)], [(3e15, -1e6)]),
        ([(5e-324, 1.5e-323), (1.5e-323, 5e-324)], []),
        ([(2.0 ** 1023, 2.0 ** -1074), (-(2.0 ** 1023), 1.0)], []),
        ([(float(1 << 53), 1.0), (-1.0, float(1 << 53))], []),
        ([(0.0, float(1 << 53)), (1.0, 1.0)], []),          # slope -1/(2^53 - 1): negative, just past a tie
        ([(0, 1 << 53), (1, 1)], []),
        ([((1 << 53) + 1, (1 << 53) + 1), ((1 << 53) + 3, (1 << 53) + 7), (1, 2)], []),
        ([((1 << 63) - 1, -(1 << 63)), (-(1 << 63), (1 << 63) - 1)], []),
    ]


def pair_text(y, x):
    """A pair for comoments_test --cases."""
    def one(v):
        return ("i%d" % v) if isinstance(v, int) else ("%x" % bits(v))
    return one(y) + "," + one(x)


def same(got, want):
    """Do a result and the reference agree, bit for bit?"""
    return got[0] == want[0] and (got[0] != "value" or bits(got[1]) == bits(want[1]))


def core_tests(t, rng, ncases, binary):
    """Part 1: the core through comoments_test --cases."""
    sets = fixed_sets() + [rand_pairs(rng, ints=rng.random() < 0.2) for _ in range(ncases)]
    cases, lines = [], []
    for pairs, extra in sets:
        for what, name in enumerate(RESULTS):
            cases.append((pairs, name))
            lines.append("%d %s ; %s" % (what, " ".join(pair_text(y, x) for y, x in pairs + extra),
                                         " ".join(pair_text(y, x) for y, x in extra)))
    out = subprocess.run([binary, "--cases"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    bad = 0
    for (pairs, name), line in zip(cases, out):
        st, b = line.split()
        got = {"0": ("value", from_bits(int(b, 16))), "1": ("null",), "2": ("overflow",)}[st]
        if got[0] == "value" and math.isnan(got[1]):
            got = ("nan",)
        want = co_ref(pairs, name)
        if same(got, want):
            t.ok()
        else:
            bad += 1
            t.fail("core %s of %d pairs (%s...): got %s, want %s" % (
                name, len(pairs), ", ".join(repr(p) for p in pairs[:3]), got, want))
    t.check(bad == 0, "core: %d results (%d sets of pairs, %d results each) bit for bit" %
            (len(cases), len(sets), len(RESULTS)))


def sql_value(v, ints):
    """A value as an SQL literal of the pairs' type."""
    if v is None:
        return "NULL"
    return ("'%d'::bigint" % v) if ints else sql_literal(v)


def fetch(conn, sql):
    """A double precision result (as float8send text): ('value', x),
    ('null',), ('nan',), ('overflow',) for 22003, or ('error', ...)."""
    from pgclient import SqlError
    try:
        r = conn.value(sql)
    except SqlError as e:
        return ("overflow",) if e.sqlstate == "22003" else ("error", e.sqlstate, e.message)
    if r is None:
        return ("null",)
    x = from_bits(int(r[2:], 16))
    return ("nan",) if math.isnan(x) else ("value", x)


def server_tests(t, rng, ncases):
    """Part 2: the aggregates through a server."""
    from pgclient import Connection
    conn = Connection()
    bad = 0
    sets = fixed_sets() + [rand_pairs(rng, ints=rng.random() < 0.25) for _ in range(ncases)]
    for pairs, _ in sets:
        ints = all(isinstance(v, int) for p in pairs for v in p)
        values = ", ".join("(%s, %s)" % (sql_value(y, ints), sql_value(x, ints)) for y, x in pairs)
        for name in RESULTS:
            want = co_ref(pairs, name)
            got = fetch(conn, "SELECT float8send(exact_%s(y, x)) FROM (VALUES %s) v(y, x)" % (name, values))
            if same(got, want):
                t.ok()
            else:
                bad += 1
                t.fail("exact_%s of %d pairs%s (%s...): got %s, want %s" % (
                    name, len(pairs), " (bigint)" if ints else "",
                    ", ".join(repr(p) for p in pairs[:3]), got, want))
    t.check(bad == 0, "aggregates: %d sets of pairs (double precision, bigint), %d aggregates each, bit for bit"
            % (len(sets), len(RESULTS)))
    # moving frames over rows with NULLs, NaN and huge values: each row against its frame
    rows = []
    for i in range(400):
        r = rng.random()
        x = rand_value(rng, rng.choice([1, 1, 2, 5]))
        y = (None if r < 0.04 else math.nan if r < 0.05 else 1e15 if r < 0.07 else -3e150 if r < 0.08
             else x * 0.75 + rand_value(rng, rng.choice([1, 2, 5])))
        rows.append((y, None if rng.random() < 0.04 else x))
    conn.query("CREATE TEMP TABLE co_rows (t int, y float8, x float8)")
    conn.query("INSERT INTO co_rows VALUES " + ", ".join(
        "(%d, %s, %s)" % (i, sql_value(y, False), sql_value(x, False)) for i, (y, x) in enumerate(rows)))
    bad = nres = 0
    for a, b in [(0, 0), (1, 0), (9, 0), (59, 0), (5, 5), (30, -3), (-2, 20), (None, 0)]:
        lo = "UNBOUNDED PRECEDING" if a is None else (
            "%d PRECEDING" % a if a >= 0 else "%d FOLLOWING" % -a)
        hi = "%d FOLLOWING" % b if b >= 0 else "%d PRECEDING" % -b
        got_rows = conn.query(
            "SELECT t, " + ", ".join("float8send(exact_%s(y, x) OVER w)" % n for n in RESULTS) +
            " FROM co_rows WINDOW w AS (ORDER BY t ROWS BETWEEN %s AND %s) ORDER BY t" % (lo, hi))
        for row in got_rows:
            i = int(row[0])
            start = 0 if a is None else max(0, i - a)
            frame = rows[start:max(start, min(len(rows), i + b + 1))]
            for name, r in zip(RESULTS, row[1:]):
                nres += 1
                want = co_ref(frame, name)
                got = ("null",) if r is None else ("value", from_bits(int(r[2:], 16)))
                if got[0] == "value" and math.isnan(got[1]):
                    got = ("nan",)
                if want[0] == "overflow":
                    want = ("any",)       # the statement's error: checked below
                if want[0] == "any" or same(got, want):
                    t.ok()
                else:
                    bad += 1
                    t.fail("exact_%s OVER (ROWS BETWEEN %s AND %s) at row %d: got %s, want %s" %
                           (name, lo, hi, i, got, want))
    t.check(bad == 0, "moving frames: %d results, each against its frame's reference" % nres)
    # an overflowing frame is the statement's error 22003
    got = fetch(conn, "SELECT float8send(max(v)) FROM (SELECT exact_covar_pop(y, x) OVER (ORDER BY t ROWS 1 PRECEDING) AS v "
                      "FROM (VALUES (1, -1e300::float8, -1e300::float8), (2, 1e300, 1e300)) v(t, y, x)) q")
    t.check(got == ("overflow",), "an overflowing frame: ERROR 22003 (%s)" % (got,))
    conn.close()


def main():
    """Run the parts; print the tally."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--no-server", action="store_true")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print("seed %d" % seed)
    rng = random.Random(seed)
    t = Tally(max_fail_lines=50)
    here = os.path.dirname(os.path.abspath(__file__))
    core_tests(t, rng, args.cases, os.path.join(here, "engine", "comoments_test"))
    if not args.no_server:
        server_tests(t, rng, max(50, args.cases // 10))
    return t.summary()


if __name__ == "__main__":
    sys.exit(main())
