#!/usr/bin/python3
"""Runs the official ONNX node tests of Div, Mul, Pow, Less, Add, Sub, Abs
and Sqrt (Debian
libonnx-testdata) through the built-in plugin module, loaded with ctypes,
under the "onnx" profile, and compares every output bit for bit (floats:
exactly, or within the ONNX backend-test tolerance for Pow).

The expected outputs are ONNX's own files: nothing here comes from the code
under test.  Usage: check_node_tests.py PLUGIN_SO NODE_DIR
Exit 0 when every case passes, 1 otherwise (each failure is printed).
"""
import ctypes
import glob
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper

MAX_RANK = 8
OPS = ("Div", "Mul", "Pow", "Less", "Add", "Sub", "Abs", "Sqrt")


class Tensor(ctypes.Structure):
    _fields_ = [("elem_type", ctypes.c_int32), ("rank", ctypes.c_int32),
                ("dims", ctypes.c_int64 * MAX_RANK), ("data", ctypes.c_void_p),
                ("nbytes", ctypes.c_uint64)]


class Op(ctypes.Structure):
    _fields_ = [("op_type", ctypes.c_char_p), ("domain", ctypes.c_char_p),
                ("opset", ctypes.c_int32), ("profile", ctypes.c_char_p)]


RUN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(Op), ctypes.POINTER(Tensor),
                       ctypes.c_size_t, ctypes.POINTER(Tensor), ctypes.c_size_t,
                       ctypes.c_char_p, ctypes.c_size_t)


class Entry(ctypes.Structure):
    _fields_ = [("abi_major", ctypes.c_uint32), ("abi_minor", ctypes.c_uint32),
                ("struct_size", ctypes.c_uint32), ("reserved0", ctypes.c_uint32),
                ("vendor", ctypes.c_char_p), ("runtime_name", ctypes.c_char_p),
                ("runtime_version", ctypes.c_char_p), ("init", ctypes.c_void_p),
                ("shutdown", ctypes.c_void_p), ("query", ctypes.c_void_p),
                ("run", RUN)]


def to_tensor(arr, elem_type, keep):
    arr = np.ascontiguousarray(arr)
    keep.append(arr)
    t = Tensor()
    t.elem_type = elem_type
    t.rank = arr.ndim
    for i, d in enumerate(arr.shape):
        t.dims[i] = d
    t.data = arr.ctypes.data if arr.size else None
    t.nbytes = arr.nbytes
    return t


def main():
    plugin, node_dir = sys.argv[1], sys.argv[2]
    lib = ctypes.CDLL(plugin)
    entry = Entry.in_dll(lib, "sonnx_plugin_entry_v1")
    failures, cases = 0, 0
    for case in sorted(glob.glob(os.path.join(node_dir, "test_*"))):
        model = onnx.load(os.path.join(case, "model.onnx"))
        if len(model.graph.node) != 1 or model.graph.node[0].op_type not in OPS:
            continue  # e.g. *_expanded graphs and other operators
        node = model.graph.node[0]
        opset = max(o.version for o in model.opset_import if o.domain in ("", "ai.onnx"))
        for data_set in sorted(glob.glob(os.path.join(case, "test_data_set_*"))):
            cases += 1
            keep = []
            ins = []
            for k, vi in enumerate(model.graph.input):
                tp = onnx.TensorProto()
                with open(os.path.join(data_set, "input_%d.pb" % k), "rb") as f:
                    tp.ParseFromString(f.read())
                ins.append(to_tensor(numpy_helper.to_array(tp),
                                     vi.type.tensor_type.elem_type, keep))
            tp = onnx.TensorProto()
            with open(os.path.join(data_set, "output_0.pb"), "rb") as f:
                tp.ParseFromString(f.read())
            want = numpy_helper.to_array(tp)
            out_type = model.graph.output[0].type.tensor_type.elem_type
            got = np.zeros_like(want)
            outs = (Tensor * 1)(to_tensor(got, out_type, keep))
            in_arr = (Tensor * len(ins))(*ins)
            op = Op(node.op_type.encode(), b"", opset, b"onnx")
            msg = ctypes.create_string_buffer(512)
            st = entry.run(ctypes.byref(op), in_arr, len(ins), outs, 1, msg, 512)
            name = os.path.basename(case)
            if st != 0:
                print("FAIL %s: status %d: %s" % (name, st, msg.value.decode()))
                failures += 1
                continue
            if want.dtype.kind == "f" and node.op_type == "Pow":
                # ONNX's backend tests compare with rtol 1e-3 / atol 1e-7.
                ok = np.allclose(got, want, rtol=1e-3, atol=1e-7, equal_nan=True)
            elif want.dtype.kind == "f":
                ok = np.array_equal(got, want, equal_nan=True)
            else:
                ok = np.array_equal(got, want)
            if not ok:
                print("FAIL %s: got %r expected %r" % (name, got.ravel()[:8], want.ravel()[:8]))
                failures += 1
            else:
                exact = np.array_equal(got, want, equal_nan=want.dtype.kind == "f")
                print("ok   %s%s" % (name, "" if exact else " (within tolerance, not bitwise)"))
    print("%d node test data sets, %d failed" % (cases, failures))
    return 1 if failures or cases == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
