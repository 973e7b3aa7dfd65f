#!/usr/bin/python3
"""ops/gen_op_table.py DATA OUT_C OUT_H — the C table of the operator registry.

ops/operators.json is the one record of what sonnx-cts knows about an
operator (docs/architecture.md, "The operator registry").  The harness reads
it as C data: this script writes that table at build time (CMake
add_custom_command in harness/ops), so no checked-in copy can drift from the
data file.  A fact the C side needs but the entry lacks is written as
NULL/0 and refused where it is used, naming the op and the facet.
"""
import json
import sys

# Type names of the data file -> the ABI's enumerators (include/sonnx_cts/plugin.h).
DT = {"float32": "SONNX_DT_FLOAT", "uint8": "SONNX_DT_UINT8", "int8": "SONNX_DT_INT8",
      "uint16": "SONNX_DT_UINT16", "int16": "SONNX_DT_INT16", "int32": "SONNX_DT_INT32",
      "int64": "SONNX_DT_INT64", "bool": "SONNX_DT_BOOL", "float16": "SONNX_DT_FLOAT16",
      "float64": "SONNX_DT_DOUBLE", "uint32": "SONNX_DT_UINT32", "uint64": "SONNX_DT_UINT64",
      "bfloat16": "SONNX_DT_BFLOAT16", "uint4": "SONNX_DT_UINT4", "int4": "SONNX_DT_INT4"}


def fail(where, why):
    sys.exit("%s: %s: %s" % (sys.argv[1], where, why))


def cstr(s):
    if s is None:
        return "NULL"
    return json.dumps(s)  # JSON string escapes are valid C for this ASCII text


# Attribute types of the data file -> the ABI's kinds (include/sonnx_cts/plugin.h,
# sonnx_attribute_kind; docs/architecture.md, "The operator registry").
ATTR_KIND = {"float": "SONNX_ATTR_FLOAT", "int": "SONNX_ATTR_INT", "string": "SONNX_ATTR_STRING",
             "floats": "SONNX_ATTR_FLOATS", "ints": "SONNX_ATTR_INTS"}


def attributes(where, name, decls):
    """The op's attribute declarations as C initialisers; a malformed one
    stops the build naming the op and the declaration."""
    if not isinstance(decls, list):
        fail(where, "op %s: must be a list of {name, type, required}" % name)
    out, seen = [], set()
    for k, d in enumerate(decls):
        w = "%s[%d]" % (where, k)
        if not isinstance(d, dict) or set(d) != {"name", "type", "required"}:
            fail(w, "op %s: must be {\"name\", \"type\", \"required\"}" % name)
        if not isinstance(d["name"], str) or not d["name"].isidentifier() or not d["name"].isascii():
            fail(w + ".name", "op %s: %r is not an attribute name" % (name, d["name"]))
        if d["name"] in seen:
            fail(w + ".name", "op %s: attribute %r declared twice" % (name, d["name"]))
        seen.add(d["name"])
        if d["type"] not in ATTR_KIND:
            fail(w + ".type", "op %s: unknown attribute type %r; one of %s"
                 % (name, d["type"], ", ".join(ATTR_KIND)))
        if not isinstance(d["required"], bool):
            fail(w + ".required", "op %s: must be true or false" % name)
        out.append("{%s, %s, %s}" % (cstr(d["name"]), ATTR_KIND[d["type"]],
                                     "true" if d["required"] else "false"))
    return out


def types(where, names):
    out = []
    for n in names:
        if n not in DT:
            fail(where, "unknown type %r" % n)
        out.append(DT[n])
    return out


