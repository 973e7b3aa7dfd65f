"""The coverage criteria of docs/coverage.md, measured on written vectors.

Reads the input tensors of every case and counts, with exact arithmetic
(Fractions for float results, Python integers for integer ones), the
elements that meet each criterion; a required criterion with no element is
a problem (the generators.coverage test fails on it).  Independent of the
families that build the elements (criteria.py): only the boundaries
(criteria.targets) and the cells no element can reach (criteria.attainable,
each with its proof in criteria.py) are shared.

Criteria (rows of the generated tables; columns are types):
  <class> <side> <sign>   float Div/Mul: exact results of finite operands in
                          the window between a rounding boundary and its
                          neighbour (below), on it, or above it
  div |b|~2^k exact/off   integer Div: an exact quotient (a = q*b, q != 0)
                          and one one unit off (a = q*b +- 1) with |b| in
                          {2^k - 1, 2^k, 2^k + 1}, for every k
  div signs a-b+ ...      integer Div: negative operands on each side
  div lone b=0 / MIN/-1   a no-crash case whose only undefined element is it
  mul product = MAX ...   integer Mul: exact product at and one past each
                          wrap boundary
  less <boundary> <order> Less: neighbour pairs at each boundary of the type,
                          each order (and sign, floats); collapse via <float>:
                          integer neighbours a float comparison rounds together
  broadcast <pattern>     profile onnx: cases whose shapes show the pattern
                          (elements counted in the broadcast output)
"""

import os
from collections import defaultdict
from fractions import Fraction

import onnx

from . import coverage_elementwise, criteria, dtypes, hardround, op_registry
from . import floatfmt as ff
from .tensorio import unpack

SIDES = [w for _, w in criteria.SIDES]
BROADCAST_PATTERNS = criteria.BROADCAST_PATTERNS


def families(op):
    """The op's coverage criteria families (ops/operators.json "coverage");
    an op without them is refused naming it (op_registry.RegistryError)."""
    return op_registry.coverage(op)


# The families whose elements are pairs of the two inputs (measure).
PAIR_FAMILIES = ("boundary-classes", "division", "wrap", "comparison")


def is_mixed(op):
    """Whether the op's inputs mix types (entry "mixed_input_types"): its
    cases are then keyed by the (first, second) input type pair."""
    return bool(op_registry.facet(op, "mixed_input_types"))


def first_types(op):
    """The first input's types, in the order of the tables' columns: that of
    dtypes.ALL; a mixed-type op's (a table per first type, a column per
    second type) in the order of its registry lists."""
    if not is_mixed(op):
        return coverage_elementwise.types(op)
    names = []
    for lst in op_registry.facet(op, "types").values():
        names += [n for n in lst if n not in names]
    return [dtypes.BY_NAME[n] for n in names]


def second_types(op):
    """A mixed-type op's second input types (entry "exponent_types")."""
    return [dtypes.BY_NAME[n] for n in op_registry.facet(op, "exponent_types")]


def pair_key(a, b):
    return "%s_%s" % (a.name, b.name)


def typed_ops():
    """The ops whose criteria this module tabulates per single type (not
    mixed, not element-wise), in registry order."""
    return [op for op in op_registry.names()
            if not coverage_elementwise.kind(op) and not is_mixed(op)]


def power_ops():
    """The ops with the "power" criteria family, in registry order."""
    return [op for op in op_registry.names() if "power" in families(op)]


def _tensor(vectors, case, k):
    decl = case["inputs"][k]
    dt = dtypes.BY_NAME[decl["dtype"]]
    t = onnx.TensorProto()
    with open(os.path.join(vectors, case["path"], "test_data_set_0", "input_%d.pb" % k),
              "rb") as fh:
        t.ParseFromString(fh.read())
    n = 1
    for d in decl["shape"]:
        n *= d
    return unpack(dt, t.raw_data, n)


def _pairs(case, a, b):
    """Element pairs of the broadcast result (numpy rules)."""
    sa, sb = case["inputs"][0]["shape"], case["inputs"][1]["shape"]
    if sa == sb:
        return list(zip(a, b))
    import numpy as np
    out = np.broadcast_shapes(tuple(sa), tuple(sb))
    ia = np.broadcast_to(np.arange(len(a)).reshape(sa), out).ravel()
    ib = np.broadcast_to(np.arange(len(b)).reshape(sb), out).ravel()
    return [(a[i], b[j]) for i, j in zip(ia, ib)]


