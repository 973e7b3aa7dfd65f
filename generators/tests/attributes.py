#!/usr/bin/python3
"""A case's attributes (docs/vector-format.md, "attributes"): the writer puts
the ones the op declares on the ONNX node, typed as declared, and in the
manifest entry; an attribute the op does not declare, a value of another
type or a missing required one is refused naming the op (RegistryError);
a case without attributes writes no "attributes" member (today's vectors
stay as they are).  No registered op declares an attribute yet, so the
test gives Div declarations in memory (the registry file is not touched).

usage: attributes.py   (run from the repository root)
"""
import dataclasses
import os
import sys

import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))  # the repository

from generators import op_div, op_registry, writer  # noqa: E402
from generators.dtypes import FLOAT32  # noqa: E402
from generators.cases import make_case  # noqa: E402

DECLS = [{"name": "fmod", "type": "int", "required": True},
         {"name": "alpha", "type": "float", "required": False},
         {"name": "direction", "type": "string", "required": False},
         {"name": "axes", "type": "ints", "required": False},
         {"name": "scales", "type": "floats", "required": False}]


def fail(msg):
    sys.exit("FAIL: " + msg)


def refused(what, call, needle):
    try:
        call()
    except op_registry.RegistryError as e:
        if "'Div'" not in str(e) or needle not in str(e):
            fail("%s: the refusal does not name the op and %s: %s" % (what, needle, e))
        return
    fail("%s was accepted" % what)


def a_div_case(**kw):
    """One float32 Div case, 1 / 2, made as every generator makes one."""
    return make_case(op_div.OP, FLOAT32, FLOAT32, "attributes_test", (1,), [0x3f800000],
                     (1,), [0x40000000], description="attributes test", **kw)


def main():
    base = a_div_case()
    # Today: no attributes, no member; Div declares none, so one is refused.
    files = writer.case_files(base)
    if "attributes" in writer.manifest_entry(base, files):
        fail("a case without attributes wrote an 'attributes' member")
    if list(onnx.load_from_string(files["model.onnx"]).graph.node[0].attribute):
        fail("a case without attributes wrote node attributes")
    refused("an undeclared attribute on Div",
            lambda: dataclasses.replace(base, attributes={"axis": 1}), "'axis'")

    # Declarations given in memory: every type reaches node and manifest.
    op_registry.entry("Div")["attributes"] = DECLS
    attrs = {"scales": [0.5, -2.0], "axes": [-(2**63), 0, 2**63 - 1], "direction": "LEFT",
             "alpha": 1.5, "fmod": 1}
    c = a_div_case(attributes=attrs)
    files = writer.case_files(c)
    entry = writer.manifest_entry(c, files)
    if entry.get("attributes") != attrs:
        fail("manifest attributes %r, wanted %r" % (entry.get("attributes"), attrs))
    node = onnx.load_from_string(files["model.onnx"]).graph.node[0]
    A = onnx.AttributeProto
    got = [(a.name, a.type) for a in node.attribute]
    want = [("fmod", A.INT), ("alpha", A.FLOAT), ("direction", A.STRING), ("axes", A.INTS),
            ("scales", A.FLOATS)]
    if got != want:
        fail("node attributes %r, wanted %r (declaration order, declared types)" % (got, want))
    values = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
    if values != {"fmod": 1, "alpha": 1.5, "direction": b"LEFT",
                  "axes": [-(2**63), 0, 2**63 - 1], "scales": [0.5, -2.0]}:
        fail("node attribute values %r" % values)
    # An empty list keeps its declared type.
    node = onnx.load_from_string(writer.case_files(
        dataclasses.replace(base, attributes={"fmod": 0, "axes": []}))["model.onnx"]).graph.node[0]
    if [(a.name, a.type, list(a.ints)) for a in node.attribute] != [
            ("fmod", A.INT, []), ("axes", A.INTS, [])]:
        fail("an empty ints list lost its type: %r" % node.attribute)

    refused("an undeclared attribute", lambda: dataclasses.replace(
        base, attributes={"fmod": 1, "axis": 1}), "'axis'")
    refused("a missing required attribute", lambda: dataclasses.replace(
        base, attributes={"alpha": 1.0}), "'fmod'")
    refused("a string for an int", lambda: dataclasses.replace(
        base, attributes={"fmod": "1"}), "'fmod'")
    refused("a bool for an int", lambda: dataclasses.replace(
        base, attributes={"fmod": True}), "'fmod'")
    refused("an int beyond int64", lambda: dataclasses.replace(
        base, attributes={"fmod": 2**63}), "'fmod'")
    refused("a float that is not a float32", lambda: dataclasses.replace(
        base, attributes={"fmod": 1, "alpha": 0.1}), "'alpha'")
    refused("a float in ints", lambda: dataclasses.replace(
        base, attributes={"fmod": 1, "axes": [1, 2.5]}), "'axes'")
    print("attributes: declared ones on the node and in the manifest; the others refused")


if __name__ == "__main__":
    main()
