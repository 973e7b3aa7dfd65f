"""Element goldens of Pow (sonnx-pow; spec-notes SN-13..SN-16).

Float base: IEEE754-2019 §9.2.1 / C99 Annex F.9.4.4 special cases first,
then |x|^y correctly rounded (RNE) to the base type:
- exact results (y an integer, or x a perfect 2^k-th power when y = m/2^k)
  are computed with Fraction / dyadic arithmetic and rounded once;
- otherwise x^y is irrational, so it is never a rounding boundary, and a
  Ziv loop over mpmath *interval* arithmetic (rigorous enclosures of
  exp(y*log x)) raises the precision until both interval ends round to the
  same value.
Integer base: exact Python integers (integer exponent) or truncation toward
zero of the real power (float exponent), undefined (None) where SONNX/ONNX
leave the value unspecified (SN-16)."""

import math
from fractions import Fraction

from mpmath import iv
from mpmath.libmp import from_man_exp

from . import floatfmt as ff
from .cases import rounding_tags

EXACT_BITS_LIMIT = 1 << 15   # largest exact power built as a Fraction
ZIV_MAX_PREC = 1 << 14


class Exp:
    """An exponent value of any type: cls as in floatfmt, sign, exact value."""
    __slots__ = ("cls", "sign", "val", "bits", "dt")

    def __init__(self, dt, raw):
        self.dt, self.bits = dt, raw
        if dt.is_float:
            d = ff.decode(dt.fmt, raw)
            self.cls, self.sign = d.cls, d.sign
            self.val = -d.mag if d.sign else d.mag
        else:
            self.cls = ff.ZERO if raw == 0 else ff.FINITE
            self.sign = 1 if raw < 0 else 0
            self.val = Fraction(raw)

    @property
    def is_int(self):
        return self.cls in (ff.FINITE, ff.ZERO) and self.val.denominator == 1

    @property
    def is_odd_int(self):
        return self.is_int and self.val.numerator % 2 == 1


def _is_pow2(q: Fraction) -> bool:
    n, d = q.numerator, q.denominator
    return (n & (n - 1)) == 0 and (d & (d - 1)) == 0


def _log2(q: Fraction) -> float:
    e = ff._floor_log2(q.numerator, q.denominator)
    m = q / (Fraction(2) ** e)                 # in [1, 2): log2 is accurate
    return e + math.log2(float(m))


def _iroot_pow2(n: int, k: int):
    """n**(1/2**k) if it is an integer, else None."""
    for _ in range(k):
        r = math.isqrt(n)
        if r * r != n:
            return None
        n = r
    return n


def _mpi(q: Fraction):
    """Exact point interval of a dyadic rational."""
    d = q.denominator
    assert d & (d - 1) == 0
    raw = from_man_exp(q.numerator, -(d.bit_length() - 1))
    return iv.make_mpf((raw, raw))


class _ivprec:
    """Temporarily set the precision of mpmath's interval context (it has
    no workprec())."""
    def __init__(self, prec):
        self.prec = prec

    def __enter__(self):
        self.saved = iv.prec
        iv.prec = self.prec

    def __exit__(self, *exc):
        iv.prec = self.saved


def _round_raw(fmt, raw):
    sign, man, exp, _ = raw
    if man == 0:
        return ff.zero(fmt), frozenset({"inexact", "to-zero"})
    assert sign == 0
    return ff.round_dyadic(fmt, 0, man, exp)