def float_cells(dt):
    return ["%s %s %s" % (tg.cls, side, sign) for tg in criteria.targets(dt)
            for side in SIDES for sign in ("+", "-")]


def body_cells(dt):
    return (["body %s" % tg.cls for tg in criteria.targets(dt)]
            + ["body operand %s" % k for k in ("nan", "inf", "zero", "subnormal")])


def _float_counts(op, dt, pairs, counts):
    f = dt.fmt
    quotient = hardround.kind(op) == "quotient"   # else a product (registry)
    tgs = criteria.targets(dt)
    body = len(pairs) >= criteria.BODY_START + 1
    for i, (x, y) in enumerate(pairs):
        dx, dy = ff.decode(f, x), ff.decode(f, y)
        in_body = body and i >= criteria.BODY_START
        if in_body:
            for d in (dx, dy):
                kind = {ff.NAN: "nan", ff.INF: "inf", ff.ZERO: "zero"}.get(d.cls)
                if d.cls == ff.FINITE and d.mag < ff.value(f, ff.min_normal(f)):
                    kind = "subnormal"
                if kind:
                    counts["body operand %s" % kind] += 1
        if dx.cls != ff.FINITE or dy.cls != ff.FINITE:
            continue
        vx = -dx.mag if dx.sign else dx.mag
        vy = -dy.mag if dy.sign else dy.mag
        r = vx / vy if quotient else vx * vy
        mag, sign = abs(r), "-" if r < 0 else "+"
        for tg in tgs:
            if in_body and tg.lo < mag < tg.hi:
                counts["body %s" % tg.cls] += 1
            if tg.lo < mag < tg.t:
                counts["%s below %s" % (tg.cls, sign)] += 1
            elif mag == tg.t:
                counts["%s on %s" % (tg.cls, sign)] += 1
            elif tg.t < mag < tg.hi:
                counts["%s above %s" % (tg.cls, sign)] += 1


# (output format, wider intermediate, order): whether a witness exists.
# "direct": the exact result rounded to the intermediate, then to the
# output; "reciprocal" (Div): a * RN(1/b) in the intermediate, then to the
# output.  None exists where the intermediate has q >= 2p + 2 bits (direct
# results round correctly), and for bfloat16 through a float32 reciprocal
# (exhaustive search, generators/dround.py).
INTERMEDIATES = {"float32": dtypes.FLOAT32.fmt, "binary64": dtypes.FLOAT64.fmt,
                 "x87": dtypes.FloatFormat(64, 15), "tf32": dtypes.FloatFormat(11, 8)}
WIDER = {
    "float16": [("float32", "direct", False), ("float32", "reciprocal", True),
                ("binary64", "direct", False), ("binary64", "reciprocal", True)],
    "bfloat16": [("float32", "direct", False), ("float32", "reciprocal", False),
                 ("binary64", "direct", False), ("binary64", "reciprocal", True),
                 ("tf32", "direct", True)],
    "float32": [("binary64", "direct", False), ("binary64", "reciprocal", True),
                ("x87", "direct", False), ("x87", "reciprocal", True)],
    "float64": [("x87", "direct", True), ("x87", "reciprocal", True)],
}
WIDER_TAGS = {"double-rounding", "hard-rounding", "boundary-classes"}
# Orders and intermediates that exist for one kind of exact result only
# (hardround.kind, from the registry): the reciprocal for a quotient; TF32
# for a product (matrix units multiply in TF32, they do not divide).
ONLY_FOR = {"reciprocal": "quotient", "tf32": "product"}


def wider_cells(op, dt, required_only):
    out = []
    k = hardround.kind(op)
    for inner, order, exists in WIDER.get(dt.name, []):
        if ONLY_FOR.get(order, k) != k or ONLY_FOR.get(inner, k) != k:
            continue
        if exists or not required_only:
            out.append("via %s %s" % (inner, order))
    return out


def _rn(fmt, q):
    """q rounded to fmt as a Fraction; None for an overflow."""
    bits = ff.round_rational(fmt, q)[0]
    d = ff.decode(fmt, bits)
    if d.cls == ff.INF:
        return None
    return -d.mag if d.sign else d.mag


