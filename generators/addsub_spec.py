"""The OpSpec of an additive op (Add, Sub; drafts-2026-08/add.md, sub.md,
docs/spec-notes.md SN-27): goldens, requirement ids with the drafts' E_
labels, profiles per type from the registry.  op_add.py and op_sub.py
instantiate it from their registry entries."""

from . import arith, dtypes, op_registry
from .cases import OpSpec
from .ieee_reqs import float_tag_requirements


def make_spec(entry, subtract):
    name, prefix = entry["name"], entry["requirements"]
    label = name.upper()              # the drafts' E_<OP>_ label stem

    def rid(section, what):
        return "%s:E_%s_%s_%s" % (prefix, label, section, what)

    def golden(a_dt, b_dt, a, b):
        assert a_dt is b_dt
        if a_dt.is_float:
            return arith.add_float(a_dt, a, b, negate_b=subtract)
        return (arith.sub_int if subtract else arith.add_int)(a_dt, a, b)

    def requirements(a_dt, b_dt, family):
        sec = "FLOAT" if a_dt.is_float else "INT"
        shape = [rid("REAL", "CONSTR_%s_0010" % t) for t in "ABC"]
        shape += [rid(sec, "CONSTR_%s_0010" % t) for t in "ABC"]
        types = [rid(sec, "CONSTR_%s_0020" % t) for t in "ABC"]
        if family == "reject-shape":
            return shape + ["spec-notes:SN-20"]
        if family == "reject-type":
            return types
        reqs = types + (["spec-notes:SN-20"] if family == "broadcast" else shape)
        reqs += [rid("REAL", "FUNC_0010"), rid(sec, "FUNC_0010"), "spec-notes:SN-27"]
        if a_dt.is_float:
            reqs += ["ieee754:add", "ieee754:rne", "spec-notes:SN-22"]
        return reqs

    def tag_requirements(a_dt, b_dt, tags):
        if not a_dt.is_float:
            return set()
        reqs = float_tag_requirements(tags) - {"ieee754:signed-zero"}
        if "zero" in tags:
            reqs.add("ieee754:signed-zero-sum")
        if tags & {"nan", "inf"}:
            reqs.add("ieee754:invalid")          # inf - inf (§7.2)
        return reqs

    spec = OpSpec(name, entry["opset"], golden, lambda a, b: a, lambda a, b: {"kind": "exact"},
                  requirements, tag_requirements=tag_requirements,
                  profiles=lambda a, b: op_registry.profiles_of(name, a.name))
    types = [dtypes.BY_NAME[t] for t in op_registry.type_names(name)]
    return spec, [d for d in dtypes.ALL if d in types]


def in_profiles(c):
    """A case belongs to the set when each of its profiles lists its type
    (e.g. no SONNX reject case for a type only the onnx profile has)."""
    allowed = op_registry.profiles_of(c.op, c.a_dt.name)
    return all(p in allowed for p in c.profiles)
