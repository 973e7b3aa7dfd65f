#!/usr/bin/python3
"""Writes a tiny vector set with unary cases (run with /usr/bin/python3 at
test time; nothing is committed but this script): Abs float32 and Sqrt
float16 (values cases), and a Sub entry that declares one input, which the
loader refuses naming the manifest, the field and the reason while the
other cases run (docs/vector-format.md: a case has as many inputs as its
op's arity in ops/operators.json).

usage: make_unary_set.py OUTDIR

Goldens are written by hand from the IEEE 754 encodings, never computed by
the code under test: |-2.5| = 2.5, |-0| = +0, |3| = 3, |-inf| = +inf;
sqrt(4) = 2, sqrt(2) = 1.4142135... whose nearest float16 is 0x3da8
(1.4140625; the next one up, 0x3da9 = 1.4150390625, is farther), sqrt(0.25)
= 0.5, sqrt(-0) = -0 (IEEE754-2019 §6.3).
"""
import hashlib
import json
import os
import shutil
import struct
import sys

from onnx import TensorProto, helper

FLOAT, FLOAT16 = TensorProto.FLOAT, TensorProto.FLOAT16


def tensor(name, dtype, raw, n):
    t = TensorProto()
    t.name = name
    t.data_type = dtype
    t.dims.append(n)
    t.raw_data = raw
    return t.SerializeToString()


def f32(*bits):
    return struct.pack("<%dI" % len(bits), *bits)


def f16(*bits):
    return struct.pack("<%dH" % len(bits), *bits)


def model(op, opset, dtype, n):
    x = helper.make_tensor_value_info("X", dtype, [n])
    y = helper.make_tensor_value_info("Y", dtype, [n])
    g = helper.make_graph([helper.make_node(op, ["X"], ["Y"])], "g", [x], [y])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString()


def case(root, cid, op, opset, dtype, dname, x, y, n, inputs=None):
    files = {"model.onnx": model(op, opset, dtype, n),
             "test_data_set_0/input_0.pb": tensor("X", dtype, x, n),
             "test_data_set_0/output_0.pb": tensor("Y", dtype, y, n)}
    for rel, data in files.items():
        p = os.path.join(root, cid, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as fh:
            fh.write(data)
    return {"id": cid, "path": cid, "op": op, "domain": "", "opset": opset,
            "inputs": inputs or [{"name": "X", "dtype": dname, "shape": [n]}],
            "outputs": [{"name": "Y", "dtype": dname, "shape": [n]}],
            "tags": ["arity-fixture"], "requirements": [], "tolerance": {"kind": "exact"},
            "expectation": "values", "profiles": ["onnx", "sonnx"], "description": "",
            "files": {k: hashlib.sha256(v).hexdigest() for k, v in sorted(files.items())}}


def main():
    root = sys.argv[1]
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    cases = [
        case(root, "abs/float32/fixture", "Abs", 13, FLOAT, "float32",
             f32(0xc0200000, 0x80000000, 0x40400000, 0xff800000),
             f32(0x40200000, 0x00000000, 0x40400000, 0x7f800000), 4),
        case(root, "sqrt/float16/fixture", "Sqrt", 13, FLOAT16, "float16",
             f16(0x4400, 0x4000, 0x3400, 0x8000), f16(0x4000, 0x3da8, 0x3800, 0x8000), 4),
        # Sub takes two inputs: this entry declares one.
        case(root, "sub/float32/wrong_arity", "Sub", 14, FLOAT, "float32",
             f32(0x3f800000), f32(0x3f800000), 1,
             inputs=[{"name": "A", "dtype": "float32", "shape": [1]}]),
    ]
    with open(os.path.join(root, "manifest.json"), "w") as fh:
        json.dump({"format": "sonnx-cts-vectors", "format_version": "1.0",
                   "generator": {"name": "tests/arity/make_unary_set.py", "version": "1"},
                   "cases": cases}, fh, indent=1)


if __name__ == "__main__":
    main()
