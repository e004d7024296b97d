"""test/reference.py -- the exact reference of the scans for the Python tests
(test/hostile.py; any test that needs the right answer without asking the
extension), by the README's rules ("Semantics of gpu_cumsum", "Semantics of
gpu_cummax and gpu_cummin"):

- integers are summed exactly with Python ints into bigint (an output
  outside bigint is the error);
- floats are summed exactly with fractions.Fraction and rounded once to
  binary32/binary64 (round half to even, gradual underflow, a finite total
  that rounds outside the format is the error); NaN and the infinities by
  IEEE addition; an exact zero is -0 only when every term so far is -0;
- maxima and minima in PostgreSQL's order (NaN largest, -0 == 0, the later
  of equals wins).

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
    if q == 0:
        return 0.0
    neg = q < 0
    n, d = abs(q.numerator), q.denominator
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



def ref_row(fn, row, fmt, exclusive):
    """One row of fn ('cumsum', 'cummax' or 'cummin') over values of float
    format fmt (None for integers); (outputs, index of the first error or None)."""
    if fn == 'cumsum':
        if fmt is None:
            return ref_cumsum_int(row, exclusive)
        return ref_cumsum_float(row, fmt, exclusive)
    return ref_cumext(row, fn == 'cummax')
