"""Double-rounding witnesses for Div and Mul: inputs on which a realistic
defective kernel (a wider intermediate rounded again, a reciprocal path, a
lost sticky bit) returns another value than the correctly rounded result
(IEEE754-2019 §5.4.1: one rounding of the exact result).

Each defect model is simulated EXACTLY here (integers, Fractions, or numpy
float32, whose operations are IEEE single-precision operations) only to
CHOOSE inputs; the goldens of the cases are the op's exact goldens, never a
model's output.  Models (docs/vector-format.md, "Hard cases"):

    recip-f32     float16 Div as a*(1/b) in float32, rounded once more
    recip-same    Div as a*(1/b) with 1/b rounded to the output format (the
                  Div -> Mul(Reciprocal) rewrite of graph optimisers)
    recip-x87     float64 Div as a*(1/b) in x87 extended, rounded to float64
    recip-f64     float16/bfloat16/float32 Div as a*(1/b) in binary64, rounded
                  to the output format (recip-x87: float32 too)
    x87           float64 Div/Mul rounded to the 64-bit-significand x87
                  extended format, then to float64
    tf32          bfloat16 Mul through an 11-bit-significand (TF32) product
    sticky-lost   rounding that keeps guard and round bits but drops the
                  sticky bit (a value just above a midpoint rounds as a tie)

Innocuous combinations are not listed: bfloat16 Div through a float32
reciprocal has no witness (exhaustive: every significand pair at every
result shift); and a quotient or product of p-bit
numbers rounded first to q >= 2p+2 bits rounds correctly (e.g. 16-bit Div
or Mul computed in float32; float32 Mul in float64), so no witness exists.
"""

from fractions import Fraction
from typing import Dict, List

import numpy as np

from . import floatfmt as ff
from . import hardround as H
from .dtypes import FLOAT32, FLOAT64, FloatFormat, DType
from .specials import Rng

X87 = FloatFormat(64, 15)
TF32 = FloatFormat(11, 8)
# a*(1/b) with the reciprocal and the product in a wider format.  float32
# through binary64: a quotient of float32 numbers is either a subnormal
# tie or at least 2^-48 (relative) away from every midpoint, farther than
# the two binary64 roundings move it; so the only witnesses are ties
# (k + 1/2) * min_subnormal whose significand 2k + 1 = 2^j - 1 sits at the
# top of its binade, where the binary64 product can land one binary64 ulp
# off the tie (top_ties below).
# float16 and bfloat16 through a binary64 reciprocal, and float32 through an
# x87 one, have witnesses of the same kind (found by the exhaustive 16-bit
# search and among top_ties); bfloat16 through a float32 reciprocal has none.
WIDER_RECIP = {"float16": ["recip-f32", "recip-f64"], "bfloat16": ["recip-f64"],
               "float32": ["recip-f64", "recip-x87"], "float64": ["recip-x87"]}
INNER = {"recip-f32": FLOAT32.fmt, "recip-x87": X87, "recip-f64": FLOAT64.fmt}


def models(op: str, dt: DType) -> List[str]:
    H.require_op(op)
    out = []
    if not H.is_product(op):
        wider = WIDER_RECIP.get(dt.name, [])
        out += [m for m in wider if m == "recip-f32"] + ["recip-same"]
        out += [m for m in wider if m != "recip-f32"]
    if dt.name == "float64":
        out.append("x87")
    if H.is_product(op) and dt.name == "bfloat16":
        out.append("tf32")
    out.append("sticky-lost")
    return out


def rne(num, den):
    """Round num/den (non-negative integers or int64 arrays) to an integer,
    ties to even."""
    q, r = num // den, num % den
    up = (2 * r > den) | ((2 * r == den) & (q % 2 == 1))
    return q + up


def _sticky_lost(num, den):
    t = (num * 4) // den                       # 2 bits kept below the ulp, rest dropped
    q, g = t // 4, t % 4
    return q + ((g == 3) | ((g == 2) & (q % 2 == 1)))


def _tf32(num, den, p):
    return rne(rne(num * (1 << (TF32.precision - p)), den), 1 << (TF32.precision - p))


