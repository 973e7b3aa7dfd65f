"""Hard-rounding and double-rounding operands of Pow with a float base
(docs/vector-format.md, "Hard cases").  Every function returns lists of
(base bits, exponent raw value) pairs; `ev(q)` encodes the exact exponent q
in the exponent type (None if it cannot hold it).  Goldens: pow_golden.py.

Groups (one case each, so the report shows the max ULP of each):
  exact      results that are exact and must come out exact (x^1, squares
             and cubes of short significands, x^0.5 of squares, x^1.5, powers
             of two down to the subnormals, x^-1 / x^-2 of powers of two)
  threshold  x^y on both sides of the overflow threshold (max + ulp/2), of
             the boundary between 0 and the smallest subnormal (min_sub/2)
             and of the subnormal/normal boundary, for y in {2, 3, -1, -2,
             100, -100} (y = +-100: an exp(y*log x) shortcut loses ~7 bits)
  sign       negative bases (-1, -(1-ulp), -(1+ulp)) with integral exponents
             next to 2^24 and 2^53 and the exponent type's extremes: the
             sign follows the parity of the exact exponent
  midpoint   results nearest a midpoint between two neighbours, both sides:
             16-bit bases exhaustive over significands (y = 2, 3, -1, -2,
             0.5); wider bases constructed (2-adic square roots for x^2,
             roots of n^2+n+d for x^0.5) or best of 4096 seeded tries (x^3,
             x^-1, x^-2)
Double-rounding models (witnesses simulated exactly, only to choose inputs):
  powf-f32    16-bit base: x^n correctly rounded to float32, then to the base
              type (n = 3..24 and -1..-22, exact integer search over all
              significands; float16 has witnesses, bfloat16 none: 8-bit
              significands leave too few candidates)
  powi-chain  x^3 as (x*x)*x with a rounding after each multiplication
              in the base type (square-and-multiply)
  x87         float64 base: x^2 rounded to the x87 64-bit significand first
"""

import math
from fractions import Fraction
from typing import Callable, List, Tuple

from . import floatfmt as ff
from .dround import X87, _via, rne
from .dtypes import DType, FLOAT32
from .specials import Rng

Pairs = List[Tuple[int, int]]


def _enc(dt: DType, q: Fraction):
    bits, flags = ff.round_rational(dt.fmt, Fraction(q))
    return None if flags else bits


def _sig_value(dt: DType, M: int, e: int) -> int:
    """Bits of M * 2^(e-p+1) (M a p-bit significand, e the exponent)."""
    f = dt.fmt
    return ((e + f.bias) << (f.precision - 1)) | (M - (1 << (f.precision - 1)))


def _avail(ev, ys):
    return [(y, ev(y)) for y in ys if ev(y) is not None]


