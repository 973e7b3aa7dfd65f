"""Special-value tables and the seeded random source.

The random source is built only on random.Random.getrandbits (Mersenne
Twister, stable across Python versions) and is seeded from the case id, so
adding or removing a case never changes another case's values."""

import hashlib
import random
from fractions import Fraction
from typing import List

from . import floatfmt as ff
from .dtypes import DType


class Rng:
    def __init__(self, key: str):
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little")
        self._r = random.Random(seed)

    def bits(self, k: int) -> int:
        return self._r.getrandbits(k) if k else 0

    def below(self, n: int) -> int:
        """Uniform in [0, n) by rejection (no version-dependent helpers)."""
        assert n > 0
        k = max(1, (n - 1).bit_length())
        while True:
            v = self.bits(k)
            if v < n:
                return v

    def between(self, lo: int, hi: int) -> int:
        """Uniform in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def pick(self, seq):
        return seq[self.below(len(seq))]


def float_specials(dt: DType) -> List[int]:
    """The special-value table of a float type (bit patterns): signed zeros,
    infinities, quiet NaNs (plain, and with sign and payload bits set),
    smallest/largest subnormal and normal, ±1, 1 ± 1 ulp, and small exact
    values (2, 0.5, 3) so ordinary arithmetic is crossed with the specials."""
    f = dt.fmt
    return [
        ff.zero(f, 0), ff.zero(f, 1),
        ff.min_subnormal(f, 0), ff.min_subnormal(f, 1),
        ff.max_subnormal(f, 0),
        ff.min_normal(f, 0), ff.min_normal(f, 1),
        ff.one(f) - 1, ff.one(f, 0), ff.one(f) + 1, ff.one(f, 1),
        ff.encode_exact(f, Fraction(1, 2)), ff.encode_exact(f, Fraction(2)),
        ff.encode_exact(f, Fraction(-3)),
        ff.max_finite(f, 0), ff.max_finite(f, 1),
        ff.inf(f, 0), ff.inf(f, 1),
        ff.quiet_nan(f), ff.quiet_nan(f, sign=1, payload=1),
    ]


def int_specials(dt: DType) -> List[int]:
    """MIN/MAX/0/±1 and their neighbours for an integer type."""
    if dt.kind == "int":
        vals = [dt.min, dt.min + 1, -2, -1, 0, 1, 2, 3, dt.max - 1, dt.max]
    else:
        half = dt.max // 2
        vals = [0, 1, 2, 3, half, half + 1, dt.max - 1, dt.max]
    out = []
    for v in vals:
        if v not in out:
            out.append(v)
    return out


def specials(dt: DType) -> List[int]:
    return float_specials(dt) if dt.is_float else int_specials(dt)


def random_float(dt: DType, rng: Rng) -> int:
    """A finite value over the whole range: uniform sign, uniform biased
    exponent (0 = subnormal or zero) and uniform fraction."""
    f = dt.fmt
    exp = rng.below((1 << f.exp_bits) - 1)
    return (rng.bits(1) << (f.width - 1)) | (exp << (f.precision - 1)) | rng.bits(f.precision - 1)


def random_bits(dt: DType, rng: Rng) -> int:
    """A uniformly random bit pattern (may be NaN, inf, anything)."""
    return rng.bits(dt.bits)


def random_int(dt: DType, rng: Rng) -> int:
    """Uniform over the type, or (half the time) with a random bit length so
    small magnitudes are not vanishingly rare."""
    if rng.bits(1):
        return rng.between(dt.min, dt.max)
    k = rng.between(0, dt.bits - 1 if dt.kind == "int" else dt.bits)
    v = rng.bits(k)
    if dt.kind == "int" and rng.bits(1):
        v = -v
    return max(dt.min, min(dt.max, v))


def random_value(dt: DType, rng: Rng) -> int:
    if dt.is_float:
        return random_float(dt, rng)
    if dt.kind == "bool":
        return rng.bits(1)
    return random_int(dt, rng)
