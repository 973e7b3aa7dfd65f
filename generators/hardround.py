"""Hard-rounding operands for Div and Mul: pairs whose exact result lies as
close as possible to a rounding boundary of the output format (a midpoint
between two neighbours, IEEE754-2019 §4.3.1 roundTiesToEven), on both
sides, in the normal range, at every subnormal shift (down to the boundary
between 0 and the smallest subnormal) and in the top binade (overflow
threshold).  A kernel that rounds twice, drops the sticky bit or divides
through a reciprocal goes wrong first on exactly these inputs.

The search works on significands.  With A, B the p-bit integer significands
and the result placed at a fixed exponent, the exact result measured in
units of the result's ulp is N/D (integers):
    Mul: N = A*B,                   D = 2^(p-1+c+s)         c = [A*B >= 2^(2p-1)]
    Div: N = A*2^max(k,0),          D = B*2^max(-k,0)       k = c+p-1-s, c = [A < B]
where s is the subnormal shift (0 in the normal range).  The signed distance
to the nearest midpoint is (2*(N mod D) - D) / (2D) ulp; 0 is a tie.

16-bit types: every significand pair is searched (2^20 for float16) with
numpy int64 arithmetic.  32/64-bit types: for seeded divisors/multipliers B
the smallest A whose residue lies in a window next to the midpoint is
solved for directly (a linear congruence a*x mod m in [lo, hi], solved by a
Euclid-like recursion), the window doubled until a solution exists: no
random sampling, and the same inputs on every machine.  Goldens are not
computed here (the op's exact golden does that)."""

from typing import List, NamedTuple, Optional

import numpy as np

from . import op_registry
from .dtypes import DType
from .specials import Rng


class Region(NamedTuple):
    name: str        # "normal", "top", "sub<s>"
    shift: int       # subnormal shift s (0: normal / top binade)


class HardPair(NamedTuple):
    region: str
    side: int        # +1: exact result above the midpoint, -1: below, 0: tie
    a: int           # bit patterns
    b: int
    num: int         # exact result in result ulps = num / den
    den: int


# The constructions are solved for an exact result that is the product
# A*B or the quotient A/B of the significands.  Which one an op has is
# registry data: its rounding-boundary construction (ops/operators.json
# sweep.sampler, the same construction the sampled sweeps use).  Any other
# op is refused by name, never given another operator's construction.
KINDS = {"mul-round-boundary": "product", "div-round-boundary": "quotient"}


def kind(op: str) -> str:
    """"product" or "quotient"; ValueError naming an op without either."""
    sampler = op_registry.entry(op).get("sweep", {}).get("sampler")
    if sampler not in KINDS:
        have = [n for n in op_registry.names()
                if op_registry.entry(n).get("sweep", {}).get("sampler") in KINDS]
        raise ValueError("no hard-rounding construction for op %r (it has %s)"
                         % (op, ", ".join(have)))
    return KINDS[sampler]


def require_op(op: str) -> None:
    """Refuses an op without a hard-rounding construction, naming it."""
    kind(op)


def is_product(op: str) -> bool:
    return kind(op) == "product"


