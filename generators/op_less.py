"""Less (opset 13): goldens and cases.  Float comparison per IEEE754-2019
§5.11: NaN is unordered (every comparison with NaN is false), -0 == +0 (so
-0 < +0 is false), -inf < every finite < +inf.  Integers: Python integer
comparison.  Output bool, exact."""

from . import criteria, dtypes, op_registry
from . import floatfmt as ff
from .cases import OpSpec, cross, make_case, reject_mixed_case, shape_family
from .dtypes import BOOL, FLOAT16, FLOAT32, INT32, INT8
from .specials import Rng, random_bits, random_value, specials


def _key(dt, v):
    """Ordered value (None for NaN)."""
    if not dt.is_float:
        return v
    d = ff.decode(dt.fmt, v)
    if d.cls == ff.NAN:
        return None
    if d.cls == ff.INF:
        return float("-inf") if d.sign else float("inf")
    return -d.mag if d.sign else d.mag


def golden(a_dt, b_dt, a, b):
    assert a_dt is b_dt
    ka, kb = _key(a_dt, a), _key(a_dt, b)
    if ka is None or kb is None:
        return False, set()
    return ka < kb, set()


def requirements(a_dt, b_dt, family):
    shape = ["sonnx-less:R1", "sonnx-less:A.C1", "sonnx-less:B.C1", "sonnx-less:C.C1"]
    if family == "reject-shape":
        return shape + ["sonnx-less:R4", "spec-notes:SN-20"]
    if family == "reject-type":
        return ["sonnx-less:R3", "spec-notes:SN-21"]
    reqs = ["sonnx-less:R3", "spec-notes:SN-19"]
    reqs += ["spec-notes:SN-20"] if family == "broadcast" else shape
    if a_dt.is_float:
        reqs.append("ieee754:compare")
    return reqs


def tag_requirements(a_dt, b_dt, tags):
    reqs = set()
    if tags & {"nan", "signed-zero", "inf"}:
        reqs.add("ieee754:compare")
    if "nan" in tags:
        reqs.add("ieee754:nan")
    if "signed-zero" in tags:
        reqs.add("ieee754:signed-zero")
    return reqs


_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], golden, lambda a, b: BOOL,
            lambda a, b: {"kind": "exact"},
            requirements, tag_requirements=tag_requirements)


def neighbour_pairs(dt):
    """Each value against its immediate neighbours in both orders."""
    if dt.is_float:
        f = dt.fmt
        base = [ff.zero(f), ff.min_subnormal(f), ff.max_subnormal(f), ff.min_normal(f),
                ff.one(f), ff.max_finite(f) - 1]
        pairs = [(ff.zero(f, 1), ff.zero(f)), (ff.max_finite(f), ff.inf(f)),
                 (ff.inf(f, 1), ff.max_finite(f, 1)), (ff.zero(f, 1), ff.min_subnormal(f)),
                 (ff.min_subnormal(f, 1), ff.zero(f))]
        for v in base:
            for s in (0, 1):
                x = v | (s << (f.width - 1))
                up = x + 1                     # next encoding away from zero
                pairs += [(x, up), (up, x), (x, x)]
        return pairs
    pairs = []
    for v in specials(dt):
        if v < dt.max:
            pairs += [(v, v + 1), (v + 1, v), (v, v)]
    # the boundaries of the narrower integer types and the integer ranges of
    # the float precisions inside this one (criteria.LESS_INNER_POWERS):
    # a comparison lowered to narrower words, or through a float, breaks
    # exactly there
    for k in criteria.LESS_INNER_POWERS:
        for lo in ((1 << k) - 1, -(1 << k) - 1):
            if dt.min <= lo and lo + 1 < dt.max and (1 << k) < dt.max:
                pairs += [(lo, lo + 1), (lo + 1, lo), (lo + 1, lo + 2), (lo + 2, lo + 1)]
    return pairs


def last_bit_pairs(dt, rng):
    """Pairs one encoding apart (the last significand bit), both orders,
    where a comparison done in another precision or on the raw integers
    goes wrong: across zero (+-0, +-smallest subnormal), at the
    subnormal/normal boundary, at +-largest finite / +-inf, around 1, and
    at seeded magnitudes over the whole range.  A kernel that converts
    float64 to float32 (or any type to a narrower one) before comparing
    sees the two values of most pairs as equal."""
    f = dt.fmt
    s = ff.sign_bit(f)
    pairs = [(ff.zero(f, 1), ff.zero(f)), (ff.zero(f), ff.zero(f, 1)),
             (ff.min_subnormal(f, 1), ff.zero(f)), (ff.zero(f), ff.min_subnormal(f)),
             (ff.min_subnormal(f, 1), ff.zero(f, 1)), (ff.zero(f, 1), ff.min_subnormal(f)),
             (ff.min_subnormal(f, 1), ff.min_subnormal(f)),
             (ff.min_subnormal(f), ff.min_subnormal(f, 1))]
    points = [ff.min_subnormal(f), ff.max_subnormal(f), ff.min_normal(f), ff.one(f) - 1,
              ff.one(f), ff.max_finite(f) - 1, ff.max_finite(f)]
    for _ in range(8):                              # seeded magnitudes, any binade
        points.append(rng.between(ff.min_normal(f), ff.max_finite(f) - 1))
    for x in points:
        for sign in (0, s):
            lo, hi = x | sign, (x + 1) | sign      # hi: one encoding farther from zero
            pairs += [(lo, hi), (hi, lo)]
    return pairs


