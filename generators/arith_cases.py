"""Case families shared by Div and Mul (same types, same profile rules):
special-value cross products, overflow / underflow / tie edges, integer
extremes, seeded random values and bit patterns, shapes, broadcasting and
rejects.  The op module supplies the goldens and the op-specific edges."""

from fractions import Fraction
from typing import Callable, List

from . import floatfmt as ff
from .cases import Case, OpSpec, cross, make_case, reject_mixed_case, shape_family
from .dtypes import DType, FLOAT16, FLOAT32, INT32, INT8, SONNX_ONLY
from .specials import Rng, random_bits, random_float, random_value, specials


def float_value(dt: DType, q: Fraction) -> int:
    return ff.encode_exact(dt.fmt, q)


def pow2(dt: DType, e: int, sign: int = 0) -> int:
    return float_value(dt, Fraction(-1 if sign else 1) * Fraction(2) ** e)


def search_pairs(op: OpSpec, dt: DType, rng: Rng, draw_pair: Callable, want: str,
                 count: int, tries: int = 4000):
    """Seeded search for operand pairs whose golden carries flag `want`."""
    out = []
    for _ in range(tries):
        a, b = draw_pair(rng)
        c, flags = op.golden(dt, dt, a, b)
        if want in flags and c is not None:
            out.append((a, b))
            if len(out) == count:
                break
    assert len(out) == count, "no %s pairs found for %s %s" % (want, op.name, dt.name)
    return out


def float_with_exp(dt: DType, rng: Rng, e_lo: int, e_hi: int) -> int:
    """Random normal value with unbiased exponent in [e_lo, e_hi], random sign."""
    f = dt.fmt
    e = rng.between(max(e_lo, f.emin), min(e_hi, f.emax))
    return ((rng.bits(1) << (f.width - 1)) | ((e + f.bias) << (f.precision - 1))
            | rng.bits(f.precision - 1))


def float_families(op: OpSpec, dt: DType, edges: Callable) -> List[Case]:
    """edges(dt, rng) -> list of (name, pairs, tags, description) built by
    the op module (overflow, underflow, ties...)."""
    cid = "%s/%s/" % (op.name.lower(), dt.name)
    cases = []
    shape, a, b = cross(specials(dt), specials(dt))
    cases.append(make_case(op, dt, dt, "special_cross", shape, a, shape, b,
                           tags={"special-cross"}, family="special",
                           description="Full cross product of the %s special-value table "
                                       "(±0, ±inf, quiet NaNs with sign/payload, subnormal and "
                                       "normal extremes, ±1, 1±ulp, max)." % dt.name))
    # One rank-1 case: the op's edge pairs, then seeded random values, then
    # random bit patterns (one case instead of several keeps the file count,
    # and so vectors/ on disk, small).
    pairs, tags, what = [], {"random", "random-bits"}, []
    for _, epairs, etags, desc in edges(dt, Rng(cid + "edges")):
        what.append("elements [%d, %d): %s" % (len(pairs), len(pairs) + len(epairs),
                                                desc[0].lower() + desc[1:].rstrip(".")))
        pairs += epairs
        tags |= etags
    rng = Rng(cid + "random")
    k = len(pairs)
    pairs += [(random_float(dt, rng), random_float(dt, rng)) for _ in range(64)]
    pairs += [(random_bits(dt, rng), random_bits(dt, rng)) for _ in range(64)]
    what.append("elements [%d, %d): seeded random finite values over the whole %s range "
                "(uniform sign, exponent and fraction)" % (k, k + 64, dt.name))
    what.append("elements [%d, %d): uniformly random bit patterns (NaN and inf encodings "
                "included)" % (k + 64, k + 128))
    cases.append(make_case(op, dt, dt, "edges_random", (len(pairs),), [p[0] for p in pairs],
                           (len(pairs),), [p[1] for p in pairs], tags=tags, family="values",
                           description="; ".join(what)[0].upper() + "; ".join(what)[1:] + "."))
    draw = lambda r, n: [random_float(dt, r) for _ in range(n)]
    cases += shape_family(op, dt, dt, draw, draw, Rng(cid + "shapes"),
                          onnx_types=dt.name not in SONNX_ONLY)
    other = FLOAT16 if dt is FLOAT32 else FLOAT32
    r = Rng(cid + "mixed")
    cases.append(reject_mixed_case(op, dt, other, draw(r, 6),
                                   [random_float(other, r) for _ in range(6)],
                                   op.requirements(dt, other, "reject-type")))
    return cases


def int_families(op: OpSpec, dt: DType, special_pairs: Callable, edges: Callable,
                 defined: Callable) -> List[Case]:
    """special_pairs(dt) -> (shape, a, b) of defined extreme pairs;
    edges(dt, rng) -> list of (name, a, b, tags, desc, expectation);
    defined(a, b) -> bool: the golden is defined for the pair."""
    cid = "%s/%s/" % (op.name.lower(), dt.name)
    cases = []
    shape, a, b = special_pairs(dt)
    cases.append(make_case(op, dt, dt, "extremes", shape, a, shape, b,
                           tags={"special-cross"}, family="special",
                           description="Pairs of %s extremes and small values "
                                       "(MIN, MIN+1, -2, -1, 0, 1, 2, 3, MAX-1, MAX)." % dt.name))
    for name, ea, eb, tags, desc, expectation in edges(dt, Rng(cid + "edges")):
        cases.append(make_case(op, dt, dt, name, (len(ea),), ea, (len(eb),), eb, tags=tags,
                               family="undefined" if expectation == "no-crash" else "values",
                               expectation=expectation, description=desc))

    def draw_pairs(r, n):
        out = []
        while len(out) < n:
            x, y = random_value(dt, r), random_value(dt, r)
            if defined(x, y):
                out.append((x, y))
        return out

    pairs = draw_pairs(Rng(cid + "random"), 64)
    cases.append(make_case(op, dt, dt, "random", (8, 8), [p[0] for p in pairs], (8, 8),
                           [p[1] for p in pairs], tags={"random"}, family="values",
                           description="Seeded random %s pairs over the whole range "
                                       "(uniform and random bit length)." % dt.name))
    # Shape families: draw B then A so that every pair is defined.
    r = Rng(cid + "shapes")
    draw_a = lambda rr, n: [rr.between(1, min(dt.max, 100)) for _ in range(n)]
    draw_b = lambda rr, n: [rr.between(1, min(dt.max, 7)) for _ in range(n)]
    cases += shape_family(op, dt, dt, draw_a, draw_b, r, onnx_types=dt.name not in SONNX_ONLY)
    other = INT32 if dt is not INT32 else INT8
    rm = Rng(cid + "mixed")
    cases.append(reject_mixed_case(op, dt, other, draw_a(rm, 6), draw_b(rm, 6),
                                   op.requirements(dt, other, "reject-type")))
    return cases
