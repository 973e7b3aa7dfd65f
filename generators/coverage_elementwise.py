"""The coverage criteria of the element-wise ops of the 2026-08 drafts (Add,
Sub, Abs, Sqrt; docs/coverage.md), measured on written vectors with exact
arithmetic, independently of the families that build the elements
(addsub_cases.py, unary_cases.py, op_sqrt.py).  An op's kind of criteria is
the family of its registry entry's "coverage" (ops/operators.json) among
"sum" (a + b), "difference" (a - b), "abs", "sqrt".

Criteria (rows; columns are types):
  <input> <class> <sign>     every operand class of a float input (zero,
                             subnormal-min, subnormal, subnormal-max,
                             normal-min, normal, normal-max, inf, nan),
                             each sign, per input (A, B, or X)
  <input> <value>            integer inputs: MIN, MIN+1, -1, 0, 1, MAX-1, MAX
  sum tie even-down/up <s>   sum/difference: an exact tie, RNE rounding it
                             toward / away from zero, each result sign
  sum near-tie below/above   within 2^(1-p) ulp of a tie, not on it
  sum sticky only            inexact, within 2^-p ulp of a representable value
  sum cancellation +0        nonzero operands, exact zero result
  sum zeros -0 / mixed       zero operands whose (effective) signs are both
                             negative (-0 result) / differ (+0 result)
  sum subnormal from normal  both operands normal, result subnormal
  sum inf - inf              infinities of opposite effective sign (NaN)
  sum overflow-threshold ... exact results below / on / above max + ulp/2,
                             and on the largest-finite midpoint, each sign
  sum result = MAX, ...      integers: MAX, MAX+1, MIN, MIN-1 (wraparound)
  sqrt near-midpoint <parity> <side>   the root within 2^(4-p) ulp of a
                             midpoint, below / above it, for inputs of even
                             and odd exponent
  sqrt exact square          a root exactly representable (input not 0, 1)
  abs lone MIN               signed integers: a no-crash case of MIN only
  body ...                   the same at index >= 64 of a long tensor
"""

import math
from collections import defaultdict
from fractions import Fraction

from . import criteria, dtypes, op_registry
from . import floatfmt as ff

FLOAT_CLASSES = ["zero", "subnormal-min", "subnormal", "subnormal-max", "normal-min",
                 "normal", "normal-max", "inf", "nan"]
SUM_FLOAT = (["sum tie even-down %s" % s for s in "+-"] + ["sum tie even-up %s" % s for s in "+-"]
             + ["sum near-tie below", "sum near-tie above", "sum sticky only",
                "sum cancellation +0", "sum zeros -0", "sum zeros mixed",
                "sum subnormal from normal", "sum inf - inf"]
             + ["sum overflow-threshold %s %s" % (w, s) for w in ("below", "on", "above")
                for s in "+-"]
             + ["sum largest-finite on %s" % s for s in "+-"]
             + ["body sum tie", "body sum cancellation +0", "body sum overflow-threshold",
                "body operand nan", "body operand inf", "body operand zero",
                "body operand subnormal"])
SQRT_FLOAT = (["sqrt near-midpoint %s %s" % (par, side) for par in ("even", "odd")
               for side in ("below", "above")]
              + ["sqrt exact square", "body sqrt near-midpoint", "body operand nan",
                 "body operand inf", "body operand zero", "body operand subnormal"])
UNARY_BODY = ["body operand nan", "body operand inf", "body operand zero",
              "body operand subnormal"]

