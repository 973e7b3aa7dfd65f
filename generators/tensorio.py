"""Writing ONNX protobuf messages: TensorProto (little-endian raw_data) and
the single-node ModelProto of a case.

Messages are filled field by field instead of through onnx.helper, so the
bytes do not depend on the onnx package version (onnx 1.12 has no INT4/UINT4
helpers; data_type / elem_type are plain int32 fields, codes 22 and 21).
"""

import struct
from typing import Sequence

import onnx

from . import VERSION
from .dtypes import DType

IR_VERSION = 8          # loadable by ONNX Runtime 1.30 (brief: ir_version 8)
PRODUCER = "sonnx-cts generators"

_STRUCT = {  # little-endian element codes for struct.pack
    ("float", 16): "H", ("float", 32): "I", ("float", 64): "Q",
    ("int", 8): "b", ("int", 16): "h", ("int", 32): "i", ("int", 64): "q",
    ("uint", 8): "B", ("uint", 16): "H", ("uint", 32): "I", ("uint", 64): "Q",
    ("bool", 8): "B",
}


def pack(dt: DType, values: Sequence[int]) -> bytes:
    """Raw little-endian bytes.  Float values are given as bit patterns,
    bool as 0/1, 4-bit types packed two per byte, element 2k in the low
    nibble, odd counts padded with a zero high nibble (ONNX packing)."""
    if dt.bits == 4:
        out = bytearray((len(values) + 1) // 2)
        for i, v in enumerate(values):
            assert dt.min <= v <= dt.max, (dt.name, v)
            out[i // 2] |= (v & 0xF) << (4 * (i % 2))
        return bytes(out)
    code = _STRUCT[(dt.kind, dt.bits)]
    if dt.kind == "bool":
        values = [1 if v else 0 for v in values]
    return struct.pack("<%d%s" % (len(values), code), *values)


def unpack(dt: DType, raw: bytes, count: int):
    if dt.bits == 4:
        vals = []
        for i in range(count):
            nib = (raw[i // 2] >> (4 * (i % 2))) & 0xF
            if dt.kind == "int" and nib >= 8:
                nib -= 16
            vals.append(nib)
        return vals
    code = _STRUCT[(dt.kind, dt.bits)]
    vals = list(struct.unpack("<%d%s" % (count, code), raw))
    return [bool(v) for v in vals] if dt.kind == "bool" else vals


def make_tensor(name: str, dt: DType, dims: Sequence[int], values: Sequence[int]) -> bytes:
    t = onnx.TensorProto()
    t.name = name
    t.dims.extend(dims)
    t.data_type = dt.code
    t.raw_data = pack(dt, values)
    return t.SerializeToString()


def _value_info(vi, name: str, dt: DType, dims: Sequence[int]) -> None:
    vi.name = name
    tt = vi.type.tensor_type
    tt.elem_type = dt.code
    shape = tt.shape
    shape.SetInParent()           # rank 0 still needs an (empty) shape
    for d in dims:
        shape.dim.add().dim_value = d


# The registry's attribute types -> ONNX AttributeProto's type and field.
_ATTR_FIELDS = {"int": (onnx.AttributeProto.INT, "i"),
                "float": (onnx.AttributeProto.FLOAT, "f"),
                "string": (onnx.AttributeProto.STRING, "s"),
                "ints": (onnx.AttributeProto.INTS, "ints"),
                "floats": (onnx.AttributeProto.FLOATS, "floats")}


def make_model(op: str, opset: int, inputs, output, attributes=()) -> bytes:
    """inputs: [(name, DType, dims)] of the node's inputs in order (1-3);
    output: (name, DType, dims) of its one output; attributes: the node's
    [(name, registry type, value)] (op_registry.case_attributes), typed as
    declared (an empty list keeps its type)."""
    m = onnx.ModelProto()
    m.ir_version = IR_VERSION
    m.producer_name = PRODUCER
    m.producer_version = VERSION
    osi = m.opset_import.add()
    osi.domain = ""
    osi.version = opset
    g = m.graph
    g.name = "sonnx_cts_" + op.lower()
    node = g.node.add()
    node.op_type = op
    node.name = op.lower() + "_0"
    node.input.extend([name for name, _, _ in inputs])
    node.output.append(output[0])
    for name, typ, value in attributes:
        kind, member = _ATTR_FIELDS[typ]
        a = node.attribute.add()
        a.name = name
        a.type = kind
        if typ in ("ints", "floats"):
            getattr(a, member).extend(value)
        else:
            setattr(a, member, value.encode("utf-8") if typ == "string" else value)
    for name, dt, dims in inputs:
        _value_info(g.input.add(), name, dt, dims)
    _value_info(g.output.add(), *output)
    return m.SerializeToString()
