#!/usr/bin/python3
"""The coverage criteria come from the registry, and an op without them is
refused by name: generators/coverage.py, coverage_criteria.py and
coverage_elementwise.py read an op's criteria families from its entry's
"coverage" (ops/operators.json).  Checked here on a registry patched in
memory:

- an op added to the registry without "coverage" (Tanh, a copy of Sqrt's
  entry, so that it has a goldens module: Sqrt's, whose criteria it must
  not be given) is refused by every place that asks for its criteria, with
  an op_registry.RegistryError naming the op and the facet 'coverage';
- a family no generator knows, two element-wise kinds, and a family of
  element pairs on a one-input op are refused naming the op and the family;
- the registered ops' criteria follow their families: Div's integer
  criteria are there, and leave with the family "division".

usage: coverage_refusal.py   (run from the repository root)
"""
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))  # the repository

from generators import coverage, coverage_criteria, coverage_elementwise  # noqa: E402
from generators import op_registry  # noqa: E402
from generators.dtypes import FLOAT32, INT32  # noqa: E402

FAILS = []


class Patched:
    """op_registry with `entry` added (or replacing the op of its name)."""

    def __init__(self, entry):
        self.entry = entry

    def __enter__(self):
        self.ops, self.by_name = op_registry._OPS, op_registry._BY_NAME
        name = self.entry["name"]
        op_registry._OPS = [o for o in self.ops if o["name"] != name] + [self.entry]
        op_registry._BY_NAME = dict(self.by_name, **{name: self.entry})

    def __exit__(self, *exc):
        op_registry._OPS, op_registry._BY_NAME = self.ops, self.by_name


def refused(what, call, op, words):
    try:
        got = call()
    except op_registry.RegistryError as e:
        missing = [w for w in ["'%s'" % op] + words if w not in str(e)]
        if missing:
            FAILS.append("%s: the refusal does not name %s: %s" % (what, ", ".join(missing), e))
        return
    except Exception as e:                       # noqa: BLE001 (any other failure is one)
        FAILS.append("%s: not refused with a RegistryError but %s: %s"
                     % (what, type(e).__name__, e))
        return
    FAILS.append("%s answered for %r without its coverage families: %r" % (what, op, got))


def main():
    tanh = copy.deepcopy(op_registry.entry("Sqrt"))
    tanh["name"] = "Tanh"
    del tanh["coverage"]
    case = {"op": "Tanh", "inputs": [{"name": "X", "dtype": "float32", "shape": [1]}],
            "tags": [], "requirements": [], "expectation": "values", "profiles": ["sonnx"],
            "path": "tanh/none"}
    facet = ["'coverage'"]
    with Patched(tanh):
        refused("op_registry.coverage", lambda: op_registry.coverage("Tanh"), "Tanh", facet)
        refused("coverage.required_tags", lambda: coverage.required_tags("Tanh", "float32"),
                "Tanh", facet)
        refused("coverage.elementwise_tags", lambda: coverage.elementwise_tags("Tanh", FLOAT32),
                "Tanh", facet)
        refused("coverage_elementwise.kind", lambda: coverage_elementwise.kind("Tanh"),
                "Tanh", facet)
        refused("coverage_elementwise.ops", coverage_elementwise.ops, "Tanh", facet)
        refused("coverage_criteria.required", lambda: coverage_criteria.required("Tanh", FLOAT32),
                "Tanh", facet)
        refused("coverage_criteria.typed_ops", coverage_criteria.typed_ops, "Tanh", facet)
        refused("coverage_criteria.measure",
                lambda: coverage_criteria.measure({"cases": [case]}, "/nonexistent"),
                "Tanh", facet)

    odd = copy.deepcopy(op_registry.entry("Div"))
    odd["coverage"] = ["rounding", "no-such-family"]
    with Patched(odd):
        refused("an unknown family", lambda: coverage.required_tags("Div", "float32"), "Div",
                ["'no-such-family'"])
    two = copy.deepcopy(op_registry.entry("Sub"))
    two["coverage"] = ["sum", "difference"]
    with Patched(two):
        refused("two element-wise kinds", lambda: coverage_elementwise.kind("Sub"), "Sub",
                ["sum", "difference"])

    unary = copy.deepcopy(op_registry.entry("Abs"))
    unary["coverage"] = ["comparison"]
    abs_case = dict(case, op="Abs", path="abs/none")
    with Patched(unary):
        refused("a pair family on a one-input op",
                lambda: coverage_criteria.measure({"cases": [abs_case]}, "/nonexistent"),
                "Abs", ["'comparison'"])

    # the registered ops: their criteria follow their families
    if "div-by-zero" not in coverage.required_tags("Div", "int32") or \
            "div lone b=0" not in coverage_criteria.required("Div", INT32):
        FAILS.append("Div lost its integer-division criteria")
    if coverage_elementwise.kind("Sqrt") != "sqrt" or coverage_elementwise.kind("Div"):
        FAILS.append("the element-wise kinds are not the registry's")
    nodiv = copy.deepcopy(op_registry.entry("Div"))
    nodiv["coverage"].remove("division")
    with Patched(nodiv):
        if "div-by-zero" in coverage.required_tags("Div", "int32") or \
                "div lone b=0" in coverage_criteria.required("Div", INT32):
            FAILS.append("Div without the family 'division' still has its criteria "
                         "(not read from the registry)")
    for f in FAILS:
        print("FAIL: " + f)
    if FAILS:
        return 1
    print("ok: an op without 'coverage' refused by 8 lookups naming op and facet; an unknown "
          "family, two element-wise kinds and a pair family on a one-input op refused; Div's "
          "criteria follow its families")
    return 0


if __name__ == "__main__":
    sys.exit(main())
