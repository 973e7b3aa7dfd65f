"""Case families of the additive ops (Add, Sub; drafts-2026-08/add.md,
sub.md): the special-value cross, seeded random values, shapes, broadcasting
and rejects of arith_cases, plus the edges of an exact sum built here:
rounding ties in both directions, results just above / below a tie, sticky
bits far below the rounding bit, cancellation to an exact zero (IEEE
754-2019 §6.3), subnormal operands and results, the overflow threshold
(max + ulp/2) and its neighbours, every operand class on each side, a
vector-body case, and integer wraparound at MIN and MAX.

Every pair is built for the sum a + b; an op that subtracts gets (a, -b)
(the operand's sign flipped: the exact difference is the same real
number), so both ops meet the same criteria.  Goldens are the op's exact
goldens (make_case); generators/coverage_elementwise.py measures the
criteria independently from the written tensors."""

from fractions import Fraction
from typing import List

from . import floatfmt as ff
from .arith_cases import float_families, float_value, int_families
from .cases import Case, OpSpec
from .criteria import body_offsets_case
from .dtypes import DType
from .specials import Rng, random_float, random_value, specials


def negate(dt: DType, v: int) -> int:
    """-v: the sign bit flipped (float), or the integer negated (kept in
    range by the caller's wrap: only used on values whose negation fits)."""
    return v ^ ff.sign_bit(dt.fmt) if dt.is_float else -v


def class_values(dt: DType):
    """[(class, sign, bits)]: one value of every operand class of a float
    format, both signs (docs/coverage.md "operand classes")."""
    f = dt.fmt
    mid_sub = ff.min_subnormal(f) + (ff.max_subnormal(f) >> 1)
    mid_norm = float_value(dt, Fraction(3, 2) + Fraction(1, 1 << f.precision) * 2)
    pos = [("zero", ff.zero(f)), ("subnormal-min", ff.min_subnormal(f)),
           ("subnormal", mid_sub), ("subnormal-max", ff.max_subnormal(f)),
           ("normal-min", ff.min_normal(f)), ("normal", mid_norm),
           ("normal-max", ff.max_finite(f)), ("inf", ff.inf(f)), ("nan", ff.quiet_nan(f))]
    out = []
    for sign in (0, 1):
        for cls, v in pos:
            out.append((cls, "-" if sign else "+", v | (ff.sign_bit(f) if sign else 0)))
    return out


def _with_exp(dt: DType, m: int, e: int, sign: int = 0) -> int:
    """The value sign * m * 2^(e - p + 1) (m a p-bit significand)."""
    q = Fraction(m) * Fraction(2) ** (e - dt.fmt.precision + 1)
    return float_value(dt, -q if sign else q)


def float_sum_edges(dt: DType, rng: Rng):
    """Groups [(what, pairs)] of sum pairs (a, b) for a + b."""
    f = dt.fmt
    p = f.precision
    groups = []
    # Ties: x + ulp(x)/2 lies halfway between x and its successor; RNE keeps
    # x when its significand is even and goes up when it is odd (also into
    # the next binade from the all-ones significand).  Both signs.
    ties = []
    for e in (-3, 0, 5, f.emin + 2, f.emax - 2):
        for m in (1 << (p - 1), (1 << (p - 1)) + 1, (1 << p) - 2, (1 << p) - 1,
                  rng.between(1 << (p - 1), (1 << p) - 1)):
            for s in (0, 1):
                ties.append((_with_exp(dt, m, e, s), _with_exp(dt, 1 << (p - 1), e - p, s)))
    groups.append(("exact ties (x + ulp(x)/2, even and odd x, both signs)", ties))
    # Just below / above a tie: half an ulp minus / plus one unit of the
    # addend's own last place, and far below: an addend 2p + 3 binades down
    # (only sticky bits).
    near = []
    for e in (0, 7, f.emax - 3):
        for m in ((1 << (p - 1)) + 1, (1 << p) - 3):
            for s in (0, 1):
                x = _with_exp(dt, m, e, s)
                near.append((x, _with_exp(dt, (1 << p) - 1, e - p - 1, s)))        # below
                near.append((x, _with_exp(dt, (1 << (p - 1)) + 1, e - p, s)))      # above
                if e - 2 * p - 3 - p + 1 >= f.emin - p + 1:
                    near.append((x, _with_exp(dt, rng.between(1 << (p - 1), (1 << p) - 1),
                                              e - 2 * p - 3, s)))                  # sticky
                    near.append((x, _with_exp(dt, rng.between(1 << (p - 1), (1 << p) - 1),
                                              e - 2 * p - 3, 1 - s)))
    # a power of two minus a tiny amount: the result's binade is one lower
    for s in (0, 1):
        near.append((_with_exp(dt, 1 << (p - 1), 0, s), _with_exp(dt, 1 << (p - 1), -p - 1, 1 - s)))
        near.append((_with_exp(dt, 1 << (p - 1), 0, s), _with_exp(dt, 3 << (p - 2), -p - 1, 1 - s)))
    groups.append(("just below and above a tie, and sticky bits far below the rounding bit",
                   near))
    # Cancellation: x + (-x) is +0 under RNE for every x (IEEE754-2019 §6.3),
    # zeros: (+0)+(+0) = +0, (+0)+(-0) = +0, (-0)+(+0) = +0, (-0)+(-0) = -0.
    z, nz = ff.zero(f), ff.zero(f, 1)
    canc = [(z, z), (z, nz), (nz, z), (nz, nz)]
    for v in (ff.one(f), ff.max_finite(f), ff.min_subnormal(f), ff.min_normal(f),
              random_float(dt, rng) & ~ff.sign_bit(f) or 1):
        canc += [(v, negate(dt, v)), (negate(dt, v), v)]
    groups.append(("cancellation to an exact zero, and the sign of zero sums", canc))
    # Subnormal operands and results: normal - normal = subnormal (gradual
    # underflow, §7.5), subnormal + subnormal across the normal boundary.
    ms, mxs, mn = ff.min_subnormal(f), ff.max_subnormal(f), ff.min_normal(f)
    sub = [(mn + 3, negate(dt, mn)), (mn, negate(dt, mxs)), (mn + 1, negate(dt, mxs)),
           (mxs, ms), (mxs, mxs), (ms, ms), (negate(dt, ms), negate(dt, mxs)),
           (_with_exp(dt, (1 << (p - 1)) + 5, f.emin + 1), _with_exp(dt, (1 << p) - 1, f.emin, 1))]
    groups.append(("subnormal operands and results (normal - normal below the normal range)",
                   sub))
    # Overflow: max + ulp/2 is the threshold (a tie; max is odd, so RNE goes
    # to inf); one unit below it stays max; max + max overflows.
    mx, top = ff.max_finite(f), f.emax - p
    over = []
    for s in (0, 1):
        m = mx | (ff.sign_bit(f) if s else 0)
        over += [(m, _with_exp(dt, 1 << (p - 1), top, s)),                         # on: inf
                 (m, _with_exp(dt, (1 << p) - 1, top - 1, s)),                     # below: max
                 (m, _with_exp(dt, (1 << (p - 1)) + 1, top, s)),                   # above: inf
                 (m, m), (m, _with_exp(dt, 1 << (p - 1), top + 1, s)),
                 (m - 1, _with_exp(dt, 1 << (p - 1), top, s)),                     # max-ulp: tie
                 (m - 1, _with_exp(dt, (1 << (p - 1)) + 1, top, s))]
    groups.append(("the overflow threshold max + ulp/2: on it, just below and above, and "
                   "the largest-finite midpoint", over))
    # Every operand class on each side, against every other one.
    cls = [v for _, _, v in class_values(dt)]
    n = len(cls)
    groups.append(("every operand class (zero, subnormal min / inner / max, normal min / "
                   "inner / max, inf, NaN; both signs) on each side",
                   [(cls[i], cls[(i * 5 + 3) % n]) for i in range(n)]))
    return groups