def regions(dt: DType) -> List[Region]:
    """Normal range, top binade, and the subnormal shifts searched: all of
    them for 16-bit types, a spread (1, 2, 3, p/2, p-2 .. p+1) for wider."""
    p = dt.fmt.precision
    if dt.bits == 16:
        shifts = range(1, p + 2)
    else:
        shifts = sorted({1, 2, 3, p // 2, p - 2, p - 1, p, p + 1})
    return [Region("normal", 0), Region("top", 0)] + [Region("sub%d" % s, s) for s in shifts]


def result_exponent(dt: DType, region: Region, rng: Rng) -> int:
    f = dt.fmt
    if region.name == "top":
        return f.emax
    if region.name == "normal":
        return rng.between(-3, 3)
    return f.emin - region.shift


def place(op: str, dt: DType, E: int, A: int, B: int, c: int, rng: Rng):
    """Exponents (ea, eb) of normal operands with significands A, B whose
    exact result has exponent E (carry c as in the module docstring)."""
    require_op(op)
    f = dt.fmt
    if is_product(op):
        t = E - c                              # ea + eb
        ea = t // 2
        return ea, t - ea
    t = E + c                                  # ea - eb
    if E == f.emax:
        ea = f.emax
    elif E < f.emin:
        ea = f.emin
    else:
        ea = t + rng.between(-2, 2)
    eb = ea - t
    assert f.emin <= ea <= f.emax and f.emin <= eb <= f.emax, (op, dt.name, E, ea, eb)
    return ea, eb


def encode(dt: DType, sign: int, e: int, M: int) -> int:
    f = dt.fmt
    frac = M - (1 << (f.precision - 1))
    return (sign << (f.width - 1)) | ((e + f.bias) << (f.precision - 1)) | frac


def exact_ratio(op: str, p: int, A: int, B: int, s: int):
    """(num, den, c): the exact result in result ulps (module docstring)."""
    require_op(op)
    if is_product(op):
        c = 1 if A * B >= 1 << (2 * p - 1) else 0
        return A * B, 1 << (p - 1 + c + s), c
    c = 1 if A < B else 0
    k = c + p - 1 - s
    return A << max(k, 0), B << max(-k, 0), c


# ------------------------------------------------------------ 16-bit: exhaustive
def grid_ratios(op: str, p: int, s: int):
    """(A, B, num, den, c) arrays over every significand pair."""
    require_op(op)
    m = np.arange(1 << (p - 1), 1 << p, dtype=np.int64)
    A = np.repeat(m, m.size)
    B = np.tile(m, m.size)
    if is_product(op):
        N = A * B
        c = (N >= (1 << (2 * p - 1))).astype(np.int64)
        D = np.left_shift(np.int64(1), p - 1 + c + s)
    else:
        c = (A < B).astype(np.int64)
        k = c + p - 1 - s
        N = np.left_shift(A, np.maximum(k, 0))
        D = np.left_shift(B, np.maximum(-k, 0))
    return A, B, N, D, c


def rank(N, D, side: int, mask=None):
    """Indices of pairs on `side` of the midpoint, hardest first (|distance|
    relative to the ulp, then index: deterministic)."""
    delta = 2 * (N % D) - D
    sel = (delta > 0) if side > 0 else (delta < 0) if side < 0 else (delta == 0)
    if mask is not None:
        sel &= mask
    idx = np.nonzero(sel)[0]
    key = np.abs(delta[idx]).astype(np.float64) / D[idx].astype(np.float64)
    return idx[np.lexsort((idx, key))]


def search16(op: str, dt: DType, region: Region, per_side: int, rng: Rng) -> List[HardPair]:
    p = dt.fmt.precision
    A, B, N, D, c = grid_ratios(op, p, region.shift)
    E = result_exponent(dt, region, rng)
    out = []
    for side in (1, -1):
        for i in rank(N, D, side)[:per_side]:
            out.append(pair(op, dt, region.name, side, E, int(A[i]), int(B[i]), int(c[i]),
                            int(N[i]), int(D[i]), rng))
    return out


def pair(op, dt, region, side, E, A, B, c, num, den, rng) -> HardPair:
    ea, eb = place(op, dt, E, A, B, c, rng)
    sa, sb = rng.bits(1), rng.bits(1)
    return HardPair(region, side, encode(dt, sa, ea, A), encode(dt, sb, eb, B), num, den)


# ------------------------------------------------------------ 32/64-bit: solved
def _min_x(a: int, m: int, lo: int, hi: int) -> Optional[int]:
    """Smallest x >= 0 with lo <= (a*x mod m) <= hi (0 <= lo <= hi < m)."""
    a %= m
    if lo == 0:
        return 0
    if a == 0:
        return None
    x = -(-lo // a)
    if a * x <= hi:
        return x
    # a*x - m*y in [lo, hi] holds for some x iff (m*y mod a) lies in
    # [(-hi) mod a, (-lo) mod a] (that interval holds no multiple of a).
    y = _min_x(m % a, a, (-hi) % a, (-lo) % a)
    if y is None:
        return None
    return -(-(lo + m * y) // a)


def solve_linear(a: int, m: int, lo: int, hi: int, x_lo: int, x_hi: int) -> Optional[int]:
    """Smallest x in [x_lo, x_hi] with (a*x mod m) in [lo, hi], or None."""
    if x_lo > x_hi or lo > hi:
        return None
    b = a * x_lo % m
    lo2, hi2 = lo - b, hi - b
    if lo2 >= 0:
        parts = [(lo2, hi2)]
    elif hi2 < 0:
        parts = [(lo2 + m, hi2 + m)]
    else:
        parts = [(lo2 + m, m - 1), (0, hi2)]
    best = None
    for l, h in parts:
        x = _min_x(a, m, l, h)
        if x is not None and (best is None or x < best):
            best = x
    if best is None or best > x_hi - x_lo:
        return None
    return x_lo + best


def _windows(m: int, side: int, w: int):
    """Residues r with 1 <= side*(2r - m) <= 2w."""
    if side > 0:
        return -(-(m + 1) // 2), min(m - 1, (m + 2 * w) // 2)
    return max(0, -(-(m - 2 * w) // 2)), (m - 1) // 2


def solve_one(op: str, p: int, s: int, side: int, B: int):
    """Hardest (|delta|, A, c) for this B, both carries tried, or None."""
    require_op(op)
    best = None
    for c in (0, 1):
        if is_product(op):
            lim = 1 << (2 * p - 1)
            a_lo, a_hi = ((max(1 << (p - 1), -(-lim // B)), (1 << p) - 1) if c
                          else (1 << (p - 1), min((1 << p) - 1, (lim - 1) // B)))
            m, coef = 1 << (p - 1 + c + s), B
        else:
            a_lo, a_hi = ((1 << (p - 1)), B - 1) if c else (B, (1 << p) - 1)
            k = c + p - 1 - s
            m = B << max(-k, 0)
            coef = (1 << max(k, 0)) % m
        w = 1
        while w < m:
            lo, hi = _windows(m, side, w)
            A = solve_linear(coef, m, lo, hi, a_lo, a_hi)
            if A is not None:
                num, den, cc = exact_ratio(op, p, A, B, s)
                assert cc == c
                d = abs(2 * (num % den) - den)
                if best is None or d * best[3] < best[0] * den:
                    best = (d, A, c, den, num)
                break
            w *= 4
    return best


def search_wide(op: str, dt: DType, region: Region, per_side: int, rng: Rng,
                tries: int = 8) -> List[HardPair]:
    p = dt.fmt.precision
    E = result_exponent(dt, region, rng)
    out = []
    for side in (1, -1):
        found = []
        for _ in range(per_side):
            best = None
            for _ in range(tries):
                B = (1 << (p - 1)) | rng.bits(p - 1) | 1
                r = solve_one(op, p, region.shift, side, B)
                if r is not None and (best is None or r[0] * best[0][3] < best[0][0] * r[3]):
                    best = (r, B)
            if best is not None:
                (d, A, c, den, num), B = best
                found.append(pair(op, dt, region.name, side, E, A, B, c, num, den, rng))
        out += found
    return out


def hard_pairs(op: str, dt: DType, rng: Rng, per_side=None) -> List[HardPair]:
    """The hard-rounding pool of (op, dt): every region, both sides."""
    require_op(op)
    out = []
    for region in regions(dt):
        if dt.bits == 16:
            n = per_side or (4 if region.shift == 0 else 2)
            out += search16(op, dt, region, n, rng)
        else:
            n = per_side or (6 if region.name == "normal" else 2 if region.shift == 0 else 1)
            out += search_wide(op, dt, region, n, rng)
    return out
