"""Div (opset 14): goldens and cases.  Float: IEEE754-2019 §5.4.1 division,
correctly rounded RNE, exact tolerance.  Integer: truncation toward zero
(onnx-div; spec-notes SN-1); division by zero and INT_MIN / -1 are undefined
(sonnx-div:int:B.C1, "Overflow behavior is implementation-defined"; SN-17)."""

from fractions import Fraction

from . import arith, dtypes
from .arith_cases import float_families, float_value, int_families, pow2, search_pairs
from .arith_cases import float_with_exp
from .cases import OpSpec
from . import op_registry
from . import criteria
from .hard_cases import hard_cases
from .ieee_reqs import float_tag_requirements
from .specials import int_specials
from . import floatfmt as ff


def golden(a_dt, b_dt, a, b):
    assert a_dt is b_dt
    if a_dt.is_float:
        return arith.div_float(a_dt, a, b)
    return arith.div_int(a_dt, a, b)


def section(dt):
    return "float" if dt.is_float else "int"


def requirements(a_dt, b_dt, family):
    s = section(a_dt)
    shape = ["sonnx-div:real:R1", "sonnx-div:real:A.C1", "sonnx-div:real:B.C2",
             "sonnx-div:real:C.C1", "sonnx-div:%s:R1" % s, "sonnx-div:%s:A.C1" % s,
             "sonnx-div:%s:B.C2" % s, "sonnx-div:%s:C.C1" % s]
    if family == "reject-shape":
        return shape + ["spec-notes:SN-20"]
    if family == "reject-type":
        return ["sonnx-div:%s:R2" % s, "onnx-div:types", "spec-notes:SN-21"]
    reqs = ["onnx-div:types", "sonnx-div:%s:R2" % s]
    if family == "broadcast":
        reqs += ["onnx-div:broadcast", "spec-notes:SN-20"]
    else:
        reqs += shape
    if a_dt.is_float:
        reqs += ["ieee754:div", "ieee754:rne", "spec-notes:SN-22"]
    else:
        reqs += ["onnx-div:truncation"]
        if family == "undefined":
            reqs += ["sonnx-div:int:B.C1", "sonnx-div:real:B.C1", "spec-notes:SN-17"]
    if a_dt.name in dtypes.SONNX_ONLY:
        reqs.append("spec-notes:SN-12")
    if not a_dt.is_float and a_dt.name not in ("int8", "int16", "int32"):
        reqs.append("spec-notes:SN-11")
    return reqs


def tag_requirements(a_dt, b_dt, tags):
    if not a_dt.is_float:
        reqs = set()
        if "truncation-negative" in tags:
            reqs.add("spec-notes:SN-1")
        return reqs
    reqs = float_tag_requirements(tags)
    if "float-div-by-zero" in tags or "zero" in tags:
        reqs |= {"sonnx-div:float:B.C1", "sonnx-div:real:B.C1", "spec-notes:SN-2",
                 "spec-notes:SN-3", "spec-notes:SN-4", "ieee754:div-by-zero"}
    if tags & {"nan", "inf"}:
        reqs |= {"spec-notes:SN-5", "ieee754:invalid"}
    return reqs


def tolerance(a_dt, b_dt):
    return {"kind": "exact"}


_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], golden, lambda a, b: a, tolerance, requirements,
            tag_requirements=tag_requirements)