def _wider_counts(op, dt, pairs, counts):
    f = dt.fmt
    quotient = hardround.kind(op) == "quotient"
    cells = wider_cells(op, dt, False)
    for x, y in pairs:
        dx, dy = ff.decode(f, x), ff.decode(f, y)
        if dx.cls != ff.FINITE or dy.cls != ff.FINITE:
            continue
        va = -dx.mag if dx.sign else dx.mag
        vb = -dy.mag if dy.sign else dy.mag
        exact = va / vb if quotient else va * vb
        want = _rn(f, exact)
        for cell in cells:
            _, inner, order = cell.split(" ")
            g = INTERMEDIATES[inner]
            if order == "direct":
                w = _rn(g, exact)
            else:
                r = _rn(g, 1 / vb)
                w = None if r is None else _rn(g, va * r)
            got = None if w is None else _rn(f, w)
            if got != want:
                counts[cell] += 1


def div_int_cells(dt):
    cells = []
    for k in range(dt.bits):
        if 1 <= (1 << k) - 1 <= dt.max or (1 << k) <= dt.max:
            cells += ["div |b|~2^%d exact" % k, "div |b|~2^%d off-by-one" % k]
    if dt.kind == "int":
        cells += ["div signs a-b+", "div signs a+b-", "div signs a-b-", "div lone MIN/-1"]
    return cells + ["div lone b=0"]


def _div_int_counts(dt, pairs, counts):
    for a, b in pairs:
        if b == 0 or (dt.kind == "int" and a == dt.min and b == -1):
            continue
        m = abs(b)
        for k in range(dt.bits):
            if m in ((1 << k) - 1, 1 << k, (1 << k) + 1):
                if a != 0 and a % m == 0:
                    counts["div |b|~2^%d exact" % k] += 1
                if m >= 2 and a % m in (1, m - 1):
                    counts["div |b|~2^%d off-by-one" % k] += 1
        if a < 0 < b:
            counts["div signs a-b+"] += 1
        elif b < 0 < a:
            counts["div signs a+b-"] += 1
        elif a < 0 and b < 0:
            counts["div signs a-b-"] += 1


def _div_lone(dt, case, pairs, counts):
    """A no-crash case holding exactly one undefined element."""
    zero = sum(1 for _, b in pairs if b == 0)
    mn = sum(1 for a, b in pairs if dt.kind == "int" and a == dt.min and b == -1)
    if zero == 1 and mn == 0:
        counts["div lone b=0"] += 1
    if mn == 1 and zero == 0:
        counts["div lone MIN/-1"] += 1


def pow_cells(a_dt, b_dt):
    """Integer base, integer exponent: each undefined kind alone."""
    if not (a_dt.is_int and b_dt.is_int):
        return []
    return ["pow lone overflow"] + (["pow lone negative exponent"] if b_dt.kind == "int" else [])


def parity_cells(a_dt, b_dt):
    """Negative base, integral exponent of magnitude [2^k, 2^(k+1)), odd and
    even, for every k the exponent type holds (op_pow.parity_magnitudes)."""
    odd, even = criteria.parity_magnitudes(b_dt)
    return (["pow parity odd 2^%d" % k for k in odd]
            + ["pow parity even 2^%d" % k for k in even])


def _exact(dt, v):
    """The exact value of an element (a Fraction or int), or None (NaN, inf)."""
    if not dt.is_float:
        return v
    d = ff.decode(dt.fmt, v)
    if d.cls == ff.ZERO:
        return Fraction(0)
    if d.cls != ff.FINITE:
        return None
    return -d.mag if d.sign else d.mag


def _pow_parity(vectors, c, out):
    if c["expectation"] != "values":
        return
    a_dt = dtypes.BY_NAME[c["inputs"][0]["dtype"]]
    b_dt = dtypes.BY_NAME[c["inputs"][1]["dtype"]]
    counts = out[(c["op"], pair_key(a_dt, b_dt))]
    for x, y in _pairs(c, _tensor(vectors, c, 0), _tensor(vectors, c, 1)):
        vx, vy = _exact(a_dt, x), _exact(b_dt, y)
        if vx is None or vy is None or not vx < 0 or vy == 0:
            continue
        vy = Fraction(vy)
        if vy.denominator != 1:
            continue
        n = abs(vy.numerator)
        counts["pow parity %s 2^%d" % ("odd" if n & 1 else "even", n.bit_length() - 1)] += 1


