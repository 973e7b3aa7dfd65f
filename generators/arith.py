"""Element goldens of the arithmetic ops, one function per (op, kind).

Float: IEEE754-2019 §5.4.1 multiplication/division on the exact operand
values, rounded once with floatfmt.round_rational (RNE, §4.3.1); special
operands per §6.1 (infinity), §6.2 (NaN), §6.3 (sign of zero), §7.2
(invalid: 0*inf, 0/0, inf/inf), §7.3 (division by zero).
Integer: Python integers, so there is no host overflow to worry about.
Each function returns (result or None when the spec leaves it undefined,
flags) where flags are tags (cases.FLAG_TAGS) or undefined-kinds."""

import math
from fractions import Fraction

from . import floatfmt as ff
from .cases import rounding_tags


def nan_result(f, a_bits, b_bits):
    """NaN operands propagate (A first) with the quiet bit set; an invalid
    operation yields the default quiet NaN.  IEEE754-2019 §6.2.3 only
    recommends payload preservation, so comparisons accept any NaN
    (spec-notes SN-18)."""
    if ff.is_nan(f, a_bits):
        return ff.quieten(f, a_bits)
    if ff.is_nan(f, b_bits):
        return ff.quieten(f, b_bits)
    return ff.quiet_nan(f)


def _signed(q, s):
    return -q if s else q


def mul_float(dt, a_bits, b_bits):
    f = dt.fmt
    da, db = ff.decode(f, a_bits), ff.decode(f, b_bits)
    if ff.NAN in (da.cls, db.cls):
        return nan_result(f, a_bits, b_bits), set()
    s = da.sign ^ db.sign
    if ff.INF in (da.cls, db.cls):
        if ff.ZERO in (da.cls, db.cls):          # §7.2: 0 × inf is invalid
            return nan_result(f, a_bits, b_bits), set()
        return ff.inf(f, s), set()
    if ff.ZERO in (da.cls, db.cls):
        return ff.zero(f, s), set()
    bits, flags = ff.round_rational(f, _signed(da.mag * db.mag, s))
    return bits, rounding_tags(flags)


def div_float(dt, a_bits, b_bits):
    f = dt.fmt
    da, db = ff.decode(f, a_bits), ff.decode(f, b_bits)
    if ff.NAN in (da.cls, db.cls):
        return nan_result(f, a_bits, b_bits), set()
    s = da.sign ^ db.sign
    if da.cls == ff.INF:
        if db.cls == ff.INF:                     # §7.2: inf / inf
            return nan_result(f, a_bits, b_bits), set()
        return ff.inf(f, s), set()
    if db.cls == ff.INF:
        return ff.zero(f, s), set()
    if db.cls == ff.ZERO:
        if da.cls == ff.ZERO:                    # §7.2: 0 / 0
            return nan_result(f, a_bits, b_bits), set()
        return ff.inf(f, s), {"float-div-by-zero"}  # §7.3, signed (SN-2)
    if da.cls == ff.ZERO:
        return ff.zero(f, s), set()              # SN-3: not NaN
    bits, flags = ff.round_rational(f, _signed(da.mag / db.mag, s))
    return bits, rounding_tags(flags)


def wrap(dt, v):
    """v reduced modulo 2**n into the type's range (sonnx-mul int section)."""
    m = 1 << dt.bits
    return ((v - dt.min) % m) + dt.min


def mul_int(dt, a, b):
    p = a * b
    w = wrap(dt, p)
    return w, ({"wrap"} if w != p else set())


def div_int(dt, a, b):
    """Truncation toward zero (onnx-div; SONNX floor: spec-notes SN-1)."""
    if b == 0:
        return None, {"div-by-zero"}
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    if not dt.min <= q <= dt.max:               # only INT_MIN / -1
        return None, {"int-min-div-minus-one"}
    flags = set()
    if q * b != a and (a < 0) != (b < 0):
        flags.add("truncation-negative")        # floor would differ: SN-1
    return q, flags


