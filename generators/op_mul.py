"""Mul (opset 14): goldens and cases.  Float: IEEE754-2019 §5.4.1
multiplication, correctly rounded RNE, exact tolerance.  Integer: wrapping
modulo 2^n as the sonnx-mul int section defines (spec-notes SN-9)."""

from fractions import Fraction

from . import arith, dtypes
from . import floatfmt as ff
from .arith_cases import float_families, float_value, float_with_exp, int_families, pow2
from .arith_cases import search_pairs
from .cases import OpSpec, cross
from . import op_registry
from . import criteria
from .hard_cases import hard_cases
from .ieee_reqs import float_tag_requirements
from .specials import int_specials


def golden(a_dt, b_dt, a, b):
    assert a_dt is b_dt
    if a_dt.is_float:
        return arith.mul_float(a_dt, a, b)
    return arith.mul_int(a_dt, a, b)


def requirements(a_dt, b_dt, family):
    s = "float" if a_dt.is_float else "int"
    shape = ["sonnx-mul:real:R1", "sonnx-mul:real:A.C1", "sonnx-mul:real:B.C1",
             "sonnx-mul:real:Y.C1", "sonnx-mul:%s:R1" % s, "sonnx-mul:%s:A.C1" % s,
             "sonnx-mul:%s:B.C1" % s, "sonnx-mul:%s:Y.C1" % s]
    if family == "reject-shape":
        return shape + ["spec-notes:SN-20"]
    if s == "float":
        types = ["sonnx-mul:float:R2"]
    else:
        types = ["sonnx-mul:int:R2", "sonnx-mul:int:A.C2", "sonnx-mul:int:B.C2",
                 "sonnx-mul:int:Y.C2", "spec-notes:SN-8"]
    if family == "reject-type":
        return types + ["spec-notes:SN-21"]
    reqs = list(types)
    reqs += ["spec-notes:SN-20"] if family == "broadcast" else shape
    if a_dt.is_float:
        reqs += ["ieee754:mul", "ieee754:rne", "spec-notes:SN-22"]
        if a_dt.name == "bfloat16":
            reqs.append("spec-notes:SN-10")
    else:
        reqs += ["spec-notes:SN-7", "spec-notes:SN-9"]
    if a_dt.name in dtypes.SONNX_ONLY:
        reqs.append("spec-notes:SN-12")
    return reqs


def tag_requirements(a_dt, b_dt, tags):
    if not a_dt.is_float:
        return set()
    reqs = float_tag_requirements(tags)
    if "zero" in tags:
        reqs |= {"sonnx-mul:real:B.C2", "spec-notes:SN-6"}
    if tags & {"nan", "inf"}:
        reqs |= {"spec-notes:SN-5", "ieee754:invalid"}
    return reqs


_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], golden, lambda a, b: a, lambda a, b: {"kind": "exact"}, requirements,
            tag_requirements=tag_requirements)


def float_edges(dt, rng):
    f = dt.fmt
    p = f.precision
    mx, mn, ms = ff.max_finite(f), ff.min_normal(f), ff.min_subnormal(f)
    half, two, one = pow2(dt, -1), pow2(dt, 1), ff.one(f)
    over = [(mx, two), (ff.max_finite(f, 1), two), (mx, mx), (mx, ff.one(f) + 1),
            (pow2(dt, f.emax), two)]
    over += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emax - 3, f.emax),
                                                 float_with_exp(dt, r, 0, 3)), "overflow", 6)
    no_over = [(mx, one), (mx, ff.one(f) - 1), (pow2(dt, f.emax - 1), two)]
    under = [(mn, half), (mn, ff.one(f) - 1), (ms, pow2(dt, p - 2)), (ff.max_subnormal(f), half),
             (mn, pow2(dt, -3, 1))]
    under += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emin, f.emin + 3),
                                                  float_with_exp(dt, r, -p, -1)),
                          "underflow-subnormal", 6)
    to_zero = [(ms, half), (ms, ms), (mn, mn), (ff.min_subnormal(f, 1), half), (ms, pow2(dt, -3))]
    to_zero += search_pairs(OP, dt, rng, lambda r: (float_with_exp(dt, r, f.emin, f.emin + 3),
                                                    float_with_exp(dt, r, -2 * p - 6, -p - 1)),
                            "round-to-zero", 4)
    # Normal-range ties: a p-bit odd significand m times 1.5 has p+1 bits
    # and an odd last bit when 3m < 2^(p+1): exactly halfway (RNE picks the
    # even neighbour, sometimes up, sometimes down).
    ties = []
    lo, hi = 1 << (p - 1), (1 << (p + 1)) // 3
    for _ in range(8):
        m = rng.between(lo, hi - 1) | 1
        e = rng.between(-4, 4)
        a = float_value(dt, Fraction(m, 1 << (p - 1)) * Fraction(2) ** e * (1 - 2 * rng.bits(1)))
        ties.append((a, float_value(dt, Fraction(3, 2))))
    ties += [(ms, half), (float_value(dt, 3 * ff.value(f, ms)), half),
             (float_value(dt, 5 * ff.value(f, ms)), pow2(dt, -1, 1))]
    return [("edges", over + no_over + under + to_zero + ties, {"edge"},
             "Products that overflow to ±inf under RNE (next to ones that stay finite), land in "
             "the subnormal range, round to zero, or fall exactly halfway between two "
             "representable values (ties to even).")]


def int_special_pairs(dt):
    return cross(int_specials(dt), int_specials(dt))


def int_edges(dt, rng):
    """Products that wrap: operand bit lengths summing past the width."""
    a, b = [], []
    while len(a) < 16:
        x = rng.between(dt.min, dt.max)
        y = rng.between(dt.min, dt.max)
        if arith.mul_int(dt, x, y)[1]:
            a.append(x)
            b.append(y)
    a += [dt.max, dt.max, 2, dt.max // 2 + 1]
    b += [dt.max, 2, dt.max, 2]
    if dt.kind == "int":
        a += [dt.min, dt.min, -1, dt.min]
        b += [-1, 2, dt.min, dt.min]
    wb = criteria.wrap_pairs(dt)
    return [("wrapping", a, b, {"wrapping"},
             "Products outside the %s range wrap modulo 2^%d (sonnx-mul int section)."
             % (dt.name, dt.bits), "values"),
            ("wrap_boundaries", [x for x, _ in wb], [y for _, y in wb], {"wrap-boundaries"},
             "Exact products equal to MAX and MAX + 1%s (every wrap boundary of %s, at and "
             "one past it), from the divisors of each boundary (docs/coverage.md)."
             % (", MIN and MIN - 1" if dt.kind == "int" else "", dt.name), "values")]


def build():
    cases = []
    for dt in dtypes.DIV_MUL_TYPES:
        if dt.is_float:
            cases += (float_families(OP, dt, float_edges) + hard_cases(OP, dt)
                          + [criteria.boundary_case(OP, dt), criteria.body_case(OP, dt)])
        else:
            cases += int_families(OP, dt, int_special_pairs, int_edges, lambda a, b: True)
    return cases