# The criteria in words, for docs/coverage.md ("Criteria").
DESCRIPTION = [
    "- Add, Sub, Abs, Sqrt x every type (drafts-2026-08; "
    "generators/coverage_elementwise.py): per input (A, B or X), every operand "
    "class of its format with each sign (zero, smallest / inner / largest "
    "subnormal, smallest / inner / largest normal, inf, NaN; integers: MIN, "
    "MIN+1, -1, 0, 1, MAX-1, MAX).",
    "- Add, Sub x float types: exact results on a tie rounded toward and away "
    "from zero (each sign), within 2^(1-p) ulp of a tie (below, above), only "
    "sticky bits (within 2^-p ulp of a representable value), cancellation of "
    "nonzero operands to +0, zero operands giving -0 and +0, a subnormal result "
    "of normal operands, inf - inf, below / on / above the overflow threshold "
    "max + ulp/2 and on the largest-finite midpoint (each sign), and ties, "
    "cancellation, the overflow threshold and NaN / inf / zero / subnormal "
    "operands at index >= 64; x integer types: exact results MAX, MAX+1, MIN, "
    "MIN-1 (wraparound at both ends; unsigned: an Add result is never below 0, "
    "a Sub result never above MAX); x ONNX types: the broadcast patterns.",
    "- Sqrt x float types: an input whose root lies within 2^(4-p) ulp of a "
    "rounding midpoint, below and above it, for inputs of even and of odd "
    "exponent; an exact square; a near-midpoint root and NaN / inf / zero / "
    "subnormal inputs at index >= 64.",
    "- Abs: the operand classes (the sign of every class); NaN / inf / zero / "
    "subnormal inputs at index >= 64; signed integers: MIN alone in a no-crash "
    "case (E_ABS_INT_CONSTR_X_020).",
]


KINDS = ("sum", "difference", "abs", "sqrt")


def kind(op):
    """The op's element-wise criteria kind: the one of KINDS among its
    registry coverage families (op_registry.coverage), or None."""
    ks = [f for f in op_registry.coverage(op) if f in KINDS]
    if len(ks) > 1:
        raise op_registry.RegistryError("op %r: coverage in ops/operators.json names %s; an "
                                        "op has one element-wise kind" % (op, ", ".join(ks)))
    return ks[0] if ks else None


def ops():
    """The registered ops measured here, in registry order."""
    return [n for n in op_registry.names() if kind(n)]


def types(op):
    return [d for d in dtypes.ALL if d.name in op_registry.type_names(op)]


def float_class(f, v):
    """(class, sign) of an encoding."""
    d = ff.decode(f, v)
    sign = "-" if d.sign else "+"
    if d.cls != ff.FINITE:
        return {ff.NAN: "nan", ff.INF: "inf", ff.ZERO: "zero"}[d.cls], sign
    m = v & (ff.sign_bit(f) - 1)
    named = {ff.min_subnormal(f): "subnormal-min", ff.max_subnormal(f): "subnormal-max",
             ff.min_normal(f): "normal-min", ff.max_finite(f): "normal-max"}
    if m in named:
        return named[m], sign
    return ("subnormal" if m < ff.min_normal(f) else "normal"), sign


def int_cells(dt):
    if dt.kind == "int":
        return [("MIN", dt.min), ("MIN+1", dt.min + 1), ("-1", -1), ("0", 0), ("1", 1),
                ("MAX-1", dt.max - 1), ("MAX", dt.max)]
    return [("0", 0), ("1", 1), ("MAX-1", dt.max - 1), ("MAX", dt.max)]


def required(op, dt, names):
    """The cells required for (op, dt); names: the op's input names."""
    k = kind(op)
    cells = []
    for n in names:
        if dt.is_float:
            cells += ["%s %s %s" % (n, c, s) for c in FLOAT_CLASSES for s in "+-"]
        else:
            cells += ["%s %s" % (n, c) for c, _ in int_cells(dt)]
    if k in ("sum", "difference"):
        if dt.is_float:
            cells += SUM_FLOAT
        else:
            # an unsigned sum cannot go below 0, nor a difference above MAX
            ends = ["MAX", "MAX+1", "MIN", "MIN-1"]
            if dt.kind == "uint":
                ends.remove("MIN-1" if k == "sum" else "MAX+1")
            cells += ["sum result = %s" % w for w in ends]
    elif k == "sqrt":
        cells += SQRT_FLOAT
    elif k == "abs":
        cells += UNARY_BODY if dt.is_float else (["abs lone MIN"] if dt.kind == "int" else [])
    if "broadcast" in op_registry.coverage(op) \
            and "onnx" in op_registry.profiles_of(op, dt.name):
        cells += ["broadcast " + p for p in criteria.BROADCAST_PATTERNS]
    return cells