def add_float(dt, a_bits, b_bits, negate_b=False):
    """IEEE754-2019 §5.4.1 addition (subtraction: negate_b, a - b = a + (-b)):
    the exact sum rounded once (RNE).  inf + (-inf) is invalid (§7.2: NaN);
    an exact zero sum of nonzero operands is +0 under RNE, and a sum of two
    zeros is -0 only when both are -0 (§6.3): (+0) + (-0) = +0,
    (-0) - (+0) = -0, x - x = +0."""
    f = dt.fmt
    da, db = ff.decode(f, a_bits), ff.decode(f, b_bits)
    if ff.NAN in (da.cls, db.cls):
        return nan_result(f, a_bits, b_bits), set()
    sb = db.sign ^ (1 if negate_b else 0)
    if da.cls == ff.INF and db.cls == ff.INF:
        if da.sign != sb:
            return nan_result(f, a_bits, b_bits), set()
        return ff.inf(f, da.sign), set()
    if da.cls == ff.INF:
        return ff.inf(f, da.sign), set()
    if db.cls == ff.INF:
        return ff.inf(f, sb), set()
    q = _signed(da.mag, da.sign) + _signed(db.mag, sb)
    if q == 0:
        both_neg = da.cls == ff.ZERO and db.cls == ff.ZERO and da.sign and sb
        return ff.zero(f, 1 if both_neg else 0), set()
    bits, flags = ff.round_rational(f, q)
    return bits, rounding_tags(flags)


def add_int(dt, a, b):
    """Sum modulo 2^n (sonnx-add E_ADD_INT_FUNC_0010)."""
    s = a + b
    w = wrap(dt, s)
    return w, ({"wrap"} if w != s else set())


def sub_int(dt, a, b):
    """Difference modulo 2^n (sonnx-sub E_SUB_INT_FUNC_0010)."""
    s = a - b
    w = wrap(dt, s)
    return w, ({"wrap"} if w != s else set())


def abs_float(dt, x_bits):
    """|x| (sonnx-abs E_ABS_FLOAT_FUNC_010): x with its sign bit cleared,
    so ±0 -> +0, ±inf -> +inf, and a NaN stays that NaN with sign 0; abs is
    a quiet-computational operation (IEEE754-2019 §5.5.1), a signalling NaN
    is not quietened (comparisons accept any NaN anyway, spec-notes SN-18)."""
    return x_bits & ~ff.sign_bit(dt.fmt), set()


def abs_int(dt, x):
    """|x|; the signed minimum has no absolute value in the type
    (sonnx-abs E_ABS_INT_CONSTR_X_020): undefined, a no-crash check."""
    if dt.kind == "int" and x == dt.min:
        return None, {"int-min-abs"}
    return abs(x), set()


def sqrt_float(dt, x_bits):
    """IEEE754-2019 §5.4.1 squareRoot, correctly rounded (RNE): -0 -> -0,
    +inf -> +inf, x < 0 (incl. -inf, -subnormal) -> NaN (§7.2), NaN -> NaN
    (sonnx-sqrt float section).  Exact: N = x * 4^s is an integer with
    r = isqrt(N) >= 2^(p+4); sqrt(N) is r when r^2 = N, else irrational and
    strictly inside (r, r + 1), where no rounding boundary of p bits lies
    (those are multiples of 2^3 in units of r), so (r + 1/2) / 2^s rounds
    as sqrt(x) does.  A root is never a tie: a midpoint has p + 1
    significant bits, its square 2p + 1 or more, which no p-bit x is."""
    f = dt.fmt
    d = ff.decode(f, x_bits)
    if d.cls == ff.NAN:
        return ff.quieten(f, x_bits), set()
    if d.cls == ff.ZERO:
        return x_bits, set()
    if d.sign:
        return ff.quiet_nan(f), {"sqrt-negative"}
    if d.cls == ff.INF:
        return x_bits, set()
    num, den = d.mag.numerator, d.mag.denominator     # den = 2^k
    s = (den.bit_length() + 1) // 2 + f.precision + 4
    n = (num << (2 * s)) // den
    assert n * den == num << (2 * s)
    r = math.isqrt(n)
    q = Fraction(r, 1 << s) if r * r == n else Fraction(2 * r + 1, 1 << (s + 1))
    bits, flags = ff.round_rational(f, q)
    assert "tie" not in flags and "overflow" not in flags
    return bits, rounding_tags(flags)
