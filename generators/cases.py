"""The in-memory case model and the helpers every operator module uses to
build cases: element-wise golden evaluation with numpy-style broadcasting,
automatic tagging from the inputs and from the rounding flags, and the shared
shape / broadcast / reject case families."""

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from . import floatfmt as ff
from . import op_registry
from .dtypes import DType

SHAPE_TAGS = {0: "rank0", 1: "rank1", 2: "rank2", 4: "rank4"}


@dataclass
class Case:
    """One case: 1-3 inputs (the registry's "inputs" of the op, in order),
    one output.  a_* / b_* name the first two inputs (b_*: None for a unary
    op), as the binary families use them."""
    id: str
    op: str
    opset: int
    dts: List[DType]                  # per input
    shapes: List[Tuple[int, ...]]     # per input
    inputs: List[List[int]]           # per input: values (float bit patterns)
    c_dt: DType
    c_shape: Tuple[int, ...]
    c: Optional[List[int]]            # None: no output_0.pb
    tags: set
    requirements: List[str]
    tolerance: dict
    expectation: str                  # "values" | "no-crash" | "reject"
    profiles: List[str]
    description: str
    # The node's attributes, name -> value (docs/vector-format.md,
    # "attributes"): checked against the op's registry declarations when
    # the case is made, so an undeclared one never reaches a vector.
    attributes: dict = field(default_factory=dict)

    def __post_init__(self):
        op_registry.case_attributes(self.op, self.attributes)

    def _k(self, k, seq):
        return seq[k] if k < len(seq) else None

    @property
    def a_dt(self):
        return self.dts[0]

    @property
    def b_dt(self):
        return self._k(1, self.dts)

    @property
    def a_shape(self):
        return self.shapes[0]

    @property
    def b_shape(self):
        return self._k(1, self.shapes)

    @property
    def a(self):
        return self.inputs[0]

    @property
    def b(self):
        return self._k(1, self.inputs)


@dataclass
class OpSpec:
    """What an operator module provides to the shared case builders."""
    name: str                         # ONNX op_type
    opset: int
    # Every callable takes the input types first, one per input (a_dt, b_dt
    # for a binary op, x_dt for a unary one), then its own arguments.
    # golden(*dts, *values) -> (c or None when undefined, flags)
    golden: Callable
    out_dtype: Callable               # (*dts) -> DType
    tolerance: Callable               # (*dts) -> dict
    requirements: Callable            # (*dts, family) -> list of ids
    type_dir: Callable = None         # (*dts) -> "float32" or "float16_int8"
    # tag_requirements(*dts, tags) -> ids a case cites because of the
    # edge categories it contains (e.g. NaN -> ieee754:nan).
    tag_requirements: Callable = None
    extra: dict = field(default_factory=dict)
    # The node's output name (ONNX schema: "C" for the binary ops, "Y" for
    # Abs and Sqrt); input names come from the registry's "inputs".
    output_name: str = "C"
    # The node's input names when they are not the registry's "inputs".
    input_names: Tuple[str, ...] = None
    # profiles(*dts) -> the profiles a values case of these types is in;
    # None: both, except the SONNX-only int4/uint4 (spec-notes SN-12).
    profiles: Callable = None

    def dir_of(self, *dts: DType) -> str:
        if self.type_dir:
            return self.type_dir(*dts)
        return dts[0].name