def main():
    data_path, out_c, out_h = sys.argv[1:4]
    with open(data_path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("format") != "sonnx-cts-operators":
        fail("format", "not a sonnx-cts operator registry")
    ops = data["operators"]
    arrays, rows, ids = [], [], []
    for i, op in enumerate(ops):
        name = op["name"]
        w = "operators[%d]" % i
        ident = name.upper()
        ids.append("    SCT_OP_ID_%s = %d," % (ident, i + 1))
        n_in = len(op["inputs"])
        if not 1 <= n_in <= 3:
            fail(w + ".inputs", "%d inputs; an operator takes 1 to 3" % n_in)
        lists = {"sonnx": types(w + ".types.sonnx", op["types"]["sonnx"]),
                 "onnx": types(w + ".types.onnx", op["types"].get("onnx", [])),
                 "exp": types(w + ".exponent_types", op.get("exponent_types", []))}
        for k, v in lists.items():
            if v:
                arrays.append("static const int32_t k_%s_%s[] = {%s};"
                              % (ident.lower(), k, ", ".join(v)))
        attrs = attributes(w + ".attributes", name, op.get("attributes", []))
        if attrs:
            arrays.append("static const sct_op_attr_decl k_%s_attrs[] = {%s};"
                          % (ident.lower(), ", ".join(attrs)))
        cls = op.get("classifiers", [])
        if cls:
            arrays.append("static const char *const k_%s_cls[] = {%s};"
                          % (ident.lower(), ", ".join(cstr(c) for c in cls)))

        def arr(k):
            return ("k_%s_%s, %d" % (ident.lower(), k, len(lists[k]))) if lists[k] else "NULL, 0"
        tol = op.get("tolerance_ulp", {})
        sweep = op.get("sweep", {})
        out_type = op.get("output_type")
        if out_type not in ("input", "bool"):
            fail(w + ".output_type", "must be \"input\" or \"bool\"")
        rows.append("    {%s, SCT_OP_ID_%s, %d, %d, %d, %s, %s,\n"
                    "     %d, %d, %s, %s, %s,\n"
                    "     %s, %s, %s, %s,\n     %s, %s, %s,\n"
                    "     %s, %s,\n"
                    "     %s, %d,\n"
                    "     %s, %d},"
                    % (cstr(name), ident, op["opset"], n_in, op["outputs"],
                       "true" if op.get("mixed_input_types") else "false",
                       "true" if out_type == "bool" else "false",
                       tol.get("float", 0), tol.get("int", 0),
                       arr("sonnx"), arr("onnx"), arr("exp"),
                       cstr(op.get("spec")), cstr(op.get("requirements")),
                       cstr(op.get("shape_rule")), cstr(op.get("type_rule")),
                       cstr(op.get("undefined_inputs")), cstr(op.get("undefined_rule")),
                       cstr(op.get("reference", {}).get("goldens")),
                       cstr(sweep.get("sampler")), cstr(sweep.get("reference_inexact_with")),
                       ("k_%s_cls" % ident.lower()) if cls else "NULL", len(cls),
                       ("k_%s_attrs" % ident.lower()) if attrs else "NULL", len(attrs)))
    joined = ", ".join(op["name"] for op in ops)
    with open(out_h, "w", encoding="utf-8") as f:
        f.write("/* Generated from ops/operators.json by ops/gen_op_table.py: do not edit. */\n"
                "#ifndef SCT_OPS_OP_IDS_H\n#define SCT_OPS_OP_IDS_H\n\n"
                "/* One id per registered operator, in the registry's order; 0 is none. */\n"
                "typedef enum sct_op_id {\n    SCT_OP_ID_NONE = 0,\n%s\n"
                "    SCT_OP_ID_COUNT = %d\n} sct_op_id;\n\n"
                "/* The registered operators' names, as a message lists them. */\n"
                "#define SCT_OP_NAMES_JOINED %s\n\n#endif\n"
                % ("\n".join(ids), len(ops) + 1, cstr(joined)))
    with open(out_c, "w", encoding="utf-8") as f:
        f.write("/* Generated from ops/operators.json by ops/gen_op_table.py: do not edit. */\n"
                "#include \"sct/ops/op_registry.h\"\n#include \"sonnx_cts/plugin.h\"\n\n"
                "/* Declared for op_registry.c by its private op_table.h. */\n"
                "extern const sct_op_entry sct_op_table[];\n"
                "extern const size_t sct_op_table_len;\n\n%s\n\n"
                "const sct_op_entry sct_op_table[] = {\n%s\n};\n"
                "const size_t sct_op_table_len = %d;\n"
                % ("\n".join(arrays), "\n".join(rows), len(ops)))


if __name__ == "__main__":
    main()