def _pow_boundary(vectors, c, out):
    """Exact powers of a float base to an integral exponent, by boundary
    cell (criteria.pow_result_cell); |y| <= 256 and results of at most
    ~20000 bits, so that the count stays cheap."""
    a_dt = dtypes.BY_NAME[c["inputs"][0]["dtype"]]
    b_dt = dtypes.BY_NAME[c["inputs"][1]["dtype"]]
    if c["expectation"] != "values" or not criteria.pow_boundary_cells(a_dt, b_dt):
        return
    counts = out[(c["op"], pair_key(a_dt, b_dt))]
    for x, y in _pairs(c, _tensor(vectors, c, 0), _tensor(vectors, c, 1)):
        vx, vy = _exact(a_dt, x), _exact(b_dt, y)
        if vx is None or vy is None or vx == 0 or Fraction(vy).denominator != 1:
            continue
        n = int(vy)
        bits = max(Fraction(vx).numerator.bit_length(), Fraction(vx).denominator.bit_length())
        if n == 0 or abs(n) > 256 or bits * abs(n) > 20000:
            continue
        cell = criteria.pow_result_cell(a_dt.fmt, Fraction(vx) ** n)
        if cell is not None:
            counts["pow " + cell] += 1


def _pow_lone(vectors, c, out):
    a_dt = dtypes.BY_NAME[c["inputs"][0]["dtype"]]
    b_dt = dtypes.BY_NAME[c["inputs"][1]["dtype"]]
    if c["expectation"] != "no-crash" or not pow_cells(a_dt, b_dt):
        return
    pairs = _pairs(c, _tensor(vectors, c, 0), _tensor(vectors, c, 1))
    def overflows(x, y):            # without building x**y for huge y
        if abs(x) <= 1:
            return False
        return y >= a_dt.bits or not a_dt.min <= x ** y <= a_dt.max
    over = sum(1 for x, y in pairs if y >= 0 and overflows(x, y))
    neg = sum(1 for x, y in pairs if y < 0 and abs(x) != 1)
    key = (c["op"], pair_key(a_dt, b_dt))
    if over == 1 and neg == 0:
        out[key]["pow lone overflow"] += 1
    if neg == 1 and over == 0:
        out[key]["pow lone negative exponent"] += 1


def mul_int_cells(dt):
    cells = ["mul product = MAX", "mul product = MAX+1"]
    return cells + (["mul product = MIN", "mul product = MIN-1"] if dt.kind == "int" else [])


def _mul_int_counts(dt, pairs, counts):
    names = {dt.max: "MAX", dt.max + 1: "MAX+1"}
    if dt.kind == "int":
        names.update({dt.min: "MIN", dt.min - 1: "MIN-1"})
    for a, b in pairs:
        n = names.get(a * b)
        if n:
            counts["mul product = %s" % n] += 1


# ------------------------------------------------------------------ Less
# A neighbour pair: two values adjacent in the type (one encoding apart in
# magnitude, or 0 and the smallest subnormal of either sign; one unit apart
# for integers), in either order.  Each boundary of the type needs its pairs
# in both orders and with each sign; integers wide enough that a comparison
# through a float loses them also need pairs that the float rounds together.
LESS_FLOAT_BOUNDARIES = ["zero/min-subnormal", "between subnormals", "subnormal/normal",
                         "inside normal", "max/inf"]
LESS_ORDERS = ["a<b", "a>b"]
# (int bits, signed or not) -> the float formats that collapse neighbours of
# that type: a float of precision p cannot tell n from n + 1 once |n| >= 2^p.
LESS_COLLAPSE = {16: ["float16"], 32: ["float32"], 64: ["float32", "float64"]}


def less_cells(dt):
    if dt.is_float:
        cells = ["less %s %s %s" % (b, o, s) for b in LESS_FLOAT_BOUNDARIES
                 for o in LESS_ORDERS for s in ("+", "-")]
        cells += ["less signed zeros"]
    else:
        cells = ["less %s %s" % (b, o) for b in ("min", "zero", "max") for o in LESS_ORDERS]
        cells += ["less collapse via %s %s" % (f, o) for f in LESS_COLLAPSE.get(dt.bits, [])
                  for o in LESS_ORDERS]
        if dt.bits > 8:
            cells += ["less inner power of two %s" % o for o in LESS_ORDERS]
    return cells + ["less body neighbour"]


def _float_neighbour(f, x, y):
    """The boundary class of the neighbour pair (x, y), or None."""
    sb = ff.sign_bit(f)
    mx, my = x & (sb - 1), y & (sb - 1)
    inf = ff.inf(f)
    if mx > inf or my > inf:
        return None                                    # NaN
    lo, hi = min(mx, my), max(mx, my)
    if (lo, hi) == (0, 1):
        return "zero/min-subnormal"
    if (x & sb) != (y & sb) or hi != lo + 1:
        return None
    if hi == inf:
        return "max/inf"
    if lo == ff.max_subnormal(f):
        return "subnormal/normal"
    return "inside normal" if lo >= ff.min_normal(f) else "between subnormals"


