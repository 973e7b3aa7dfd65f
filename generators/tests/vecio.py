"""Reading the vectors back for the tests (independent of the writer: uses
onnx's parser and numpy views of raw_data)."""

import json
import os

import numpy as np
import onnx

NP = {"float16": "<u2", "bfloat16": "<u2", "float32": "<u4", "float64": "<u8",
      "int8": "<i1", "int16": "<i2", "int32": "<i4", "int64": "<i8",
      "uint8": "<u1", "uint16": "<u2", "uint32": "<u4", "uint64": "<u8", "bool": "<u1"}
CODES = {"float16": 10, "bfloat16": 16, "float32": 1, "float64": 11, "int4": 22, "int8": 3,
         "int16": 5, "int32": 6, "int64": 7, "uint4": 21, "uint8": 2, "uint16": 4,
         "uint32": 12, "uint64": 13, "bool": 9}


def load_manifest(vectors):
    with open(os.path.join(vectors, "manifest.json"), encoding="utf-8") as fh:
        return json.load(fh)


def read_tensor(path, dtype, shape):
    """Values as a list of Python ints (float bit patterns, bools 0/1)."""
    t = onnx.TensorProto()
    with open(path, "rb") as fh:
        t.ParseFromString(fh.read())
    assert t.data_type == CODES[dtype], (path, t.data_type, dtype)
    assert list(t.dims) == list(shape), (path, list(t.dims), shape)
    n = int(np.prod(shape, dtype=np.int64)) if shape else 1
    raw = t.raw_data
    if dtype in ("int4", "uint4"):
        assert len(raw) == (n + 1) // 2, path
        out = []
        for i in range(n):
            v = (raw[i // 2] >> (4 * (i % 2))) & 0xF
            if dtype == "int4" and v >= 8:
                v -= 16
            out.append(v)
        return out
    arr = np.frombuffer(raw, dtype=NP[dtype])
    assert arr.size == n, (path, arr.size, n)
    return [int(v) for v in arr]


def case_inputs(vectors, case):
    """[values of input_k.pb] for every declared input, and the output's
    values (None without output_0.pb)."""
    d = os.path.join(vectors, case["path"], "test_data_set_0")
    ins = [read_tensor(os.path.join(d, "input_%d.pb" % k), t["dtype"], t["shape"])
           for k, t in enumerate(case["inputs"])]
    c_decl = case["outputs"][0]
    out = os.path.join(d, "output_0.pb")
    c = read_tensor(out, c_decl["dtype"], c_decl["shape"]) if os.path.exists(out) else None
    return ins, c


def case_tensors(vectors, case):
    """A binary case's (a, b, output)."""
    (a, b), c = case_inputs(vectors, case)
    return a, b, c


def broadcast_pairs(a_shape, b_shape, a, b):
    out_shape = np.broadcast_shapes(tuple(a_shape), tuple(b_shape))
    ia = np.broadcast_to(np.arange(len(a)).reshape(a_shape), out_shape).ravel()
    ib = np.broadcast_to(np.arange(len(b)).reshape(b_shape), out_shape).ravel()
    return [(a[i], b[j]) for i, j in zip(ia, ib)]
