"""The hard-case families of Div and Mul (docs/vector-format.md, "Hard
cases"): `hard_rounding` (exact results next to a rounding boundary, from
hardround.py) and `double_rounding` (witnesses of the defect models of
dround.py).  One rank-1 case each per float type; the description names
the element range of every region / model.  Goldens: the op's exact
goldens (make_case), as for every other case."""

from typing import List

from . import dround
from . import hardround
from .cases import Case, OpSpec, make_case
from .dtypes import DType
from .specials import Rng


def _ranges(groups):
    """'elements [i, j): what' for consecutive groups [(what, n)]."""
    out, k = [], 0
    for what, n in groups:
        if n:
            out.append("[%d, %d): %s" % (k, k + n, what))
            k += n
    return "; ".join(out)


def _region_text(name):
    if name == "normal":
        return "normal range"
    if name == "top":
        return "top binade (overflow threshold)"
    return "subnormal result, shift %s" % name[3:]


def hard_cases(op: OpSpec, dt: DType) -> List[Case]:
    cid = "%s/%s/" % (op.name.lower(), dt.name)
    pool = hardround.hard_pairs(op.name, dt, Rng(cid + "hard_rounding"))
    groups, pairs = [], []
    for region in hardround.regions(dt):
        for side, word in ((1, "above"), (-1, "below")):
            sel = [(h.a, h.b) for h in pool if h.region == region.name and h.side == side]
            groups.append(("%s, %s the midpoint" % (_region_text(region.name), word), len(sel)))
            pairs += sel
    cases = [make_case(op, dt, dt, "hard_rounding", (len(pairs),), [p[0] for p in pairs],
                       (len(pairs),), [p[1] for p in pairs], tags={"hard-rounding"},
                       requirements=["ieee754:rne"],
                       description="Exact %s results closest to a midpoint between two %s "
                                   "neighbours (%s search), both sides, per region: elements %s."
                                   % (op.name, dt.name,
                                      "exhaustive" if dt.bits == 16 else "number-theoretic",
                                      _ranges(groups)))]
    wit = dround.witnesses(op.name, dt, Rng(cid + "double_rounding"))
    groups, pairs = [], []
    for model in dround.models(op.name, dt):
        groups.append(("model %s" % model, len(wit[model])))
        pairs += [(w[0], w[1]) for w in wit[model]]
    cases.append(make_case(op, dt, dt, "double_rounding", (len(pairs),), [p[0] for p in pairs],
                           (len(pairs),), [p[1] for p in pairs], tags={"double-rounding"},
                           requirements=["ieee754:rne"],
                           description="Inputs on which a defective %s %s differs from the "
                                       "correctly rounded result (witnesses of each defect model "
                                       "of generators/dround.py, simulated exactly to choose the "
                                       "inputs; goldens exact): elements %s."
                                       % (dt.name, op.name, _ranges(groups))))
    return cases