# ------------------------------------------------------------ 16-bit: exhaustive
def _values16(dt: DType, bits):
    """float32 values of 16-bit patterns (exact)."""
    bits = np.asarray(bits, dtype=np.uint32)
    if dt.name == "float16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float32)
    return (bits << np.uint32(16)).view(np.float32)


def _to16(dt: DType, x32):
    """float32 -> 16-bit, RNE (numpy's cast for float16; integer RNE for
    bfloat16), as float64 values."""
    if dt.name == "float16":
        return x32.astype(np.float16).astype(np.float64)
    u = x32.view(np.uint32).astype(np.uint64)
    r = (u + np.uint64(0x7FFF) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
    return (r.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)


def witnesses16(op: str, dt: DType, model: str, per_region: int, rng: Rng):
    H.require_op(op)
    f = dt.fmt
    p = f.precision
    out = []
    for region in H.regions(dt):
        A, B, N, D, c = H.grid_ratios(op, p, region.shift)
        E = H.result_exponent(dt, region, rng)
        correct = rne(N, D)
        if model == "sticky-lost":
            bad = _sticky_lost(N, D) != correct
        elif model == "tf32":
            bad = _tf32(N, D, p) != correct
        else:                                  # recip-f32, recip-same (Div)
            if H.is_product(op):
                t = E - c
                ea = t // 2
                eb = t - ea
            else:
                t = E + c                      # ea - eb; eb = 0 in the normal range
                ea = np.full_like(t, f.emax) if E == f.emax else (
                    np.full_like(t, f.emin) if E < f.emin else t)
                eb = ea - t
            abits = ((ea + f.bias) << (p - 1)) | (A - (1 << (p - 1)))
            bbits = ((eb + f.bias) << (p - 1)) | (B - (1 << (p - 1)))
            a32, b32 = _values16(dt, abits), _values16(dt, bbits)
            with np.errstate(all="ignore"):
                if model == "recip-f32":
                    got = _to16(dt, a32 * (np.float32(1) / b32))
                elif model == "recip-f64":
                    a64, b64 = a32.astype(np.float64), b32.astype(np.float64)
                    got = _rne16(dt, a64 * (1.0 / b64))
                else:                          # recip-same
                    a64, b64 = a32.astype(np.float64), b32.astype(np.float64)
                    got = _rne16(dt, a64 * _rne16(dt, 1.0 / b64))
            ulp = np.ldexp(1.0, max(E, f.emin) - p + 1)
            bad = got != correct.astype(np.float64) * ulp
        order = np.concatenate([H.rank(N, D, 0, bad), H.rank(N, D, 1, bad), H.rank(N, D, -1, bad)])
        taken = 0
        for i in order:
            if taken == per_region:
                break
            A_i, B_i, c_i = int(A[i]), int(B[i]), int(c[i])
            if model.startswith("recip"):       # keep the searched exponents
                sign = 1 << (f.width - 1)
                a = int(abits[i]) | (sign if rng.bits(1) else 0)
                b = int(bbits[i]) | (sign if rng.bits(1) else 0)
                out.append((a, b, model, region.name))
            else:
                hp = H.pair(op, dt, region.name, 0, E, A_i, B_i, c_i, 0, 1, rng)
                out.append((hp.a, hp.b, model, region.name))
            taken += 1
    return out


def _rne16(dt: DType, x):
    """float64 values -> nearest 16-bit value (RNE, gradual underflow), as
    float64.  A quotient of two 16-bit values rounded to float64 first
    still rounds correctly (53 >= 2p+2)."""
    f = dt.fmt
    _, e = np.frexp(np.abs(x))
    ue = np.maximum(e - 1, f.emin) - (f.precision - 1)
    return np.ldexp(np.rint(np.ldexp(x, -ue)), ue)


# ------------------------------------------------------------ 32/64-bit: from the hard pool
def _round_bits(fmt: FloatFormat, q: Fraction):
    return ff.round_rational(fmt, q)[0]


def _via(fmt: FloatFormat, out: FloatFormat, q: Fraction):
    """q rounded to fmt, then to out (bits of out)."""
    bits = _round_bits(fmt, q)
    d = ff.decode(fmt, bits)
    if d.cls == ff.INF:
        return ff.inf(out, d.sign)
    if d.cls == ff.ZERO:
        return ff.zero(out, d.sign)
    return _round_bits(out, -d.mag if d.sign else d.mag)


def defect_bits(op: str, dt: DType, model: str, a: int, b: int) -> int:
    """Output bits of the defect model on (a, b) (finite nonzero inputs)."""
    H.require_op(op)
    f = dt.fmt
    va, vb = ff.value(f, a), ff.value(f, b)
    exact = va * vb if H.is_product(op) else va / vb
    if model == "x87":
        return _via(X87, f, exact)
    if model.startswith("recip"):
        inner = INNER.get(model, f)
        r = ff.decode(inner, _round_bits(inner, 1 / vb))
        rv = -r.mag if r.sign else r.mag
        return _via(inner, f, va * rv)
    raise ValueError(model)


def witnesses_wide(op: str, dt: DType, model: str, pool, per_region: int):
    f = dt.fmt
    out, count = [], {}
    for hp in pool:
        if count.get(hp.region, 0) >= per_region:
            continue
        correct = _round_bits(f, (ff.value(f, hp.a) * ff.value(f, hp.b)) if H.is_product(op)
                              else ff.value(f, hp.a) / ff.value(f, hp.b))
        if model == "sticky-lost":
            bad = int(_sticky_lost(hp.num, hp.den)) != int(rne(hp.num, hp.den))
        else:
            bad = defect_bits(op, dt, model, hp.a, hp.b) != correct
        if bad:
            out.append((hp.a, hp.b, model, hp.region))
            count[hp.region] = count.get(hp.region, 0) + 1
    return out


def tie_pairs(dt: DType, rng: Rng, count: int = 512):
    """Div pairs whose exact quotient is a tie between two subnormals (or
    min_subnormal/2): b = 2B (B odd), a = (2k+1) * B * min_subnormal, so
    a / b = (k + 1/2) * min_subnormal.  A reciprocal path in any precision
    misses the tie (1/b is inexact) and may round to the odd neighbour."""
    f = dt.fmt
    p = f.precision
    out = []
    ms = Fraction(1, 1) * ff.value(f, ff.min_subnormal(f))
    while len(out) < count:
        B = rng.pick([3, 5, 7, 11, 13, 27, (1 << (p - 1)) | rng.bits(p - 1) | 1])
        k = rng.bits(rng.between(0, p - 2))
        va = (2 * k + 1) * B * ms
        a, fa = ff.round_rational(f, va)
        b, fb = ff.round_rational(f, Fraction(2 * B))
        if fa or fb:
            continue                               # (2k+1)*B needs more than p bits
        q = va / (2 * B) / ms                      # in ulps of the subnormal range
        sign = ff.sign_bit(f)
        out.append(H.HardPair("tie", 0, a | (sign if rng.bits(1) else 0),
                              b | (sign if rng.bits(1) else 0), q.numerator, q.denominator))
    return out


def top_ties(dt: DType, limit: int = 1 << 8):
    """Div pairs a = (2^j - 1) * B * min_subnormal, b = 2B (B odd): the
    quotient is the tie (2^(j-1) - 1/2) * min_subnormal whose significand
    is all ones, for every j and the first odd B that fit in p bits."""
    f = dt.fmt
    p = f.precision
    ms = ff.value(f, ff.min_subnormal(f))
    out = []
    for j in range(2, p):
        M = (1 << j) - 1
        for B in range(3, min(limit, 1 << (p - j)), 2):
            a, fa = ff.round_rational(f, M * B * ms)
            b, fb = ff.round_rational(f, Fraction(2 * B))
            if fa or fb:
                continue
            q = Fraction(M, 2)
            out.append(H.HardPair("tie", 0, a, b, q.numerator, q.denominator))
    return out


def witnesses(op: str, dt: DType, rng: Rng) -> Dict[str, list]:
    """model -> [(a, b, model, region)] for every model of (op, dt)."""
    H.require_op(op)
    res = {}
    pool = None
    for model in models(op, dt):
        if dt.bits == 16:
            res[model] = witnesses16(op, dt, model, 2, rng)
        else:
            if pool is None:
                pool = H.hard_pairs(op, dt, rng, per_side=4)
                if not H.is_product(op):
                    pool += tie_pairs(dt, rng) + top_ties(dt)
            res[model] = witnesses_wide(op, dt, model, pool, 2)
    return res