# ------------------------------------------------------------ exact
def exact(dt: DType, ev: Callable, rng: Rng) -> Pairs:
    f = dt.fmt
    p = f.precision
    out = []

    def add(xq, yq):
        x, y = _enc(dt, xq), ev(yq)
        yq = Fraction(yq)
        if x is None or y is None or (x, y) in out:
            return
        root = abs(Fraction(xq))                # yq = m/2: x is built as a square
        if yq.denominator == 2:
            root = Fraction(math.isqrt(root.numerator), math.isqrt(root.denominator))
            assert root * root == abs(Fraction(xq)), xq
        r = root ** (yq.numerator if yq.denominator == 2 else int(yq)) * (
            -1 if xq < 0 and yq.numerator % 2 else 1)
        if not ff.round_rational(f, r)[1]:     # exactly representable only
            out.append((x, y))
    for bits in (ff.min_subnormal(f), ff.max_subnormal(f), ff.min_normal(f), ff.max_finite(f),
                 ff.one(f) + 1, rng.between(ff.min_normal(f), ff.max_finite(f))):
        add(ff.value(f, bits), 1)                              # x^1 = x
        add(-ff.value(f, bits), 1)
    half, third = (p + 1) // 2, p // 3
    for _ in range(3):
        m = (1 << (half - 1)) | rng.bits(half - 1) | 1         # m^2 has <= p bits
        add(Fraction(m, 1 << (half - 1)), 2)
        add(-Fraction(m, 1 << (half - 1)) * 4, 2)
        t = (1 << (third - 1)) | rng.bits(third - 1) | 1       # t^3 has <= p bits
        add(-Fraction(t, 1 << (third - 1)), 3)
        add(Fraction(m * m, 1 << (2 * half - 2)), Fraction(1, 2))   # sqrt of a square
        add(Fraction(t * t, 1 << (2 * third - 2)) * 4, Fraction(3, 2))  # (t^2*4)^1.5 = 8t^3
    for k in (f.emax // 2, (f.emin - p + 1) // 2, f.emin // 2):
        add(Fraction(2) ** k, 2)                               # 2^(2k): up to the extremes
        add(Fraction(2) ** (2 * k), Fraction(1, 2))
    add(Fraction(2) ** (f.emin - p + 1), 1)                    # smallest subnormal, x^1
    add(Fraction(2) ** f.emax, -1)                             # 2^-emax: subnormal or tiny
    add(Fraction(2) ** (-f.emax), -1)
    add(Fraction(2) ** (f.emax // 2), -2)
    add(-Fraction(2) ** (f.emax // 3), 3)
    add(Fraction(2) ** ((f.emin - p + 1) // 3), 3)
    return out


# ------------------------------------------------------------ thresholds
def _first_above(dt: DType, y: Fraction, T: Fraction):
    """Adjacent positive finite bits (lo, hi) with x^y < T <= ... on either
    side of T (x^y monotone in x), or None when T is out of reach."""
    f = dt.fmt
    lo, hi = ff.min_subnormal(f), ff.max_finite(f)

    def below(bits):
        v = ff.value(f, bits) ** y
        return v < T
    inc = y > 0
    if below(lo) == below(hi):
        return None
    # invariant: below(lo) != below(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if below(mid) == below(lo):
            lo = mid
        else:
            hi = mid
    return (lo, hi) if inc else (hi, lo)


def threshold(dt: DType, ev: Callable) -> Pairs:
    f = dt.fmt
    p = f.precision
    ulp_max = Fraction(2) ** (f.emax - p + 1)
    sub = Fraction(2) ** (f.emin - p + 1)
    targets = [Fraction((1 << p) - 1) * ulp_max + ulp_max / 2,      # max + ulp/2
               sub / 2,                                              # 0 | min subnormal
               Fraction(2) ** f.emin - sub / 2]                     # max sub | min normal
    out = []
    for yq, y in _avail(ev, [2, 3, -1, -2, 100, -100]):
        for T in targets:
            r = _first_above(dt, Fraction(yq), T)
            if r is None:
                continue
            for x in r:
                out.append((x, y))
                if Fraction(yq).numerator % 2:
                    out.append((x | ff.sign_bit(f), y))
    return out


# ------------------------------------------------------------ sign / parity
def sign(dt: DType, ev: Callable) -> Pairs:
    f = dt.fmt
    s = ff.sign_bit(f)
    bases = [ff.one(f) | s, (ff.one(f) - 1) | s, (ff.one(f) + 1) | s]
    ys = []
    for big in (1 << 24, 1 << 53, 1 << 31, 1 << 63):
        ys += [big - 2, big - 1, big, big + 1, big + 2]
    ys += [127, 255, (1 << 15) - 1, (1 << 16) - 1, (1 << 32) - 1, (1 << 64) - 1, -(1 << 31) + 1,
           -(1 << 63) + 1, -127, -(1 << 24) - 1]
    out = []
    seen = set()
    for yq in ys:
        y = ev(yq)
        if y is None or y in seen:
            continue
        seen.add(y)
        out += [(b, y) for b in bases]
    return out


# ------------------------------------------------------------ midpoints
def _dist(N: int, D: int):
    """Signed distance of N/D to the nearest midpoint, in units 1/(2D)."""
    return 2 * (N % D) - D


def _int_ratio(M: int, n: int, p: int):
    """M^n (n != 0, M p-bit) as N/D in ulps of the result, and the result's
    exponent offset (bits above the p-bit significand)."""
    if n > 0:
        N = M ** n
        L = N.bit_length() - p
        return N, 1 << L
    Dn = M ** (-n)
    K = Dn.bit_length() + p - 1
    N = 1 << K
    if N // Dn >= 1 << p:
        K -= 1
        N = 1 << K
    return N, Dn


def _place_int(dt: DType, M: int, n: int, rng: Rng):
    """x = M * 2^(-(p-1)) (in [1, 2)), random sign for integer n."""
    return _sig_value(dt, M, 0) | (ff.sign_bit(dt.fmt) if rng.bits(1) else 0)


def _sqrt_ratio(M: int, j: int):
    R = M << j
    n = math.isqrt(R)
    return 4 * R - (2 * n + 1) ** 2, 2 * n + 1


def midpoint16(dt: DType, ev: Callable, rng: Rng, per_side: int = 2) -> Pairs:
    p = dt.fmt.precision
    out = []
    Ms = range(1 << (p - 1), 1 << p)
    for yq, y in _avail(ev, [2, 3, -1, -2]):
        scored = []
        for M in Ms:
            N, D = _int_ratio(M, yq, p)
            d = _dist(N, D)
            if d:
                scored.append((Fraction(abs(d), D), d > 0, M))
        scored.sort()
        for side in (True, False):
            for _, _, M in [s for s in scored if s[1] == side][:per_side]:
                out.append((_place_int(dt, M, yq, rng), y))
    y = ev(Fraction(1, 2))
    if y is not None:
        scored = []
        for M in Ms:
            for j in (p - 1, p):
                d, D = _sqrt_ratio(M, j)
                scored.append((Fraction(abs(d), D), d > 0, M, j))
        scored.sort()
        for side in (True, False):
            for _, _, M, j in [s for s in scored if s[1] == side][:per_side]:
                out.append((_sig_value(dt, M, j - p + 1), y))
    return out


def _sqrt_mod2k(T: int, k: int):
    """The square roots of odd T = 1 (mod 8) modulo 2^k (k >= 3)."""
    r = 1
    for i in range(3, k):
        if (r * r - T) % (1 << (i + 1)):
            r += 1 << (i - 1)
    m = 1 << k
    return sorted({r % m, (-r) % m, (r + (m >> 1)) % m, (-r + (m >> 1)) % m})


def _quad_roots(d: int, k: int):
    """Roots n of n^2 + n + d = 0 (mod 2^k), d even (Hensel: f' odd)."""
    roots = []
    for n in (0, 1):
        for i in range(1, k):
            if (n * n + n + d) % (1 << (i + 1)):
                n += 1 << i
        roots.append(n)
    return roots


def midpoint_wide(dt: DType, ev: Callable, rng: Rng) -> Pairs:
    p = dt.fmt.precision
    out = []
    y2 = ev(2)
    if y2 is not None:                         # A^2 = 2^(p-1) + d (mod 2^p), A >= sqrt2*2^(p-1)
        for d in (1, -7):
            roots = [A | (1 << (p - 1)) if A < 1 << (p - 1) else A
                     for A in _sqrt_mod2k((1 << (p - 1)) + d, p)]
            roots = sorted({A for A in roots if A * A >= 1 << (2 * p - 1)})
            for A in roots[:2]:
                out.append((_place_int(dt, A, 2, rng), y2))
    yh = ev(Fraction(1, 2))
    if yh is not None:                         # sqrt(n^2+n+d) = n + 1/2 + (d-1/4)/(2n+1) + ...
        for d in (0, 2):
            for k in (p - 1, p):
                for n0 in _quad_roots(d, k):
                    n = n0 % (1 << k)
                    while n < 1 << (p - 1):
                        n += 1 << k
                    R = n * n + n + d
                    if n < 1 << p and R.bit_length() - p == k:
                        out.append((_sig_value(dt, R >> k, k - p + 1), yh))
    for yq in (3, -1, -2):                     # best of 4096 seeded significands
        y = ev(yq)
        if y is None:
            continue
        best = {True: None, False: None}
        for _ in range(4096):
            M = (1 << (p - 1)) | rng.bits(p - 1) | 1
            N, D = _int_ratio(M, yq, p)
            dd = _dist(N, D)
            key = Fraction(abs(dd), D)
            if dd and (best[dd > 0] is None or key < best[dd > 0][0]):
                best[dd > 0] = (key, M)
        for side in (True, False):
            if best[side]:
                out.append((_place_int(dt, best[side][1], yq, rng), y))
    return out


def midpoint(dt: DType, ev: Callable, rng: Rng) -> Pairs:
    return midpoint16(dt, ev, rng) if dt.bits == 16 else midpoint_wide(dt, ev, rng)


# ------------------------------------------------------------ double rounding
def _rn(fmt, q: Fraction) -> Fraction:
    d = ff.decode(fmt, ff.round_rational(fmt, q)[0])
    return -d.mag if d.sign else d.mag


def double_rounding(dt: DType, ev: Callable, rng: Rng) -> List[Tuple[int, int, str]]:
    """(base, exponent, model) witnesses."""
    f = dt.fmt
    p = f.precision
    out = []
    if dt.bits == 16:                          # powf-f32: x^n rounded to 24 bits, then to p
        for yq, y in _avail(ev, [n for k in range(3, 25) for n in (k, 2 - k)]):
            found = 0
            for M in range(1 << (p - 1), 1 << p):
                N, D = _int_ratio(M, yq, p)
                sh = 1 << (FLOAT32.fmt.precision - p)
                if rne(rne(N * sh, D), sh) != rne(N, D):
                    out.append((_place_int(dt, M, yq, rng), y, "powf-f32"))
                    found += 1
                    if found == 2:
                        break
    y3 = ev(3)
    if y3 is not None:                         # powi-chain: (x*x)*x, two roundings
        found = 0
        for _ in range(4096):
            M = (1 << (p - 1)) | rng.bits(p - 1)
            x = Fraction(M, 1 << (p - 1))
            if _rn(f, _rn(f, x * x) * x) != _rn(f, x ** 3):
                out.append((_place_int(dt, M, 3, rng), y3, "powi-chain"))
                found += 1
                if found == 6:
                    break
    y2 = ev(2)
    if dt.name == "float64" and y2 is not None:   # x87: x^2 via the 64-bit significand
        found = 0
        for d in range(1, 400, 8):
            for dd in (d, -d - 6):
                for A in _sqrt_mod2k((1 << (p - 1)) + dd, p):
                    A |= 1 << (p - 1)
                    if A * A < 1 << (2 * p - 1) or found >= 6:
                        continue
                    x = Fraction(A, 1 << (p - 1))
                    if _via(X87, f, x * x) != ff.round_rational(f, x * x)[0]:
                        out.append((_sig_value(dt, A, 0), y2, "x87"))
                        found += 1
    return out

