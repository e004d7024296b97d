#!/usr/bin/env python3
"""test/hostile.py: hostile and odd inputs against an independent exact reference.

What it tests: gpu_cumsum (inclusive and exclusive), gpu_cummax, gpu_cummin,
and the window functions gpu_movsum(arr, window), gpu_movavg(arr, window) and
gpu_cumavg(arr) over smallint, integer, bigint, real and double precision
arrays, through a running server (libpq through test/pgclient.py; PGHOST,
PGPORT, PGUSER, PGDATABASE, PGOPTIONS from the environment), on the engine
that --engine chooses (gpuscan.device).

How: every case is checked against the exact reference of test/reference.py,
an implementation of the README's rules ("Semantics of gpu_cumsum",
"Semantics of gpu_cummax and gpu_cummin"): integers summed exactly with Python ints; floats summed exactly
with fractions.Fraction and rounded once to binary32/binary64 (round half to
even, gradual underflow, overflow an error); NaN and the infinities by IEEE
addition; an exact zero -0 only when every term so far is -0; maxima and
minima in PostgreSQL's order (NaN largest, -0 == 0, the later of equals);
moving sums and means over windows of positions (NULLs counted), each
window's exact sum rounded once (a mean: the exact sum over the count), the
specials by the window's content, bigint and float overflow of a window sum
the error.  The extension is never asked for a reference value.

1. A self-check of the reference (Fraction rounding against Python's own IEEE
   double addition and float32 packing, and the README's examples; the
   window reference against every window summed afresh, against IEEE
   division of exact sums, and over whole rows against the running totals).
2. Fixed cases: the README's examples and hand-picked edges (overflow ties,
   -0, specials, errors in later rows, extreme lower bounds, 6-D); for the
   window functions windows of 1, 2, 7, the row and beyond over every type,
   NULL runs, specials entering and leaving, exact cancellation, means of
   subnormals (ties, -0), huge values (overflow of sums, none of means),
   bigint window sums at the limits, shapes and bounds, NULL and bad windows.
   Then a few long window cases (arrays of 40,000 to 140,000 elements, more
   than the CPU engine's 256 kB window, with windows reaching back beyond
   it: with --stored the values leaving are read from TOAST again).
3. Random cases until --seconds is used up: all types and functions; shapes
   1-D to 6-D with small random dimensions, non-default (negative, extreme)
   lower bounds, one-element rows, empty, NULL and all-NULL arrays, NULL
   densities from none to all; float values from hostile generators (NaN,
   +-Infinity, +-0, subnormals, the largest finite values and neighbours,
   the whole exponent range, exact cancellation, exact rounding ties, random
   bit patterns); integers at their extremes and bigint sums that overflow.
   The window functions take windows of 1, 2, primes, the row length and
   beyond it, random ones, and now and then a NULL window (a NULL result) or
   one below 1 (ERROR 22023); NULLs also come in runs longer than the
   window; values also in pairs that cancel exactly inside a window, huge
   values taken back by their negation among tiny ones (no overflow, the
   widest sums), bigint values near INT64_MAX / m whose window sums cross
   the limits or not (the error's subscript compared).
   Arrays go in as text literals of exact values (shortest repr of the
   double; for real the double equal to the float32, which strtof rounds back
   to it) and come back bit for bit (float4send/float8send in hex, NULLs as
   N), with array_dims() and pg_typeof() of the result.  Errors are caught
   by a pg_temp PL/pgSQL wrapper (EXCEPTION WHEN OTHERS, GET STACKED
   DIAGNOSTICS), so hundreds of cases go in one script; SQLSTATE, message
   and the subscript in the DETAIL are compared with the reference's first
   error.  Each case's engine (gpuscan_last_run()) is checked too: cpu with
   --engine cpu; gpu, or a CPU fallback with its reason, with --engine gpu,
   where the GPU must have run at least once.
   With --stored, every case is stored in a table first (STORAGE EXTERNAL,
   toast_tuple_target 128 and a long plain column beside it: out of line
   from a few elements on) and the
   functions read it from there: the arrays stream from TOAST in slices of
   a random size per batch (gpuscan.toast_slice_bytes, mostly a few bytes:
   slices end inside values), through the same reference; how many cases
   streamed is checked (gpuscan_last_run().input).
4. --size-limit: arrays of 134217727 (2^27-1) elements, PostgreSQL's limit,
   built server-side (array_fill, array concatenation), checked at sampled
   positions against closed forms computed here; the 1 GB limit of a result
   (ERROR 54000) at its exact boundary; arrays of 2^27 elements refused by
   PostgreSQL itself; a moving sum of 2^27-1 ones with a window of 2^24+1,
   and a moving mean whose double precision result is over 1 GB.

Usage: python3 test/hostile.py [--seconds N] [--window-seconds N] [--seed S]
                               [--engine cpu|gpu|auto] [--stored] [--size-limit] [--case K]
The seed is always printed; a failure line ("FAIL seed=S case=K: SQL: what
differed", at most 200 lines, every failure counted) names seed and case,
and --seed S --case K replays that one random case (the window functions'
random cases, for --window-seconds after --seconds, are numbered from
1000000 on).  Ends with "N passed, N failed"; exit status 1 on any failure.
Needs Python 3 (standard library only), libpq, and a server with gpuscan
installed; a throwaway one, as root:

    export GPUSCAN_PORT=54341 GPUSCAN_TMP=/tmp/hostile_check
    . scripts/common.sh; setup_packages && build_install && cluster_start
    python3 test/hostile.py --engine cpu --seconds 5 --size-limit
    cluster_stop

The size-limit part needs about 2.5 GB of server memory at its peak.
"""

import argparse
import math
import os
import random
import re
import struct
import sys
import time
from fractions import Fraction

from pgclient import Connection, SqlError, scan_session
from reference import (F32, F64, INF, INT8_MAX, INT8_MIN, NAN, Overflow, bits_is_nan, fbits,
                       from_bits, is_neg_zero, ref_row, round_fmt, ulp)
from tally import Tally

MAX_FAILURE_LINES = 200


# ----------------------------------------------------------------------------
# Types and cases
# ----------------------------------------------------------------------------

class Ty:
    """An element type: SQL name, integer range or float format, value output."""

    def __init__(self, key, sql, lo=None, hi=None, fmt=None):
        """Set the fields."""
        self.key, self.sql, self.lo, self.hi, self.fmt = key, sql, lo, hi, fmt

    def result_ty(self, fn):
        """The element type of fn's result: sums of integers bigint, means of
        integers double precision, anything else this type."""
        if self.fmt is None and fn in ('cumsum', 'movsum'):
            return TYPES['int8']
        if self.fmt is None and fn in ('movavg', 'cumavg'):
            return TYPES['float8']
        return self

    def result_sql(self, fn):
        """The SQL type name of fn's result."""
        return self.result_ty(fn).sql + '[]'


TYPES = {
    'int2': Ty('int2', 'smallint', -2 ** 15, 2 ** 15 - 1),
    'int4': Ty('int4', 'integer', -2 ** 31, 2 ** 31 - 1),
    'int8': Ty('int8', 'bigint', INT8_MIN, INT8_MAX),
    'float4': Ty('float4', 'real', fmt=F32),
    'float8': Ty('float8', 'double precision', fmt=F64),
}
FN_CODE = {'cumsum': 0, 'cummax': 1, 'cummin': 2, 'movsum': 3, 'movavg': 4, 'cumavg': 5}
FN_SQL = {0: 'gpu_cumsum(a, ex)', 1: 'gpu_cummax(a)', 2: 'gpu_cummin(a)', 3: 'gpu_movsum(a, w)',
          4: 'gpu_movavg(a, w)', 5: 'gpu_cumavg(a)'}
MOVING = ('movsum', 'movavg')