def nelem(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def broadcast_shape(*shapes: Sequence[int]) -> Tuple[int, ...]:
    """ONNX multidirectional (numpy) broadcasting; ValueError if impossible."""
    return tuple(np.broadcast_shapes(*(tuple(s) for s in shapes)))


def _broadcast_index(shape, out_shape):
    idx = np.arange(nelem(shape), dtype=np.int64).reshape(shape)
    return [int(i) for i in np.broadcast_to(idx, out_shape).ravel()]


def evaluate(op: OpSpec, dts, shapes, values):
    """Goldens of every element of the broadcast result: (shape, values,
    flags-union, undefined-count)."""
    out_shape = broadcast_shape(*shapes)
    index = [_broadcast_index(s, out_shape) for s in shapes]
    out, flags, undefined = [], set(), 0
    for pos in zip(*index):
        elems = [v[i] for v, i in zip(values, pos)]
        c, f = op.golden(*dts, *elems)
        # An element whose value cannot be pinned down robustly (SN-16)
        # must never be written; builders filter such pairs out.
        assert "ambiguous-trunc" not in f, "ambiguous element %r" % (elems,)
        flags |= f
        if c is None:
            undefined += 1
        out.append(c)
    return out_shape, out, flags, undefined


# ------------------------------------------------------------ tagging
def value_tags(dt: DType, values: Sequence[int]) -> set:
    """Edge categories present among input values (docs/vector-format.md)."""
    tags = set()
    if dt.is_float:
        f = dt.fmt
        magnitude = {
            ff.min_subnormal(f): "subnormal-min", ff.max_subnormal(f): "subnormal-max",
            ff.min_normal(f): "normal-min", ff.max_finite(f): "normal-max",
            ff.one(f): "one", ff.one(f) + 1: "one-ulp", ff.one(f) - 1: "one-ulp",
        }
        plain_qnan = ff.quiet_nan(f)
        for v in values:
            d = ff.decode(f, v)
            if d.cls == ff.NAN:
                tags.add("nan")
                if v != plain_qnan:
                    tags.add("nan-payload")
            elif d.cls == ff.INF:
                tags.add("inf")
            elif d.cls == ff.ZERO:
                tags.add("zero")
                if d.sign:
                    tags.add("signed-zero")
            t = magnitude.get(v & ~ff.sign_bit(f))
            if t and d.cls == ff.FINITE:
                tags.add(t)
    elif dt.is_int:
        for v in values:
            if v == dt.min:
                tags.add("int-min" if dt.kind == "int" else "int-zero")
            if v == dt.max:
                tags.add("int-max")
            if v == 0:
                tags.add("int-zero")
            if v == 1:
                tags.add("int-one")
            if v == -1:
                tags.add("int-minus-one")
    return tags


# Golden flags that are tags as they are (set by the op golden functions).
FLAG_TAGS = {"overflow", "underflow-subnormal", "round-to-zero", "rounding-tie",
             "wrap", "truncation-negative", "div-by-zero", "int-min-div-minus-one",
             "float-div-by-zero",
             # Pow: IEEE 754 §9.2.1 / C99 F.9.4.4 branches and integer-base
             # undefined kinds (pow_golden.py)
             "pow-exp-zero", "pow-base-one", "pow-minus-one-inf", "pow-neg-nonint",
             "pow-zero-neg-odd", "pow-zero-neg-other", "pow-zero-pos-odd",
             "pow-zero-pos-other", "pow-inf-exp", "pow-inf-base", "pow-neg-base",
             "pow-int-overflow", "pow-negative-exponent", "pow-float-exponent",
             "pow-undefined-nonfinite",
             # Sqrt of a value below zero (NaN), Abs of the signed minimum
             # (undefined: sonnx-abs E_ABS_INT_CONSTR_X_020)
             "sqrt-negative", "int-min-abs"}


def rounding_tags(flags) -> set:
    """Tags from floatfmt.round_* flags of a finite, nonzero exact result."""
    tags = set()
    if "overflow" in flags:
        tags.add("overflow")
    if "subnormal" in flags:
        tags.add("underflow-subnormal")
    if "to-zero" in flags:
        tags.add("round-to-zero")
    if "tie" in flags:
        tags.add("rounding-tie")
    return tags


def make_case(op: OpSpec, a_dt: DType, b_dt: DType, name: str,
              a_shape, a, b_shape, b, **kw) -> Case:
    """A case of a binary op (inputs A, B): make_case_n with two inputs."""
    return make_case_n(op, [a_dt, b_dt], name, [a_shape, b_shape], [a, b], **kw)


def make_case_n(op: OpSpec, dts, name: str, shapes, values, *, tags=(), description: str,
                family: str = "values", profiles=None, expectation="values",
                with_output=True, requirements=(), attributes=None) -> Case:
    """A case of an op with len(dts) inputs (1-3), goldens from op.golden;
    attributes: its node's, name -> value, as the op declares them."""
    shapes = [tuple(s) for s in shapes]
    assert len(dts) == len(shapes) == len(values), name
    assert all(len(v) == nelem(s) for v, s in zip(values, shapes)), name
    c_dt = op.out_dtype(*dts)
    tagset = set(tags)
    for dt, v in zip(dts, values):
        tagset |= value_tags(dt, v)
    try:
        c_shape, c, flags, undefined = evaluate(op, dts, shapes, values)
    except ValueError:                   # not broadcastable: no ONNX result
        c_shape, c, flags, undefined = shapes[0], None, set(), 0
    tagset |= {t for t in flags if t in FLAG_TAGS}
    if c is not None:
        tagset.add(SHAPE_TAGS.get(len(c_shape), "rank%d" % len(c_shape)))
        if 0 in c_shape:
            tagset.add("zero-size")
    if expectation == "values":
        assert undefined == 0, "values case %s holds undefined elements" % name
    elif expectation == "no-crash":
        assert c is not None and undefined == len(c) and len(c) > 0, \
            "no-crash case %s must hold only undefined elements" % name
        c, with_output = None, False
        tagset.add("undefined")
    else:
        assert undefined == 0 or not with_output, name
    if profiles is None and op.profiles:
        profiles = op.profiles(*dts)
    if profiles is None:
        profiles = ["sonnx"] if dts[0].name in ("int4", "uint4") else ["onnx", "sonnx"]
    reqs = list(op.requirements(*dts, family)) + list(requirements)
    if op.tag_requirements and family != "reject-shape":
        reqs += list(op.tag_requirements(*dts, tagset))
    return Case(
        id="%s/%s/%s" % (op.name.lower(), op.dir_of(*dts), name),
        op=op.name, opset=op.opset, dts=list(dts), shapes=shapes, inputs=[list(v) for v in values],
        c_dt=c_dt, c_shape=tuple(c_shape), c=c if with_output else None,
        tags=tagset, requirements=sorted(set(reqs)),
        tolerance=op.tolerance(*dts), expectation=expectation,
        profiles=profiles, description=description, attributes=dict(attributes or {}))


def cross(avals: Sequence[int], bvals: Sequence[int]):
    """Full cross product as two [len(a), len(b)] tensors: A[i,j]=a[i],
    B[i,j]=b[j]."""
    a = [x for x in avals for _ in bvals]
    b = [y for _ in avals for y in bvals]
    return (len(avals), len(bvals)), a, b


SHAPE_FAMILY = ("rank0", "rank4", "zero_size", "broadcast_scalar", "broadcast_trailing",
                "broadcast_both", "reject_broadcast", "reject_shape")
# Broadcast patterns of the coverage model (docs/coverage.md): a size-1
# axis on either side, both sides at once, rank padding, scalar on the
# left, size-0 axes; every output has distinct rows and columns (N, M > 1,
# N != M) so that a kernel reading along the wrong axis shows.
BROADCAST_PATTERNS = (
    ("broadcast_column_a", (5, 1), (5, 7), "broadcast-column", "A [5,1] against B [5,7]"),
    ("broadcast_column_b", (5, 7), (5, 1), "broadcast-column", "A [5,7] against B [5,1]"),
    ("broadcast_row_a", (1, 7), (5, 7), "broadcast-row", "A [1,7] against B [5,7]"),
    ("broadcast_rank4", (2, 1, 3, 1), (4, 1, 5), "broadcast-rank4",
     "A [2,1,3,1] and B [4,1,5] (rank padding on the left, size-1 axes on both sides "
     "at every position) to [2,4,3,5]"),
    ("broadcast_scalar_a", (), (3, 4), "broadcast-scalar-a", "A is a rank-0 scalar"),
    ("broadcast_zero", (2, 0, 1), (1, 3), "broadcast-zero-size",
     "A [2,0,1] and B [1,3] to the empty [2,0,3]"),
)


def shape_family(op: OpSpec, a_dt: DType, b_dt: DType, draw_a, draw_b, rng,
                 onnx_types=True, only=SHAPE_FAMILY + tuple(p[0] for p in BROADCAST_PATTERNS)
                 ) -> List[Case]:
    """Rank-0, rank-4 and zero-size cases (values, both profiles), ONNX
    broadcasting cases (profile onnx) and SONNX shape/type rejects.

    draw_a / draw_b(rng, n) return n in-domain values (defined results)."""
    cases = []

    def vals(draw, shape):
        return draw(rng, nelem(shape))

    for name, shape, what in (("rank0", (), "rank-0 (scalar) tensors"),
                              ("rank4", (2, 3, 1, 4), "rank-4 tensors"),
                              ("zero_size", (2, 0, 3), "tensors with a zero-size dimension")):
        cases.append(make_case(op, a_dt, b_dt, name, shape, vals(draw_a, shape), shape,
                               vals(draw_b, shape), tags={"shape"}, family="values",
                               description="%s %s(%s, %s) on %s." % (
                                   op.name, op.name, a_dt.name, b_dt.name, what)))
    bcasts = (("broadcast_scalar", (3, 4), (), "broadcast-scalar", "B is a rank-0 scalar"),
              ("broadcast_trailing", (2, 3, 4), (4,), "broadcast-trailing",
               "B of shape [4] broadcast along the trailing dimension"),
              ("broadcast_both", (3, 1), (1, 4), "broadcast-both",
               "A [3,1] and B [1,4] both broadcast to [3,4]"))
    if onnx_types:
        for name, sa, sb, tag, what in bcasts:
            cases.append(make_case(op, a_dt, b_dt, name, sa, vals(draw_a, sa), sb,
                                   vals(draw_b, sb), tags={tag, "broadcast"},
                                   family="broadcast", profiles=["onnx"],
                                   description="ONNX multidirectional broadcasting: %s." % what))
    sa, sb = (2, 3, 4), (4,)
    cases.append(make_case(op, a_dt, b_dt, "reject_broadcast", sa, vals(draw_a, sa), sb,
                           vals(draw_b, sb), tags={"reject-broadcast"}, family="reject-shape",
                           profiles=["sonnx"], expectation="reject",
                           description="Broadcastable but unequal shapes [2,3,4] and [4]: "
                                       "outside the SONNX profile (no broadcasting); "
                                       "output_0.pb holds the ONNX result."))
    sa, sb = (3, 4), (4, 3)
    cases.append(make_case(op, a_dt, b_dt, "reject_shape", sa, vals(draw_a, sa), sb,
                           vals(draw_b, sb), tags={"reject-shape"}, family="reject-shape",
                           profiles=["sonnx"], expectation="reject", with_output=False,
                           description="Shapes [3,4] and [4,3] are neither equal nor "
                                       "broadcastable: must be rejected."))
    if onnx_types:        # drawn last: the older cases keep their values
        for name, sa, sb, tag, what in BROADCAST_PATTERNS:
            cases.append(make_case(op, a_dt, b_dt, name, sa, vals(draw_a, sa), sb,
                                   vals(draw_b, sb), tags={tag, "broadcast"},
                                   family="broadcast", profiles=["onnx"],
                                   description="ONNX multidirectional broadcasting: %s." % what))
    return [c for c in cases if c.id.rsplit("/", 1)[1] in only]


def reject_mixed_case(op: OpSpec, a_dt: DType, b_dt: DType, a, b, requirements) -> Case:
    """Same shapes, different element types for A and B: outside ONNX's type
    constraint T and SONNX R2/R3.  No golden exists, so no output_0.pb; the
    declared output uses A's type (nominal)."""
    shape = (2, 3)
    assert len(a) == len(b) == nelem(shape)
    c_dt = op.out_dtype(a_dt, a_dt)
    return Case(
        id="%s/%s/reject_mixed_type" % (op.name.lower(), op.dir_of(a_dt, a_dt)),
        op=op.name, opset=op.opset, dts=[a_dt, b_dt], shapes=[shape, shape],
        inputs=[list(a), list(b)], c_dt=c_dt, c_shape=shape, c=None,
        tags={"reject-mixed-type"} | value_tags(a_dt, a) | value_tags(b_dt, b),
        requirements=sorted(set(requirements)), tolerance=op.tolerance(a_dt, a_dt),
        expectation="reject", profiles=["sonnx"],
        description="A is %s but B is %s: mixed input types are outside the "
                    "profile and must be rejected." % (a_dt.name, b_dt.name))
