"""Case families of the unary ops (one input X, output Y; Abs, Sqrt of the
2026-08 drafts): every operand class of the type with each sign
(`specials`), the op's edge values then seeded random values and random
bit patterns (`edges_random`), the same values inside a long tensor
(`body_offsets`), rank-0 / rank-4 / zero-size shapes, and for an integer
type its extremes, seeded values and the undefined inputs alone in a
no-crash case.  A unary op has nothing to broadcast and no mixed input
types, so it has no broadcast and no reject families.  Goldens: the op's
exact goldens (make_case_n)."""

from typing import Callable, List

from . import floatfmt as ff
from .addsub_cases import class_values
from .cases import Case, OpSpec, make_case_n, nelem
from .criteria import BODY_START
from .dtypes import DType
from .specials import Rng, random_bits, random_float, random_value, specials


def float_specials(dt: DType) -> List[int]:
    """Every operand class with both signs, then the special-value table
    (±1, 1 ± ulp, 2, 0.5, -3, signalling-looking NaN payloads...)."""
    f = dt.fmt
    out = [v for _, _, v in class_values(dt)]
    out += [v for v in specials(dt) if v not in out]
    # a signalling NaN of each sign (quiet bit clear, payload 1): the
    # result is a NaN (any NaN, spec-notes SN-18)
    out += [ff.inf(f) | 1, ff.inf(f, 1) | 1, ff.quiet_nan(f, 1)]
    return out


def int_specials(dt: DType) -> List[int]:
    if dt.kind == "int":
        vals = [dt.min + 1, dt.min + 2, -2, -1, 0, 1, 2, dt.max - 1, dt.max, dt.min // 2]
    else:
        vals = [0, 1, 2, dt.max // 2, dt.max // 2 + 1, dt.max - 1, dt.max]
    return sorted(set(vals), key=vals.index)


class Unary:
    """edges(dt, rng) -> [(what, values)]; undefined(dt) -> the values whose
    result the spec leaves undefined (a no-crash case each type has one)."""

    def __init__(self, op: OpSpec, types, edges: Callable, undefined: Callable = None):
        self.op, self.types, self.edges, self.undefined = op, types, edges, undefined

    def case(self, dt, name, values, **kw):
        return make_case_n(self.op, [dt], name, [(len(values),)], [values], **kw)

    def _shapes(self, dt, draw, rng):
        out = []
        for name, shape, what in (("rank0", (), "a rank-0 (scalar) tensor"),
                                  ("rank4", (2, 3, 1, 4), "a rank-4 tensor"),
                                  ("zero_size", (2, 0, 3), "a tensor with a zero-size "
                                                          "dimension")):
            out.append(make_case_n(self.op, [dt], name, [shape], [draw(rng, nelem(shape))],
                                   tags={"shape"}, description="%s(%s) on %s."
                                   % (self.op.name, dt.name, what)))
        return out

    def _float(self, dt) -> List[Case]:
        op = self.op
        cid = "%s/%s/" % (op.name.lower(), dt.name)
        sp = float_specials(dt)
        cases = [self.case(dt, "specials", sp, tags={"special-cross"}, family="special",
                           description="Every operand class of %s with each sign (zero, "
                                       "subnormal min / inner / max, normal min / inner / max, "
                                       "inf, quiet NaN), the special-value table and "
                                       "signalling NaNs." % dt.name)]
        groups = self.edges(dt, Rng(cid + "edges"))
        vals, what = [], []
        for desc, g in groups:
            what.append("[%d, %d): %s" % (len(vals), len(vals) + len(g), desc))
            vals += g
        rng = Rng(cid + "random")
        k = len(vals)
        vals += [random_float(dt, rng) for _ in range(64)]
        vals += [random_bits(dt, rng) for _ in range(64)]
        what += ["[%d, %d): seeded random finite values" % (k, k + 64),
                 "[%d, %d): random bit patterns" % (k + 64, k + 128)]
        cases.append(self.case(dt, "edges_random", vals, tags={"edge", "random", "random-bits"},
                               description="Elements " + "; ".join(what) + "."))
        # the vector body: edges and specials at odd elements from 64 on
        inner = [v for _, g in self.edges(dt, Rng(cid + "body_offsets/values")) for v in g] + sp
        r = Rng(cid + "body_offsets")
        n = BODY_START + 2 * len(inner) + 17
        body = [random_float(dt, r) for _ in range(n)]
        for i, v in enumerate(inner):
            body[BODY_START + 2 * i + 1] = v
        cases.append(self.case(dt, "body_offsets", body, tags={"vector-body"},
                               description="Vector body: %d edge and special values at the odd "
                                           "elements %d, %d, ..., %d of a %d-element tensor "
                                           "(every lane position), seeded random finite values "
                                           "around them." % (len(inner), BODY_START + 1,
                                                             BODY_START + 3,
                                                             BODY_START + 2 * len(inner) - 1, n)))
        cases += self._shapes(dt, lambda rr, m: [random_float(dt, rr) for _ in range(m)],
                              Rng(cid + "shapes"))
        return cases

    def _int(self, dt) -> List[Case]:
        cid = "%s/%s/" % (self.op.name.lower(), dt.name)
        bad = set(self.undefined(dt)) if self.undefined else set()
        cases = [self.case(dt, "extremes", int_specials(dt), tags={"special-cross"},
                           family="special",
                           description="%s extremes and small values (MIN + 1, MIN + 2, -2, -1, "
                                       "0, 1, 2, MAX - 1, MAX, MIN / 2 as the type has them)."
                                       % dt.name)]
        rng = Rng(cid + "random")
        vals = []
        while len(vals) < 64:
            v = random_value(dt, rng)
            if v not in bad:
                vals.append(v)
        cases.append(make_case_n(self.op, [dt], "random", [(8, 8)], [vals], tags={"random"},
                                 description="Seeded random %s values over the whole range."
                                             % dt.name))
        assert len(bad) <= 1, "one undefined_alone case per type"
        if bad:
            for v in sorted(bad):
                cases.append(self.case(dt, "undefined_alone", [v], family="undefined",
                                       expectation="no-crash",
                                       description="The %s value %d alone: its result is "
                                                   "undefined, only the absence of a crash is "
                                                   "checked." % (dt.name, v)))
        draw = lambda rr, m: [v for v in (random_value(dt, rr) for _ in range(4 * m + 8))
                              if v not in bad][:m]
        cases += self._shapes(dt, draw, Rng(cid + "shapes"))
        return cases

    def build(self) -> List[Case]:
        cases = []
        for dt in self.types:
            cases += self._float(dt) if dt.is_float else self._int(dt)
        return cases
