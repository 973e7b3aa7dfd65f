"""Abs (opset 13; drafts-2026-08/abs.md, docs/spec-notes.md SN-27): the sign
bit cleared for floats (±0 -> +0, ±inf -> +inf, NaN -> NaN;
E_ABS_FLOAT_FUNC_010, IEEE754-2019 §5.5.1), |x| for integers
(E_ABS_INT_FUNC_010); the signed minimum has no absolute value
(E_ABS_INT_CONSTR_X_020): a no-crash case (registry undefined_rule
"int-min-abs").  Unsigned types follow the real section (identity).
Families: unary_cases.py."""

from . import arith, dtypes, op_registry
from . import floatfmt as ff
from .cases import OpSpec
from .ieee_reqs import float_tag_requirements
from .unary_cases import Unary

_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
_P = _ENTRY["requirements"]


def golden(dt, x):
    return arith.abs_float(dt, x) if dt.is_float else arith.abs_int(dt, x)


def _section(dt):
    # uint: "See specification for real numbers" (abs.md, section uint)
    return "FLOAT" if dt.is_float else "INT" if dt.kind == "int" else None


def requirements(dt, family):
    sec = _section(dt)
    shape = ["%s:E_ABS_REAL_CONSTR_%s_010" % (_P, t) for t in "XY"]
    if sec:
        shape += ["%s:E_ABS_%s_CONSTR_%s_010" % (_P, sec, t) for t in "XY"]
    if family in ("reject-shape", "reject-type"):
        return shape
    reqs = shape + ["%s:E_ABS_REAL_FUNC_010" % _P, "spec-notes:SN-27"]
    if sec:
        reqs.append("%s:E_ABS_%s_FUNC_010" % (_P, sec))
    if family == "undefined":
        reqs.append("%s:E_ABS_INT_CONSTR_X_020" % _P)
    if dt.is_float:
        reqs.append("ieee754:abs")
    return reqs


def tag_requirements(dt, tags):
    if not dt.is_float:
        return set()
    return float_tag_requirements(tags) & {"ieee754:nan", "spec-notes:SN-18", "ieee754:infinity"}


def undefined(dt):
    return [dt.min] if dt.kind == "int" else []


OP = OpSpec(_ENTRY["name"], _ENTRY["opset"], golden, lambda x: x, lambda x: {"kind": "exact"},
            requirements, tag_requirements=tag_requirements, output_name="Y",
            profiles=lambda x: op_registry.profiles_of(_ENTRY["name"], x.name))
TYPES = [d for d in dtypes.ALL if d.name in op_registry.type_names(_ENTRY["name"])]


def edges(dt, rng):
    """Encodings at every class boundary of the magnitude, each with both
    signs: abs only clears the sign bit, so a kernel that does anything else
    (an arithmetic negation, a compare-and-negate dropping -0 or NaN signs)
    shows on these."""
    f = dt.fmt
    half = 1 << (f.precision - 1)                    # the smallest normal encoding
    inf = ff.inf(f)
    mags = [1, 2, half - 1, half, half + 1, ff.one(f), inf - 2, inf - 1, inf, inf + 1,
            ff.quiet_nan(f), ff.quiet_nan(f, payload=1)]
    vals = []
    for m in mags:
        vals += [m, m | ff.sign_bit(f)]
    vals += [rng.bits(f.width) for _ in range(16)]
    return [("subnormal, normal-boundary, one, largest finite, inf and NaN encodings with "
             "each sign, then random bit patterns", vals)]


def build():
    return Unary(OP, TYPES, edges, undefined).build()