def magnitude(fmt, x: Fraction, y: Fraction):
    """Correctly rounded x**y for x > 0, y != 0 (both exact rationals, x
    dyadic).  Returns (positive bits, rounding flags)."""
    if x == 1:
        return ff.one(fmt), frozenset()
    if y.denominator == 1:
        n = y.numerator
        if _is_pow2(x):                        # 2^(e*n): exact, cheap
            e = x.numerator.bit_length() - x.denominator.bit_length()
            return ff.round_dyadic(fmt, 0, 1, e * n)
        cost = abs(n) * max(x.numerator.bit_length(), x.denominator.bit_length())
        if cost <= EXACT_BITS_LIMIT:
            return ff.round_rational(fmt, x ** n)
        return _ziv(fmt, x, y)
    k = y.denominator.bit_length() - 1         # y = m / 2^k, m odd
    rn = _iroot_pow2(x.numerator, k)
    rd = _iroot_pow2(x.denominator, k) if rn is not None else None
    if rn is not None and rd is not None:       # x^y rational: exact path
        return magnitude(fmt, Fraction(rn, rd), Fraction(y.numerator))
    return _ziv(fmt, x, y)


def _ziv(fmt, x: Fraction, y: Fraction):
    """x^y is irrational or has far more than p significant bits, so it is
    not a rounding boundary: the loop terminates."""
    prec = 2 * fmt.precision + 64
    while prec <= ZIV_MAX_PREC:
        with _ivprec(prec):
            r = iv.exp(_mpi(y) * iv.log(_mpi(x)))
            lo, hi = r._mpi_
        blo, flo = _round_raw(fmt, lo)
        bhi, fhi = _round_raw(fmt, hi)
        if blo == bhi:
            return blo, (flo & fhi) | {"inexact"}
        prec *= 2
    raise ArithmeticError("Ziv loop did not converge for %s ** %s" % (x, y))


def pow_float(a_dt, b_dt, a_bits, b_raw):
    """Float base.  Returns (bits, flags)."""
    f = a_dt.fmt
    x = ff.decode(f, a_bits)
    y = Exp(b_dt, b_raw)
    if y.cls == ff.ZERO:
        return ff.one(f), {"pow-exp-zero"}             # even for NaN x
    if x.cls == ff.FINITE and x.sign == 0 and x.mag == 1:
        return ff.one(f), {"pow-base-one"}             # even for NaN y
    if x.cls == ff.NAN:
        return ff.quieten(f, a_bits), set()
    if y.cls == ff.NAN:
        same = b_dt is a_dt
        return (ff.quieten(f, b_raw) if same else ff.quiet_nan(f)), set()
    neg_y = y.sign == 1
    if x.cls == ff.ZERO:
        if neg_y:
            if y.is_odd_int:
                return ff.inf(f, x.sign), {"pow-zero-neg-odd"}
            return ff.inf(f), {"pow-zero-neg-other"}
        if y.is_odd_int:
            return ff.zero(f, x.sign), {"pow-zero-pos-odd"}
        return ff.zero(f), {"pow-zero-pos-other"}
    if y.cls == ff.INF:
        if x.cls == ff.FINITE and x.mag == 1:          # x = -1
            return ff.one(f), {"pow-minus-one-inf"}
        small = x.cls == ff.FINITE and x.mag < 1
        big_result = small == neg_y
        return (ff.inf(f) if big_result else ff.zero(f)), {"pow-inf-exp"}
    if x.cls == ff.INF:
        odd = x.sign == 1 and y.is_odd_int
        if neg_y:
            return ff.zero(f, 1 if odd else 0), {"pow-inf-base"}
        return ff.inf(f, 1 if odd else 0), {"pow-inf-base"}
    # finite nonzero x, finite nonzero y
    if x.sign and not y.is_int:
        return ff.quiet_nan(f), {"pow-neg-nonint"}
    bits, flags = magnitude(f, x.mag, y.val)
    out = set(rounding_tags(flags))
    if x.sign and y.is_odd_int:
        bits |= ff.sign_bit(f)
    if x.sign:
        out.add("pow-neg-base")
    return bits, out


# Integer base with a float exponent: the real result r is truncated
# toward zero.  Elements whose r lies within this relative distance of an
# integer (or whose |r| >= 2^39) are "ambiguous": a pow that is correct to
# within 2^-40 relative could truncate either way (SN-16).
AMBIGUITY_REL = Fraction(1, 1 << 40)
AMBIGUITY_MAX = 1 << 39


