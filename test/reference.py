"""test/reference.py -- the exact reference of the scans for the Python tests
(test/hostile.py; any test that needs the right answer without asking the
extension), by the README's rules ("Semantics of gpu_cumsum", "Semantics of
gpu_cummax and gpu_cummin", and of gpu_movsum, gpu_movavg, gpu_cumavg):

- integers are summed exactly with Python ints into bigint (an output
  outside bigint is the error);
- floats are summed exactly with fractions.Fraction and rounded once to
  binary32/binary64 (round half to even, gradual underflow, a finite total
  that rounds outside the format is the error); NaN and the infinities by
  IEEE addition; an exact zero is -0 only when every term so far is -0;
- maxima and minima in PostgreSQL's order (NaN largest, -0 == 0, the later
  of equals wins);
- moving sums over a window of positions j-window+1..j of the row (NULL
  positions counted, their values skipped): integers exact into bigint (a
  window sum outside bigint is the error, however far the running total
  went), floats the exact sum rounded once (overflow the error); the
  specials by what the window holds (NaN when a NaN or both infinities,
  else the infinity), -0 only when every value in it is -0;
- moving means and running means: the exact sum over the count of values,
  rounded once to float8 (integers) or the type, specials and -0 as for the
  sums, a negative mean rounding to zero -0, never an error.

Each function scans one row (a list of values, None for NULL) and returns
(outputs, index of the first error or None).  Standard library only.
(test/engine/reference.h is the C engine tests' reference; the two share no code.)
"""
import math
import struct
from fractions import Fraction

INF = math.inf
NAN = math.nan


class Fmt:
    """An IEEE binary format: precision, exponent range, bit width."""

    def __init__(self, name, p, emin, emax, nbits, ebits, packchar):
        """Set the fields."""
        self.name, self.p, self.emin, self.emax = name, p, emin, emax
        self.nbits, self.ebits, self.packchar = nbits, ebits, packchar
        self.max = math.ldexp(2 ** p - 1, emax - p + 1)
        self.min_sub = math.ldexp(1.0, emin - p + 1)
        self.min_norm = math.ldexp(1.0, emin)


F32 = Fmt('float4', 24, -126, 127, 32, 8, 'f')
F64 = Fmt('float8', 53, -1022, 1023, 64, 11, 'd')


class Overflow(Exception):
    """A finite exact total whose rounded value is outside the format."""


def round_fmt(q, F):
    """The value of Fraction q rounded to format F, half to even (a float)."""
    return round_ratio(q.numerator, q.denominator, F)


def round_ratio(num, den, F):
    """The value of num / den (integers, den > 0, not necessarily in lowest
    terms) rounded to format F, half to even (a float)."""
    if num == 0:
        return 0.0
    neg = num < 0
    n, d = abs(num), den
    e = n.bit_length() - d.bit_length()          # 2^e <= |q| < 2^(e+1) after the fix
    if (n < d << e) if e >= 0 else (n << -e < d):
        e -= 1
    qe = max(e, F.emin) - (F.p - 1)              # exponent of one ulp
    num, den = (n, d << qe) if qe >= 0 else (n << -qe, d)
    m, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and m & 1):
        m += 1
    if m.bit_length() - 1 + qe > F.emax:         # m * 2^qe >= 2^(emax+1)
        raise Overflow()
    v = math.ldexp(m, qe)
    return -v if neg else v


def is_neg_zero(x):
    """True for -0.0."""
    return x == 0 and math.copysign(1.0, x) < 0


def fbits(x, F):
    """The bit pattern of a value of format F (an int)."""
    return int.from_bytes(struct.pack('>' + F.packchar, x), 'big')


