#!/usr/bin/python3
"""An operator without a construction is refused by name, never given
another operator's behaviour: the hard-rounding and double-rounding
constructions (generators/hardround.py, dround.py) are solved for Div and
Mul only (Sub is registered, but has no such construction), and the
selftest's independent reference (tests/reference.py) knows the registered
ops only.  The constructions are asked for "Sub" and the registry, the
writer and the reference for "Tanh" (an operator sonnx-cts does not
cover); each must raise a ValueError naming it; the operators they have
must still be answered.

usage: op_refusal.py   (run from the repository root)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))  # the repository

from generators import dround, hardround, op_registry, writer  # noqa: E402
from generators.dtypes import FLOAT16  # noqa: E402
from generators.specials import Rng  # noqa: E402
import reference  # noqa: E402


def refused(what, call, op="Sub"):
    try:
        call()
    except ValueError as e:
        if "'%s'" % op not in str(e):
            sys.exit("FAIL: %s: the refusal does not name the op: %s" % (what, e))
        return
    sys.exit("FAIL: %s answered for %r (another operator's construction?)" % (what, op))


def main():
    f16 = FLOAT16
    refused("hardround.hard_pairs", lambda: hardround.hard_pairs("Sub", f16, Rng("op-refusal")))
    refused("hardround.exact_ratio", lambda: hardround.exact_ratio("Sub", 11, 1024, 1025, 0))
    refused("dround.models", lambda: dround.models("Sub", f16))
    refused("dround.defect_bits", lambda: dround.defect_bits("Sub", f16, "recip-same",
                                                             0x3c00, 0x4000))
    refused("reference (float)", lambda: reference.reference("Tanh", "float32", "float32",
                                                             [(0x3f800000, 0x40000000)]),
            "Tanh")
    refused("reference (integer)", lambda: reference.reference("Tanh", "int32", "int32",
                                                               [(1, 2)]), "Tanh")
    refused("reference (unary)", lambda: reference.reference("Tanh", "float32", None,
                                                             [(0x3f800000,)]), "Tanh")
    # the operator registry (ops/operators.json) and the dispatch through it
    refused("op_registry.entry", lambda: op_registry.entry("Tanh"), "Tanh")
    refused("op_registry.golden_module", lambda: op_registry.golden_module("Tanh"), "Tanh")
    refused("writer.op_spec", lambda: writer.op_spec("Tanh"), "Tanh")
    # a registered op without the facet asked for: refused naming op and facet
    try:
        op_registry.facet("Div", "no_such_facet")
        sys.exit("FAIL: op_registry.facet answered for a facet Div's entry lacks")
    except op_registry.RegistryError as e:
        if "'Div'" not in str(e) or "'no_such_facet'" not in str(e):
            sys.exit("FAIL: the facet refusal does not name op and facet: %s" % e)
    if writer.op_spec("Pow").opset != 15 or op_registry.names() != [
            "Div", "Mul", "Pow", "Less", "Sub", "Add", "Abs", "Sqrt"]:
        sys.exit("FAIL: the registry lost Pow's opset or the op order")
    if writer.op_spec("Sqrt").opset != 13 or writer.op_spec("Sub").opset != 14:
        sys.exit("FAIL: the new ops' opsets are not the registry's")
    # the operators they have are still answered
    if hardround.exact_ratio("Div", 11, 1024, 1025, 0)[1] <= 0:
        sys.exit("FAIL: exact_ratio(Div) gave no ratio")
    if "sticky-lost" not in dround.models("Mul", f16):
        sys.exit("FAIL: dround.models(Mul) lost its models")
    if reference.reference("Less", "int32", "int32", [(1, 2)]) != [True]:
        sys.exit("FAIL: reference(Less) changed")
    print("ok: Sub refused by name by 4 constructions, Tanh by 6 lookups; Div, Mul, Pow, Less "
          "still answered")


if __name__ == "__main__":
    main()
