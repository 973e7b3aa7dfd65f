"""Element goldens of the arithmetic ops, one function per (op, kind).

Float: IEEE754-2019 §5.4.1 multiplication/division on the exact operand
values, rounded once with floatfmt.round_rational (RNE, §4.3.1); special
operands per §6.1 (infinity), §6.2 (NaN), §6.3 (sign of zero), §7.2
(invalid: 0*inf, 0/0, inf/inf), §7.3 (division by zero).
Integer: Python integers, so there is no host overflow to worry about.
Each function returns (result or None when the spec leaves it undefined,
flags) where flags are tags (cases.FLAG_TAGS) or undefined-kinds."""

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
