"""Case families built from coverage criteria over the formats
(docs/coverage.md), not from a suspected defect: every rounding-boundary
class of a float output format approached from below, hit, and approached
from above with both signs; integer quotients that are exact or one unit
off an integer across every divisor magnitude; integer products at and
across every wrap boundary; lone undefined inputs.

Elements are constructed: for each target the candidate divisors /
multipliers are every significand for 16-bit types (exhaustive) and a
seeded spread plus the divisors of the target's odd significand for
32/64-bit types; for each, the nearest representable partner on each side
is solved for, and the exact result (Fraction) decides.  Goldens are the
op's exact goldens (make_case); coverage.py measures the criteria on the
written vectors independently."""

from fractions import Fraction
from typing import List, NamedTuple, Optional, Tuple

from . import floatfmt as ff
from . import hardround
from .cases import Case, OpSpec, make_case
from .dtypes import DType
from .specials import Rng, random_float, specials


class Target(NamedTuple):
    cls: str          # boundary class (docs/coverage.md)
    t: Fraction       # the rounding boundary (a midpoint), positive
    lo: Fraction      # the representable value below t (or 0)
    hi: Fraction      # the one above (max + ulp for the overflow threshold)


def targets(dt: DType) -> List[Target]:
    """The rounding-boundary classes of a float format, positive side."""
    f = dt.fmt
    v = lambda bits: ff.value(f, bits)
    ms, mxs, mn, mx = (v(ff.min_subnormal(f)), v(ff.max_subnormal(f)), v(ff.min_normal(f)),
                       v(ff.max_finite(f)))
    ulp_top = Fraction(2) ** (f.emax - f.precision + 1)
    one_ulp = Fraction(2) ** (1 - f.precision)
    # inside the normal range: the midpoint just above 1.5 (a quotient can
    # approach it from both sides; one just above 1 it cannot from below)
    mid = Fraction(3, 2) + one_ulp / 2
    return [
        Target("underflow-threshold", ms / 2, Fraction(0), ms),
        Target("between-subnormals", 3 * ms / 2, ms, 2 * ms),
        Target("subnormal-normal", (mxs + mn) / 2, mxs, mn),
        Target("normal", mid, mid - one_ulp / 2, mid + one_ulp / 2),
        Target("largest-finite", mx - ulp_top / 2, mx - ulp_top, mx),
        Target("overflow-threshold", mx + ulp_top / 2, mx, mx + ulp_top),
    ]


def _odd_divisors(n: int, limit: int) -> List[int]:
    """Divisors of the odd part of n below `limit` (trial division to 2^17)."""
    while n % 2 == 0:
        n //= 2
    primes, m, d = [], n, 3
    while d * d <= m and d < (1 << 17):
        while m % d == 0:
            primes.append(d)
            m //= d
        d += 2
    if m > 1:
        primes.append(m)
    divs = {1}
    for q in primes:
        divs |= {x * q for x in divs}
    return sorted(x for x in divs if x < limit)


def _candidates(dt: DType, t: Fraction, rng: Rng) -> List[int]:
    """Significands B (p bits) of the second operand."""
    p = dt.fmt.precision
    if dt.bits == 16:
        return list(range(1 << (p - 1), 1 << p))
    out = {1 << (p - 1), (1 << p) - 1}
    for d in _odd_divisors(t.numerator, 1 << p):
        while d < (1 << (p - 1)):
            d <<= 1
        out.add(d)
    while len(out) < 384:
        out.add((1 << (p - 1)) | rng.bits(p - 1))
    return sorted(out)


def _operand(dt: DType, B: int, e: int) -> Optional[int]:
    """Bits of B * 2^(e - p + 1) when representable (clamped into range)."""
    bits, flags = ff.round_rational(dt.fmt, Fraction(B) * Fraction(2) ** (e - dt.fmt.precision + 1))
    if "inexact" in flags or "overflow" in flags or bits == 0:
        return None
    return bits