def _trunc_real(x: int, y: Fraction):
    """(trunc(x**y), ambiguous?) for an integer x > 1 and a finite
    non-integer y with x**y below 2^(width+1)."""
    if y * Fraction(_log2(Fraction(x))) < -64:
        return 0, False                 # 0 < x^y < 2^-63: truncates to 0
    prec = 128
    while True:
        with _ivprec(prec):
            r = iv.exp(_mpi(y) * iv.log(_mpi(Fraction(x))))
            lo, hi = r._mpi_
        qlo = _raw_fraction(lo)
        qhi = _raw_fraction(hi)
        if qhi - qlo <= qlo * AMBIGUITY_REL / 16 or prec > 4096:
            break
        prec *= 2
    t = math.floor(qlo)
    # A pow accurate to AMBIGUITY_REL (relative) could cross the integer
    # below (t > 0) or above the true value; 0 cannot be crossed by a
    # positive result.
    margin = qhi * AMBIGUITY_REL
    ambiguous = (math.floor(qhi) != t or qhi >= AMBIGUITY_MAX
                 or (t > 0 and qlo - t < margin) or (t + 1) - qhi < margin)
    return t, ambiguous


def _raw_fraction(raw) -> Fraction:
    sign, man, exp, _ = raw
    assert sign == 0
    return Fraction(man << exp) if exp >= 0 else Fraction(man, 1 << -exp)


def pow_int(a_dt, b_dt, x: int, b_raw):
    """Integer base.  Returns (value or None when undefined, flags)."""
    y = Exp(b_dt, b_raw)
    if not b_dt.is_float:
        n = int(y.val)
        if n < 0:
            return None, {"pow-negative-exponent"}
        if abs(x) >= 2 and n >= a_dt.bits:
            return None, {"pow-int-overflow"}
        if abs(x) <= 1:
            r = 1 if n == 0 else (x if n % 2 else x * x)
        else:
            r = x ** n
        if not a_dt.min <= r <= a_dt.max:
            return None, {"pow-int-overflow"}
        return r, set()
    flags = {"pow-float-exponent"}
    if y.cls == ff.ZERO:
        return 1, flags | {"pow-exp-zero"}
    if x == 1:
        return 1, flags | {"pow-base-one"}
    if y.cls in (ff.NAN, ff.INF):
        return None, flags | {"pow-undefined-nonfinite"}
    if x == 0:
        if y.sign:
            return None, flags | {"pow-int-overflow"}   # +-inf: out of range
        return 0, flags | {"pow-zero-pos-other"}
    if y.is_int:
        n = int(y.val)
        if x == -1:
            return (-1 if n % 2 else 1), flags
        if n < 0:
            # |x| >= 2: 0 < |x^n| <= 1/2, so any pow that keeps the sign
            # and stays below 1 in magnitude truncates to 0: unambiguous.
            return 0, flags
        if abs(x) >= 2 and n >= a_dt.bits:
            return None, flags | {"pow-int-overflow"}
        r = x ** n
        if not a_dt.min <= r <= a_dt.max:
            return None, flags | {"pow-int-overflow"}
        return r, flags | {"ambiguous-trunc"}           # exact integer result
    if x < 0:
        return None, flags | {"pow-neg-nonint"}         # NaN: undefined
    if y.val * _log2(Fraction(x)) > a_dt.bits + 1:
        return None, flags | {"pow-int-overflow"}
    t, ambiguous = _trunc_real(x, y.val)
    if t > a_dt.max:
        return None, flags | {"pow-int-overflow"}
    return t, flags | ({"ambiguous-trunc"} if ambiguous else set())


def golden(a_dt, b_dt, a, b):
    if a_dt.is_float:
        return pow_float(a_dt, b_dt, a, b)
    return pow_int(a_dt, b_dt, a, b)
