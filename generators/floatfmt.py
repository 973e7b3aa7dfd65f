"""Bit-level model of binary floating-point formats and correct rounding.

Every float golden goes through ``round_rational``: the exact real result
(a rational number, or a rigorous interval endpoint for Pow) is rounded to
the target format with roundTiesToEven (IEEE754-2019 §4.3.1), including
gradual underflow to subnormals and overflow to infinity (§7.4: RNE maps
values at or beyond max + ulp/2 to inf).  No host float arithmetic is used.
"""

from fractions import Fraction
from typing import NamedTuple, Tuple

from .dtypes import FloatFormat

NAN, INF, ZERO, FINITE = "nan", "inf", "zero", "finite"


class Decoded(NamedTuple):
    cls: str         # NAN, INF, ZERO, FINITE
    sign: int        # 0 or 1
    mag: Fraction    # |value| for FINITE, else 0


def _fields(fmt: FloatFormat, bits: int) -> Tuple[int, int, int]:
    frac_bits = fmt.precision - 1
    sign = (bits >> (fmt.width - 1)) & 1
    exp = (bits >> frac_bits) & ((1 << fmt.exp_bits) - 1)
    frac = bits & ((1 << frac_bits) - 1)
    return sign, exp, frac


def decode(fmt: FloatFormat, bits: int) -> Decoded:
    sign, exp, frac = _fields(fmt, bits)
    frac_bits = fmt.precision - 1
    if exp == (1 << fmt.exp_bits) - 1:
        return Decoded(INF if frac == 0 else NAN, sign, Fraction(0))
    if exp == 0:
        if frac == 0:
            return Decoded(ZERO, sign, Fraction(0))
        return Decoded(FINITE, sign, _pow2(frac, fmt.emin - frac_bits))
    return Decoded(FINITE, sign, _pow2(frac | (1 << frac_bits), exp - fmt.bias - frac_bits))


def _pow2(man: int, exp: int) -> Fraction:
    return Fraction(man << exp) if exp >= 0 else Fraction(man, 1 << -exp)


def value(fmt: FloatFormat, bits: int) -> Fraction:
    """Exact value of a finite (or zero) encoding."""
    d = decode(fmt, bits)
    assert d.cls in (FINITE, ZERO), d
    return -d.mag if d.sign else d.mag


# ------------------------------------------------------------ encodings
def sign_bit(fmt: FloatFormat) -> int:
    return 1 << (fmt.width - 1)


def inf(fmt: FloatFormat, sign: int = 0) -> int:
    return (sign << (fmt.width - 1)) | (((1 << fmt.exp_bits) - 1) << (fmt.precision - 1))


def zero(fmt: FloatFormat, sign: int = 0) -> int:
    return sign << (fmt.width - 1)


def quiet_nan(fmt: FloatFormat, sign: int = 0, payload: int = 0) -> int:
    """Quiet NaN: all-ones exponent, fraction MSB set (IEEE754-2019 §6.2.1),
    optional payload in the remaining fraction bits."""
    qbit = 1 << (fmt.precision - 2)
    assert 0 <= payload < qbit
    return inf(fmt, sign) | qbit | payload


def quieten(fmt: FloatFormat, bits: int) -> int:
    return bits | (1 << (fmt.precision - 2))


def max_finite(fmt: FloatFormat, sign: int = 0) -> int:
    return inf(fmt, sign) - 1


def min_normal(fmt: FloatFormat, sign: int = 0) -> int:
    return (sign << (fmt.width - 1)) | (1 << (fmt.precision - 1))


def min_subnormal(fmt: FloatFormat, sign: int = 0) -> int:
    return (sign << (fmt.width - 1)) | 1


def max_subnormal(fmt: FloatFormat, sign: int = 0) -> int:
    return min_normal(fmt, sign) - 1


def one(fmt: FloatFormat, sign: int = 0) -> int:
    return (sign << (fmt.width - 1)) | (fmt.bias << (fmt.precision - 1))