def _exp_of(q: Fraction) -> int:
    return ff._floor_log2(q.numerator, q.denominator)


def solve(op: str, dt: DType, tg: Target, side: int, rng: Rng) -> Optional[Tuple[int, int]]:
    """(a, b) positive with exact a op b in (lo, t) for side -1, == t for
    side 0, in (t, hi) for side +1, the one closest to t among the
    candidates; None when no candidate reaches the window (e.g. a Div
    quotient of p-bit numbers is never a normal midpoint)."""
    f = dt.fmt
    et = _exp_of(tg.t)
    best, best_d = None, None
    # Exponent of b: the partner a = t*b (Div) or t/b (Mul) near 1 when the
    # range allows, so that both operands are normal.
    quotient = hardround.kind(op) == "quotient"   # else a product (registry)
    eb = max(min(-et if quotient else et, f.emax - 1), f.emin)
    if quotient and tg.cls in ("overflow-threshold", "largest-finite"):
        eb = -1                                  # a near max, b in [1/2, 1)
    for B in _candidates(dt, tg.t, rng):
        b = _operand(dt, B, eb)
        if b is None:
            continue
        vb = ff.value(f, b)
        want = tg.t * vb if quotient else tg.t / vb
        a0, _ = ff.round_rational(f, want)
        if ff.decode(f, a0).cls != ff.decode(f, ff.one(f)).cls and a0 == ff.inf(f):
            a0 = ff.max_finite(f)
        for a in (a0 - 1, a0, a0 + 1):
            if a <= 0 or a > ff.max_finite(f):
                continue
            r = ff.value(f, a) / vb if quotient else ff.value(f, a) * vb
            ok = (tg.lo < r < tg.t) if side < 0 else (r == tg.t) if side == 0 else (tg.t < r < tg.hi)
            if ok:
                d = abs(r - tg.t)
                if best_d is None or d < best_d:
                    best, best_d = (a, b), d
        if side == 0 and best is not None:
            break
    return best


SIDES = ((-1, "below"), (0, "on"), (1, "above"))
# Cells no element can reach (docs/coverage.md): a quotient of p-bit
# numbers is never a normal midpoint, and A/B < 1 implies A/B <= 1 - 1/B <
# 1 - 2^-p, so no quotient lies within 2^-p (relative) below a power of two:
# none in (max, max + ulp) nor just below the smallest normal.
# Keyed by the kind of exact result (hardround.kind: "quotient" for Div,
# "product" for Mul, from the registry).
IMPOSSIBLE = {("quotient", "normal", "on"), ("quotient", "largest-finite", "on"),
              ("quotient", "overflow-threshold", "below"),
              ("quotient", "overflow-threshold", "on"),
              ("quotient", "overflow-threshold", "above"),
              ("quotient", "subnormal-normal", "above")}
# The largest-finite midpoint's significand 2^(p+1) - 3 is prime for
# float16 (4093) and bfloat16 (509): no product of p-bit numbers is it.
IMPOSSIBLE_FOR = {("product", "float16", "largest-finite", "on"),
                  ("product", "bfloat16", "largest-finite", "on")}


def attainable(op: str, dtype: str, cls: str, side: str) -> bool:
    k = hardround.kind(op)
    return (k, cls, side) not in IMPOSSIBLE and (k, dtype, cls, side) not in IMPOSSIBLE_FOR


def boundary_pairs(op: str, dt: DType, rng: Rng):
    """[(a, b)] and the description's groups [(what, n)]: every class x
    side x sign that has an element."""
    sign = ff.sign_bit(dt.fmt)
    pairs, groups = [], []
    for tg in targets(dt):
        for side, word in SIDES:
            found = solve(op, dt, tg, side, rng)
            if found is None:
                continue
            a, b = found
            # both result signs: negate a, or b
            sel = [(a, b), (a | sign, b), (a, b | sign), (a | sign, b | sign)]
            groups.append(("%s %s the boundary" % (tg.cls, word), len(sel)))
            pairs += sel
    return pairs, groups