def body_case(dt):
    """The boundary neighbour pairs (neighbour_pairs, and last_bit_pairs for
    floats) and every special value against itself and its neighbours,
    placed from element 65 on, two apart (every lane position of a
    4/8/16-wide loop), inside seeded random values.  A runtime compares
    short tensors in its scalar tail; this case puts the boundary pairs in
    its vectorised body (docs/coverage.md, "Less criteria")."""
    cid = "less/%s/body_neighbours" % dt.name
    rng = Rng(cid)
    inner = neighbour_pairs(dt)
    if dt.is_float:
        inner += last_bit_pairs(dt, Rng(cid + "/last_bit"))
    start = criteria.BODY_START
    n = start + 2 * len(inner) + 17
    pairs = [(random_value(dt, rng), random_value(dt, rng)) for _ in range(n)]
    for i, pr in enumerate(inner):
        pairs[start + 2 * i + 1] = pr
    return make_case(OP, dt, dt, "body_neighbours", (n,), [p[0] for p in pairs], (n,),
                     [p[1] for p in pairs], tags={"vector-body", "neighbours"},
                     description="Vector body: %d boundary-neighbour pairs (adjacent and equal "
                                 "values at every boundary of %s, both orders) at the odd "
                                 "elements %d, %d, ..., %d of a %d-element tensor (every lane "
                                 "position), seeded random values around them."
                                 % (len(inner), dt.name, start + 1, start + 3,
                                    start + 2 * len(inner) - 1, n))


def build():
    cases = []
    for dt in dtypes.LESS_TYPES:
        cid = "less/%s/" % dt.name
        shape, a, b = cross(specials(dt), specials(dt))
        cases.append(make_case(OP, dt, dt, "special_cross" if dt.is_float else "extremes",
                               shape, a, shape, b, tags={"special-cross"}, family="special",
                               description="Full cross product of the %s special-value table."
                               % dt.name))
        # One rank-1 case: neighbour pairs, then seeded random values (and
        # for floats random bit patterns).
        pairs = neighbour_pairs(dt)
        k = len(pairs)
        rng = Rng(cid + "random")
        pairs += [(random_value(dt, rng), random_value(dt, rng)) for _ in range(64)]
        tags = {"neighbours", "random"}
        what = ("Elements [0, %d): adjacent values (one ulp or one unit apart) and equal values, "
                "both orders, -0 vs +0; elements [%d, %d): seeded random %s values over the "
                "whole range" % (k, k, k + 64, dt.name))
        if dt.is_float:
            pairs += [(random_bits(dt, rng), random_bits(dt, rng)) for _ in range(64)]
            tags.add("random-bits")
            what += "; elements [%d, %d): uniformly random bit patterns" % (k + 64, k + 128)
        cases.append(make_case(OP, dt, dt, "neighbours_random", (len(pairs),),
                               [p[0] for p in pairs], (len(pairs),), [p[1] for p in pairs],
                               tags=tags, family="values", description=what + "."))
        if dt.is_float:
            pairs = last_bit_pairs(dt, Rng(cid + "last_bit"))
            cases.append(make_case(OP, dt, dt, "last_bit", (len(pairs),), [p[0] for p in pairs],
                                   (len(pairs),), [p[1] for p in pairs], tags={"last-bit"},
                                   description="Operands one encoding apart, both orders: "
                                               "+-0 and +-smallest subnormal, the subnormal/normal "
                                               "boundary, largest finite and +-inf, 1-ulp/1, and "
                                               "8 seeded magnitudes, each with either sign."))
        cases.append(body_case(dt))
        draw = lambda r, n, dt=dt: [random_value(dt, r) for _ in range(n)]
        cases += shape_family(OP, dt, dt, draw, draw, Rng(cid + "shapes"))
        other = (FLOAT16 if dt is FLOAT32 else FLOAT32) if dt.is_float else (
            INT8 if dt is INT32 else INT32)
        r = Rng(cid + "mixed")
        cases.append(reject_mixed_case(OP, dt, other, draw(r, 6),
                                       [random_value(other, r) for _ in range(6)],
                                       requirements(dt, other, "reject-type")))
    return cases
