#!/usr/bin/python3
"""Writes the committed fuzz seeds in harness/io/tests/fuzz/seeds/ (run with /usr/bin/python3).

One small valid TensorProto per dtype in raw_data and in its typed field, a
one-node model per op, and a small valid manifest.  Seeds only need to be
plausible starting points; the fuzzers mutate them.
"""
import json
import os
import struct

from onnx import TensorProto, helper

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")

# (name, ONNX code, raw bytes of 3 elements, typed field, typed values)
DTYPES = [
    ("float32", 1, struct.pack("<3f", 1.5, -0.0, float("inf")), "float_data", [1.5, -0.0, float("inf")]),
    ("float64", 11, struct.pack("<3d", 1.5, -2.0, 3.0), "double_data", [1.5, -2.0, 3.0]),
    ("float16", 10, struct.pack("<3H", 0x3C00, 0x8000, 0x7E00), "int32_data", [0x3C00, 0x8000, 0x7E00]),
    ("bfloat16", 16, struct.pack("<3H", 0x3F80, 0x8000, 0x7FC0), "int32_data", [0x3F80, 0x8000, 0x7FC0]),
    ("int8", 3, struct.pack("<3b", -128, 0, 127), "int32_data", [-128, 0, 127]),
    ("uint8", 2, struct.pack("<3B", 0, 1, 255), "int32_data", [0, 1, 255]),
    ("int16", 5, struct.pack("<3h", -32768, 0, 32767), "int32_data", [-32768, 0, 32767]),
    ("uint16", 4, struct.pack("<3H", 0, 1, 65535), "int32_data", [0, 1, 65535]),
    ("int32", 6, struct.pack("<3i", -2**31, 0, 2**31 - 1), "int32_data", [-2**31, 0, 2**31 - 1]),
    ("uint32", 12, struct.pack("<3I", 0, 1, 2**32 - 1), "uint64_data", [0, 1, 2**32 - 1]),
    ("int64", 7, struct.pack("<3q", -2**63, 0, 2**63 - 1), "int64_data", [-2**63, 0, 2**63 - 1]),
    ("uint64", 13, struct.pack("<3Q", 0, 1, 2**64 - 1), "uint64_data", [0, 1, 2**64 - 1]),
    ("bool", 9, bytes([0, 1, 1]), "int32_data", [0, 1, 1]),
    # 4-bit: 3 elements packed low nibble first, zero padding nibble.
    ("int4", 22, bytes([0x8F, 0x07]), "int32_data", [0x8F, 0x07]),
    ("uint4", 21, bytes([0x10, 0x0F]), "int32_data", [0x10, 0x0F]),
]


def tensor(code, raw=None, field=None, values=None, dims=(3,)):
    t = TensorProto()
    t.name = "A"
    t.data_type = code
    t.dims.extend(dims)
    if raw is not None:
        t.raw_data = raw
    else:
        getattr(t, field).extend(values)
    return t.SerializeToString()


def model(op, a_type, b_type, y_type, opset):
    node = helper.make_node(op, ["A", "B"], ["C"])
    graph = helper.make_graph(
        [node], op.lower(),
        [helper.make_tensor_value_info("A", a_type, [3]), helper.make_tensor_value_info("B", b_type, [3])],
        [helper.make_tensor_value_info("C", y_type, [3])])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    return m.SerializeToString()


def main():
    os.makedirs(HERE, exist_ok=True)
    for name, code, raw, field, values in DTYPES:
        with open(os.path.join(HERE, f"tensor_{name}_raw.pb"), "wb") as f:
            f.write(tensor(code, raw=raw))
        with open(os.path.join(HERE, f"tensor_{name}_typed.pb"), "wb") as f:
            f.write(tensor(code, field=field, values=values,
                           dims=(3,)))
    for op, opset, yt in (("Div", 14, 1), ("Mul", 14, 1), ("Pow", 15, 1), ("Less", 13, 9)):
        with open(os.path.join(HERE, f"model_{op.lower()}.onnx"), "wb") as f:
            f.write(model(op, 1, 1, yt, opset))
    sha = "0" * 64
    manifest = {
        "format": "sonnx-cts-vectors", "format_version": "1.0",
        "generator": {"name": "make_seeds.py", "version": "1"},
        "requirements_catalogue": "requirements.json",
        "cases": [
            {"id": "div/float32/seed", "path": "div/float32/seed", "op": "Div", "domain": "", "opset": 14,
             "inputs": [{"name": "A", "dtype": "float32", "shape": [2, 3]},
                        {"name": "B", "dtype": "float32", "shape": [3]}],
             "outputs": [{"name": "C", "dtype": "float32", "shape": [2, 3]}],
             "tags": ["seed"], "requirements": ["sonnx-div:float:R1"],
             "tolerance": {"kind": "exact"}, "expectation": "values", "profiles": ["onnx"],
             "description": "seed",
             "files": {"model.onnx": sha, "test_data_set_0/input_0.pb": sha,
                       "test_data_set_0/input_1.pb": sha, "test_data_set_0/output_0.pb": sha}},
            {"id": "pow/int4/seed", "path": "pow/int4/seed", "op": "Pow", "domain": "", "opset": 15,
             "inputs": [{"name": "A", "dtype": "int4", "shape": [5]},
                        {"name": "B", "dtype": "uint8", "shape": [1]}],
             "outputs": [{"name": "C", "dtype": "int4", "shape": [5]}],
             "tolerance": {"kind": "ulp", "max": 0}, "expectation": "no-crash",
             "profiles": ["onnx", "sonnx"],
             "files": {"model.onnx": sha, "test_data_set_0/input_0.pb": sha,
                       "test_data_set_0/input_1.pb": sha}},
            {"id": "less/mixed/seed", "path": "less/mixed/seed", "op": "Less", "domain": "", "opset": 13,
             "inputs": [{"name": "A", "dtype": "float16", "shape": [4]},
                        {"name": "B", "dtype": "bfloat16", "shape": [4]}],
             "outputs": [{"name": "C", "dtype": "bool", "shape": [4]}],
             "tolerance": {"kind": "exact"}, "expectation": "reject", "profiles": ["sonnx"],
             "files": {"model.onnx": sha, "test_data_set_0/input_0.pb": sha,
                       "test_data_set_0/input_1.pb": sha}},
        ]}
    with open(os.path.join(HERE, "manifest_small.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
