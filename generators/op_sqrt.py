"""Sqrt (opset 13; drafts-2026-08/sqrt.md, docs/spec-notes.md SN-27):
IEEE754-2019 §5.4.1 squareRoot, correctly rounded (RNE) by exact integer
square roots (arith.sqrt_float); -0 -> -0, +inf -> +inf, any x < 0
(incl. -inf, -subnormal) -> NaN, NaN -> NaN.  Families: unary_cases.py,
with the edges built here: inputs whose root lies nearest to a rounding
midpoint, below and above it, for inputs of even and of odd exponent;
exact squares; subnormal inputs; negative inputs; the largest finite, the
smallest subnormal and the smallest normal."""

from fractions import Fraction

from . import arith, dtypes, op_registry
from . import floatfmt as ff
from .arith_cases import float_value
from .cases import OpSpec
from .ieee_reqs import float_tag_requirements
from .unary_cases import Unary

_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
_P = _ENTRY["requirements"]


def golden(dt, x):
    return arith.sqrt_float(dt, x)


def requirements(dt, family):
    # The draft labels its constraints [C1]/[C2] per tensor only: ids
    # qualified by section and tensor (generators/requirements_drafts.py).
    shape = ["%s:real:X.C1" % _P, "%s:real:Y.C1" % _P, "%s:float:X.C1" % _P,
             "%s:float:Y.C1" % _P]
    types = ["%s:float:X.C2" % _P, "%s:float:Y.C2" % _P]
    if family == "reject-shape":
        return shape
    if family == "reject-type":
        return types
    return shape + types + ["%s:float:function" % _P, "ieee754:sqrt", "ieee754:rne",
                            "spec-notes:SN-22", "spec-notes:SN-27"]


def tag_requirements(dt, tags):
    # a root is never subnormal (nor a tie): subnormal inputs are not an
    # underflow here (arith.sqrt_float)
    reqs = float_tag_requirements(tags) - {"ieee754:signed-zero", "ieee754:rne",
                                           "ieee754:underflow"}
    if "sqrt-negative" in tags:
        # below the real domain (real section X.C2); the float section
        # defines NaN for it (IEEE754-2019 §7.2 invalid)
        reqs |= {"%s:real:X.C2" % _P, "ieee754:invalid"}
    return reqs


OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], golden, lambda x: x, lambda x: {"kind": "exact"},
            requirements, tag_requirements=tag_requirements, output_name="Y",
            profiles=lambda x: op_registry.profiles_of(_ENTRY["name"], x.name))
TYPES = [d for d in dtypes.ALL if d.name in op_registry.type_names(_ENTRY["name"])]


def _sqrt_mod(delta, k):
    """The odd t in [0, 2^k) with t^2 = delta (mod 2^k), delta = 1 (mod 8),
    by Hensel lifting from t = 1 (mod 8); with -t, t + 2^(k-1) and
    2^(k-1) - t they are all four roots."""
    t = 1
    for j in range(3, k):
        if (t * t - delta) % (1 << (j + 1)):
            t += 1 << (j - 1)
    m = 1 << k
    t %= m
    return sorted({t, (-t) % m, (t + (m >> 1)) % m, ((m >> 1) - t) % m})


def midpoint_inputs(dt, count=6):
    """[(x bits, parity, side)]: positive x whose root is within about
    |delta| / 2^(p+2) ulp of a midpoint.  A root of p + 1 bits with an odd
    last bit, t, is a midpoint between two p-bit values; x = c * 2^E with
    c = (t^2 - delta) / 2^(p+2) an integer of at most p bits when
    t^2 = delta (mod 2^(p+2)) (solved by _sqrt_mod), so sqrt(x) =
    sqrt(t^2 - delta) * 2^((E - p - 2) / 2), just below the midpoint for
    delta > 0 and just above it for delta < 0 (E = p mod 2 keeps the
    scale a power of two).  c of p bits and of p - 1 bits give inputs of
    the two exponent parities."""
    f = dt.fmt
    p, k = f.precision, f.precision + 2
    found = {}
    for d in range(1, 4000):
        for delta in (8 * d + 1, -(8 * d - 1)):          # both = 1 (mod 8)
            side = "below" if delta > 0 else "above"
            for t in _sqrt_mod(delta % (1 << k), k):
                if not (1 << p) <= t < (1 << (p + 1)):
                    continue
                c, rem = divmod(t * t - delta, 1 << k)
                assert rem == 0
                if not 0 < c < (1 << p):
                    continue
                for e_target in (0, 1):                   # x in [2^e, 2^(e+1)): e even / odd
                    # E = p (mod 2); exponent of x = E + bitlen(c) - 1
                    for E in range(-c.bit_length() - 1, -c.bit_length() + 3):
                        if (E - p) % 2 or (E + c.bit_length() - 1) % 2 != e_target:
                            continue
                        key = ("even" if e_target == 0 else "odd", side)
                        if len(found.setdefault(key, [])) < count:
                            x = float_value(dt, Fraction(c) * Fraction(2) ** E)
                            if x not in found[key]:
                                found[key].append(x)
                        break
        if len(found) == 4 and all(len(v) == count for v in found.values()):
            break
    out = []
    for (parity, side), xs in sorted(found.items()):
        out += [(x, parity, side) for x in xs]
    return out


def _spread(dt, x, rng):
    """x moved by an even number of binades (the root's midpoint distance
    in ulps is unchanged), kept inside the normal range."""
    f = dt.fmt
    d = ff.decode(f, x)
    e = ff._floor_log2(d.mag.numerator, d.mag.denominator)
    shift = 2 * rng.between((f.emin + 2 - e) // 2, (f.emax - 2 - e) // 2)
    return float_value(dt, d.mag * Fraction(2) ** shift)


def edges(dt, rng):
    f = dt.fmt
    p = f.precision
    near = [_spread(dt, x, rng) for x, _, _ in midpoint_inputs(dt)]
    squares = []
    for m in (1, 3, 5, 7, 9, (1 << (p // 2)) - 1, (1 << (p // 2)) - 3):
        for e in (0, -2 * (p // 2), 2 * (f.emax // 4), -2 * (-f.emin // 4)):
            squares.append(float_value(dt, Fraction(m * m) * Fraction(2) ** e))
    subs = [ff.min_subnormal(f), ff.max_subnormal(f), ff.min_subnormal(f) + 3,
            ff.min_subnormal(f) << 2, ff.min_normal(f), ff.min_normal(f) + 1,
            ff.max_finite(f), ff.max_finite(f) - 1]
    subs += [rng.between(1, ff.max_subnormal(f)) for _ in range(8)]
    neg = [v | ff.sign_bit(f) for v in (ff.min_subnormal(f), ff.max_subnormal(f),
                                       ff.min_normal(f), ff.one(f), ff.max_finite(f),
                                       ff.inf(f), ff.zero(f))]
    return [("roots nearest to a rounding midpoint, below then above, inputs of even then odd "
             "exponent (number-theoretic, docs/vector-format.md)", near),
            ("exact squares", squares),
            ("subnormal inputs, smallest / largest normal and their neighbours", subs),
            ("negative inputs (NaN) and -0 (-0)", neg)]


def build():
    return Unary(OP, TYPES, edges).build()
