"""Pow (opset 15): cases for all 72 (base type, exponent type) pairs of
sonnx-pow "Types".  Goldens in pow_golden.py.  Float base: tolerance 1 ULP
(spec-notes SN-14; goldens are correctly rounded).  Integer base: exact,
undefined elements (overflow, negative integer exponent, NaN/inf) in
"no-crash" cases (SN-16)."""

import math
import os
from fractions import Fraction

from . import criteria, dtypes, op_registry, pow_golden, pow_hard
from . import floatfmt as ff
from .cases import SHAPE_FAMILY, OpSpec, cross, make_case, shape_family
from .ieee_reqs import float_tag_requirements
from .specials import Rng, float_specials, int_specials, random_bits, random_value


def type_dir(a_dt, b_dt):
    return "%s_%s" % (a_dt.name, b_dt.name)


def requirements(a_dt, b_dt, family):
    shape = ["sonnx-pow:R1", "sonnx-pow:A.C1", "sonnx-pow:B.C1", "sonnx-pow:C.C1"]
    if family == "reject-shape":
        return shape + ["sonnx-pow:R4", "spec-notes:SN-20"]
    reqs = ["sonnx-pow:R3", "sonnx-pow:R5", "sonnx-pow:R6", "spec-notes:SN-13"]
    reqs += ["spec-notes:SN-20"] if family == "broadcast" else shape
    if a_dt.is_float:
        reqs += ["ieee754:pow", "spec-notes:SN-14"]
    else:
        reqs.append("spec-notes:SN-16")
    return reqs


ANNEX_F_TAGS = {"pow-exp-zero", "pow-base-one", "pow-minus-one-inf", "pow-neg-nonint",
                "pow-zero-neg-odd", "pow-zero-neg-other", "pow-zero-pos-odd",
                "pow-zero-pos-other", "pow-inf-exp", "pow-inf-base"}


def tag_requirements(a_dt, b_dt, tags):
    reqs = set()
    if a_dt.is_float:
        reqs |= float_tag_requirements(tags)
        if tags & ANNEX_F_TAGS:
            reqs |= {"ieee754:pow-special", "spec-notes:SN-15"}
    return reqs


def tolerance(a_dt, b_dt):
    return {"kind": "ulp", "max": 1} if a_dt.is_float else {"kind": "exact"}


_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
# The committed Pow vectors name the node's tensors A, B -> C (as the other
# binary ops), not the ONNX schema's X, Y -> Z the registry lists: kept, so
# that every Pow file stays as it is.
OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], pow_golden.golden, lambda a, b: a, tolerance,
            requirements, type_dir=type_dir, tag_requirements=tag_requirements,
            input_names=("A", "B"))


def exp_value(b_dt, q):
    """Exponent encoding of an exact value, or None if b_dt cannot hold it."""
    if b_dt.is_float:
        bits, flags = ff.round_rational(b_dt.fmt, Fraction(q))
        return None if flags else bits
    if Fraction(q).denominator != 1 or not b_dt.min <= q <= b_dt.max:
        return None
    return int(q)


def exps(b_dt, values):
    out = []
    for q in values:
        v = exp_value(b_dt, q)
        if v is not None and v not in out:
            out.append(v)
    return out


def exp_specials(b_dt):
    """Exponent table: the type's special values plus -2 (negative even),
    3 (odd), -0.5 and 1.5 (non-integers) so every Annex F branch is hit."""
    base = float_specials(b_dt) if b_dt.is_float else int_specials(b_dt)
    extra = exps(b_dt, [-2, 3, Fraction(-1, 2), Fraction(3, 2)])
    return base + [v for v in extra if v not in base]


def base_value(a_dt, q):
    if a_dt.is_float:
        bits, flags = ff.round_rational(a_dt.fmt, Fraction(q))
        return None if flags else bits
    return int(q) if a_dt.min <= q <= a_dt.max else None


def usable(a_dt, b_dt, a, b):
    c, flags = OP.golden(a_dt, b_dt, a, b)
    return c is not None and "ambiguous-trunc" not in flags