def _value(f, v):
    d = ff.decode(f, v)
    return -d.mag if d.sign else d.mag


def _sum_cells(f, x, y, subtract):
    """The sum/difference cells of one element pair."""
    dx, dy = ff.decode(f, x), ff.decode(f, y)
    sy = dy.sign ^ (1 if subtract else 0)
    cells = []
    if dx.cls == ff.INF and dy.cls == ff.INF and dx.sign != sy:
        return ["sum inf - inf"]
    if (dx.cls, dy.cls) == (ff.ZERO, ff.ZERO):
        if dx.sign and sy:
            return ["sum zeros -0"]
        return ["sum zeros mixed"] if dx.sign != sy else []
    if dx.cls not in (ff.FINITE, ff.ZERO) or dy.cls not in (ff.FINITE, ff.ZERO):
        return []
    r = _value(f, x) + (-_value(f, y) if subtract else _value(f, y))
    if r == 0:
        return ["sum cancellation +0"] if ff.ZERO not in (dx.cls, dy.cls) else []
    sign, m = ("-" if r < 0 else "+"), abs(r)
    mn = ff.value(f, ff.min_normal(f))
    if m < mn and abs(_value(f, x)) >= mn and abs(_value(f, y)) >= mn:
        cells.append("sum subnormal from normal")
    for tg in criteria.targets(dt_of(f)):
        if tg.cls == "overflow-threshold" and tg.lo < m < tg.hi:
            cells.append("sum overflow-threshold %s %s"
                         % ("below" if m < tg.t else "on" if m == tg.t else "above", sign))
        if tg.cls == "largest-finite" and m == tg.t:
            cells.append("sum largest-finite on %s" % sign)
    if m >= ff.value(f, ff.max_finite(f)) * 2:
        return cells
    e = max(ff._floor_log2(m.numerator, m.denominator), f.emin)
    q = m / Fraction(2) ** (e - f.precision + 1)          # in ulps of its binade
    fl = q.numerator // q.denominator
    frac = q - fl
    if frac == 0:
        return cells
    half = Fraction(1, 2)
    eps = Fraction(1, 1 << (f.precision - 1))
    if frac == half:
        cells.append("sum tie even-%s %s" % ("down" if fl % 2 == 0 else "up", sign))
    elif abs(frac - half) <= eps:
        cells.append("sum near-tie %s" % ("below" if frac < half else "above"))
    elif min(frac, 1 - frac) <= eps / 2:
        cells.append("sum sticky only")
    return cells


def dt_of(f):
    return next(d for d in dtypes.FLOATS if d.fmt == f)