def boundary_case(op: OpSpec, dt: DType) -> Case:
    from .hard_cases import _ranges
    cid = "%s/%s/boundary_classes" % (op.name.lower(), dt.name)
    pairs, groups = boundary_pairs(op.name, dt, Rng(cid))
    return make_case(op, dt, dt, "boundary_classes", (len(pairs),), [p[0] for p in pairs],
                     (len(pairs),), [p[1] for p in pairs], tags={"boundary-classes"},
                     requirements=["ieee754:rne", "ieee754:overflow", "ieee754:underflow"],
                     description="Exact %s results below, on (where a result can be) and "
                                 "above every rounding-boundary class of %s (docs/coverage.md), "
                                 "each with both result signs: elements %s."
                                 % (op.name, dt.name, _ranges(groups)))


BODY_START = 64


def body_case(op: OpSpec, dt: DType) -> Case:
    """The boundary-class pairs and every special value (against 1 and
    against itself) placed inside a long tensor, from element 64 on, two
    apart and so at every lane position of a 4/8/16-wide loop; the other
    elements are seeded random finite values.  A runtime computes short
    tensors in its scalar tail; this case puts the same inputs in its
    vectorised body (docs/coverage.md, "vector body")."""
    cid = "%s/%s/body_offsets" % (op.name.lower(), dt.name)
    one = ff.one(dt.fmt)
    inner, _ = boundary_pairs(op.name, dt, Rng(cid + "/pairs"))
    inner += [(x, one) for x in specials(dt)] + [(one, x) for x in specials(dt)]
    inner += [(x, x) for x in specials(dt)]
    return body_offsets_case(op, dt, inner, "boundary-class and special-value pairs at the")


def body_offsets_case(op: OpSpec, dt: DType, inner, what: str) -> Case:
    """The `body_offsets` case of a binary float op: the pairs `inner` at the
    odd elements from BODY_START + 1 on, seeded random finite pairs around
    them (Rng of the case id), so that every pair meets every lane position
    of a vectorised loop (docs/coverage.md, "vector body")."""
    cid = "%s/%s/body_offsets" % (op.name.lower(), dt.name)
    rng = Rng(cid)
    n = BODY_START + 2 * len(inner) + 17
    pairs = [(random_float(dt, rng), random_float(dt, rng)) for _ in range(n)]
    for i, pr in enumerate(inner):
        pairs[BODY_START + 2 * i + 1] = pr
    text = ("Vector body: %d %s odd elements %d, %d, ..., %d of a %d-element tensor "
            "(every lane position), seeded random finite values around them."
            % (len(inner), what, BODY_START + 1, BODY_START + 3,
               BODY_START + 2 * len(inner) - 1, n))
    return make_case(op, dt, dt, "body_offsets", (n,), [p[0] for p in pairs], (n,),
                     [p[1] for p in pairs], tags={"vector-body"}, description=text)


# ------------------------------------------------------------ integers
def _in(dt: DType, v: int) -> bool:
    return dt.min <= v <= dt.max


