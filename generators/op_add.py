"""Add (opset 14; drafts-2026-08/add.md, docs/spec-notes.md SN-27): float
IEEE754-2019 §5.4.1 addition correctly rounded (RNE), signed zeros per
§6.3; integers modulo 2^n (E_ADD_INT_FUNC_0010).  Families:
addsub_cases.py."""

from . import op_registry
from .addsub_cases import AddSub
from .addsub_spec import in_profiles, make_spec

_ENTRY = op_registry.entry_of_module(__name__)  # name, opset: ops/operators.json
OP, TYPES = make_spec(_ENTRY, subtract=False)


def build():
    return [c for c in AddSub(OP, False, TYPES).build() if in_profiles(c)]
