"""The in-memory case model and the helpers every operator module uses to
build cases: element-wise golden evaluation with numpy-style broadcasting,
automatic tagging from the inputs and from the rounding flags, and the shared
shape / broadcast / reject case families."""

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from . import floatfmt as ff
from .dtypes import DType

SHAPE_TAGS = {0: "rank0", 1: "rank1", 2: "rank2", 4: "rank4"}


@dataclass
class Case:
    id: str
    op: str
    opset: int
    a_dt: DType
    b_dt: DType
    c_dt: DType
    a_shape: Tuple[int, ...]
    b_shape: Tuple[int, ...]
    c_shape: Tuple[int, ...]
    a: List[int]
    b: List[int]
    c: Optional[List[int]]            # None: no output_0.pb
    tags: set
    requirements: List[str]
    tolerance: dict
    expectation: str                  # "values" | "no-crash" | "reject"
    profiles: List[str]
    description: str


@dataclass
class OpSpec:
    """What an operator module provides to the shared case builders."""
    name: str                         # ONNX op_type
    opset: int
    # golden(a_dt, b_dt, a, b) -> (c or None when undefined, flags)
    golden: Callable
    out_dtype: Callable               # (a_dt, b_dt) -> DType
    tolerance: Callable               # (a_dt, b_dt) -> dict
    requirements: Callable            # (a_dt, b_dt, family) -> list of ids
    type_dir: Callable = None         # (a_dt, b_dt) -> "float32" or "float16_int8"
    # tag_requirements(a_dt, b_dt, tags) -> ids a case cites because of the
    # edge categories it contains (e.g. NaN -> ieee754:nan).
    tag_requirements: Callable = None
    extra: dict = field(default_factory=dict)

    def dir_of(self, a_dt: DType, b_dt: DType) -> str:
        if self.type_dir:
            return self.type_dir(a_dt, b_dt)
        return a_dt.name


def nelem(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def broadcast_shape(a: Sequence[int], b: Sequence[int]) -> Tuple[int, ...]:
    """ONNX multidirectional (numpy) broadcasting; ValueError if impossible."""
    return tuple(np.broadcast_shapes(tuple(a), tuple(b)))


def _broadcast_index(shape, out_shape):
    idx = np.arange(nelem(shape), dtype=np.int64).reshape(shape)
    return [int(i) for i in np.broadcast_to(idx, out_shape).ravel()]


def evaluate(op: OpSpec, a_dt, b_dt, a_shape, a, b_shape, b):
    """Goldens of every element of the broadcast result: (shape, values,
    flags-union, undefined-count)."""
    out_shape = broadcast_shape(a_shape, b_shape)
    ia = _broadcast_index(a_shape, out_shape)
    ib = _broadcast_index(b_shape, out_shape)
    out, flags, undefined = [], set(), 0
    for i, j in zip(ia, ib):
        c, f = op.golden(a_dt, b_dt, a[i], b[j])
        # An element whose value cannot be pinned down robustly (SN-16)
        # must never be written; builders filter such pairs out.
        assert "ambiguous-trunc" not in f, "ambiguous element %r, %r" % (a[i], b[j])
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
             "pow-undefined-nonfinite"}


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
              a_shape, a, b_shape, b, *, tags=(), description: str,
              family: str = "values", profiles=None, expectation="values",
              with_output=True, requirements=()) -> Case:
    a_shape, b_shape = tuple(a_shape), tuple(b_shape)
    assert len(a) == nelem(a_shape) and len(b) == nelem(b_shape), name
    c_dt = op.out_dtype(a_dt, b_dt)
    tagset = set(tags) | value_tags(a_dt, a) | value_tags(b_dt, b)
    try:
        c_shape, c, flags, undefined = evaluate(op, a_dt, b_dt, a_shape, a, b_shape, b)
    except ValueError:                   # not broadcastable: no ONNX result
        c_shape, c, flags, undefined = a_shape, None, set(), 0
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
    if profiles is None:
        profiles = ["sonnx"] if a_dt.name in ("int4", "uint4") else ["onnx", "sonnx"]
    reqs = list(op.requirements(a_dt, b_dt, family)) + list(requirements)
    if op.tag_requirements and family != "reject-shape":
        reqs += list(op.tag_requirements(a_dt, b_dt, tagset))
    return Case(
        id="%s/%s/%s" % (op.name.lower(), op.dir_of(a_dt, b_dt), name),
        op=op.name, opset=op.opset, a_dt=a_dt, b_dt=b_dt, c_dt=c_dt,
        a_shape=a_shape, b_shape=b_shape, c_shape=tuple(c_shape),
        a=list(a), b=list(b), c=c if with_output else None,
        tags=tagset, requirements=sorted(set(reqs)),
        tolerance=op.tolerance(a_dt, b_dt), expectation=expectation,
        profiles=profiles, description=description)


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
        op=op.name, opset=op.opset, a_dt=a_dt, b_dt=b_dt, c_dt=c_dt,
        a_shape=shape, b_shape=shape, c_shape=shape, a=list(a), b=list(b), c=None,
        tags={"reject-mixed-type"} | value_tags(a_dt, a) | value_tags(b_dt, b),
        requirements=sorted(set(requirements)), tolerance=op.tolerance(a_dt, a_dt),
        expectation="reject", profiles=["sonnx"],
        description="A is %s but B is %s: mixed input types are outside the "
                    "profile and must be rejected." % (a_dt.name, b_dt.name))
