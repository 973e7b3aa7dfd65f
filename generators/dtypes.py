"""The element types of the vectors: manifest name, ONNX TensorProto code,
kind and width.  Mirrors numeric/include/sct/numeric/dtype.h (one table per language)."""

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class FloatFormat:
    """A binary IEEE 754 interchange format (or bfloat16, which follows the
    same encoding rules with 8 exponent and 7 fraction bits)."""
    precision: int      # significand bits including the hidden bit
    exp_bits: int

    @property
    def width(self) -> int:
        return self.precision + self.exp_bits

    @property
    def bias(self) -> int:
        return (1 << (self.exp_bits - 1)) - 1

    @property
    def emin(self) -> int:
        return 1 - self.bias

    @property
    def emax(self) -> int:
        return self.bias


@dataclass(frozen=True)
class DType:
    name: str            # manifest name
    code: int            # ONNX TensorProto.DataType
    kind: str            # "float", "int", "uint", "bool"
    bits: int            # value width (bool: 8, stored one byte)
    fmt: Optional[FloatFormat] = None

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def is_int(self) -> bool:
        return self.kind in ("int", "uint")

    @property
    def min(self) -> int:
        assert self.is_int
        return -(1 << (self.bits - 1)) if self.kind == "int" else 0

    @property
    def max(self) -> int:
        assert self.is_int
        return (1 << (self.bits - 1)) - 1 if self.kind == "int" else (1 << self.bits) - 1


FLOAT16 = DType("float16", 10, "float", 16, FloatFormat(11, 5))
BFLOAT16 = DType("bfloat16", 16, "float", 16, FloatFormat(8, 8))
FLOAT32 = DType("float32", 1, "float", 32, FloatFormat(24, 8))
FLOAT64 = DType("float64", 11, "float", 64, FloatFormat(53, 11))
INT4 = DType("int4", 22, "int", 4)
INT8 = DType("int8", 3, "int", 8)
INT16 = DType("int16", 5, "int", 16)
INT32 = DType("int32", 6, "int", 32)
INT64 = DType("int64", 7, "int", 64)
UINT4 = DType("uint4", 21, "uint", 4)
UINT8 = DType("uint8", 2, "uint", 8)
UINT16 = DType("uint16", 4, "uint", 16)
UINT32 = DType("uint32", 12, "uint", 32)
UINT64 = DType("uint64", 13, "uint", 64)
BOOL = DType("bool", 9, "bool", 8)

ALL = [FLOAT16, BFLOAT16, FLOAT32, FLOAT64, INT4, INT8, INT16, INT32, INT64,
       UINT4, UINT8, UINT16, UINT32, UINT64, BOOL]
BY_NAME = {d.name: d for d in ALL}
BY_CODE = {d.code: d for d in ALL}

FLOATS = [FLOAT16, BFLOAT16, FLOAT32, FLOAT64]
# int4/uint4 are SONNX-only types (sonnx-mul int section; spec-notes SN-9):
# no ONNX opset of these operators accepts them.
SONNX_ONLY = {"int4", "uint4"}
DIV_MUL_TYPES = FLOATS + [INT4, INT8, INT16, INT32, INT64,
                          UINT4, UINT8, UINT16, UINT32, UINT64]
# The 12 ONNX numeric types of Less-13 (sonnx-less "Types").
LESS_TYPES = FLOATS + [INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64]
# sonnx-pow "Types": base types and exponent types.
POW_BASE_TYPES = [BFLOAT16, FLOAT16, FLOAT32, FLOAT64, INT32, INT64]
POW_EXP_TYPES = [BFLOAT16, FLOAT16, FLOAT32, FLOAT64, INT8, INT16, INT32,
                 INT64, UINT8, UINT16, UINT32, UINT64]