def quotient_pairs(dt: DType):
    """Integer Div: divisors |b| = 2^k - 1, 2^k, 2^k + 1 for every k, and
    numerators q*b (exact) and q*b +- 1 (one unit off) for small and
    largest q, with every sign combination the type has."""
    pairs = []
    mag = dt.max
    for k in range(0, dt.bits):
        for bm in sorted({(1 << k) - 1, 1 << k, (1 << k) + 1}):
            if bm < 1 or bm > mag:
                continue
            for q in sorted({1, 3, mag // bm}):
                for da in (0, -1, 1):
                    am = q * bm + da
                    if am < 0 or am > mag:
                        continue
                    for sa, sb in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                        a, b = sa * am, sb * bm
                        if _in(dt, a) and _in(dt, b) and b != 0 and (a, b) not in pairs:
                            pairs.append((a, b))
    # Exact quotients that a reciprocal path drops just below an integer.
    for bm in recip_low_divisors(mag):
        for j in range(0, dt.bits):
            am = bm << j
            if am > mag:
                break
            for a, b in ((am, bm), (-am, bm)):
                if _in(dt, a) and (a, b) not in pairs:
                    pairs.append((a, b))
    return pairs


def recip_low_divisors(limit: int, count: int = 4) -> List[int]:
    """The smallest odd b > 1 (b <= limit) whose reciprocal rounded to
    binary64, or to binary32, is below 1/b by more than a quarter ulp of 1
    (b * RN(1/b) < 1 - 2^-54, resp. 1 - 2^-25): exact quotients q*b / b
    with q a power of two then come out just below q through a reciprocal,
    and truncate to q - 1 (e.g. 49 * RN(1/49) < 1).  Exact: Fractions of
    the rounded reciprocals."""
    import numpy as np
    out = {"64": [], "32": []}
    b = 3
    while b <= limit and (len(out["64"]) < count or len(out["32"]) < count):
        r64 = Fraction(1.0 / b)
        r32 = Fraction(float(np.float32(1) / np.float32(b)))
        if r64 * b < 1 - Fraction(1, 2 ** 54) and len(out["64"]) < count:
            out["64"].append(b)
        if r32 * b < 1 - Fraction(1, 2 ** 25) and len(out["32"]) < count:
            out["32"].append(b)
        b += 2
    return sorted(set(out["64"] + out["32"]))


def wrap_pairs(dt: DType):
    """Integer Mul: exact products at and one past every wrap boundary
    (MAX, MAX + 1, and for signed types MIN, MIN - 1), from the divisors
    of the boundary."""
    bounds = [dt.max, dt.max + 1] + ([dt.min, dt.min - 1] if dt.kind == "int" else [])
    pairs = []
    for t in bounds:
        n = abs(t)
        ds = [d for d in _odd_divisors(n, n + 1)]
        ds += [1 << j for j in range(1, n.bit_length()) if n % (1 << j) == 0]
        for d in sorted(set(ds)):
            x, y = d, t // d
            for a, b in ((x, y), (-x, -y)):
                if _in(dt, a) and _in(dt, b) and a * b == t and (a, b) not in pairs:
                    pairs.append((a, b))
    return pairs


# ------------------------------------------------------------------ Pow
def parity_magnitudes(b_dt):
    """(odd k's, even k's): the k with an odd (even) integral exponent of
    magnitude in [2^k, 2^(k+1)) that b_dt holds, k <= 63.  A float of
    precision p holds odd integers only below 2^p: above, every integer it
    holds is even (IEEE 754 §3.3), so its odd k's stop at p - 1."""
    if b_dt.is_float:
        f = b_dt.fmt
        top = min(63, f.emax)
        return list(range(0, f.precision)), list(range(1, top + 1))
    hi = b_dt.bits - 2 if b_dt.kind == "int" else b_dt.bits - 1
    return list(range(0, hi + 1)), list(range(1, hi + 1))


def pow_spots(f):
    """The single rounding boundaries of format f as (class, t, lo, hi): t
    the boundary, (lo, t) the window below it, (t, hi) the one above."""
    v = lambda bits: ff.value(f, bits)
    ms, mxs, mn, mx = (v(ff.min_subnormal(f)), v(ff.max_subnormal(f)), v(ff.min_normal(f)),
                       v(ff.max_finite(f)))
    ulp_top = Fraction(2) ** (f.emax - f.precision + 1)
    return [("underflow-threshold", ms / 2, Fraction(0), ms),
            ("subnormal-normal", (mxs + mn) / 2, mxs, mn),
            ("largest-finite", mx - ulp_top / 2, mx - ulp_top, mx),
            ("overflow-threshold", mx + ulp_top / 2, mx, mx + ulp_top)]


def pow_result_cell(f, r):
    """The Pow boundary cell "<class> <side> <sign>" of the exact result r
    (a Fraction) in format f, or None: a single boundary's window or the
    boundary itself (pow_spots), else, for results inside the subnormal or
    the normal range, below a midpoint, on one (a tie) or above one."""
    if r == 0:
        return None
    sign = "-" if r < 0 else "+"
    m = abs(r)
    for cls, t, lo, hi in pow_spots(f):
        if lo < m < hi:
            side = "below" if m < t else "on" if m == t else "above"
            return "%s %s %s" % (cls, side, sign)
    ms, mn, mx = ff.value(f, ff.min_subnormal(f)), ff.value(f, ff.min_normal(f)), \
        ff.value(f, ff.max_finite(f))
    if ms < m < mn:
        ulp, cls = ms, "between-subnormals"
    elif mn < m < mx:
        e = m.numerator.bit_length() - m.denominator.bit_length()
        if Fraction(2) ** e > m:
            e -= 1
        ulp, cls = Fraction(2) ** (e - f.precision + 1), "normal"
    else:
        return None
    q = m / ulp                                      # in ulps of its binade
    frac = q - (q.numerator // q.denominator)
    if frac == 0:
        return None                                  # representable: no rounding
    side = "below" if frac < Fraction(1, 2) else "on" if frac == Fraction(1, 2) else "above"
    return "%s %s %s" % (cls, side, sign)


POW_CLASSES = ("underflow-threshold", "between-subnormals", "subnormal-normal", "normal",
               "largest-finite", "overflow-threshold")
# Cells the construction (op_pow._pow_pool: powers x^y, |y| <= 199, near each
# boundary, and ties from odd significands) does not reach: "n/c" in
# docs/coverage.md, not required, and NOT claimed unreachable.  Exactly on a
# single boundary a power must equal a (p+1)-bit midpoint; in the windows of
# the largest values a negative result needs an odd y landing there.
POW_NOT_CONSTRUCTED = {
    "float16": {"subnormal-normal on +", "subnormal-normal on -", "largest-finite on +",
                "largest-finite on -", "overflow-threshold on +", "overflow-threshold on -",
                "overflow-threshold above -"},
    "bfloat16": {"between-subnormals on -", "subnormal-normal on +", "subnormal-normal on -",
                 "largest-finite on +", "largest-finite on -", "largest-finite above -",
                 "overflow-threshold on +", "overflow-threshold on -"},
    "float32": {"subnormal-normal on +", "subnormal-normal on -", "largest-finite below -",
                "largest-finite on +", "largest-finite on -", "largest-finite above -",
                "overflow-threshold on +", "overflow-threshold on -"},
    "float64": {"subnormal-normal on +", "subnormal-normal on -", "largest-finite below -",
                "largest-finite on +", "largest-finite on -", "largest-finite above +",
                "largest-finite above -", "overflow-threshold below +",
                "overflow-threshold below -", "overflow-threshold on +",
                "overflow-threshold on -"},
}


def pow_boundary_cells(a_dt, b_dt):
    """All Pow boundary cells of (base, exponent) type pair: float bases with
    the same-type or an int32 exponent (the construction's pairs)."""
    if not a_dt.is_float or not (b_dt is a_dt or b_dt.name == "int32"):
        return []
    return ["%s %s %s" % (c, w, s) for c in POW_CLASSES for _, w in SIDES for s in "+-"]


# Powers of two inside the wider integer types where a Less comparison is
# lowered wrongly: the limits of the narrower integer types (2^7, 2^8,
# 2^15, 2^16, 2^31, 2^32: split or truncated words) and the integer ranges of
# the float precisions (2^11, 2^24, 2^53: comparison through a float).
LESS_INNER_POWERS = (7, 8, 11, 15, 16, 24, 31, 32, 53)


# The broadcast shape patterns the coverage criteria require of every binary op
# with an onnx profile (coverage_criteria.py and coverage_elementwise.py).
BROADCAST_PATTERNS = ["column (N,1) vs (N,M)", "row (1,M) vs (N,M)", "both sides broadcast",
                      "rank padding", "scalar A", "scalar B", "size-0 axis", "rank 4"]