def from_bits(b, F):
    """The float with bit pattern b in format F."""
    return struct.unpack('>' + F.packchar, b.to_bytes(F.nbits // 8, 'big'))[0]


def bits_is_nan(b, F):
    """True when bit pattern b of format F is a NaN."""
    mant = F.nbits - 1 - F.ebits
    return (b >> mant) & ((1 << F.ebits) - 1) == (1 << F.ebits) - 1 and b & ((1 << mant) - 1) != 0


def ulp(x, F):
    """One unit in the last place of finite nonzero x in format F."""
    e = math.frexp(abs(x))[1] - 1
    return math.ldexp(1.0, max(e, F.emin) - F.p + 1)


def ref_cumsum_float(row, F, exclusive):
    """Exact running sums of one row of floats; (outputs, index of first overflow or None)."""
    out = [None] * len(row)
    total = Fraction(0)
    nan = pinf = ninf = False
    nterms = 0
    allneg0 = True

    def value():
        """The rounded total so far, by the README's rules (raises Overflow)."""
        if nan or (pinf and ninf):
            return NAN
        if pinf:
            return INF
        if ninf:
            return -INF
        if total == 0:
            return -0.0 if nterms > 0 and allneg0 else 0.0
        return round_fmt(total, F)

    for i, x in enumerate(row):
        if x is None:
            continue
        try:
            if exclusive:
                out[i] = value()
            nterms += 1
            if not is_neg_zero(x):
                allneg0 = False
            if math.isnan(x):
                nan = True
            elif x == INF:
                pinf = True
            elif x == -INF:
                ninf = True
            else:
                total += Fraction(x)
            if not exclusive:
                out[i] = value()
        except Overflow:
            return out, i
    return out, None


INT8_MIN, INT8_MAX = -2 ** 63, 2 ** 63 - 1


def ref_cumsum_int(row, exclusive):
    """Exact running sums of one row of integers into bigint; (outputs, first error or None)."""
    out = [None] * len(row)
    total = 0
    for i, x in enumerate(row):
        if x is None:
            continue
        if exclusive:
            out[i] = total
        total += x
        if not exclusive:
            out[i] = total
        if not INT8_MIN <= out[i] <= INT8_MAX:
            return out, i
    return out, None


def pg_key(x):
    """PostgreSQL's sort key of a number: NaN above everything, -0 == 0."""
    if isinstance(x, float) and math.isnan(x):
        return (1, 0.0)
    return (0, x)


def ref_cumext(row, want_max):
    """Running maxima (want_max) or minima of one row, the later of equals winning."""
    out = [None] * len(row)
    cur = None
    for i, x in enumerate(row):
        if x is None:
            continue
        if cur is None:
            cur = x
        else:
            kx, kc = pg_key(x), pg_key(cur)
            if (kx >= kc) if want_max else (kx <= kc):
                cur = x
        out[i] = cur
    return out, None


def units(x, F):
    """A finite float of format F as an integer count of F's smallest subnormal."""
    n, d = x.as_integer_ratio()             # d is a power of two
    return (n << (F.p - 1 - F.emin)) // d


def ref_window_float(row, F, window, mean):
    """Moving sums (mean false) or means of one row of floats over windows of
    window positions (None: the whole row so far); (outputs, index of the
    first overflowing sum or None).  The window's exact sum is kept as an
    integer in units of the smallest subnormal, with counts beside it."""
    out = [None] * len(row)
    shift = F.p - 1 - F.emin
    total = 0
    cnt = {'n': 0, 'nan': 0, 'pinf': 0, 'ninf': 0, 'negz': 0}

    def move(x, d):
        """Value x enters (d = 1) or leaves (d = -1) the window."""
        nonlocal total
        cnt['n'] += d
        if math.isnan(x):
            cnt['nan'] += d
        elif x == INF:
            cnt['pinf'] += d
        elif x == -INF:
            cnt['ninf'] += d
        elif is_neg_zero(x):
            cnt['negz'] += d
        else:
            total += d * units(x, F)

    for i, x in enumerate(row):
        if window is not None and i >= window and row[i - window] is not None:
            move(row[i - window], -1)
        if x is None:
            continue
        move(x, 1)
        if cnt['nan'] or (cnt['pinf'] and cnt['ninf']):
            out[i] = NAN
        elif cnt['pinf'] or cnt['ninf']:
            out[i] = INF if cnt['pinf'] else -INF
        elif total == 0:
            out[i] = -0.0 if cnt['negz'] == cnt['n'] else 0.0
        else:
            try:                             # a negative mean rounding to zero is -0
                out[i] = round_ratio(total, (1 << shift) * (cnt['n'] if mean else 1), F)
            except Overflow:
                if mean:
                    raise                    # a mean lies within its values' range
                return out, i
    return out, None


def ref_window_int(row, window, mean):
    """Moving sums (into bigint) or means (rounded to float8) of one row of
    integers over windows of window positions (None: the row so far);
    (outputs, index of the first window sum outside bigint or None)."""
    out = [None] * len(row)
    total = n = 0
    for i, x in enumerate(row):
        if window is not None and i >= window and row[i - window] is not None:
            total -= row[i - window]
            n -= 1
        if x is None:
            continue
        total += x
        n += 1
        if mean:
            out[i] = round_ratio(total, n, F64) if total else 0.0
        elif INT8_MIN <= total <= INT8_MAX:
            out[i] = total
        else:
            return out, i
    return out, None


WINDOW_FNS = ('movsum', 'movavg', 'cumavg')


def ref_row(fn, row, fmt, exclusive, window=None):
    """One row of fn ('cumsum', 'cummax', 'cummin', 'movsum', 'movavg' or
    'cumavg'; window for the moving ones) over values of float format fmt
    (None for integers); (outputs, index of the first error or None)."""
    if fn == 'cumsum':
        if fmt is None:
            return ref_cumsum_int(row, exclusive)
        return ref_cumsum_float(row, fmt, exclusive)
    if fn in WINDOW_FNS:
        w = None if fn == 'cumavg' else window
        if fmt is None:
            return ref_window_int(row, w, fn != 'movsum')
        return ref_window_float(row, fmt, w, fn != 'movsum')
    return ref_cumext(row, fn == 'cummax')