def is_nan(fmt: FloatFormat, bits: int) -> bool:
    return decode(fmt, bits).cls == NAN


def next_up_mag(fmt: FloatFormat, bits: int) -> int:
    """Next encoding away from zero (same sign); finite inputs only."""
    return bits + 1


def next_down_mag(fmt: FloatFormat, bits: int) -> int:
    """Next encoding toward zero (same sign); nonzero finite inputs only."""
    return bits - 1


def encode_exact(fmt: FloatFormat, q: Fraction, neg_zero: bool = False) -> int:
    """Encoding of a value that must be exactly representable."""
    bits, flags = round_rational(fmt, q, 1 if neg_zero else 0)
    assert "inexact" not in flags and "overflow" not in flags, (q, fmt)
    return bits


# ------------------------------------------------------------ rounding
def _floor_log2(num: int, den: int) -> int:
    """e such that 2**e <= num/den < 2**(e+1), for num, den > 0."""
    e = num.bit_length() - den.bit_length()
    if e >= 0:
        if num < (den << e):
            e -= 1
    elif (num << -e) < den:
        e -= 1
    return e


def round_rational(fmt: FloatFormat, q: Fraction, zero_sign: int = 0):
    """Round the exact rational q to fmt with roundTiesToEven.

    Returns (bits, flags).  ``zero_sign`` is the sign of an exact zero q
    (Fraction has no -0).  flags ⊆ {"inexact", "tie", "overflow",
    "subnormal" (nonzero result below the normal range), "to-zero"
    (nonzero q rounded to zero)}.
    """
    if q == 0:
        return zero(fmt, zero_sign), frozenset()
    sign = 1 if q < 0 else 0
    return round_scaled(fmt, sign, abs(q.numerator), q.denominator)


def round_dyadic(fmt: FloatFormat, sign: int, man: int, exp: int):
    """Round sign * man * 2**exp (man > 0) without building huge integers."""
    assert man > 0
    e = man.bit_length() - 1 + exp
    if e > fmt.emax + 1:
        return inf(fmt, sign), frozenset({"inexact", "overflow"})
    if e < fmt.emin - fmt.precision - 2:
        return zero(fmt, sign), frozenset({"inexact", "to-zero"})
    if exp >= 0:
        return round_scaled(fmt, sign, man << exp, 1)
    return round_scaled(fmt, sign, man, 1 << -exp)


def round_scaled(fmt: FloatFormat, sign: int, num: int, den: int):
    p = fmt.precision
    e = _floor_log2(num, den)
    if e > fmt.emax + 1:
        return inf(fmt, sign), frozenset({"inexact", "overflow"})
    if e < fmt.emin - p - 2:
        return zero(fmt, sign), frozenset({"inexact", "to-zero"})
    qe = max(e, fmt.emin) - (p - 1)          # exponent of one unit in the last place
    if qe >= 0:
        m, r = divmod(num, den << qe)
        half = den << qe
    else:
        m, r = divmod(num << -qe, den)
        half = den
    flags = set()
    if r:
        flags.add("inexact")
        twice = 2 * r
        if twice > half or (twice == half and (m & 1)):
            m += 1
        if twice == half:
            flags.add("tie")
    if m == (1 << p):                          # carry into the next binade
        m >>= 1
        qe += 1
    if m == 0:
        flags.add("to-zero")
        return zero(fmt, sign), frozenset(flags)
    if m < (1 << (p - 1)):                     # subnormal: biased exponent 0
        flags.add("subnormal")
        return (sign << (fmt.width - 1)) | m, frozenset(flags)
    biased = qe + (p - 1) + fmt.bias
    if biased >= (1 << fmt.exp_bits) - 1:
        flags.add("overflow")
        return inf(fmt, sign), frozenset(flags | {"inexact"})
    bits = (sign << (fmt.width - 1)) | (biased << (p - 1)) | (m - (1 << (p - 1)))
    return bits, frozenset(flags)
