#!/usr/bin/python3
"""generators.node_tests_agree: the official ONNX node tests of every
registered op (Div, Mul, Pow, Less, Sub, Add, Abs, Sqrt; Debian
libonnx-testdata) agree with our golden computation
applied to their inputs, within the tolerance policy of
docs/vector-format.md (Div/Mul/Less and integer Pow exact, float Pow 1 ULP).

    /usr/bin/python3 generators/tests/node_tests_agree.py [NODE_TEST_DIR]

Prints one line per test directory: agree (with the largest ULP distance),
DISAGREE (first elements), or not applicable (another op, e.g. LessOrEqual,
or an expanded multi-node graph; never counted as agreeing).  Fails when a
test disagrees or when no test applied."""

import glob
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)

from generators import dtypes, floatfmt as ff, op_registry, writer  # noqa: E402
from generators.cases import broadcast_shape  # noqa: E402

OPS = {n: writer.op_spec(n) for n in op_registry.names()}
UNSIGNED_VIEW = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def to_values(arr, dt):
    """numpy array -> our element representation (float bit patterns,
    Python ints, bools)."""
    flat = np.ascontiguousarray(arr).ravel()
    if dt.name == "bfloat16":
        raise ValueError("bfloat16 node tests are not handled")
    if dt.is_float:
        return [int(v) for v in flat.view(UNSIGNED_VIEW[flat.dtype.itemsize])]
    if dt.kind == "bool":
        return [bool(v) for v in flat]
    return [int(v) for v in flat]


def ulp_distance(dt, x, y):
    def ordinal(b):
        s = ff.sign_bit(dt.fmt)
        return -(b & ~s) if b & s else b
    return abs(ordinal(x) - ordinal(y))


def check_dir(path):
    model = onnx.load(os.path.join(path, "model.onnx"))
    nodes = list(model.graph.node)
    if len(nodes) != 1 or nodes[0].op_type not in OPS:
        return "n/a", "not applicable: graph is %s" % "+".join(n.op_type for n in nodes)
    op = OPS[nodes[0].op_type]
    data = os.path.join(path, "test_data_set_0")
    tensors = []
    names = ["input_%d.pb" % k for k in range(len(nodes[0].input))] + ["output_0.pb"]
    for name in names:
        t = onnx.TensorProto()
        with open(os.path.join(data, name), "rb") as fh:
            t.ParseFromString(fh.read())
        tensors.append((dtypes.BY_CODE[t.data_type], numpy_helper.to_array(t)))
    (c_dt, c), ins = tensors[-1], tensors[:-1]
    dts = [dt for dt, _ in ins]
    cv = to_values(c, c_dt)
    out_shape = broadcast_shape(*(arr.shape for _, arr in ins))
    cols = []
    for dt, arr in ins:
        idx = np.broadcast_to(np.arange(arr.size).reshape(arr.shape), out_shape).ravel()
        vals = to_values(arr, dt)
        cols.append([vals[i] for i in idx])
    pairs = list(zip(*cols))
    if len(pairs) != len(cv):
        return "fail", "DISAGREE: broadcast size %d vs output size %d" % (len(pairs), len(cv))
    tol = op.tolerance(*dts)
    max_ulp = tol.get("max", 0) if tol["kind"] == "ulp" else 0
    worst, bad, notes = 0, [], set()
    for i, (elems, want) in enumerate(zip(pairs, cv)):
        got, flags = op.golden(*dts, *elems)
        if "ambiguous-trunc" in flags:
            notes.add("exact integer results of integer-base Pow (kept out of our vectors by "
                      "SN-16) included")
        if got is None:
            bad.append("[%d] our golden is undefined (%s), theirs %r" % (i, sorted(flags), want))
            continue
        if c_dt.is_float:
            nan_got, nan_want = ff.is_nan(c_dt.fmt, got), ff.is_nan(c_dt.fmt, want)
            if nan_got or nan_want:
                if nan_got != nan_want:
                    bad.append("[%d] NaN mismatch" % i)
                continue
            d = ulp_distance(c_dt, got, want)
            worst = max(worst, d)
            if d > max_ulp:
                bad.append("[%d] ours %#x theirs %#x (%d ulp)" % (i, got, want, d))
        elif got != want:
            bad.append("[%d] ours %r theirs %r" % (i, got, want))
    desc = "%s(%s) %d elements" % (op.name, ", ".join(d.name for d in dts), len(cv))
    if bad:
        return "fail", "DISAGREE %s: %s" % (desc, "; ".join(bad[:5]))
    extra = (", " + "; ".join(sorted(notes))) if notes else ""
    return "ok", "agree %s, max %d ulp (tolerance %s)%s" % (desc, worst, tol, extra)


def main(argv):
    root = argv[1] if len(argv) > 1 else "/usr/share/libonnx-testdata/data/node"
    dirs = sorted(d for op in op_registry.names()
                  for d in glob.glob(os.path.join(root, "test_%s*" % op.lower())))
    counts = {"ok": 0, "fail": 0, "n/a": 0}
    for d in dirs:
        status, text = check_dir(d)
        counts[status] += 1
        print("%-40s %s" % (os.path.basename(d), text))
    print("node tests: %d agree, %d disagree, %d not applicable" % (
        counts["ok"], counts["fail"], counts["n/a"]))
    return 1 if counts["fail"] or not counts["ok"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