def _rn_int(v, p):
    """v rounded to p significant bits, ties to even (the float conversion
    of an integer, range aside)."""
    m = abs(v)
    k = m.bit_length() - p
    if k <= 0:
        return v
    q, r = divmod(m, 1 << k)
    half = 1 << (k - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return (q << k) * (1 if v >= 0 else -1)


def _less_counts(dt, pairs, counts):
    body = len(pairs) > criteria.BODY_START
    prec = {"float16": 11, "float32": 24, "float64": 53}
    for i, (x, y) in enumerate(pairs):
        found = False
        if dt.is_float:
            f = dt.fmt
            sb = ff.sign_bit(f)
            if x != y and (x | y) & (sb - 1) == 0:
                counts["less signed zeros"] += 1
                found = True
            cls = _float_neighbour(f, x, y)
            if cls is not None:
                dx, dy = ff.decode(f, x), ff.decode(f, y)
                vx = -dx.mag if dx.sign else dx.mag
                vy = -dy.mag if dy.sign else dy.mag
                if dx.cls == ff.INF:
                    vx = float("-inf") if dx.sign else float("inf")
                if dy.cls == ff.INF:
                    vy = float("-inf") if dy.sign else float("inf")
                big = x if (x & (sb - 1)) >= (y & (sb - 1)) else y   # the non-zero one
                sign = "-" if big & sb else "+"
                counts["less %s %s %s" % (cls, "a<b" if vx < vy else "a>b", sign)] += 1
                found = True
        elif abs(x - y) == 1:
            lo = min(x, y)
            order = "a<b" if x < y else "a>b"
            for name, at in (("min", dt.min), ("max", dt.max - 1),
                             ("zero", -1 if dt.kind == "int" else 0)):
                if lo == at or (name == "zero" and dt.kind == "int" and lo == 0):
                    counts["less %s %s" % (name, order)] += 1
                    found = True
            inner = [1 << k for k in criteria.LESS_INNER_POWERS if (1 << k) < dt.max]
            if any(lo + 1 == q or lo + 1 == -q or lo == q or lo == -q - 1 for q in inner):
                counts["less inner power of two %s" % order] += 1
                found = True
            for fname in LESS_COLLAPSE.get(dt.bits, []):
                if _rn_int(x, prec[fname]) == _rn_int(y, prec[fname]):
                    counts["less collapse via %s %s" % (fname, order)] += 1
                    found = True
        if found and body and i >= criteria.BODY_START:
            counts["less body neighbour"] += 1


def broadcast_patterns(sa, sb):
    """The numpy-broadcast patterns a shape pair shows."""
    import numpy as np
    out = tuple(np.broadcast_shapes(tuple(sa), tuple(sb)))
    pats = set()
    r = len(out)
    pa, pb = [1] * (r - len(sa)) + list(sa), [1] * (r - len(sb)) + list(sb)
    ba = any(x == 1 and o != 1 for x, o in zip(pa, out))
    bb = any(x == 1 and o != 1 for x, o in zip(pb, out))
    if ba and bb:
        pats.add("both sides broadcast")
    if len(sa) != len(sb) and sa and sb:
        pats.add("rank padding")
    if not sa and sb:
        pats.add("scalar A")
    if not sb and sa:
        pats.add("scalar B")
    if 0 in out:
        pats.add("size-0 axis")
    if r == 4 and (ba or bb):
        pats.add("rank 4")
    for x, y in ((pa, pb), (pb, pa)) if len(sa) == len(sb) else ():
        if r >= 2 and list(y) == list(out) and x[:-1] == y[:-1] and x[-1] == 1 \
                and out[-1] > 1 and out[-2] > 1:
            pats.add("column (N,1) vs (N,M)")
        if r >= 2 and list(y) == list(out) and x[-1] == y[-1] and x[-2] == 1 and out[-2] > 1 \
                and out[-1] > 1:
            pats.add("row (1,M) vs (N,M)")
    return pats, int(np.prod(out)) if out else 1


def _body_attainable(op, dt, cell):
    """A body cell of a boundary class is required where some side of that
    class is attainable (criteria.attainable: no quotient reaches the
    overflow-threshold window); the body operand cells always."""
    cls = cell.split(" ")[-1]
    if cell.startswith("body operand "):
        return True
    return any(criteria.attainable(op, dt.name, cls, side) for side in SIDES)


def required(op, dt):
    """The criteria (cells) required for (op, dt), in table order, from the
    op's coverage families (ops/operators.json)."""
    fams = families(op)
    cells = []
    if "boundary-classes" in fams and dt.is_float:
        cells += [c for c in float_cells(dt)
                  if criteria.attainable(op, dt.name, *c.split(" ")[:2])]
        cells += [c for c in body_cells(dt) if _body_attainable(op, dt, c)]
        cells += wider_cells(op, dt, True)
    if "division" in fams and dt.is_int:
        cells += div_int_cells(dt)
    if "wrap" in fams and dt.is_int:
        cells += mul_int_cells(dt)
    if "comparison" in fams:
        cells += less_cells(dt)
    if "broadcast" in fams and "onnx" in op_registry.profiles_of(op, dt.name):
        cells += ["broadcast " + p for p in BROADCAST_PATTERNS]
    return cells


def measure(manifest, vectors):
    """{(op, type): {cell: elements}} over every case, by the families of
    its op (ops/operators.json "coverage")."""
    out = defaultdict(lambda: defaultdict(int))
    for c in manifest["cases"]:
        op = c["op"]
        fams = families(op)
        if "power" in fams:
            _pow_lone(vectors, c, out)
            _pow_parity(vectors, c, out)
            _pow_boundary(vectors, c, out)
            continue
        dt = dtypes.BY_NAME[c["inputs"][0]["dtype"]]
        if any(t["dtype"] != dt.name for t in c["inputs"]):
            continue                                   # mixed-type rejects
        counts = out[(op, dt.name)]
        shapes = [t["shape"] for t in c["inputs"]]
        if len(shapes) == 2 and shapes[0] != shapes[1] and "onnx" in c["profiles"] \
                and c["expectation"] != "reject":
            pats, n = broadcast_patterns(*shapes)
            for p in pats:
                counts["broadcast " + p] += max(n, 1)
        if c["expectation"] == "reject":
            continue
        if coverage_elementwise.kind(op):              # Add, Sub, Abs, Sqrt
            tensors = [_tensor(vectors, c, k) for k in range(len(shapes))]
            elems = [(v,) for v in tensors[0]] if len(tensors) == 1 else \
                _pairs(c, tensors[0], tensors[1])
            coverage_elementwise.count(c, tensors, elems, out)
            continue
        pairwise = [f for f in fams if f in PAIR_FAMILIES]
        if not pairwise:
            continue
        if len(shapes) != 2:
            raise op_registry.RegistryError(
                "op %r: coverage family %r in ops/operators.json needs two inputs; the op "
                "has %d" % (op, pairwise[0], len(shapes)))
        sa, sb = shapes
        if "comparison" in fams:
            if sa == sb:
                _less_counts(dt, list(zip(_tensor(vectors, c, 0), _tensor(vectors, c, 1))),
                             counts)
            continue
        need_values = ("boundary-classes" in fams) if dt.is_float else \
            bool({"division", "wrap"} & set(fams))
        if not need_values:
            continue
        try:
            pairs = _pairs(c, _tensor(vectors, c, 0), _tensor(vectors, c, 1))
        except ValueError:
            continue
        if dt.is_float:
            _float_counts(op, dt, pairs, counts)
            if WIDER_TAGS & set(c["tags"]):
                _wider_counts(op, dt, pairs, counts)
        elif "division" in fams:
            if c["expectation"] == "no-crash":
                _div_lone(dt, c, pairs, counts)
            _div_int_counts(dt, pairs, counts)
        else:
            _mul_int_counts(dt, pairs, counts)
    return out


def _pow_keys(op):
    return [(a, b) for a, b in _all_pow_keys(op) if pow_cells(a, b)]


def _all_pow_keys(op):
    return [(a, b) for a in first_types(op) for b in second_types(op)]


def problems(counts):
    out = []
    for op in power_ops():
        for a, b in _pow_keys(op):
            have = counts.get((op, pair_key(a, b)), {})
            for cell in pow_cells(a, b):
                if not have.get(cell):
                    out.append("%s %s: criterion '%s' has no element" % (op, pair_key(a, b), cell))
        for a, b in _all_pow_keys(op):
            have = counts.get((op, pair_key(a, b)), {})
            gaps = criteria.POW_NOT_CONSTRUCTED.get(a.name, set())
            for cell in criteria.pow_boundary_cells(a, b):
                if cell not in gaps and not have.get("pow " + cell):
                    out.append("%s %s: criterion 'pow %s' has no element"
                               % (op, pair_key(a, b), cell))
            missing = [cell.split(" ")[-2] + " " + cell.split(" ")[-1]
                       for cell in parity_cells(a, b) if not have.get(cell)]
            if missing:
                out.append("%s %s: criterion 'pow parity' has no element for %s"
                           % (op, pair_key(a, b), ", ".join(missing)))
    for op in typed_ops():
        for dt in first_types(op):
            have = counts.get((op, dt.name), {})
            for cell in required(op, dt):
                if not have.get(cell):
                    out.append("%s %s: criterion '%s' has no element" % (op, dt.name, cell))
    return out + coverage_elementwise.problems(counts)


def render(counts):
    lines = ["## Criteria", "",
             "The coverage model: the criteria the vectors must meet, per op x type "
             "(docs/vector-format.md, \"Criteria families\", says how the elements are "
             "built).", "",
             "- Div, Mul x float16, bfloat16, float32, float64: for every rounding-boundary "
             "class (underflow threshold min_sub/2, between subnormals, subnormal/normal "
             "boundary, inside the normal range, largest finite max - ulp/2, overflow "
             "threshold max + ulp/2), an exact result below it (between it and its lower "
             "neighbour), on it, and above it (up to the upper neighbour, max + ulp for the "
             "overflow threshold), with each result sign: rows `<class> <side> <sign>`.",
             "- the same, vector body: an element of every boundary class, and NaN, inf, "
             "zero and subnormal operands, at index >= 64 of a tensor (rows `body ...`; "
             "the body_offsets cases, odd offsets: every lane position).",
             "- Div, Mul x float types: for every (output format, wider intermediate, "
             "order) a runtime may use — float16/bfloat16 via float32 and binary64, float32 "
             "via binary64 and x87 80-bit, float64 via x87, bfloat16 Mul via TF32; "
             "direct, and (Div) through the reciprocal — elements where that computation "
             "and the correctly rounded result disagree (rows `via ...`, counted in the "
             "hard-rounding, double-rounding and boundary-classes cases; `n/a`: no such "
             "element exists, see generators/dround.py).",
             "- Div x every integer type: for every k, |b| in {2^k - 1, 2^k, 2^k + 1} with an "
             "exact quotient and with one one unit off an integer (a = q*b +- 1); negative "
             "operands on each side; a zero divisor, and INT_MIN / -1, each alone in a "
             "no-crash case.",
             "- Mul x every integer type: exact products at and one past every wrap "
             "boundary (MAX, MAX + 1, MIN, MIN - 1).",
             "- Pow x every (base, exponent) type: a negative base to an odd and to an even "
             "integral exponent of every magnitude 2^k the exponent type holds, k <= 63 "
             "(the result's sign is the exponent's parity; a float exponent holds odd "
             "integers only below 2^precision).",
             "- Pow x float base (same-type and int32 exponents): the rounding-boundary "
             "classes of the result, below / on / above, each sign (table `Pow criteria "
             "(float base ...)`; `n/c` cells are not constructed).",
             "- Pow x integer base x integer exponent: an overflowing power, and (signed "
             "exponent) a negative exponent, each alone in a no-crash case.",
             "- Less x every type: neighbour pairs (adjacent values: one encoding apart, "
             "or 0 and the smallest subnormal; one unit apart for integers) at every "
             "boundary of the type, in both orders (a<b, a>b): floats at zero / smallest "
             "subnormal, between subnormals, subnormal/normal, inside the normal range and "
             "largest finite / inf, each sign, and -0 against +0; integers at MIN, around "
             "zero and at MAX, at the powers of two where narrower integer types and float "
             "precisions end (2^7, 2^8, 2^11, 2^15, 2^16, 2^24, 2^31, 2^32, 2^53: rows "
             "`inner power of two`), and (16 bits and wider) pairs that a comparison through a "
             "float of too few significand bits rounds to one value (rows `collapse via "
             "...`: float16 for 16-bit, float32 for 32-bit, float32 and float64 for 64-bit "
             "types); and a neighbour pair at index >= 64 (row `less body neighbour`: the "
             "body_neighbours cases).",
             "- Div, Mul, Less x every ONNX type (profile onnx): the broadcast patterns "
             "(N,1) vs (N,M) either side, (1,M) vs (N,M), both sides broadcast, rank "
             "padding, scalar A, scalar B, a size-0 axis, rank 4; counted in output "
             "elements."]
    lines += coverage_elementwise.DESCRIPTION
    lines += ["",
              "Elements meeting each criterion, counted by "
              "`generators/coverage_criteria.py` from the input tensors with exact "
              "arithmetic.  `-` marks a required criterion with no element (the "
              "`generators.coverage` test fails on it); `n/a` a cell no element can reach "
              "(proof in generators/criteria.py); blank, a criterion that does not apply.", ""]
    for op in typed_ops():
        types = first_types(op)
        boundary = "boundary-classes" in families(op)
        names = [t.name for t in types]
        rows = []
        for dt in types:
            for cell in required(op, dt) + (float_cells(dt) + wider_cells(op, dt, False)
                                            if dt.is_float and boundary else []):
                if cell not in rows:
                    rows.append(cell)
        last = [r for r in rows if r == "less body neighbour" or r.startswith("broadcast ")]
        rows = [r for r in rows if r not in last] + last
        lines += ["### %s criteria" % op, "", "| criterion | " + " | ".join(names) + " |",
                  "|---|" + "---:|" * len(names)]
        for cell in rows:
            row = []
            for dt in types:
                n = counts.get((op, dt.name), {}).get(cell, 0)
                req = cell in required(op, dt)
                na = (dt.is_float and boundary and not req
                      and cell in float_cells(dt) + wider_cells(op, dt, False))
                row.append(str(n) if n else ("-" if req else ("n/a" if na else "")))
            lines.append("| %s | %s |" % (cell, " | ".join(row)))
        lines.append("")
    for op in power_ops():
        lines += _render_power(op, counts)
    lines += coverage_elementwise.render(counts)
    return lines


def _render_power(op, counts):
    """The tables of an op with the "power" family: parity, result boundary
    classes, lone undefined elements, per (base, exponent) type pair."""
    lines = ["### %s criteria (negative base, integral exponent: parity by magnitude)" % op, "",
             "Magnitudes 2^k (k <= 63) of the exponent with at least one element, of the "
             "magnitudes the exponent type holds (odd: below 2^precision for a float "
             "exponent; even: up to 2^min(emax, 63)); counted in `values` cases.", "",
             "| base \\ exponent | " + " | ".join(b.name for b in second_types(op))
             + " |", "|---|" + "---:|" * len(second_types(op))]
    for a in first_types(op):
        row = []
        for b in second_types(op):
            have = counts.get((op, pair_key(a, b)), {})
            cells = parity_cells(a, b)
            odd = [c for c in cells if " odd " in c]
            even = [c for c in cells if " even " in c]
            row.append("odd %d/%d, even %d/%d" % (sum(1 for c in odd if have.get(c)), len(odd),
                                                  sum(1 for c in even if have.get(c)),
                                                  len(even)))
        lines.append("| %s | %s |" % (a.name, " | ".join(row)))
    lines.append("")
    bkeys = [(a, b) for a, b in _all_pow_keys(op) if criteria.pow_boundary_cells(a, b)]
    lines += ["### %s criteria (float base: rounding-boundary classes of the result)" % op, "",
              "Exact powers x^y of a float base to an integer exponent (|y| <= 256) whose "
              "result lies below, on or above each single rounding boundary (underflow "
              "threshold, subnormal/normal, largest finite, overflow threshold) or, within "
              "the subnormal and normal ranges, below a midpoint, on one (a tie) or above "
              "one; each result sign.  `n/c`: not constructed (the search over |y| <= 199 "
              "near the boundary found no power there; not claimed unreachable, "
              "generators/criteria.py POW_NOT_CONSTRUCTED).", "",
              "| criterion | " + " | ".join(pair_key(a, b) for a, b in bkeys)
              + " |", "|---|" + "---:|" * len(bkeys)]
    for cell in criteria.pow_boundary_cells(dtypes.FLOAT32, dtypes.FLOAT32):
        row = []
        for a, b in bkeys:
            n = counts.get((op, pair_key(a, b)), {}).get("pow " + cell, 0)
            gap = cell in criteria.POW_NOT_CONSTRUCTED.get(a.name, set())
            row.append(str(n) if n else ("n/c" if gap else "-"))
        lines.append("| %s | %s |" % (cell, " | ".join(row)))
    lines.append("")
    keys = _pow_keys(op)
    names = [pair_key(a, b) for a, b in keys]
    lines += ["### %s criteria (integer base, integer exponent)" % op, "",
              "| criterion | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for cell in ("pow lone overflow", "pow lone negative exponent"):
        row = []
        for (a, b), k in zip(keys, names):
            n = counts.get((op, k), {}).get(cell, 0)
            row.append(str(n) if n else ("-" if cell in pow_cells(a, b) else ""))
        lines.append("| %s | %s |" % (cell, " | ".join(row)))
    lines.append("")
    return lines
