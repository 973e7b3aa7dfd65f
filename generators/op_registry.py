"""The operator registry, read from ops/operators.json (docs/architecture.md,
"The operator registry"): the same data the harness's C table is generated
from.  Every dispatch on an operator goes through here; an operator without
an entry, or an entry without the facet asked for, raises RegistryError
naming the op and what is missing — never another operator's behaviour.
"""

import importlib
import json
import os

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(REPO, "ops", "operators.json")


class RegistryError(ValueError):
    pass


def _load():
    with open(DATA, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("format") != "sonnx-cts-operators":
        raise RegistryError("%s: format: not a sonnx-cts operator registry" % DATA)
    return data["operators"]


_OPS = _load()
_BY_NAME = {op["name"]: op for op in _OPS}


def names():
    """The registered operators, in the registry's (= report) order."""
    return [op["name"] for op in _OPS]


def entry(name):
    op = _BY_NAME.get(name)
    if op is None:
        raise RegistryError("op %r has no entry in ops/operators.json (registered: %s)"
                            % (name, ", ".join(names())))
    return op


def facet(name, key):
    """One facet of an op's entry; RegistryError naming op and facet when absent."""
    op = entry(name)
    if key not in op:
        raise RegistryError("op %r: its entry in ops/operators.json has no %r" % (name, key))
    return op[key]


def golden_module(name):
    """The generator module of an op's goldens (entry reference.goldens)."""
    path = facet(name, "reference").get("goldens")
    if not path:
        raise RegistryError("op %r: its entry in ops/operators.json has no reference.goldens"
                            % name)
    mod = os.path.splitext(path)[0].replace("/", ".")
    return importlib.import_module(mod)


def entry_of_module(module_name):
    """The entry whose reference.goldens is this generator module
    ("generators.op_div"): how a golden module learns its op's name and opset."""
    for op in _OPS:
        path = op.get("reference", {}).get("goldens", "")
        if os.path.splitext(path)[0].replace("/", ".") == module_name:
            return op
    raise RegistryError("module %s is the goldens of no entry in ops/operators.json"
                        % module_name)


def vector_dir(name):
    """The op's folder under vectors/ (its name in lower case)."""
    return entry(name)["name"].lower()


def type_names(name):
    """Every input type the op has under any profile (entry "types")."""
    types = facet(name, "types")
    return sorted({t for names in types.values() for t in names})


def profiles_of(name, type_name):
    """The profiles ("onnx", "sonnx") whose type list holds type_name."""
    return [p for p in ("onnx", "sonnx") if type_name in facet(name, "types").get(p, [])]


# The coverage criteria families an entry's "coverage" may name
# (docs/architecture.md, "The operator registry"; docs/coverage.md states
# each): the tags and criteria generators/coverage*.py require of the op.
COVERAGE_FAMILIES = ("rounding", "boundary-classes", "division", "wrap", "comparison",
                     "power", "broadcast", "sum", "difference", "abs", "sqrt")


def coverage(name):
    """The coverage criteria families of an op (entry "coverage"); an entry
    without the list, or naming a family no generator knows, raises
    RegistryError naming the op and what is missing."""
    fams = facet(name, "coverage")
    if not isinstance(fams, list):
        raise RegistryError("op %r: its entry in ops/operators.json has a 'coverage' that is "
                            "not a list of criteria families" % name)
    for f in fams:
        if f not in COVERAGE_FAMILIES:
            raise RegistryError("op %r: coverage family %r in ops/operators.json is none of %s"
                                % (name, f, ", ".join(COVERAGE_FAMILIES)))
    return fams


# The attribute types an entry's "attributes" may declare (docs/architecture.md,
# "The operator registry"), with the Python values a case may give for each.
ATTRIBUTE_TYPES = ("int", "float", "string", "ints", "floats")


def attributes(name):
    """The attributes an op declares (entry "attributes"): a list of
    {"name", "type", "required"}; a malformed declaration raises
    RegistryError naming the op."""
    decls = entry(name).get("attributes", [])
    if not isinstance(decls, list):
        raise RegistryError("op %r: its entry in ops/operators.json has an 'attributes' that is "
                            "not a list" % name)
    for d in decls:
        if (not isinstance(d, dict) or set(d) != {"name", "type", "required"}
                or d["type"] not in ATTRIBUTE_TYPES or not isinstance(d["required"], bool)):
            raise RegistryError("op %r: attribute declaration %r in ops/operators.json is not "
                                "{name, type: %s, required: true|false}"
                                % (name, d, "|".join(ATTRIBUTE_TYPES)))
    return decls


def _attribute_value(name, decl, value):
    """A case's value of one declared attribute, checked as the C loader
    checks the manifest's (docs/vector-format.md, "attributes")."""
    where = "op %r: attribute %r" % (name, decl["name"])
    t = decl["type"]

    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool) and -2**63 <= v < 2**63

    def is_f32(v):
        # ONNX stores attribute floats as float32: a value that is not one
        # would be rounded differently by the node and by the manifest.
        return (isinstance(v, (int, float)) and not isinstance(v, bool)
                and np.isfinite(v) and float(np.float32(v)) == float(v))
    ok = {"int": is_int,
          "float": is_f32,
          "string": lambda v: isinstance(v, str),
          "ints": lambda v: isinstance(v, (list, tuple)) and all(is_int(x) for x in v),
          "floats": lambda v: isinstance(v, (list, tuple)) and all(is_f32(x) for x in v)}[t]
    if not ok(value):
        raise RegistryError("%s: %r is not %s value (ops/operators.json declares it %s; "
                            "floats must be float32 values, ints int64)"
                            % (where, value, "an " + t if t[0] in "aeiou" else "a " + t, t))
    if t in ("ints", "floats"):
        return [float(x) for x in value] if t == "floats" else [int(x) for x in value]
    return float(value) if t == "float" else value


def case_attributes(name, attrs):
    """A case's attributes (a dict name -> value) checked against the op's
    declarations: [(name, type, value)] in the declarations' order (the
    order the harness hands them over).  An attribute the op does not
    declare, a value of another type or a required one missing raises
    RegistryError naming the op."""
    attrs = attrs or {}
    if not attrs and name not in _BY_NAME:
        return []
    decls = attributes(name)
    known = {d["name"] for d in decls}
    for k in attrs:
        if k not in known:
            raise RegistryError("op %r declares no attribute %r (ops/operators.json)" % (name, k))
    out = []
    for d in decls:
        if d["name"] in attrs:
            out.append((d["name"], d["type"], _attribute_value(name, d, attrs[d["name"]])))
        elif d["required"]:
            raise RegistryError("op %r: attribute %r is required (ops/operators.json) and the "
                                "case does not give it" % (name, d["name"]))
    return out