def float_edges(dt, rng):
    f = dt.fmt
    p = f.precision
    mx, mn, ms = ff.max_finite(f), ff.min_normal(f), ff.min_subnormal(f)
    half, two, one = pow2(dt, -1), pow2(dt, 1), ff.one(f)
    over = [(mx, half), (ff.max_finite(f, 1), half), (mx, mn), (mx, ms), (pow2(dt, 1), ms),
            (mx, ff.one(f) - 1)]            # max / (1-ulp) > max + ulp/2: inf
    over += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emax - 2, f.emax),
                                                 float_with_exp(dt, r, -3, 0)), "overflow", 6)
    no_over = [(mx, one), (mx, ff.one(f) + 1), (pow2(dt, f.emax), two)]
    under = [(mn, two), (mn, pow2(dt, p - 1)), (ms, ff.one(f) + 1), (mn, pow2(dt, 3, 1)),
             (ff.max_subnormal(f), ff.one(f) + 1)]
    under += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emin, f.emin + 3),
                                                  float_with_exp(dt, r, 0, p)),
                          "underflow-subnormal", 6)
    to_zero = [(ms, two), (ms, pow2(dt, 2)), (ms, mx), (mn, mx), (ff.min_subnormal(f, 1), two)]
    to_zero += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emin, f.emin + 2),
                                                    float_with_exp(dt, r, p, p + 8)),
                            "round-to-zero", 4)
    # A correctly rounded quotient of two p-bit values is never exactly
    # halfway between two normal numbers; ties exist only where the result
    # is subnormal (fixed quantum): k*ms / 2 with k odd.
    ties = [(ms, two), (float_value(dt, Fraction(3) * ff.value(f, ms)), two),
            (float_value(dt, Fraction(5) * ff.value(f, ms)), two),
            (float_value(dt, Fraction(7) * ff.value(f, ms)), pow2(dt, 1, 1)),
            (float_value(dt, Fraction(3) * ff.value(f, ms)), pow2(dt, 2))]
    return [("edges", over + no_over + under + to_zero + ties, {"edge"},
             "Quotients that overflow to ±inf under RNE (next to ones that stay finite), land in "
             "the subnormal range, round to zero, or fall exactly halfway between two "
             "representable values (ties to even).")]


def int_special_pairs(dt):
    vals = int_specials(dt)
    pairs = [(x, y) for x in vals for y in vals if OP.golden(dt, dt, x, y)[0] is not None]
    return (len(pairs),), [p[0] for p in pairs], [p[1] for p in pairs]


def int_edges(dt, rng):
    edges = []
    if dt.kind == "int":
        tr = [(-7, 2), (7, -2), (-7, -2), (7, 2), (-1, 2), (1, -2), (-5, 3), (5, -3),
              (dt.min + 1, 2), (dt.max, -2), (dt.min, 3), (-3, dt.max)]
        edges.append(("truncation", [p[0] for p in tr], [p[1] for p in tr],
                      {"truncation"}, "Signed quotients truncate toward zero "
                      "(-7/2 = -3, not the floor -4).", "values"))
    zs = [v for v in int_specials(dt)]
    ua, ub = zs, [0] * len(zs)
    what = "Integer division by zero (sonnx-div:int:B.C1)"
    if dt.kind == "int":
        ua, ub = ua + [dt.min], ub + [-1]
        what += " and INT_MIN / -1 (overflow, implementation-defined)"
    edges.append(("undefined", ua, ub, set(), what + ": undefined, must not crash.",
                  "no-crash"))
    # Each undefined input also alone (docs/coverage.md, "lone undefined
    # inputs"): a runtime that checks the whole tensor for zero divisors
    # first must not hide a crash on INT_MIN / -1 behind a polite error.
    edges.append(("undefined_zero_alone", [1], [0], {"lone-undefined"},
                  "One division by zero and nothing else undefined: must not crash.",
                  "no-crash"))
    if dt.kind == "int":
        edges.append(("undefined_min_alone", [dt.min], [-1], {"lone-undefined"},
                      "INT_MIN / -1 alone (no zero divisor beside it): must not crash.",
                      "no-crash"))
    qp = criteria.quotient_pairs(dt)
    edges.append(("quotient_edges", [a for a, _ in qp], [b for _, b in qp], {"quotient-edges"},
                  "Exact quotients (a = q*b) and quotients one unit off an integer "
                  "(a = q*b +- 1) for every divisor magnitude |b| = 2^k - 1, 2^k, 2^k + 1, "
                  "q in {1, 3, MAX / |b|}, every sign combination (docs/coverage.md).",
                  "values"))
    return edges


def defined(dt):
    return lambda a, b: b != 0 and not (dt.kind == "int" and a == dt.min and b == -1)


def build():
    cases = []
    for dt in dtypes.DIV_MUL_TYPES:
        if dt.is_float:
            cases += (float_families(OP, dt, float_edges) + hard_cases(OP, dt)
                          + [criteria.boundary_case(OP, dt), criteria.body_case(OP, dt)])
        else:
            cases += int_families(OP, dt, int_special_pairs, int_edges, defined(dt))
    return cases