def _sqrt_cells(f, x):
    d = ff.decode(f, x)
    if d.cls != ff.FINITE or d.sign:
        return []
    v, p = d.mag, f.precision
    ev = ff._floor_log2(v.numerator, v.denominator)
    if math.isqrt(v.numerator) ** 2 == v.numerator and \
            math.isqrt(v.denominator) ** 2 == v.denominator:
        return ["sqrt exact square"] if v != 1 else []
    er = ev // 2                                            # exponent of the root
    y = v / Fraction(4) ** (er - p + 1)                     # (root / ulp)^2
    m = p + 12
    s = math.isqrt((y.numerator << (2 * m)) // y.denominator)
    frac = Fraction(s % (1 << m), 1 << m)
    if abs(frac - Fraction(1, 2)) <= Fraction(16, 1 << p):
        return ["sqrt near-midpoint %s %s" % ("even" if ev % 2 == 0 else "odd",
                                              "below" if frac < Fraction(1, 2) else "above")]
    return []


def _body(f, cells, values, in_body):
    out = []
    if not in_body:
        return out
    for c in cells:
        if c.startswith("sum tie"):
            out.append("body sum tie")
        elif c in ("sum cancellation +0",) or c.startswith("sum overflow-threshold"):
            out.append("body " + (c if c == "sum cancellation +0" else "sum overflow-threshold"))
        elif c.startswith("sqrt near-midpoint"):
            out.append("body sqrt near-midpoint")
    for v in values:
        cls, _ = float_class(f, v)
        k = {"nan": "nan", "inf": "inf", "zero": "zero", "subnormal": "subnormal",
             "subnormal-min": "subnormal", "subnormal-max": "subnormal"}.get(cls)
        if k:
            out.append("body operand " + k)
    return out


def count(case, tensors, elems, out):
    """Adds the cells of one case to out[(op, type)]: tensors, its input
    tensors; elems, the tuples of input elements of each output element
    (broadcast), read by the caller."""
    op, k = case["op"], kind(case["op"])
    dt = dtypes.BY_NAME[case["inputs"][0]["dtype"]]
    counts = out[(op, dt.name)]
    names = [t["name"] for t in case["inputs"]]
    for n, vals in zip(names, tensors):
        for v in vals:
            if dt.is_float:
                counts["%s %s %s" % ((n,) + float_class(dt.fmt, v))] += 1
            else:
                for cname, cv in int_cells(dt):
                    if v == cv:
                        counts["%s %s" % (n, cname)] += 1
    if case["expectation"] == "no-crash":
        if k == "abs" and dt.kind == "int" and tensors[0] and \
                all(v == dt.min for v in tensors[0]):
            counts["abs lone MIN"] += 1
        return
    if case["expectation"] != "values":
        return
    body = len(elems) > criteria.BODY_START
    for i, el in enumerate(elems):
        cells = []
        if k in ("sum", "difference"):
            if dt.is_float:
                cells = _sum_cells(dt.fmt, el[0], el[1], k == "difference")
            else:
                r = el[0] - el[1] if k == "difference" else el[0] + el[1]
                names_ = {dt.max: "MAX", dt.max + 1: "MAX+1", dt.min: "MIN", dt.min - 1: "MIN-1"}
                if r in names_:
                    cells = ["sum result = " + names_[r]]
        elif k == "sqrt":
            cells = _sqrt_cells(dt.fmt, el[0])
        if dt.is_float:
            cells += _body(dt.fmt, cells, el, body and i >= criteria.BODY_START)
        for c in cells:
            counts[c] += 1


def problems(counts):
    out = []
    for op in ops():
        names = op_registry.facet(op, "inputs")
        for dt in types(op):
            have = counts.get((op, dt.name), {})
            for cell in required(op, dt, names):
                if not have.get(cell):
                    out.append("%s %s: criterion '%s' has no element" % (op, dt.name, cell))
    return out


def render(counts):
    lines = []
    for op in ops():
        ts = types(op)
        names = op_registry.facet(op, "inputs")
        rows = []
        for dt in ts:
            for c in required(op, dt, names):
                if c not in rows:
                    rows.append(c)
        lines += ["### %s criteria" % op, "", "| criterion | " + " | ".join(d.name for d in ts)
                  + " |", "|---|" + "---:|" * len(ts)]
        for cell in rows:
            row = []
            for dt in ts:
                n = counts.get((op, dt.name), {}).get(cell, 0)
                row.append(str(n) if n else ("-" if cell in required(op, dt, names) else ""))
            lines.append("| %s | %s |" % (cell, " | ".join(row)))
        lines.append("")
    return lines


def new_counts():
    return defaultdict(lambda: defaultdict(int))