def float_edges(a_dt, b_dt, rng):
    """Overflow, subnormal, round-to-zero, tie and exact results, found by a
    seeded search over power-of-two-ish bases and the exponent type's
    values (estimated with log2 first, confirmed by the golden's flags)."""
    f = a_dt.fmt
    p = f.precision
    ys = [2, 3, 5, 7, 10, 16, 31, 100, 127, 255, 1000, 4096, 65535, 1 << 31, (1 << 63) - 1,
          (1 << 64) - 1, -2, -3, -7, -100, -1000, -(1 << 15), -(1 << 31),
          Fraction(3, 2), Fraction(5, 2), Fraction(-1, 2), Fraction(-5, 2), Fraction(41, 4),
          Fraction(201, 2), Fraction(-201, 2), 300, -300, Fraction(2049, 2)]
    yv = exps(b_dt, ys)
    xs = []
    for k in range(f.emin - p + 1, f.emax + 1, max(1, (f.emax - f.emin) // 40)):
        for j in (0, 1, 3):
            v = base_value(a_dt, Fraction(8 + j, 8) * Fraction(2) ** k)
            if v is not None:
                xs.append(v)
    xs += [ff.one(f) + 1, ff.one(f) - 1, ff.max_finite(f)]
    wanted = {"overflow": 4, "underflow-subnormal": 4, "round-to-zero": 4}
    picked = {k: [] for k in wanted}
    cands = [(x, y) for x in xs for y in yv]
    order = list(range(len(cands)))
    for i in range(len(order) - 1, 0, -1):          # Fisher-Yates, seeded
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    for i in order:
        x, y = cands[i]
        ex = pow_golden.Exp(b_dt, y)
        est = float(ex.val) * pow_golden._log2(ff.decode(f, x).mag)
        if est > f.emax + 8 or (f.emin - p - 8 > est):
            continue                                # far out: cheap but dull
        if all(len(picked[k]) >= n for k, n in wanted.items()):
            break
        _, flags = OP.golden(a_dt, b_dt, x, y)
        for k in wanted:
            if k in flags and len(picked[k]) < wanted[k]:
                picked[k].append((x, y))
                break
    pairs = [pr for k in sorted(picked) for pr in picked[k]]
    # exact power overflowing / not: max^2 always overflows
    two = exp_value(b_dt, 2)
    pairs.append((ff.max_finite(f), two))
    # rounding ties: m odd with m^2 of exactly p+1 bits -> (m/2^j)^2 is a
    # midpoint between two p-bit neighbours.
    m = math.isqrt((1 << (p + 1)) - 1) | 1
    if m * m >= 1 << (p + 1):
        m -= 2
    found = 0
    while found < 3 and m * m >= 1 << p:
        if (m * m).bit_length() == p + 1:
            x = base_value(a_dt, Fraction(m, 1 << (m.bit_length() - 1)))
            pairs.append((x, two))
            found += 1
        m -= 2
    # exact results
    for xq, yq in ((4, Fraction(1, 2)), (Fraction(1, 4), Fraction(-1, 2)), (16, Fraction(1, 4)),
                   (-2, 3), (-2, -2), (3, 2), (2, -1), (Fraction(-1, 2), 3), (9, Fraction(3, 2))):
        x, y = base_value(a_dt, xq), exp_value(b_dt, yq)
        if x is not None and y is not None:
            pairs.append((x, y))
    return pairs


def int_edges(a_dt, b_dt):
    """Integer base: results at and just past the type's range."""
    w = a_dt.bits
    root = 46340 if w == 32 else 3037000499
    t = [(2, w - 2), (-2, w - 1), (2, w - 1), (-2, w), (root, 2), (root + 1, 2), (-root, 2),
         (3, 19 if w == 32 else 39), (3, 20 if w == 32 else 40), (-1, (1 << 64) - 1),
         (-1, (1 << 63) - 1), (-1, 127), (0, 127), (1, (1 << 64) - 1), (-3, 3), (7, 5),
         (-5, -1), (2, -1), (1, -1), (0, -1), (a_dt.min, 1), (a_dt.max, 1), (a_dt.min, 2)]
    if b_dt.is_float:
        t += [(2, Fraction(61, 2) if w == 32 else Fraction(77, 2)),
              (2, Fraction(63, 2) if w == 32 else Fraction(127, 2)),
              (10, Fraction(5, 2)), (2, Fraction(1, 2)), (3, Fraction(-1, 2)), (7, Fraction(13, 4)),
              (5, Fraction(21, 2)), (-4, Fraction(1, 2)), (100, Fraction(-3, 2)),
              (0, Fraction(-1, 2)), (6, Fraction(83, 4))]
    out = []
    for xq, yq in t:
        x, y = base_value(a_dt, xq), exp_value(b_dt, yq)
        if x is not None and y is not None and (x, y) not in out:
            out.append((x, y))
    return out


def moderate(a_dt, b_dt, rng):
    """A base in [2^-4, 2^4] (either sign) or [-20, 20] and a small exponent,
    so results are ordinary in-range values."""
    if a_dt.is_float:
        f = a_dt.fmt
        e = rng.between(-4, 3)
        x = (rng.bits(1) << (f.width - 1)) | ((e + f.bias) << (f.precision - 1)) | \
            rng.bits(f.precision - 1)
    else:
        x = rng.between(-20, 20)
    if b_dt.is_float:
        g = b_dt.fmt
        e = rng.between(-3, 3)
        y = (rng.bits(1) << (g.width - 1)) | ((e + g.bias) << (g.precision - 1)) | \
            rng.bits(g.precision - 1)
    else:
        y = rng.between(max(b_dt.min, -8), min(b_dt.max, 8))
    return x, y


WORST_CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                           "core_math_powf_worst.txt")


def worst_cases_case():
    """float32^float32 on CORE-MATH's published binary32 pow worst cases
    (x^y within 2^-44 .. 2^-51 ULP of a rounding boundary; the data file
    names its source).  Goldens: the Ziv-loop golden, as for every Pow case."""
    xs, ys = [], []
    with open(WORST_CASES, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            x, y = (float.fromhex(v) for v in line.split(","))
            xs.append(ff.encode_exact(dtypes.FLOAT32.fmt, Fraction(x)))
            ys.append(ff.encode_exact(dtypes.FLOAT32.fmt, Fraction(y)))
    return make_case(OP, dtypes.FLOAT32, dtypes.FLOAT32, "worst_cases", (len(xs),), xs,
                     (len(ys),), ys, tags={"hard-rounding"},
                     description="The published hardest-to-round binary32 pow inputs: %d "
                                 "worst cases of the CORE-MATH project (x^y within 2^-44 .. "
                                 "2^-51 ULP of a rounding boundary; list and attribution in "
                                 "generators/data/core_math_powf_worst.txt)." % len(xs))


def lone_undefined(a_dt, b_dt):
    """Each undefined integer-base input alone in a case of its own
    (docs/coverage.md, "lone undefined inputs"): an overflowing power
    2^bits, and for a signed integer exponent 2^-1.  A runtime that checks
    a tensor for one kind up front must not hide another behind it."""
    if not b_dt.is_int:
        return []
    out = []
    picks = [("undefined_overflow_alone", 2, a_dt.bits, "an overflowing power 2^%d" % a_dt.bits)]
    if b_dt.kind == "int":
        picks.append(("undefined_negexp_alone", 2, -1, "a negative integer exponent 2^-1"))
    for name, x, y, what in picks:
        assert OP.golden(a_dt, b_dt, x, y)[0] is None, (a_dt.name, b_dt.name, x, y)
        out.append(make_case(OP, a_dt, b_dt, name, (1,), [x], (1,), [y], family="undefined",
                             tags={"lone-undefined"}, expectation="no-crash",
                             description="Integer Pow with %s and nothing else undefined "
                                         "beside it: must not crash." % what))
    return out


def parity_case(a_dt, b_dt):
    """Negative bases to integral exponents of every magnitude 2^k the
    exponent type holds, odd and even (both exponent signs where the type
    and the profile's undefined rule allow): the sign of the result is the
    parity of the exponent (IEEE 754 §9.2.1), which a runtime that converts a
    huge exponent to a narrower type, or tests parity on a rounded double,
    gets wrong.  Bases -1 (result +-1), -2 and -0.5 (exact, or overflow /
    underflow to a signed inf / zero), and for floats -(1 + ulp) up to
    2^20 (a rounded result of either sign)."""
    odd_ks, even_ks = criteria.parity_magnitudes(b_dt)
    # odd: 1, then 2^k + 1 (in [2^k, 2^(k+1)) for every k >= 1); even: 2^k
    ys = [1 if k == 0 else (1 << k) + 1 for k in odd_ks] + [1 << k for k in even_ks]
    if a_dt.is_float and (b_dt.is_float or b_dt.kind == "int"):
        ys += [-y for y in ys]
    if a_dt.is_float:
        bases = [-1, -2, Fraction(-1, 2)]
        near = -(1 + Fraction(1, 1 << (a_dt.fmt.precision - 1)))
    else:
        bases, near = [-1], None
    pairs = []
    for y in ys:
        ey = exp_value(b_dt, y)
        if ey is None:
            continue
        for q in bases + ([near] if near is not None and abs(y) <= 1 << 20 else []):
            x = base_value(a_dt, q)
            if x is not None and usable(a_dt, b_dt, x, ey):
                pairs.append((x, ey))
    if not pairs:
        return []
    return [make_case(OP, a_dt, b_dt, "parity_magnitudes", (len(pairs),),
                      [p[0] for p in pairs], (len(pairs),), [p[1] for p in pairs],
                      tags={"parity"},
                      description="Negative bases (-1, -2, -0.5%s) to odd and even integral "
                                  "%s exponents of every magnitude 2^k the type holds (odd up "
                                  "to 2^%d, even up to 2^%d%s): the result's sign is the "
                                  "exponent's parity." % (
                                      ", -(1+ulp)" if a_dt.is_float else "", b_dt.name,
                                      criteria.parity_magnitudes(b_dt)[0][-1],
                                      criteria.parity_magnitudes(b_dt)[1][-1],
                                      ", both signs" if a_dt.is_float and
                                      (b_dt.is_float or b_dt.kind == "int") else ""))]


# Pow's rounding-boundary classes (docs/coverage.md, "Pow criteria"): the
# same classes as Div/Mul's, where a power can be steered: the four single
# boundaries (underflow threshold min_sub/2, the subnormal/normal midpoint,
# largest finite max - ulp/2, overflow threshold max + ulp/2), each with the
# window below it, the boundary itself and the window above; and, for the
# subnormal and normal ranges as wholes, results below a midpoint, on one
# (a tie) and above one.  Cells: criteria.pow_result_cell.
# (the classes: criteria.POW_CLASSES; gaps: criteria.POW_NOT_CONSTRUCTED)


def _log2(q):
    q = Fraction(q)
    n, d = q.numerator, q.denominator
    return (n.bit_length() - d.bit_length()
            + math.log2((n / (1 << n.bit_length())) / (d / (1 << d.bit_length()))))


def _root_near(a_dt, v, y):
    """The base encoding nearest v^(1/y) (v > 0), or None."""
    e = _log2(v) / y
    k = math.floor(e)
    m = Fraction(2 ** (e - k)).limit_denominator(1 << 60)
    x, flags = ff.round_rational(a_dt.fmt, m * Fraction(2) ** k)
    return None if flags & {"overflow"} or x == 0 else x


def _pow_pool(a_dt):
    """Candidate (x, y) for the boundary classes: roots of every single
    boundary and its windows for |y| in 2..199, powers of two for the
    underflow threshold, and ties (odd significands of about (p+1)/2 bits,
    squared) in the normal and subnormal ranges."""
    f = a_dt.fmt
    p = f.precision
    pool = []
    for _, t, lo, hi in criteria.pow_spots(f):
        for v in ((lo + t) / 2, t, (t + hi) / 2):
            for y in list(range(2, 200)) + list(range(-199, -1)):
                x = _root_near(a_dt, v, y)
                if x is not None:
                    pool += [(x + d, y) for d in (-2, -1, 0, 1, 2) if 0 < x + d < ff.inf(f)]
    e = f.emin - p                                   # min_sub / 2 = 2^e
    for y in range(1, 200):
        if e % y == 0:
            x = base_value(a_dt, Fraction(2) ** (e // y))
            if x is not None:
                pool.append((x, y))
    # ties: m odd with m^y of exactly p + 1 bits is a midpoint between two
    # p-bit integers (normal range); m^y < 2^p scaled by 2^(emin - p) is an
    # odd multiple of min_sub / 2 (between two subnormals)
    for y in (2, 3, 5, 7):
        lo_m = math.isqrt((1 << p) - 1) if y == 2 else int(2 ** (p / y))
        ms = [m for m in range(lo_m | 1, lo_m + 200, 2) if m ** y >> p == 1][:16]
        pool += [(base_value(a_dt, m), y) for m in ms]
        if (f.emin - p) % y == 0:
            k = (f.emin - p) // y
            pool += [(base_value(a_dt, Fraction(m) * Fraction(2) ** k), y)
                     for m in range(1, 40, 2) if m ** y < 1 << p]
    for j in range(1, 40):                           # inexact powers of both signs
        pool += [(base_value(a_dt, 1 + Fraction(j, 41)), y) for y in (2, 3)]
        x = base_value(a_dt, Fraction(j, 41) * Fraction(2) ** (f.emin // 2))
        if x:
            pool += [(x, 2), (x, 3)]
    return [(x, y) for x, y in pool if x]


def pow_boundary_pairs(a_dt, b_dt):
    """(pairs, cells): one pair per Pow boundary cell (class, side, result
    sign) the pool reaches, judged with exact arithmetic."""
    f = a_dt.fmt
    sign_bit = ff.sign_bit(f)
    seen, pairs = {}, []
    for x, y in _pow_pool(a_dt):
        ey = exp_value(b_dt, y)
        if ey is None:
            continue
        for neg in ((0, 1) if y % 2 else (0,)):
            xs = x | (sign_bit if neg else 0)
            r = (-1 if neg else 1) * ff.value(f, x) ** y
            cell = criteria.pow_result_cell(f, r)
            if cell is None or cell in seen or not usable(a_dt, b_dt, xs, ey):
                continue
            seen[cell] = True
            pairs.append((xs, ey))
    return pairs, list(seen)


def pow_boundary_case(a_dt, b_dt):
    if not criteria.pow_boundary_cells(a_dt, b_dt):
        return []
    pairs, groups = pow_boundary_pairs(a_dt, b_dt)
    return [make_case(OP, a_dt, b_dt, "boundary_classes", (len(pairs),),
                      [p[0] for p in pairs], (len(pairs),), [p[1] for p in pairs],
                      tags={"boundary-classes"},
                      description="Powers x^y (y an integer, |y| <= 199) of %s bases below, "
                                  "on and above every rounding-boundary class of %s "
                                  "(docs/coverage.md, \"Pow criteria\"), each result sign: "
                                  "%d cells." % (a_dt.name, a_dt.name, len(groups)))]


def pair_cases(a_dt, b_dt, shapes=()):
    """All cases of one (base, exponent) pair; `shapes` names the members
    of the shape/broadcast/reject family this pair carries."""
    cid = "pow/%s/" % type_dir(a_dt, b_dt)
    cases = []
    shape, a, b = cross(float_specials(a_dt) if a_dt.is_float else int_specials(a_dt),
                        exp_specials(b_dt))
    if a_dt.is_float:
        cases.append(make_case(OP, a_dt, b_dt, "special_cross", shape, a, shape, b,
                               tags={"special-cross"}, family="special",
                               description="Cross product of the %s base special values and the "
                                           "%s exponent special values: every IEEE 754 §9.2.1 / "
                                           "C99 F.9.4.4 pow case." % (a_dt.name, b_dt.name)))
        fixed = float_edges(a_dt, b_dt, Rng(cid + "edges"))
        fixed_what = ("powers that overflow, land in the subnormal range, round to zero, tie, "
                      "or are exact")
        fixed_tags = {"edge"}
    else:
        pairs = list(zip(a, b)) + int_edges(a_dt, b_dt)
        fixed = [pr for pr in pairs if usable(a_dt, b_dt, *pr)]
        bad = [pr for pr in pairs if OP.golden(a_dt, b_dt, *pr)[0] is None]
        fixed_what = ("integer base extremes crossed with the %s special exponents and "
                      "results at the edge of the %s range (defined results only)"
                      % (b_dt.name, a_dt.name))
        fixed_tags = {"special-cross", "edge"}
        cases.append(make_case(OP, a_dt, b_dt, "undefined", (len(bad),), [g[0] for g in bad],
                               (len(bad),), [g[1] for g in bad], family="undefined",
                               expectation="no-crash",
                               description="Integer Pow whose value SONNX/ONNX leave undefined "
                                           "(overflow, negative integer exponent, NaN/inf or "
                                           "out-of-range real result): must not crash."))
        cases += lone_undefined(a_dt, b_dt)
    # One rank-1 case holds the fixed edge pairs followed by seeded random
    # pairs (one case instead of two keeps the file count down).
    rng = Rng(cid + "random")
    pairs = []
    tries = 0
    while len(pairs) < 64:
        tries += 1
        if len(pairs) < 32 and tries < 2000:
            x = random_value(a_dt, rng)
            y = random_value(b_dt, rng)
        else:
            x, y = moderate(a_dt, b_dt, rng)
        if usable(a_dt, b_dt, x, y):
            pairs.append((x, y))
    tags = fixed_tags | {"random"}
    what = ("Elements [0, %d): %s; then 64 seeded random pairs, half over the whole ranges "
            "of both types, half with moderate bases and exponents" % (len(fixed), fixed_what))
    if a_dt.is_float:
        rng = Rng(cid + "random_bits")
        pairs += [(random_bits(a_dt, rng),
                   random_bits(b_dt, rng) if b_dt.is_float else random_value(b_dt, rng))
                  for _ in range(64)]
        tags.add("random-bits")
        what += "; then 64 uniformly random bit patterns"
    pairs = fixed + pairs
    cases.append(make_case(OP, a_dt, b_dt, "edges_random", (len(pairs),),
                           [p[0] for p in pairs], (len(pairs),), [p[1] for p in pairs],
                           tags=tags, family="values", description=what + "."))

    def draw_pairs(r, n):
        out = []
        while len(out) < n:
            if a_dt.is_float:
                x, y = moderate(a_dt, b_dt, r)
            else:
                # Non-square bases and half-integer exponents: every
                # combination (also after broadcasting) is irrational and
                # well away from an integer, so truncation is unambiguous.
                x = r.pick([2, 3, 5, 6, 7])
                y = (exp_value(b_dt, r.pick([Fraction(1, 2), Fraction(3, 2), Fraction(5, 2)]))
                     if b_dt.is_float else r.between(0, 4))
            out.append((x, y))
        return out
    # shape_family draws A then B independently; draw pairs with one rng
    # stream and hand out their halves.
    pool = {}

    def draw_a(r, n):
        pool["pairs"] = draw_pairs(r, n)
        return [p[0] for p in pool["pairs"]]

    def draw_b(r, n):
        pairs = pool.pop("pairs", None)
        if pairs is None or len(pairs) < n:
            pairs = draw_pairs(r, n)
        return [p[1] for p in pairs[:n]] + [p[1] for p in draw_pairs(r, n - len(pairs[:n]))]
    cases += shape_family(OP, a_dt, b_dt, draw_a, draw_b, Rng(cid + "shapes"), only=shapes)
    if a_dt.is_float:
        cases += hard_cases(a_dt, b_dt, cid)
    return cases


HARD_GROUPS = (
    ("hard_exact", pow_hard.exact, "Exact results that must come out exact: x^1, squares and "
     "cubes of short significands, x^0.5 of squares, x^1.5, powers of two down to the "
     "subnormals, x^-1 and x^-2 of powers of two"),
    ("hard_threshold", lambda a, ev, rng: pow_hard.threshold(a, ev),
     "x^y on both sides of the overflow threshold (max + ulp/2), of min_subnormal/2 and of "
     "the subnormal/normal boundary (adjacent bases), y in {2, 3, -1, -2, 100, -100} where "
     "the exponent type holds it, odd y also with a negative base"),
    ("hard_sign", lambda a, ev, rng: pow_hard.sign(a, ev),
     "Bases -1, -(1-ulp), -(1+ulp) with integral exponents next to 2^24, 2^31, 2^53, 2^63 "
     "and the exponent type's extremes: the sign follows the parity of the exact exponent"),
    ("hard_midpoint", pow_hard.midpoint, "Results nearest a midpoint between two neighbours, "
     "both sides (16-bit bases: exhaustive over significands; wider: constructed or best of "
     "4096 seeded tries), y in {2, 3, -1, -2, 0.5} where the exponent type holds it"),
)


def hard_cases(a_dt, b_dt, cid):
    """The hard-rounding groups and the double-rounding witnesses of one
    (float base, exponent) pair (pow_hard.py), one case each."""
    ev = lambda q: exp_value(b_dt, q)
    cases = []
    for name, build_pairs, what in HARD_GROUPS:
        pairs = [pr for pr in build_pairs(a_dt, ev, Rng(cid + name)) if usable(a_dt, b_dt, *pr)]
        cases.append(make_case(OP, a_dt, b_dt, name, (len(pairs),), [p[0] for p in pairs],
                               (len(pairs),), [p[1] for p in pairs], tags={"hard-rounding"},
                               family="values", description=what + "."))
    wit = [w for w in pow_hard.double_rounding(a_dt, ev, Rng(cid + "double_rounding"))
           if usable(a_dt, b_dt, w[0], w[1])]
    models = []
    for w in wit:
        if w[2] not in models:
            models.append(w[2])
    what = "; ".join("%s: %d" % (m, sum(1 for w in wit if w[2] == m)) for m in models)
    cases.append(make_case(OP, a_dt, b_dt, "double_rounding", (len(wit),), [w[0] for w in wit],
                           (len(wit),), [w[1] for w in wit], tags={"double-rounding"},
                           family="values",
                           description="Inputs on which a pow that rounds twice (models of "
                                       "generators/pow_hard.py, simulated exactly to choose "
                                       "the inputs; goldens exact) differs from the correctly "
                                       "rounded result, elements in model order (%s)." % what))
    return cases


def build():
    cases = []
    for bi, a_dt in enumerate(dtypes.POW_BASE_TYPES):
        for ei, b_dt in enumerate(dtypes.POW_EXP_TYPES):
            cases += pair_cases(a_dt, b_dt, shapes_of(bi, ei))
            cases += parity_case(a_dt, b_dt)
            cases += pow_boundary_case(a_dt, b_dt)
    cases.append(worst_cases_case())
    return cases


def shapes_of(base_index, exp_index):
    """Shape handling does not depend on the exponent type, so the 8 members
    of the shape / broadcast / reject family are spread over the 12
    exponent types of each base type (member k on exponent type
    (base_index + 5k) mod 12; 5 is prime to 12, so no pair gets two).  This
    keeps every member for every base type at 1/12 of the file count
    (docs/vector-format.md, "Coverage rules")."""
    n = len(dtypes.POW_EXP_TYPES)
    return tuple(name for k, name in enumerate(SHAPE_FAMILY)
                 if (base_index + 5 * k) % n == exp_index)