class AddSub:
    """The families of one additive op: `subtract` flips B's sign."""

    def __init__(self, op: OpSpec, subtract: bool, types):
        self.op, self.subtract, self.types = op, subtract, types

    def _pair(self, dt, a, b):
        return (a, negate(dt, b)) if self.subtract else (a, b)

    def float_edges(self, dt, rng):
        groups = float_sum_edges(dt, rng)
        pairs = []
        for _, g in groups:
            pairs += [self._pair(dt, a, b) for a, b in g]
        desc = "; ".join(d for d, _ in groups)
        return [("edges", pairs, {"edge"},
                 "Exact %s results that are ties, next to ties or only sticky, cancel to "
                 "zero, land in the subnormal range or at the overflow threshold (%s)."
                 % ("differences" if self.subtract else "sums", desc))]

    def body_case(self, dt) -> Case:
        """The edge pairs and every special value (against 1 and against
        itself) at the odd elements from 64 on of a long tensor: the
        vectorised body, every lane position (as criteria.body_case)."""
        op = self.op
        cid = "%s/%s/body_offsets" % (op.name.lower(), dt.name)
        inner = []
        for _, g in float_sum_edges(dt, Rng(cid + "/pairs")):
            inner += [self._pair(dt, a, b) for a, b in g]
        one = ff.one(dt.fmt)
        inner += [(x, one) for x in specials(dt)] + [(x, x) for x in specials(dt)]
        return body_offsets_case(op, dt, inner, "edge and special-value pairs at the")

    def int_edges(self, dt, rng):
        """Exact results at and one past MAX and MIN (wraparound modulo 2^n
        at both ends, E_*_INT_FUNC_0010; uint: MIN is 0), solved for from a
        set of second operands, then seeded results outside the range."""
        mx, mn = dt.max, dt.min
        bs = [0, 1, -1, 2, mx, mn, mx // 2, mn // 2, mx - 1]
        pairs = []
        for t in (mx, mx + 1, mn, mn - 1):
            for b in bs:
                a = t + b if self.subtract else t - b
                if mn <= a <= mx and mn <= b <= mx and (a, b) not in pairs:
                    pairs.append((a, b))
        r = Rng("%s/%s/wrap" % (self.op.name.lower(), dt.name))
        k = len(pairs)
        while len(pairs) < k + 16:
            a, b = random_value(dt, r), random_value(dt, r)
            if not mn <= (a - b if self.subtract else a + b) <= mx:
                pairs.append((a, b))
        return [("wrap_boundaries", [a for a, _ in pairs], [b for _, b in pairs], {"wrap-boundaries"},
                 "Exact results MAX, MAX + 1, MIN and MIN - 1 (elements [0, %d)), then seeded "
                 "results outside the %s range: modulo 2^%d (E_%s_INT_FUNC_0010)."
                 % (k, dt.name, dt.bits, self.op.name.upper()), "values")]

    def build(self) -> List[Case]:
        cases = []
        for dt in self.types:
            if dt.is_float:
                cases += float_families(self.op, dt, self.float_edges) + [self.body_case(dt)]
            else:
                cases += int_families(self.op, dt, _int_special_pairs, self.int_edges,
                                      lambda a, b: True)
        return cases


def _int_special_pairs(dt):
    from .cases import cross
    from .specials import int_specials
    return cross(int_specials(dt), int_specials(dt))