class Case:
    """One call: function, type, shape, lower bounds, flat values, exclusive."""

    def __init__(self, label, fn, ty, dims, lbs, vals, excl=False, explicit=True,
                 null_array=False, note='', window=None):
        """Set the fields (window: gpu_movsum's and gpu_movavg's, None for NULL)."""
        self.label, self.fn, self.ty = label, fn, TYPES[ty]
        self.dims, self.lbs, self.vals = dims, lbs, vals
        self.excl, self.explicit, self.null_array, self.note = excl, explicit, null_array, note
        self.window = window
        self.rty = self.ty.result_ty(fn)

    def null_arg(self):
        """Whether an argument besides the array is NULL (a NULL result, no scan)."""
        return (self.fn == 'cumsum' and self.excl is None) or (self.fn in MOVING and self.window is None)

    def bad_window(self):
        """Whether the window is below 1 (ERROR 22023, no scan)."""
        return self.fn in MOVING and self.window is not None and self.window < 1

    def scans(self):
        """Whether the call scans an array (gpuscan_last_run() is its)."""
        return not (self.null_array or not self.dims or self.null_arg() or self.bad_window())

    def elem_text(self, v):
        """One element of the array literal, exact."""
        if v is None:
            return 'NULL'
        if self.ty.fmt is None:
            return str(v)
        if math.isnan(v):
            return 'NaN'
        if math.isinf(v):
            return 'Infinity' if v > 0 else '-Infinity'
        return repr(v)

    def literal(self):
        """The array as a quoted SQL literal (or NULL)."""
        if self.null_array:
            return 'NULL'
        if not self.dims:
            return "'{}'"
        toks = [self.elem_text(v) for v in self.vals]
        dims = self.dims

        def nest(level, start):
            """The braces of one sub-array at a nesting level, from flat position start."""
            if level == len(dims) - 1:
                return '{' + ','.join(toks[start:start + dims[level]]) + '}'
            stride = math.prod(dims[level + 1:])
            return '{' + ','.join(nest(level + 1, start + k * stride) for k in range(dims[level])) + '}'

        prefix = ''
        if self.explicit or any(lb != 1 for lb in self.lbs):
            prefix = ''.join('[%d:%d]' % (lb, lb + d - 1) for lb, d in zip(self.lbs, dims)) + '='
        return "'" + prefix + nest(0, 0) + "'"

    def excl_sql(self):
        """The exclusive argument as SQL."""
        return 'NULL' if self.excl is None else ('true' if self.excl else 'false')

    def window_sql(self):
        """The window argument as SQL."""
        return 'NULL' if self.window is None else str(self.window)

    def human_sql(self):
        """The call as a user would write it."""
        arg = '%s::%s[]' % (self.literal(), self.ty.sql)
        if self.fn == 'cumsum' and self.excl is not False:
            arg += ', exclusive => ' + self.excl_sql()
        if self.fn in MOVING:
            arg += ', ' + self.window_sql()
        return 'gpu_%s(%s)' % (self.fn, arg)

    def wrapper_sql(self):
        """The call through this session's pg_temp wrapper."""
        return 'pg_temp.t_%s(%d, %s::%s[], %s, %s)' % (self.ty.key, FN_CODE[self.fn], self.literal(),
                                                      self.ty.sql, self.excl_sql(), self.window_sql())

    def stored_sql(self, i):
        """The insert of this case's array into its type's table, as row i."""
        # the pad makes the row long enough for PostgreSQL to move the array out of line
        return "INSERT INTO pg_temp.hs_%s VALUES (%d, repeat('-', 2100), %s::%s[]);" % (
            self.ty.key, i, self.literal(), self.ty.sql)

    def stored_wrapper_sql(self, i):
        """The call through the wrapper that reads row i of the table."""
        return 'pg_temp.s_%s(%d, %d, %s, %s)' % (self.ty.key, FN_CODE[self.fn], i, self.excl_sql(),
                                                 self.window_sql())

    def subscripts(self, pos):
        """The subscripts of flat position pos, as '[i][j]'."""
        out = []
        for k in range(len(self.dims)):
            stride = math.prod(self.dims[k + 1:])
            out.append('[%d]' % (self.lbs[k] + pos // stride))
            pos %= stride
        return ''.join(out)

    def expect(self):
        """The reference: (flat outputs or None for a NULL result, first error position or None)."""
        if not hasattr(self, '_expect'):
            self._expect = self._reference()
        return self._expect

    def _reference(self):
        """Compute the reference (see expect): a window below 1 is
        ERROR 22023 (error position 'window'), for an empty array too (a
        NULL array gives NULL: the functions are strict)."""
        if self.null_array or self.null_arg():
            return None, None
        if self.bad_window():
            return None, 'window'

        if not self.dims:
            return [], None
        L = self.dims[-1]
        out = []
        for start in range(0, len(self.vals), L):
            r, err = ref_row(self.fn, self.vals[start:start + L], self.ty.fmt, self.excl, self.window)
            if err is not None:
                return out + r, start + err
            out.extend(r)
        return out, None


# ----------------------------------------------------------------------------
# Value generators
# ----------------------------------------------------------------------------

def sgn(rng):
    """A random sign."""
    return -1.0 if rng.random() < 0.5 else 1.0


def g_special(rng, F):
    """NaN, +-Infinity, +-0."""
    return rng.choice([NAN, INF, -INF, 0.0, -0.0])


def g_negzero(rng, F):
    """Mostly -0, sometimes +0."""
    return -0.0 if rng.random() < 0.85 else 0.0


def g_subnormal(rng, F):
    """Subnormals, the smallest and largest of them, and the smallest normals."""
    top = 2 ** (F.p - 1)
    k = rng.choice([1, 1, 2, 3, top - 1, top, top + 1, rng.randrange(1, top), rng.randrange(1, 64)])
    return sgn(rng) * math.ldexp(k, F.emin - F.p + 1)


def g_huge(rng, F):
    """The largest finite values, their neighbours, and half an ulp of the largest."""
    big_ulp = ulp(F.max, F)
    return sgn(rng) * rng.choice([
        F.max, F.max, F.max - big_ulp, F.max - 2 * big_ulp, math.ldexp(1.0, F.emax),
        big_ulp / 2, big_ulp / 4, big_ulp, F.max / 2, math.ldexp(1.0, F.emax - 1),
        math.ldexp(rng.randrange(2 ** (F.p - 1), 2 ** F.p), F.emax - F.p + 1 - rng.randrange(0, 4))])


def g_anyexp(rng, F):
    """A finite value with a uniformly random exponent field (the whole range)."""
    mant = F.nbits - 1 - F.ebits
    e = rng.randrange(0, 2 ** F.ebits - 1)
    b = (rng.getrandbits(1) << (F.nbits - 1)) | (e << mant) | rng.getrandbits(mant)
    return from_bits(b, F)


def g_pow2(rng, F):
    """+-2^e for e anywhere in the range, subnormal exponents included."""
    return sgn(rng) * math.ldexp(1.0, rng.randint(F.emin - F.p + 1, F.emax))


def g_bits(rng, F):
    """A random bit pattern (NaNs become the NaN a literal can give)."""
    x = from_bits(rng.getrandbits(F.nbits), F)
    return NAN if math.isnan(x) else x


def g_smallint(rng, F):
    """Small integers."""
    return float(rng.randint(-100, 100))


def g_cents(rng, F):
    """Decimal amounts with two digits, rounded to the format."""
    return round_fmt(Fraction(rng.randint(-10 ** 7, 10 ** 7), 100), F)


def g_unit(rng, F):
    """Values of ordinary size with full mantissas."""
    return round_fmt(Fraction(rng.uniform(-1000.0, 1000.0)), F)


FLOAT_GENS = [g_special, g_negzero, g_subnormal, g_huge, g_anyexp, g_pow2, g_bits,
              g_smallint, g_cents, g_unit]


def tie_row(rng, F, n):
    """A row B, +-u, +-u, ...: B even in units u = half its ulp, so totals hit ties."""
    s = rng.randint(F.emin - F.p + 1, F.emax - F.p)
    s = rng.choice([s, F.emin - F.p + 1, F.emax - F.p, -F.p + 1, 0])
    B = math.ldexp(2 * rng.randrange(2 ** (F.p - 1), 2 ** F.p), s)
    u = math.ldexp(1.0, s)
    row = [sgn(rng) * B]
    while len(row) < n:
        r = rng.random()
        if r < 0.75:
            row.append(sgn(rng) * u * rng.choice([1, 1, 1, 2, 3]))
        elif r < 0.85:
            row.append(rng.choice([0.0, -0.0]))
        elif r < 0.95:
            row.append(-row[0])
        else:
            row.append(g_anyexp(rng, F))
    return row[:n]


def cancel_row(rng, F, n, gens):
    """A row where many values cancel earlier ones exactly."""
    row = []
    for j in range(n):
        prev = [x for x in row if not math.isnan(x)]
        if prev and rng.random() < 0.45:
            row.append(-rng.choice(prev))
        else:
            row.append(rng.choice(gens)(rng, F))
    return row


def pair_row(rng, F, n, gens, near):
    """A row where many values take back one of the near values before them
    (their negation; an infinity's is the other one): window sums cancel
    exactly, specials enter and leave."""
    row = []
    for _ in range(n):
        if row and rng.random() < 0.45:
            row.append(-rng.choice(row[-near:]))
        else:
            row.append(rng.choice(gens)(rng, F))
    return row


def hugecancel_row(rng, F, n):
    """Huge positive values, each taken back by its negation (mostly next),
    tiny and ordinary values between: one pair open at a time, so no window
    sum overflows, while the sums span the whole exponent range."""
    big_ulp = ulp(F.max, F)
    row = []
    pending = None
    while len(row) < n:
        if pending is not None and rng.random() < 0.85:
            row.append(-pending)
            pending = None
        elif pending is None and rng.random() < 0.35:
            pending = rng.choice([F.max, F.max - big_ulp, math.ldexp(1.0, F.emax), F.max / 2,
                                  math.ldexp(rng.randrange(2 ** (F.p - 1), 2 ** F.p), F.emax - F.p + 1
                                             - rng.randrange(0, 40))])
            row.append(pending)
        else:
            row.append(rng.choice([g_subnormal, g_subnormal, g_smallint, g_unit, g_negzero])(rng, F))
    return row


def float_row(rng, F, n, profile, gens, weights, near=4):
    """One row of n floats for a profile."""
    if profile == 'ties':
        return tie_row(rng, F, n)
    if profile == 'cancel':
        return cancel_row(rng, F, n, gens)
    if profile == 'pairs':
        return pair_row(rng, F, n, gens, near)
    if profile == 'hugecancel':
        return hugecancel_row(rng, F, n)
    return [g(rng, F) for g in rng.choices(gens, weights, k=n)]


def int_row(rng, ty, n, profile):
    """One row of n integers of type ty for a profile."""
    lo, hi = ty.lo, ty.hi
    ext = [lo, hi, lo + 1, hi - 1, 0, 1, -1]
    row = []
    m = rng.choice([1, 2, 2, 3])          # 'edge': near INT8_MAX / m
    for _ in range(n):
        p = profile if profile != 'mix' else rng.choice(['extremes', 'random', 'small', 'zeros', 'bigsum'])
        if p == 'extremes':
            v = rng.choice(ext)
        elif p == 'random':
            v = rng.randint(lo, hi)
        elif p == 'small':
            v = rng.randint(-100, 100)
        elif p == 'zeros':
            v = 0 if rng.random() < 0.8 else rng.choice(ext)
        elif p == 'bigsum':
            v = int(sgn(rng)) * rng.randint(hi // 4, hi)
        elif p == 'edge':
            v = hi // m - rng.randint(0, 3)
            r = rng.random()
            if r < 0.2:
                v = max(lo, -v - rng.randint(0, 2))
            elif r < 0.26:
                v = rng.randint(-2, 2)
        else:  # cancel
            prev = [x for x in row if x != lo]
            v = -rng.choice(prev) if prev and rng.random() < 0.5 else rng.randint(lo, hi)
        row.append(v)
    return row


def random_shape(rng):
    """Random small dimensions (1-D to 6-D), lower bounds, and whether bounds are written."""
    ndim = rng.choices([1, 2, 3, 4, 5, 6], weights=[36, 20, 12, 10, 8, 14])[0]
    cap = rng.choices([4, 16, 80, 400, 2000], weights=[30, 25, 22, 15, 8])[0]
    target = rng.randint(1, cap)
    side = max(1, round(target ** (1.0 / ndim)))
    dims = [rng.randint(1, 2 * side) for _ in range(ndim)]
    if rng.random() < 0.15:
        dims[-1] = 1                                      # one-element rows
    for k in range(ndim - 1):
        if rng.random() < 0.2:
            dims[k] = 1
    while math.prod(dims) > 2000:
        k = dims.index(max(dims))
        dims[k] = max(1, dims[k] // 2)
    lbs = []
    for d in dims:
        r = rng.random()
        if r < 0.45:
            lbs.append(1)
        elif r < 0.8:
            lbs.append(rng.randint(-20, 20))
        elif r < 0.9:
            lbs.append(rng.choice([-2 ** 31, 2 ** 31 - 1 - d, 0, -1]))
        else:
            lbs.append(rng.randint(-2 ** 31, 2 ** 31 - 1 - d))
    return dims, lbs, rng.random() < 0.3


WINDOW_CASES = 10 ** 6        # random cases from here on call the window functions


def pick_window(rng, L):
    """A window for a row of L positions: small, prime, the row, beyond it,
    random; now and then NULL, or below 1."""
    r = rng.random()
    if r < 0.01:
        return None
    if r < 0.02:
        return rng.choice([0, -1, -2 ** 31 + 1])
    return rng.choice([1, 1, 2, 2, 3, 5, 7, 13, 31, L, L, L + 1, 2 * L + 3, 2 ** 31 - 1,
                       rng.randint(1, 2 * L + 2), rng.randint(1, max(1, L // 3))])


def null_runs(rng, vals, w):
    """NULL runs longer than the window too, between runs of values."""
    out = []
    w = max(1, min(w, 500))
    while len(out) < len(vals):
        k = len(out)
        take = rng.randint(1, 2 * w + 1)
        out.extend(vals[k:k + take])
        out.extend([None] * rng.randint(1, 3 * w + 2))
    return out[:len(vals)]


def random_case(seed, k):
    """Random case number k of a seed (reproducible on its own); from
    WINDOW_CASES on, of the window functions."""
    rng = random.Random('%s:%d' % (seed, k))
    ty = rng.choice(list(TYPES))
    moving = k >= WINDOW_CASES
    if moving:
        fn = rng.choice(['movsum', 'movsum', 'movavg', 'movavg', 'cumavg'])
    else:
        fn = rng.choice(['cumsum', 'cumsum', 'cummax', 'cummin'])
    excl = fn == 'cumsum' and rng.random() < 0.4
    r = rng.random()
    if r < 0.01:
        return Case(k, fn, ty, [], [], [], excl, null_array=True, note='NULL array', window=pick_window(rng, 1))
    if r < 0.02 and fn == 'cumsum':
        return Case(k, fn, ty, [1], [1], [1], None, note='NULL exclusive')
    if r < 0.04:
        return Case(k, fn, ty, [], [], [], excl, note='empty', window=pick_window(rng, 1))
    dims, lbs, explicit = random_shape(rng)
    n = math.prod(dims)
    L = dims[-1]
    T = TYPES[ty]
    window = pick_window(rng, L) if fn in MOVING else None
    near = max(1, min(window or L, 8))
    if T.fmt is not None:
        profiles = ['mix', 'mix', 'mix', 'specials', 'negzero', 'subnormal', 'huge',
                    'anyexp', 'bits', 'ties', 'ties', 'cancel', 'cancel', 'ordinary']
        if moving:
            profiles += ['pairs', 'pairs', 'pairs', 'hugecancel', 'hugecancel', 'subnormal']
        profile = rng.choice(profiles)
        one = {'specials': g_special, 'negzero': g_negzero, 'subnormal': g_subnormal,
               'huge': g_huge, 'anyexp': g_anyexp, 'bits': g_bits}
        if profile in one:
            gens = [one[profile], rng.choice(FLOAT_GENS)]
            weights = [0.85, 0.15]
        elif profile == 'ordinary':
            gens, weights = [g_smallint, g_cents, g_unit], [1, 1, 1]
        else:
            gens = rng.sample(FLOAT_GENS, rng.randint(2, 4))
            weights = [rng.random() + 0.05 for _ in gens]
        vals = []
        for _ in range(n // L):
            vals.extend(float_row(rng, T.fmt, L, profile, gens, weights, near))
    else:
        profile = rng.choice(['mix', 'extremes', 'random', 'small', 'zeros', 'cancel']
                             + (['bigsum', 'bigsum'] if ty == 'int8' else [])
                             + (['edge', 'edge', 'edge'] if ty == 'int8' and moving else []))
        vals = []
        for _ in range(n // L):
            vals.extend(int_row(rng, T, L, profile))
    density = rng.choice([0, 0, 0, 0.05, 0.3, 0.7, 0.95, 1.0] + (['runs', 'runs'] if moving else []))
    if density == 'runs':
        rows = [null_runs(rng, vals[i:i + L], window if window and window > 0 else L)
                for i in range(0, n, L)]
        vals = [v for row in rows for v in row]
    elif density:
        vals = [None if rng.random() < density else v for v in vals]
    return Case(k, fn, ty, dims, lbs, vals, excl, explicit,
                note='%s, nulls %s' % (profile, density), window=window)


def long_window_cases(seed):
    """A few arrays longer than the CPU engine's 256 kB window, with windows
    that reach back beyond it: values leaving are read again (from TOAST
    with --stored)."""
    rng = random.Random('%s:long' % seed)
    out = []

    def case(label, fn, ty, dims, window, profile, nulls=None):
        """One long case: values of a profile, NULLs in runs or at a density."""
        T = TYPES[ty]
        n = math.prod(dims)
        L = dims[-1]
        vals = []
        for _ in range(n // L):
            if T.fmt is None:
                vals.extend(int_row(rng, T, L, profile))
            elif profile == 'ordinary':
                vals.extend(float_row(rng, T.fmt, L, 'mix', [g_unit, g_cents, g_smallint, g_subnormal],
                                      [3, 3, 3, 1]))
            else:
                gens = [g_unit, g_cents, g_subnormal, g_pow2]
                vals.extend(float_row(rng, T.fmt, L, profile, gens, [3, 2, 1, 1], 16))
        if nulls == 'runs':
            vals = [v for i in range(0, n, L) for v in null_runs(rng, vals[i:i + L], window or L)]
        elif nulls:
            vals = [None if rng.random() < nulls else v for v in vals]
        out.append(Case('long ' + label, fn, ty, dims, [1] * len(dims), vals, explicit=False,
                        window=window, note=profile))

    case('float8 movsum, huge pairs', 'movsum', 'float8', [70000], 40000, 'hugecancel')
    case('float8 movavg, 2-D', 'movavg', 'float8', [2, 36000], 33001, 'mix', 0.05)
    case('float4 cumavg', 'cumavg', 'float4', [70000], None, 'pairs')
    case('float4 movsum, NULL runs', 'movsum', 'float4', [70000], 65537, 'ordinary', 'runs')
    case('int4 movavg', 'movavg', 'int4', [70000], 66001, 'random', 0.3)
    case('int8 movsum, window 4097', 'movsum', 'int8', [40000], 4097, 'small')
    case('int2 movsum, window beyond the row', 'movsum', 'int2', [140000], 2 ** 31 - 1, 'extremes')
    # bigint window sums just below the limit all along (the running total far
    # beyond it), until two values late in the row make 2^63: the error there
    vals = [2 ** 62 - 1 - rng.randint(0, 1) for _ in range(40000)]
    p = rng.randint(30000, 39000)
    vals[p] = vals[p + 1] = 2 ** 62
    out.append(Case('long int8 movsum, late overflow', 'movsum', 'int8', [40000], [-7], vals,
                    window=2, note='late overflow'))
    return out


# ----------------------------------------------------------------------------
# Fixed cases
# ----------------------------------------------------------------------------

def parse_val(s, ty):
    """A value written as text (None for NULL), rounded exactly as the server's input would."""
    if s is None or s == 'NULL':
        return None
    T = TYPES[ty]
    if T.fmt is None:
        return int(s)
    specials = {'NaN': NAN, 'Infinity': INF, '-Infinity': -INF, '-0': -0.0}
    if s in specials:
        return specials[s]
    return round_fmt(Fraction(s), T.fmt)


def fixed(label, fn, ty, vals, dims=None, lbs=None, excl=False, window=None):
    """A hand-written case: values as text, shape defaulting to 1-D from 1."""
    v = [parse_val(s, ty) for s in vals]
    dims = dims or ([len(v)] if v else [])
    lbs = lbs or [1] * len(dims)
    return Case(label, fn, ty, dims, lbs, v, excl, explicit=False, window=window)


def fixed_cases():
    """The README's examples and hand-picked edges."""
    I8MAX, I8MIN = str(INT8_MAX), str(INT8_MIN)
    FMAX, DMAX = repr(F32.max), repr(F64.max)
    return [
        fixed('readme int', 'cumsum', 'int4', '3 1 7 0 4 1 6 3'.split()),
        fixed('readme real', 'cumsum', 'float4', ['1e8', '1', '-1e8']),
        fixed('readme ties', 'cumsum', 'float4', ['16777216', '1', '1', '1']),
        fixed('readme float8', 'cumsum', 'float8', ['1e16', '1', '-1e16']),
        fixed('readme NaN', 'cumsum', 'float4', ['1', 'NaN', '2']),
        fixed('readme -0', 'cumsum', 'float4', ['-0', '-0', '0']),
        fixed('readme nulls', 'cumsum', 'int4', ['1', None, '2', None, '3']),
        fixed('readme rows', 'cumsum', 'int4', ['1', '2', '3', '4'], [2, 2]),
        fixed('readme exclusive', 'cumsum', 'int4', ['3', '1', '7', '0'], excl=True),
        fixed('readme bounds', 'cumsum', 'int4', ['1', '2', '3'], [3], [3]),
        fixed('readme cummax NaN', 'cummax', 'float4', ['1', 'NaN', '2']),
        fixed('readme cummin NaN', 'cummin', 'float4', ['NaN', '1', '-Infinity']),
        fixed('readme cummax -0', 'cummax', 'float8', ['-0', '0', '-0']),
        fixed('cummin -0', 'cummin', 'float8', ['0', '-0', '0', '-0']),
        fixed('exclusive -0', 'cumsum', 'float8', ['-0', '-0', '-0'], excl=True),
        fixed('exclusive empty-sum +0', 'cumsum', 'float4', [None, '-0'], excl=True),
        fixed('bigint overflow', 'cumsum', 'int8', [I8MAX, '1']),
        fixed('bigint overflow back', 'cumsum', 'int8', [I8MAX, '1', '-1']),
        fixed('bigint underflow', 'cumsum', 'int8', [I8MIN, '-1']),
        fixed('bigint exclusive last', 'cumsum', 'int8', [I8MAX, '1'], excl=True),
        fixed('bigint exclusive mid', 'cumsum', 'int8', [I8MAX, '1', '0'], excl=True),
        fixed('bigint wide exact', 'cumsum', 'int8', [I8MAX, I8MAX, I8MIN, I8MIN, '5'], excl=True),
        fixed('bigint 2nd row', 'cumsum', 'int8', ['1', '2', I8MAX, '1'], [2, 2]),
        fixed('bigint bounds', 'cumsum', 'int8', ['1', '2', I8MAX, '1'], [2, 2], [0, 3]),
        fixed('bigint rows not carried', 'cumsum', 'int8', [I8MAX, I8MAX], [2, 1], [-5, -5]),
        fixed('real overflow tie', 'cumsum', 'float4', [FMAX, repr(2.0 ** 103)]),
        fixed('real below tie', 'cumsum', 'float4', [FMAX, repr(2.0 ** 102)]),
        fixed('real exact below tie', 'cumsum', 'float4', [FMAX, repr(2.0 ** 103), repr(-2.0 ** 80)]),
        fixed('real -max tie', 'cumsum', 'float4', ['-' + FMAX, repr(-2.0 ** 103)]),
        fixed('double overflow tie', 'cumsum', 'float8', [DMAX, repr(2.0 ** 970)]),
        fixed('double below tie', 'cumsum', 'float8', [DMAX, repr(2.0 ** 969)]),
        fixed('double overflow then back', 'cumsum', 'float8', [DMAX, DMAX, '-' + DMAX]),
        fixed('double overflow exclusive last', 'cumsum', 'float8', [DMAX, DMAX], excl=True),
        fixed('inf hides overflow', 'cumsum', 'float8', ['Infinity', DMAX, DMAX]),
        fixed('NaN hides overflow', 'cumsum', 'float8', ['NaN', DMAX, DMAX]),
        fixed('inf minus inf', 'cumsum', 'float4', ['Infinity', '1', '-Infinity', '1']),
        fixed('subnormals', 'cumsum', 'float8', ['5e-324', '5e-324', '-1e-323', '-5e-324', '5e-324']),
        fixed('span', 'cumsum', 'float8', ['1e308', '5e-324', '-1e308', '-5e-324']),
        fixed('span real', 'cumsum', 'float4', [FMAX, '1e-45', '-' + FMAX]),
        fixed('all NULL', 'cumsum', 'float4', [None, None, None]),
        fixed('all NULL 2-D', 'cummin', 'int2', [None] * 6, [2, 3], [-1, 7]),
        fixed('empty', 'cumsum', 'int2', []),
        fixed('empty exclusive', 'cumsum', 'float8', [], excl=True),
        Case('NULL array', 'cumsum', 'float8', [], [], [], False, null_array=True),
        Case('NULL exclusive', 'cumsum', 'int4', [1], [1], [1], None),
        fixed('6-D one element', 'cumsum', 'float4', ['7'], [1] * 6, [-1, 0, 1, 2, 3, 4]),
        fixed('6-D extreme bounds', 'cummax', 'int2', ['1', '-32768', '32767', '0', '5', '5', '-1', '2'],
              [2, 1, 1, 2, 1, 2], [-2 ** 31, 2 ** 31 - 2, 0, -7, 1, 2 ** 31 - 3]),
        fixed('one-element rows', 'cumsum', 'int8', [I8MAX, I8MIN, '7'], [3, 1], excl=True),
        fixed('int2 extremes', 'cumsum', 'int2', ['-32768'] * 5 + ['32767'] * 3),
        fixed('int4 extremes', 'cummin', 'int4', ['2147483647', '-2147483648', '0', '-2147483648']),
    ] + fixed_window_cases()


def fixed_window_cases():
    """Hand-picked edges of gpu_movsum, gpu_movavg and gpu_cumavg."""
    I8MAX, I8MIN = str(INT8_MAX), str(INT8_MIN)
    FMAX, DMAX = repr(F32.max), repr(F64.max)
    D, F = '5e-324', '1e-45'            # the smallest subnormals (1e-45 reads as 2^-149 in real)
    N = None
    seq = ['3', '1', '4', '1', '5', '9', '2', '6', '5', '3', '5']
    out = []
    # windows of 1, 2, a prime, the row length, beyond it; every type
    for ty in TYPES:
        for w in (1, 2, 7, len(seq), len(seq) + 1, 2 ** 31 - 1):
            out.append(fixed('movsum %s w%d' % (ty, w), 'movsum', ty, seq, window=w))
            out.append(fixed('movavg %s w%d' % (ty, w), 'movavg', ty, seq, window=w))
        out.append(fixed('cumavg %s' % ty, 'cumavg', ty, seq))
        out.append(fixed('movsum %s NULL runs' % ty, 'movsum', ty,
                         ['1', N, N, N, N, '2', '3', N, N, N, '4'], window=3))
        out.append(fixed('movavg %s NULL runs' % ty, 'movavg', ty,
                         [N, N, '7', N, N, N, N, '8', '-9', N, N], window=2))
        out.append(fixed('cumavg %s all NULL' % ty, 'cumavg', ty, [N, N, N]))
        out.append(fixed('movsum %s 2-D bounds' % ty, 'movsum', ty, seq[:9] + ['7'] * 3,
                         [3, 4], [-2, 2 ** 31 - 5], window=3))
        out.append(fixed('movavg %s 3-D' % ty, 'movavg', ty, seq + ['1'] * 7, [3, 2, 3], [0, -7, 5], window=2))
        out.append(fixed('cumavg %s 6-D' % ty, 'cumavg', ty, seq[:8], [2, 1, 1, 2, 1, 2],
                         [-2 ** 31, 2 ** 31 - 2, 0, -7, 1, 2 ** 31 - 3]))
        out.append(fixed('movavg %s one-element rows' % ty, 'movavg', ty, ['1', N, '-3'], [3, 1], window=5))
        out.append(fixed('movsum %s empty' % ty, 'movsum', ty, [], window=3))
        out.append(fixed('movsum %s NULL window' % ty, 'movsum', ty, ['1', '2'], window=None))
        out.append(fixed('movavg %s window 0' % ty, 'movavg', ty, ['1', '2'], window=0))
        out.append(fixed('movsum %s window -1' % ty, 'movsum', ty, ['1', '2'], window=-1))
        out.append(fixed('movsum %s empty window 0' % ty, 'movsum', ty, [], window=0))
        out.append(Case('movsum %s NULL array window 0' % ty, 'movsum', ty, [], [], [], null_array=True, window=0))
    for ty in ('float4', 'float8'):
        out += [
            # specials entering and leaving the window
            fixed('movsum %s specials' % ty, 'movsum', ty,
                  ['Infinity', '1', '2', '-Infinity', '3', 'NaN', '4', '5', '-Infinity', 'Infinity', '6'], window=2),
            fixed('movavg %s specials' % ty, 'movavg', ty,
                  ['Infinity', '1', '2', '-Infinity', '3', 'NaN', '4', '5', '-Infinity', 'Infinity', '6'], window=3),
            fixed('movsum %s specials behind NULLs' % ty, 'movsum', ty,
                  ['NaN', N, N, '1', 'Infinity', N, N, '2', '-0'], window=3),
            fixed('cumavg %s inf - inf' % ty, 'cumavg', ty, ['1', 'Infinity', '-Infinity', '1']),
            # -0
            fixed('movsum %s -0' % ty, 'movsum', ty, ['-0', '-0', '0', '-0', '-0', N, '-0'], window=2),
            fixed('movavg %s -0' % ty, 'movavg', ty, ['-0', '-0', '0', '-0', '-0', N, '-0'], window=2),
            fixed('cumavg %s -0' % ty, 'cumavg', ty, ['-0', '-0', '0', '-0']),
            # exact cancellation to 0
            fixed('movsum %s cancel' % ty, 'movsum', ty, ['1', '1e30', '-1e30', '1', '-1', '0.5', '-0.5'], window=2),
            fixed('movsum %s cancel 3' % ty, 'movsum', ty, ['1', '1e30', '-1e30', '1', '-1', '0.5', '-0.5'], window=3),
            fixed('movavg %s cancel' % ty, 'movavg', ty, ['0.1', '-0.1', '0.3', '-0.3', '-0'], window=2),
        ]
    out += [
        # means of subnormals: ties to even, -0 for negative means rounding to zero
        fixed('movavg float8 subnormals', 'movavg', 'float8', [D, '0', '1.5e-323', '0', '-' + D, '0', '-0'], window=2),
        fixed('movavg float4 subnormals', 'movavg', 'float4', [F, '0', '4e-45', '0', '-' + F, '0', '-0'], window=2),
        fixed('cumavg float8 subnormals', 'cumavg', 'float8', [D, D, D, '0', '-' + D, '-' + D, '-' + D, '-' + D]),
        fixed('cumavg float4 subnormals', 'cumavg', 'float4', [F, F, F, '0', '-' + F, '-' + F, '-' + F, '-' + F]),
        fixed('movavg float8 subnormal thirds', 'movavg', 'float8', ['1e-323', '5e-324', '-1.5e-323', '5e-324'], window=3),
        fixed('movsum float8 subnormals', 'movsum', 'float8', [D, D, '-1e-323', '-' + D, D], window=2),
        fixed('movavg float8 smallest normal', 'movavg', 'float8', ['2.2250738585072014e-308', D], window=2),
        # huge: a window sum that overflows is the error; means never overflow
        fixed('movsum float8 overflow', 'movsum', 'float8', [DMAX, DMAX, '-' + DMAX], window=2),
        fixed('movsum float8 no overflow', 'movsum', 'float8', [DMAX, DMAX, '-' + DMAX], window=1),
        fixed('movsum float8 overflow 2nd row', 'movsum', 'float8', ['1', '2', DMAX, DMAX], [2, 2], [5, -3], window=2),
        fixed('movavg float8 huge', 'movavg', 'float8', [DMAX, DMAX, DMAX, '-' + DMAX], window=3),
        fixed('cumavg float8 huge', 'cumavg', 'float8', [DMAX, DMAX, '-' + DMAX]),
        fixed('movsum float4 overflow tie', 'movsum', 'float4', [FMAX, repr(2.0 ** 103)], window=2),
        fixed('movsum float4 below tie', 'movsum', 'float4', [FMAX, repr(-2.0 ** 80), repr(2.0 ** 103)], window=3),
        fixed('movsum float4 tie gone', 'movsum', 'float4', [repr(2.0 ** 103), FMAX, FMAX], window=1),
        fixed('movavg float4 huge', 'movavg', 'float4', [FMAX, FMAX, FMAX, FMAX], window=4),
        fixed('movsum float8 huge cancel', 'movsum', 'float8', [DMAX, '-' + DMAX, DMAX, D, '-' + DMAX, D], window=2),
        fixed('movsum float8 span', 'movsum', 'float8', [DMAX, D, '-' + DMAX, '-' + D, D], window=3),
        fixed('movavg float8 span', 'movavg', 'float8', [DMAX, D, '-' + DMAX, '-' + D, D], window=3),
        # bigint window sums about the limits: the error names the subscript
        fixed('movsum int8 over', 'movsum', 'int8', [I8MAX, '1', '-1'], window=2),
        fixed('movsum int8 under', 'movsum', 'int8', [I8MIN, '0', '-1'], window=3),
        fixed('movsum int8 under gone', 'movsum', 'int8', [I8MIN, '0', '-1'], window=2),
        fixed('movsum int8 running total beyond', 'movsum', 'int8', [I8MAX, '0', I8MAX, '0', I8MAX], window=2),
        fixed('movsum int8 window beyond', 'movsum', 'int8', [I8MAX, '0', I8MAX, '0', I8MAX], window=3),
        fixed('movsum int8 NULL between', 'movsum', 'int8', [I8MAX, N, N, I8MAX], window=3),
        fixed('movsum int8 NULL gap', 'movsum', 'int8', [I8MAX, N, N, I8MAX], window=4),
        fixed('movsum int8 2-D error', 'movsum', 'int8', ['1', '2', I8MAX, '1'], [2, 2], [0, 3], window=2),
        fixed('movsum int8 exact max', 'movsum', 'int8', [str(2 ** 62), str(2 ** 62 - 1), str(2 ** 62)], window=2),
        fixed('movsum int8 one over max', 'movsum', 'int8', [str(2 ** 62), str(2 ** 62 - 1), '1', str(2 ** 62)],
              window=3),
        fixed('movsum int8 exact min', 'movsum', 'int8', [str(-2 ** 62), str(-2 ** 62), str(2 ** 62)], window=2),
        fixed('movsum int4 no overflow', 'movsum', 'int4', ['2147483647'] * 6, window=6),
        fixed('movavg int8 extremes', 'movavg', 'int8', [I8MAX, I8MAX, I8MIN, I8MIN, '1'], window=4),
        fixed('cumavg int8 extremes', 'cumavg', 'int8', [I8MAX, I8MAX, I8MIN, I8MIN, '1']),
        fixed('movavg int2 thirds', 'movavg', 'int2', ['1', '1', '-1', '-32768', '32767', '0'], window=3),
        fixed('cumavg int4 -1/3', 'cumavg', 'int4', ['-1', '0', '0']),
    ]
    return out


# ----------------------------------------------------------------------------
# Self-check of the reference
# ----------------------------------------------------------------------------

def reference_selfcheck(seed):
    """Compare the reference's rounding with Python's IEEE arithmetic; a list of problems."""
    rng = random.Random('%s:selfcheck' % seed)
    bad = []
    for _ in range(3000):
        g1, g2 = rng.choice(FLOAT_GENS), rng.choice(FLOAT_GENS)
        a, b = g1(rng, F64), g2(rng, F64)
        if not (math.isfinite(a) and math.isfinite(b)):
            continue
        s = a + b
        try:
            got = round_fmt(Fraction(a) + Fraction(b), F64)
            if got == 0:
                got = -0.0 if is_neg_zero(a) and is_neg_zero(b) else 0.0
        except Overflow:
            got = INF if s > 0 else -INF
        if fbits(got, F64) != fbits(s, F64):
            bad.append('float8 %r + %r: reference %r, IEEE %r' % (a, b, got, s))
        x = g_anyexp(rng, F64)
        try:
            want = struct.unpack('f', struct.pack('f', x))[0]
            if math.isinf(want):
                want = 'overflow'   # recent Pythons give inf where older ones raise
        except OverflowError:
            want = 'overflow'
        try:
            got = round_fmt(Fraction(x), F32) if x != 0 else x
        except Overflow:
            got = 'overflow'
        if want != got or (want == 0 and math.copysign(1, want) != math.copysign(1, got)):
            bad.append('float4 rounding of %r: reference %r, struct %r' % (x, got, want))
    readme = [
        (fixed('', 'cumsum', 'float4', ['16777216', '1', '1', '1']), [16777216.0, 16777216.0, 16777218.0, 16777220.0]),
        (fixed('', 'cumsum', 'float4', ['1e8', '1', '-1e8']), [1e8, 1e8, 1.0]),
        (fixed('', 'cumsum', 'float8', ['1e16', '1', '-1e16']), [1e16, 1e16, 1.0]),
        (fixed('', 'cumsum', 'float4', ['-0', '-0', '0']), [-0.0, -0.0, 0.0]),
        (fixed('', 'cummax', 'float4', ['1', 'NaN', '2']), [1.0, NAN, NAN]),
        (fixed('', 'cummin', 'float4', ['NaN', '1', '-Infinity']), [NAN, 1.0, -INF]),
        (fixed('', 'cummax', 'float8', ['-0', '0', '-0']), [-0.0, 0.0, -0.0]),
        (fixed('', 'cumsum', 'int4', ['3', '1', '7', '0'], excl=True), [0, 3, 4, 11]),
    ]
    for c, want in readme:
        got, err = c.expect()
        F = c.ty.fmt
        same = err is None and len(got) == len(want) and all(
            (g == w if F is None else (math.isnan(g) and math.isnan(w)) or fbits(g, F) == fbits(w, F))
            for g, w in zip(got, want))
        if not same:
            bad.append('README example %s: reference %r, README %r' % (c.human_sql(), got, want))
    c = fixed('', 'cumsum', 'int8', [str(INT8_MAX), '1'])
    if c.expect()[1] != 1:
        bad.append('README example %s: reference gives no error at [2]' % c.human_sql())
    return bad + window_selfcheck(rng)


def window_selfcheck(rng):
    """The window reference against computations apart: every window summed
    afresh with Fractions and rounded (not the reference's sliding integer);
    means of small integers by Python's float division (one IEEE rounding of
    an exact sum); moving sums over windows spanning the row against the
    running totals' reference."""
    bad = []
    for it in range(300):
        ty = rng.choice(list(TYPES))
        T = TYPES[ty]
        n = rng.randint(1, 30)
        fn = rng.choice(['movsum', 'movavg', 'cumavg'])
        w = rng.randint(1, n + 2)
        if T.fmt is None:
            row = int_row(rng, T, n, rng.choice(['mix', 'small', 'edge']))
        else:
            gens = rng.sample(FLOAT_GENS, 3)
            row = [g(rng, T.fmt) for g in gens for _ in range(n)][:n]
            rng.shuffle(row)
        row = [None if rng.random() < 0.2 else v for v in row]
        got, err = ref_row(fn, row, T.fmt, False, w)
        RF = T.fmt or F64
        for i, x in enumerate(row):
            if x is None:
                continue
            lo = 0 if fn == 'cumavg' else max(0, i - w + 1)
            win = [v for v in row[lo:i + 1] if v is not None]
            fin = [v for v in win if T.fmt is None or math.isfinite(v)]
            exact = sum(Fraction(v) for v in fin)
            if T.fmt is not None and (any(math.isnan(v) for v in win) or (INF in win and -INF in win)):
                want = NAN
            elif T.fmt is not None and (INF in win or -INF in win):
                want = INF if INF in win else -INF
            elif exact == 0:
                want = -0.0 if T.fmt is not None and all(is_neg_zero(v) for v in win) else (0 if fn == 'movsum' and T.fmt is None else 0.0)
            elif fn == 'movsum' and T.fmt is None:
                want = int(exact) if INT8_MIN <= exact <= INT8_MAX else 'error'
            else:
                try:
                    want = round_fmt(exact / (1 if fn == 'movsum' else len(win)), RF)
                except Overflow:
                    want = 'error'
            if want == 'error' or err == i:
                if not (want == 'error' and err == i):
                    bad.append('window reference: %s of %r window %d at %d: %r, error at %r'
                               % (fn, row, w, i, want, err))
                break
            g = got[i]
            if not ((isinstance(want, float) and math.isnan(want) and math.isnan(g))
                    or (g == want and math.copysign(1, g) == math.copysign(1, want))):
                bad.append('window reference: %s of %r window %d at %d: %r, afresh %r' % (fn, row, w, i, g, want))
                break
        # small integers as double precision: one IEEE division of an exact sum
        ints = [rng.randint(-1000, 1000) for _ in range(n)]
        got, _ = ref_row('movavg', [float(v) for v in ints], F64, False, w)
        for i in range(n):
            win = ints[max(0, i - w + 1):i + 1]
            want = math.fsum(win) / len(win)
            if sum(win) == 0:
                want = 0.0
            if got[i] != want or math.copysign(1, got[i]) != math.copysign(1, want):
                bad.append('window reference: movavg of %r window %d at %d: %r, IEEE %r' % (ints, w, i, got[i], want))
                break
        # a window over the whole row: the running totals
        if T.fmt is None:
            row = int_row(rng, T, n, rng.choice(['bigsum', 'extremes', 'random']))
        else:
            row = [rng.choice(FLOAT_GENS)(rng, T.fmt) for _ in range(n)]
        row = [None if rng.random() < 0.2 else v for v in row]
        a = ref_row('cumsum', row, T.fmt, False)
        b = ref_row('movsum', row, T.fmt, False, n + rng.randint(0, 3))
        if a[1] != b[1] or (a[1] is None and any(
                not (x is None and y is None) and (x is None or y is None or (
                    not (isinstance(x, float) and math.isnan(x) and math.isnan(y))
                    and (x != y or math.copysign(1, x) != math.copysign(1, y))))
                for x, y in zip(a[0], b[0]))):
            bad.append('window reference: movsum of %r over the row %r, cumsum %r' % (row, b, a))
    return bad


# ----------------------------------------------------------------------------
# The server
# ----------------------------------------------------------------------------

VALUE_SQL = {'int2': 'v::text', 'int4': 'v::text', 'int8': 'v::text',
             'float4': "encode(float4send(v), 'hex')", 'float8': "encode(float8send(v), 'hex')"}


def wrappers_sql(stored=False):
    """pg_temp functions running one call each and returning its result or error as text;
    with stored, also the tables of --stored and the wrappers that read them (their
    lines end in '|' and how the last scan read its argument)."""
    out = []
    for key, T in TYPES.items():
        def proj(f):
            """The text of a result r of function f: type, NULL, dims, the elements."""
            rkey = T.result_ty([fn for fn, c in FN_CODE.items() if c == f][0]).key
            return ("pg_typeof(r)::text || '|' || (r IS NULL)::text || '|' || coalesce(array_dims(r), '') || '|' || "
                    "coalesce((SELECT string_agg(coalesce(%s, 'N'), ',' ORDER BY o) "
                    "FROM unnest(r) WITH ORDINALITY u(v, o)), '')" % VALUE_SQL[rkey])
        body = """
DECLARE res text; eng text; st text; msg text; det text; inp text;
BEGIN
  %(calls)s
  END IF;
  SELECT string_agg(engine || ':' || kernel || ':' || coalesce(fallback_reason, ''), ';'), min(input)
    INTO eng, inp FROM gpuscan_last_run();
  RETURN 'OK|' || coalesce(eng, '') || '|' || res%(tail)s;
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  SELECT string_agg(engine || ':' || kernel || ':' || coalesce(fallback_reason, ''), ';'), min(input)
    INTO eng, inp FROM gpuscan_last_run();
  RETURN 'ERR|' || coalesce(eng, '') || '|' || st || '|' || msg || '|' || coalesce(det, '')%(tail)s;
END"""

        def calls(frm):
            """IF f = 0 THEN ... ELSIF ...: each function's call, its result as text."""
            return '\n  ELS'.join("IF f = %d THEN SELECT %s INTO res FROM (SELECT %s AS r%s OFFSET 0) s;"
                                  % (f, proj(f), FN_SQL[f], frm) for f in sorted(FN_SQL))
        out.append("""
CREATE FUNCTION pg_temp.t_%s(f int, a %s[], ex boolean, w int DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $w$%s $w$;""" % (key, T.sql, body % {'calls': calls(''), 'tail': ''}))
        if not stored:
            continue
        # the argument straight from the table's column: a TOAST pointer when out of line
        out.append("""
CREATE TEMP TABLE hs_%s (id int, pad text, a %s[]) WITH (toast_tuple_target = 128);
ALTER TABLE pg_temp.hs_%s ALTER a SET STORAGE EXTERNAL, ALTER pad SET STORAGE PLAIN;
CREATE FUNCTION pg_temp.s_%s(f int, k int, ex boolean, w int DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $w$%s $w$;"""
                   % (key, T.sql, key, key,
                      body % {'calls': calls(' FROM pg_temp.hs_%s WHERE id = k' % key),
                              'tail': " || '|' || coalesce(inp, '')"}))
    out.append("""
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $w$
DECLARE res text; st text; msg text; det text;
BEGIN
  EXECUTE q INTO res;
  RETURN 'OK|' || coalesce(res, '');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN 'ERR|' || st || '|' || msg || '|' || coalesce(det, '');
END $w$;""")
    return '\n'.join(out)


class Session:
    """A connection (test/pgclient.py) with this test's settings and wrappers."""

    def __init__(self, args):
        """Connect: the extension, gpuscan.device = --engine, the wrappers (and
        with --stored the tables)."""
        self.conn = scan_session(args)
        self.stored = getattr(args, 'stored', False)
        self.conn.query('SET client_min_messages = warning')
        self.conn.query(wrappers_sql(self.stored))

    def start(self, body):
        """Send a script of statements without waiting for it (see finish)."""
        self.conn.send(body)

    def finish(self):
        """Wait for the script: (the first column of every row it returned,
        the server's ERROR or None).  The statements of one script run in one
        transaction; an ERROR ends it."""
        try:
            return [row[0] for rows in self.conn.wait_all() for row in rows], None
        except SqlError as e:
            return [], e

    def run(self, body):
        """Run a script and wait for it."""
        self.start(body)
        return self.finish()

    def close(self):
        """Close the connection."""
        self.conn.close()


# ----------------------------------------------------------------------------
# Comparison
# ----------------------------------------------------------------------------

class CaseTally(Tally):
    """The tally (test/tally.py), with the failure lines naming seed and case,
    and the engines seen."""

    def __init__(self, seed, engine):
        """Set the fields."""
        super().__init__(MAX_FAILURE_LINES)
        self.seed, self.engine = seed, engine
        self.engines = {}
        self.inputs = {}        # --stored: how the scans read their argument
        self.batches = 0
        self.kernel = None      # the GPU kernel gpuscan.kernel asks for

    def fail_case(self, where, sql, what):
        """Count a failed check and print its line."""
        self.fail('seed=%s %s: %s: %s' % (self.seed, where, sql, what))


def show_value(v, ty):
    """A reference value for a failure line."""
    if v is None:
        return 'NULL'
    if ty.fmt is None:
        return str(v)
    return '%0*x (%r)' % (ty.fmt.nbits // 4, fbits(v, ty.fmt), v)


def show_got(tok, ty):
    """A returned element for a failure line."""
    if tok == 'N':
        return 'NULL'
    if ty.fmt is None:
        return tok
    try:
        return '%s (%r)' % (tok, from_bits(int(tok, 16), ty.fmt))
    except ValueError:
        return tok


def same_value(tok, v, ty):
    """Whether a returned element equals the reference value (bits; any NaN equals NaN)."""
    if v is None or tok == 'N':
        return v is None and tok == 'N'
    if ty.fmt is None:
        return tok == str(v)
    try:
        b = int(tok, 16)
    except ValueError:
        return False
    if math.isnan(v):
        return bits_is_nan(b, ty.fmt)
    return b == fbits(v, ty.fmt)


SUBSCRIPT_RE = re.compile(r'subscript ((?:\[-?\d+\])+)')


def engine_problem(eng, tally):
    """Whether a scan's 'engine:kernel:fallback reason' fits --engine (None, else the problem)."""
    name, _, rest = eng.partition(':')
    kernel, _, reason = rest.partition(':')
    key = '%s/%s' % (name, kernel)
    tally.engines[key] = tally.engines.get(key, 0) + 1
    if tally.engine == 'cpu' and name != 'cpu':
        return 'ran on %r with gpuscan.device = cpu' % eng
    if tally.engine == 'gpu' and name != 'gpu' and not reason:
        return 'ran on %r with gpuscan.device = gpu and no fallback reason' % eng
    if name == 'gpu' and tally.kernel and kernel != tally.kernel:
        return 'ran the GPU kernel %r, gpuscan.kernel asks for %r' % (kernel, tally.kernel)
    return None


def check_engine(c, eng, tally):
    """The engine that ran a case fits --engine (None when fine, else the problem)."""
    if not c.scans():
        return None             # no scan ran: gpuscan_last_run() is an earlier call's
    return engine_problem(eng, tally)


def compare(c, line, tally):
    """Compare one case's output line with the reference; record pass or fail."""
    where = 'case=%s' % c.label
    sql = c.human_sql()
    want, err_pos = c.expect()
    if line is None:
        tally.fail_case(where, sql, 'no result from the server')
        return
    parts = line.split('|')
    if parts[0] == 'ERR':
        _, eng, state, msg, detail = (line.split('|', 4) + ['', '', '', ''])[:5]
        problem = check_engine(c, eng, tally)
        if err_pos is None:
            tally.fail_case(where, sql, 'expected no error, got ERROR %s %s (%s)' % (state, msg, detail))
            return
        if err_pos == 'window':
            if state != '22023' or 'window must be at least 1' not in msg:
                tally.fail_case(where, sql, 'expected ERROR 22023 (window below 1), got ERROR %s %s (%s)'
                                % (state, msg, detail))
            else:
                tally.ok()
            return
        want_msg = 'bigint out of range' if c.ty.fmt is None else 'value out of range: overflow'
        m = SUBSCRIPT_RE.search(detail)
        got_sub = m.group(1) if m else None
        want_sub = c.subscripts(err_pos)
        # a moving sum's error names the window sum, a running total's the running total
        want_what = 'The window sum at' if c.fn == 'movsum' else 'The running total at'
        if state != '22003' or msg != want_msg or got_sub != want_sub or not detail.startswith(want_what):
            tally.fail_case(where, sql, 'expected ERROR 22003 %s at %s (%s ...), got ERROR %s %s (%s)'
                            % (want_msg, want_sub, want_what, state, msg, detail))
        elif problem:
            tally.fail_case(where, sql, problem)
        else:
            tally.ok()
        return
    if parts[0] != 'OK' or len(parts) != 6:
        tally.fail_case(where, sql, 'unreadable result line %r' % line[:200])
        return
    _, eng, typ, isnull, dims, vals = parts
    problem = check_engine(c, eng, tally)
    if err_pos == 'window':
        tally.fail_case(where, sql, 'expected ERROR 22023 (window below 1), got a result')
        return
    if err_pos is not None:
        tally.fail_case(where, sql, 'expected ERROR 22003 at %s, got a result' % c.subscripts(err_pos))
        return
    want_typ = c.ty.result_sql(c.fn)
    if typ != want_typ:
        tally.fail_case(where, sql, 'result type %s, expected %s' % (typ, want_typ))
        return
    if want is None:
        if isnull != 'true':
            tally.fail_case(where, sql, 'expected a NULL result, got %s' % dims)
        else:
            tally.ok()
        return
    if isnull != 'false':
        tally.fail_case(where, sql, 'expected an array, got NULL')
        return
    want_dims = ''.join('[%d:%d]' % (lb, lb + d - 1) for lb, d in zip(c.lbs, c.dims))
    if dims != want_dims:
        tally.fail_case(where, sql, 'dims %r, expected %r' % (dims, want_dims))
        return
    toks = vals.split(',') if vals else []
    if len(toks) != len(want):
        tally.fail_case(where, sql, '%d elements, expected %d' % (len(toks), len(want)))
        return
    for pos, (tok, v) in enumerate(zip(toks, want)):
        if not same_value(tok, v, c.rty):
            tally.fail_case(where, sql, 'at %s: expected %s, got %s'
                            % (c.subscripts(pos), show_value(v, c.rty), show_got(tok, c.rty)))
            return
    if problem:
        tally.fail_case(where, sql, problem)
        return
    tally.ok()


# --stored: the most bytes of one TOAST slice fetch, a batch's pick (0: as
# large as the engine asks for, only arrays of 256 kB and more stream)
SLICE_BYTES = [1, 3, 7, 8, 13, 100, 1999, 4096, 65536, 0]
# the long window cases: slices of a TOAST chunk or more (of a few bytes, the
# arrays of hundreds of kB would take minutes), never 0 (the default, which
# streams only arrays of 256 kB and more: one with many NULLs stores less)
SLICE_BYTES_LONG = [1999, 4096, 65536]


def stored_body(cases, tally, slice_choices=None):
    """The script of a --stored batch: the arrays into the tables, a slice size, the calls."""
    rng = random.Random('%s:slices:%d' % (tally.seed, tally.batches))
    tally.batches += 1
    slice_bytes = rng.choice(slice_choices or SLICE_BYTES)
    body = ['TRUNCATE %s;' % ', '.join('pg_temp.hs_%s' % key for key in TYPES)]
    body += [c.stored_sql(i) for i, c in enumerate(cases) if not c.null_arg()]
    body.append('SET gpuscan.toast_slice_bytes = %d;' % slice_bytes)
    for i, c in enumerate(cases):
        body.append("SELECT '%d|' || %s;" % (i, c.wrapper_sql() if c.null_arg() else c.stored_wrapper_sql(i)))
    body.append('RESET gpuscan.toast_slice_bytes;')
    return '\n'.join(body) + '\n'


def run_cases(session, cases, tally, slice_bytes=None):
    """Run cases in one script (references computed while the server works) and compare."""
    if session.stored:
        body = stored_body(cases, tally, slice_bytes)
    else:
        body = ''.join("SELECT '%d|' || %s;\n" % (i, c.wrapper_sql()) for i, c in enumerate(cases))
    session.start(body)
    for c in cases:
        c.expect()              # the reference, computed while the server works
    lines, err = session.finish()
    got = {}
    for line in lines:
        i, _, rest = line.partition('|')
        if i.isdigit():
            c = cases[int(i)]
            if session.stored and not c.null_arg():
                rest, _, inp = rest.rpartition('|')
                if c.scans():
                    tally.inputs[inp] = tally.inputs.get(inp, 0) + 1
            got[int(i)] = rest
    if err:
        tally.fail_case('batch', '(server)', 'ERROR %s: %s' % (err.sqlstate, err.message[:500]))
    for i, c in enumerate(cases):
        compare(c, got.get(i), tally)


# ----------------------------------------------------------------------------
# Size limit
# ----------------------------------------------------------------------------

N_LIMIT = 2 ** 27 - 1                 # PostgreSQL's MaxArraySize
MAX_ALLOC = 2 ** 30 - 1               # PostgreSQL's MaxAllocSize: the largest value


def maxalign(n):
    """PostgreSQL's MAXALIGN (8 bytes)."""
    return (n + 7) & ~7


def pg_array_bytes(ndim, nitems, nvalues, elem_size, with_nulls):
    """The size of a PostgreSQL array value (header, dims, lower bounds, bitmap, data)."""
    head = 16 + 8 * ndim + ((nitems + 7) // 8 if with_nulls else 0)
    return maxalign(head) + nvalues * elem_size


def f4hex(x):
    """The float4send hex of a float32 value."""
    return '%08x' % fbits(x, F32)


def size_limit_cases(seed):
    """(name, SQL returning one text value, checker of the wrapper's answer) at the size limit."""
    rng = random.Random('%s:size' % seed)
    N = N_LIMIT
    cases = []

    def expect_ok(want):
        """A checker for a result of exactly 'OK|' + want."""
        def chk(ans):
            """None when the answer is right, else what differed."""
            return None if ans == 'OK|' + want else 'expected OK|%s, got %s' % (want[:300], ans[:300])
        return chk

    def expect_err(state, *needles):
        """A checker for an ERROR with this SQLSTATE whose text has the needles."""
        def chk(ans):
            """None when the answer is right, else what differed."""
            p = ans.split('|')
            if p[0] == 'ERR' and p[1] == state and all(s in ans for s in needles):
                return None
            return 'expected ERROR %s mentioning %s, got %s' % (state, list(needles), ans[:300])
        return chk

    # 1. cumsum of 2^27-1 ones as real: position i is i rounded to float32
    pos = sorted({1, 2, 3, 2 ** 24 - 1, 2 ** 24, 2 ** 24 + 1, 2 ** 24 + 2, 2 ** 24 + 3, 2 ** 25 + 2,
                  2 ** 25 + 6, 2 ** 26 + 4, 2 ** 26 + 12, N - 1, N}
                 | {rng.randint(1, N) for _ in range(6)})
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_dims(r) || '|' || pg_typeof(r) "
           "FROM (SELECT gpu_cumsum(array_fill(1::real, ARRAY[%d])) AS r OFFSET 0) s"
           % (', '.join("encode(float4send(r[%d]), 'hex')" % p for p in pos), N))
    want = ','.join(f4hex(round_fmt(Fraction(p), F32)) for p in pos) + '|[1:%d]|real[]' % N
    cases.append(('cumsum of 2^27-1 ones, real', sql, expect_ok(want)))

    # 2. exclusive cumsum of 0.1::real, 6-D, rows of 262657, extreme lower bounds
    dims = [7, 1, 73, 1, 1, 262657]
    lbs = [-3, 0, 5, -2 ** 31, 2 ** 31 - 2, 2 ** 31 - 1 - 262657]
    tenth = round_fmt(Fraction(1, 10), F32)
    subs = [[lb for lb in lbs], [lb + d - 1 for lb, d in zip(lbs, dims)]]
    subs += [[lb + rng.randrange(d) for lb, d in zip(lbs, dims)] for _ in range(8)]
    subs += [[lb + rng.randrange(d) for lb, d in zip(lbs[:-1], dims[:-1])] + [lbs[-1] + k]
             for k in (1, 2 ** 17, 2 ** 18)]
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_dims(r) "
           "FROM (SELECT gpu_cumsum(array_fill(%r::real, ARRAY[%s], ARRAY[%s]), true) AS r OFFSET 0) s"
           % (', '.join("encode(float4send(r%s), 'hex')" % ''.join('[%d]' % x for x in sb) for sb in subs),
              tenth, ','.join(map(str, dims)), ','.join(map(str, lbs))))
    want = (','.join(f4hex(round_fmt(Fraction(tenth) * (sb[-1] - lbs[-1]), F32)) for sb in subs)
            + '|' + ''.join('[%d:%d]' % (lb, lb + d - 1) for lb, d in zip(lbs, dims)))
    cases.append(('exclusive cumsum of 0.1, real, 6-D [7][1][73][1][1][262657]', sql, expect_ok(want)))

    # 3. cummax and cummin of {-0 x (N-2), 0, NaN}: the later of equals wins, NaN is largest
    pos = [1, 2, 3, N // 2, N - 2, N - 1, N]
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_to_string(ARRAY[%s], ',') "
           "FROM (SELECT gpu_cummax(a) AS mx, gpu_cummin(a) AS mn FROM (SELECT array_fill('-0'::real, "
           "ARRAY[%d]) || ARRAY['0'::real, 'NaN'::real] AS a OFFSET 0) t OFFSET 0) s"
           % (', '.join("encode(float4send(mx[%d]), 'hex')" % p for p in pos),
              ', '.join("encode(float4send(mn[%d]), 'hex')" % p for p in pos), N - 2))
    mx = {N - 1: 0.0, N: NAN}
    mn = {N - 1: 0.0, N: 0.0}
    want = (','.join(f4hex(mx.get(p, -0.0)) for p in pos) + '|' + ','.join(f4hex(mn.get(p, -0.0)) for p in pos))
    cases.append(('cummax/cummin of {-0 x (2^27-3), 0, NaN}, real', sql, expect_ok(want)))

    # 4. smallint[] of 2^27-1 elements: the bigint[] sum needs more than 1 GB
    need = pg_array_bytes(1, N, N, 8, False)
    assert need > MAX_ALLOC
    sql = "SELECT array_length(gpu_cumsum(array_fill(1::smallint, ARRAY[%d])), 1)::text" % N
    cases.append(('cumsum of 2^27-1 smallint: result over 1 GB', sql, expect_err('54000', str(need))))

    # 5. one-element rows at the limit: cummin of [N][1] smallint, row 1 alone lower
    pos = [1, 2, 3, N // 3, N]
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_dims(r) || '|' || pg_typeof(r) "
           "FROM (SELECT gpu_cummin(ARRAY[['-32768'::smallint]] || array_fill(32767::smallint, ARRAY[%d, 1])) "
           "AS r OFFSET 0) s" % (', '.join('r[%d][1]::text' % p for p in pos), N - 1))
    want = ','.join('-32768' if p == 1 else '32767' for p in pos) + '|[1:%d][1:1]|smallint[]' % N
    cases.append(('cummin of [2^27-1][1] smallint (one-element rows)', sql, expect_ok(want)))

    # 6, 7. integer[] (smallint[]) with leading NULLs: the bigint[] result just fits in 1 GB, or one byte too big
    k = N - (MAX_ALLOC - pg_array_bytes(1, N, 0, 8, True)) // 8       # the fewest NULLs that fit
    assert pg_array_bytes(1, N, N - k, 8, True) <= MAX_ALLOC < pg_array_bytes(1, N, N - k + 1, 8, True)
    pos = [1, k, k + 1, N]
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_dims(r) "
           "FROM (SELECT gpu_cumsum(array_fill(NULL::int, ARRAY[%d]) || array_fill(1, ARRAY[%d])) AS r OFFSET 0) s"
           % (', '.join("coalesce(r[%d]::text, 'N')" % p for p in pos), k, N - k))
    want = ','.join('N' if p <= k else str(p - k) for p in pos) + '|[1:%d]' % N
    cases.append(('cumsum of 2^27-1 integer, %d NULL: result of exactly %d bytes'
                  % (k, pg_array_bytes(1, N, N - k, 8, True)), sql, expect_ok(want)))
    need = pg_array_bytes(1, N, N - k + 1, 8, True)
    sql = ("SELECT array_length(gpu_cumsum(array_fill(NULL::smallint, ARRAY[%d]) "
           "|| array_fill(1::smallint, ARRAY[%d])), 1)::text" % (k - 1, N - k + 1))
    cases.append(('cumsum of 2^27-1 smallint, %d NULL: result of %d bytes' % (k - 1, need), sql,
                  expect_err('54000', str(need))))

    # 8. all NULL at the limit: no values, so even a smallint sum fits
    sql = ("SELECT (r[1] IS NULL AND r[%d] IS NULL)::text || '|' || array_dims(r) || '|' || pg_typeof(r) "
           "FROM (SELECT gpu_cumsum(array_fill(NULL::smallint, ARRAY[%d])) AS r OFFSET 0) s" % (N, N))
    cases.append(('cumsum of 2^27-1 NULL smallint', sql, expect_ok('true|[1:%d]|bigint[]' % N)))

    # 9. a moving sum of 2^27-1 ones as real, window 2^24+1: min(p, w) rounded to float32
    w = 2 ** 24 + 1
    pos = sorted({1, 2, 3, 2 ** 24 - 1, 2 ** 24, w, w + 1, w + 2, 2 ** 25, N - 1, N}
                 | {rng.randint(1, N) for _ in range(4)})
    sql = ("SELECT array_to_string(ARRAY[%s], ',') || '|' || array_dims(r) || '|' || pg_typeof(r) "
           "FROM (SELECT gpu_movsum(array_fill(1::real, ARRAY[%d]), %d) AS r OFFSET 0) s"
           % (', '.join("encode(float4send(r[%d]), 'hex')" % p for p in pos), N, w))
    want = ','.join(f4hex(round_fmt(Fraction(min(p, w)), F32)) for p in pos) + '|[1:%d]|real[]' % N
    cases.append(('movsum of 2^27-1 ones, real, window 2^24+1', sql, expect_ok(want)))

    # 10. smallint[] of 2^27-1 elements: the double precision[] mean needs more than 1 GB
    need = pg_array_bytes(1, N, N, 8, False)
    sql = "SELECT array_length(gpu_movavg(array_fill(1::smallint, ARRAY[%d]), 3), 1)::text" % N
    cases.append(('movavg of 2^27-1 smallint: result over 1 GB', sql, expect_err('54000', str(need))))

    # 11. 2^27 elements: PostgreSQL refuses the array itself
    lim = 'maximum allowed (%d)' % N
    cases.append(('array_fill of 2^27 elements', "SELECT gpu_cumsum(array_fill(1::smallint, ARRAY[%d]))::text"
                  % (N + 1), expect_err('54000', lim)))
    cases.append(('6-D array of 2^27 elements', "SELECT gpu_cummax(array_fill(NULL::real, "
                  "ARRAY[32,32,32,16,16,16]))::text", expect_err('54000', lim)))
    cases.append(('2^27-1 elements plus one', "SELECT gpu_cumsum(ARRAY[1::real] || array_fill(NULL::real, "
                  "ARRAY[%d]))::text" % N, expect_err('54000', lim)))
    return cases


def run_size_limit(args, tally):
    """Run the size-limit cases one connection each, timed, with the engine of each scan."""
    t_all = time.monotonic()
    for name, sql, chk in size_limit_cases(tally.seed):
        t0 = time.monotonic()
        try:
            session = Session(args)
        except (RuntimeError, SqlError) as e:
            tally.fail_case('size-limit', sql, 'cannot set up a session: %s' % e)
            continue
        lines, err = session.run(
            "SELECT 'ans|' || pg_temp.try($q$%s$q$);\n"
            "SELECT 'eng|' || engine || ':' || kernel || ':' || coalesce(fallback_reason, '') "
            "FROM gpuscan_last_run();\n" % sql)
        session.close()
        dt = time.monotonic() - t0
        got = dict(line.split('|', 1) for line in lines if '|' in line)
        ans = got.get('ans') if err is None else None
        if ans is None:
            ans = 'ERROR %s' % ((err.sqlstate + ': ' + err.message[:300]) if err else '(no answer)')
        problem = chk(ans)
        eng = got.get('eng')    # none when no scan ran in this session
        if problem is None and eng is not None:
            problem = engine_problem(eng, tally)
        ran = '/'.join(eng.split(':')[:2]) if eng is not None else '(no scan)'
        print('size-limit: %-78s %6.2f s  %-18s %s'
              % (name, dt, ran, 'ok' if problem is None else 'FAILED'), flush=True)
        if problem is None:
            tally.ok()
        else:
            tally.fail_case('size-limit', sql, problem)
    print('size-limit: %.1f s in all' % (time.monotonic() - t_all), flush=True)


# ----------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------

def probe(args, tally):
    """Connect, create the extension if needed and check that the chosen
    engine can scan; the session, or None to stop."""
    try:
        session = Session(args)
    except (RuntimeError, SqlError) as e:
        tally.fail_case('setup', '(connect)', 'cannot set up a session on the server: %s' % e)
        return None
    lines, err = session.run("SELECT 'probe|' || pg_temp.t_int4(0, '{1,2}'::int[], false);\n"
                             "SELECT 'version|' || extversion FROM pg_extension WHERE extname = 'gpuscan';\n"
                             "SELECT 'kernel|' || current_setting('gpuscan.kernel', true);\n")
    if err:
        tally.fail_case('setup', '(probe)', 'ERROR %s: %s' % (err.sqlstate, err.message[:500]))
        return None
    got = dict(line.split('|', 1) for line in lines if '|' in line)
    ans = got.get('probe', '')
    if not ans.startswith('OK|'):
        p = (ans.split('|', 4) + [''] * 5)[:5]
        what = 'ERROR %s %s (%s)' % (p[2], p[3], p[4]) if p[0] == 'ERR' else repr(ans)
        if tally.engine == 'gpu':
            what = 'the GPU engine is not usable (gpuscan.device = gpu): %s' % what
        tally.fail_case('setup', "gpu_cumsum('{1,2}'::int[])", what)
        return None
    kernel = got.get('kernel', '')
    tally.kernel = 'single_pass' if kernel == 'auto' else kernel
    print('gpuscan %s, gpuscan.device = %s, gpuscan.kernel = %s, PGOPTIONS=%r'
          % (got.get('version', '?'), tally.engine, kernel, os.environ.get('PGOPTIONS', '')), flush=True)
    return session


def main():
    """Parse options, run every part, print the summary; exit status 1 on any failure."""
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seconds', type=float, default=5.0, help='time for the random cases (default 5)')
    ap.add_argument('--window-seconds', type=float, default=5.0,
                    help='time for the random cases of the window functions (default 5)')
    ap.add_argument('--seed', type=int, default=None, help='random seed (default: from the clock)')
    ap.add_argument('--engine', choices=['cpu', 'gpu', 'auto'], default='auto', help='gpuscan.device')
    ap.add_argument('--size-limit', action='store_true', help='also the cases at the 2^27-1 element limit')
    ap.add_argument('--stored', action='store_true',
                    help='store each array in a table first (out of line) and read it from there')
    ap.add_argument('--case', type=int, default=None, help='replay this one random case of --seed')
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 10 ** 9
    print('hostile.py: seed %d (replay: --seed %d%s), engine %s' % (seed, seed, ' --stored' if args.stored else '',
                                                                  args.engine), flush=True)
    tally = CaseTally(seed, args.engine)

    def summary():
        """Print the last line and exit."""
        sys.exit(tally.summary())

    bad = reference_selfcheck(seed)
    for b in bad[:20]:
        tally.fail_case('reference self-check', '-', b)
    if bad:
        summary()
    tally.ok()

    session = probe(args, tally)
    if session is None:
        summary()

    if args.case is not None:
        c = random_case(seed, args.case)
        print('case %d (%s): %s' % (args.case, c.note, c.human_sql()))
        run_cases(session, [c], tally)
        summary()

    fx = fixed_cases()
    run_cases(session, fx, tally)
    print('fixed cases: %d' % len(fx), flush=True)

    t0 = time.monotonic()
    lw = long_window_cases(seed)
    before = tally.inputs.get('toast slices', 0)
    run_cases(session, lw, tally, SLICE_BYTES_LONG)
    streamed = tally.inputs.get('toast slices', 0) - before
    print('long window cases: %d (%d array positions) in %.1f s%s'
          % (len(lw), sum(len(c.vals) for c in lw), time.monotonic() - t0,
             ', %d read from TOAST in slices' % streamed if args.stored else ''), flush=True)
    if args.stored:
        if streamed == len(lw):
            tally.ok()
        else:
            tally.fail_case('stored', '-', 'only %d of the %d long window cases were read from TOAST in slices'
                            % (streamed, len(lw)))

    for what, first, seconds in (('random cases', 0, args.seconds),
                                 ('random window cases', WINDOW_CASES, args.window_seconds)):
        t0 = time.monotonic()
        k = first
        ncases = npos = 0
        batch = 100
        while seconds > 0 and time.monotonic() - t0 < seconds:
            tb = time.monotonic()
            cases = [random_case(seed, k + j) for j in range(batch)]
            k += batch
            run_cases(session, cases, tally)
            ncases += len(cases)
            npos += sum(len(c.vals) for c in cases)
            took = max(time.monotonic() - tb, 1e-3)
            left = seconds - (time.monotonic() - t0)
            batch = max(20, min(2000, int(batch * min(1.0, max(left, 0.2)) / took)))
        dt = time.monotonic() - t0
        if ncases:
            print('%s: %d in %.1f s (%.0f cases/s, %d array positions), seed %d'
                  % (what, ncases, dt, ncases / dt, npos, seed), flush=True)
    print('engines that ran: %s' % (', '.join('%s %d' % kv for kv in sorted(tally.engines.items())) or 'none'),
          flush=True)
    if args.stored:
        print('arguments read as: %s' % (', '.join('%s %d' % kv for kv in sorted(tally.inputs.items()))
                                         or 'none'), flush=True)
        if tally.inputs.get('toast slices', 0) > 0:
            tally.ok()
        else:
            tally.fail_case('stored', '-', 'no array was read from TOAST in slices')
    if args.engine == 'gpu':
        if sum(n for key, n in tally.engines.items() if key.startswith('gpu/')) > 0:
            tally.ok()
        else:
            tally.fail_case('engine', '-', 'gpuscan.device = gpu but gpuscan_last_run() never showed the GPU')

    if args.size_limit:
        session.close()
        run_size_limit(args, tally)
    summary()


if __name__ == '__main__':
    main()
