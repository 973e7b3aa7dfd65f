#!/usr/bin/python3
"""Writes the malformed-input corpus tests/malformed/cases/ and its table
tests/malformed/expected.tsv (run with /usr/bin/python3; the outputs are
committed, so the corpus does not change unless this script does).

Every corpus entry is a small vectors directory, cases/<entry>/vectors/,
holding ONE broken thing beside (where the break is per case) a healthy
case, "div/float32/healthy", that must still load and run.  The table
lists, per entry, the case id whose slot must carry the error ("(open)" when
the whole set is refused) and the exact message, with {root} standing for
the vectors directory as given on the command line.

Digests are computed here with hashlib, and every expected message is
written out by hand from the loader's documented format
"<file>: field <field>: <reason>", "<file>: <reason>" for the whole file
(harness/io/io_error.h) — nothing is
taken from the code under test.
"""
import hashlib
import json
import os
import shutil
import struct

from onnx import TensorProto, helper

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
TABLE = os.path.join(HERE, "expected.tsv")

FLOAT, INT8, BOOL, INT4, DOUBLE, INT64 = 1, 3, 9, 22, 11, 7


def tensor(dtype, dims, raw=None, field=None, values=None, cut=0, location=None):
    t = TensorProto()
    t.data_type = dtype
    t.dims.extend(dims)
    if raw is not None:
        t.raw_data = raw
    if field is not None:
        getattr(t, field).extend(values)
    if location is not None:
        t.data_location = location
    b = t.SerializeToString()
    return b[:-cut] if cut else b


def f32(*vals):
    return struct.pack("<%df" % len(vals), *vals)


def model(op, opset=14, types=(FLOAT, FLOAT, FLOAT), shapes=([2], [2], [2]), n_inputs=2):
    names = ["A", "B", "X", "W"][:n_inputs]
    ins = [helper.make_tensor_value_info(n, types[min(i, 1)], shapes[min(i, 1)]) for i, n in enumerate(names)]
    node = helper.make_node(op, names, ["C"])
    g = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info("C", types[2], shapes[2])])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString()


def healthy_files(op="Div"):
    return {"model.onnx": model(op),
            "test_data_set_0/input_0.pb": tensor(FLOAT, [2], f32(6, 1)),
            "test_data_set_0/input_1.pb": tensor(FLOAT, [2], f32(3, 4)),
            "test_data_set_0/output_0.pb": tensor(FLOAT, [2], f32(2, 0.25))}


def entry(cid, path, files, op="Div", opset=14, ins=(("float32", [2]), ("float32", [2])),
          out=("float32", [2]), tolerance=None, expectation="values", shas=None):
    return {"id": cid, "path": path, "op": op, "domain": "", "opset": opset,
            "inputs": [{"name": n, "dtype": d, "shape": s} for n, (d, s) in zip("AB", ins)],
            "outputs": [{"name": "C", "dtype": out[0], "shape": out[1]}],
            "tags": ["malformed-corpus"], "requirements": [],
            "tolerance": tolerance or {"kind": "exact"}, "expectation": expectation,
            "profiles": ["onnx", "sonnx"], "description": "",
            "files": shas if shas is not None else
            {k: hashlib.sha256(v).hexdigest() for k, v in sorted(files.items())}}


def write_files(root, path, files):
    for rel, data in files.items():
        p = os.path.join(root, path, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


def manifest_text(cases):
    return json.dumps({"format": "sonnx-cts-vectors", "format_version": "1.0",
                       "generator": {"name": "tests/malformed/make_corpus.py", "version": "1"},
                       "requirements_catalogue": "requirements.json", "cases": cases}, indent=1) + "\n"


ROWS = []


def new_entry(name):
    root = os.path.join(CASES, name, "vectors")
    os.makedirs(root)
    return root


def with_manifest(name, bad_files, bad_entry, expect, bad_id="div/float32/bad", extra=None):
    """A set of the healthy case plus one broken case (manifest mode)."""
    root = new_entry(name)
    hf = healthy_files()
    write_files(root, "div/float32/healthy", hf)
    cases = [entry("div/float32/healthy", "div/float32/healthy", hf)]
    if bad_files is not None:
        write_files(root, "div/float32/bad", bad_files)
    cases.append(bad_entry)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        f.write(manifest_text(cases))
    if extra:
        extra(root)
    ROWS.append((name, bad_id, expect))


def fatal_manifest(name, text, expect):
    root = new_entry(name)
    write_files(root, "div/float32/healthy", healthy_files())
    with open(os.path.join(root, "manifest.json"), "w") as f:
        f.write(text)
    ROWS.append((name, "(open)", expect))


def scan_set(name, bad_files, expect, bad_dir="test_bad"):
    """No manifest: ONNX backend-test layout with a healthy and a bad dir."""
    root = new_entry(name)
    write_files(root, "test_healthy", healthy_files())
    write_files(root, bad_dir, bad_files)
    ROWS.append((name, bad_dir, expect))


def bad_tensor_case(name, input0, expect_reason, field, dtype="float32", shape=(2,)):
    files = healthy_files()
    files["test_data_set_0/input_0.pb"] = input0
    e = entry("div/float32/bad", "div/float32/bad", files, ins=((dtype, list(shape)), ("float32", [2])))
    # A whole-file problem (field None) names no field: "<file>: <reason>".
    where = "" if field is None else "field %s: " % field
    with_manifest(name, files, e,
                  "{root}/div/float32/bad/test_data_set_0/input_0.pb: %s%s" % (where, expect_reason))


def main():
    shutil.rmtree(CASES, ignore_errors=True)
    os.makedirs(CASES)
    M = "{root}/manifest.json"

    # ---- manifest.json as a whole (the set cannot be opened: exit 2)
    fatal_manifest("manifest_invalid_json",
                   '{"format": "sonnx-cts-vectors",\n "format_version": "1.0",\n "cases": [}\n',
                   M + ": invalid JSON at line 3, column 12 (byte 69): expected a value")
    fatal_manifest("manifest_wrong_format", manifest_text([]).replace("sonnx-cts-vectors", "other"),
                   M + ': field format: not "sonnx-cts-vectors"')
    fatal_manifest("manifest_future_major", manifest_text([]).replace('"1.0"', '"2.0"'),
                   M + ': field format_version: "2.0" is not supported; this reader handles 1.x')
    fatal_manifest("manifest_no_cases", '{"format": "sonnx-cts-vectors", "format_version": "1.0"}\n',
                   M + ": field cases: missing")
    fatal_manifest("manifest_empty_file", "", M + ": invalid JSON at line 1, column 1 (byte 0): "
                   "unexpected end of file (expected a value)")

    # "Div\u0000evil" would read as "Div" through a C string: refused as a whole.
    hf0 = healthy_files()
    text = manifest_text([entry("div/float32/healthy", "div/float32/healthy", hf0, op="Div\x00evil")])
    at = text.index("\\u0000")
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    fatal_manifest("manifest_nul_escape", text,
                   M + ": invalid JSON at line %d, column %d: \\u0000 (NUL) inside a string is refused"
                   % (line, col))

    # ---- manifest entries (one slot in error, the healthy case runs)
    hf = healthy_files()
    e = entry("div/float32/bad", "div/float32/bad", hf)
    del e["op"]
    with_manifest("entry_missing_field", hf, e, M + ": field cases[1].op: missing")
    e = entry("div/float32/bad", "div/float32/bad", hf)
    e["opset"] = "14"
    with_manifest("entry_wrong_type", hf, e, M + ": field cases[1].opset: must be an integer")
    e = entry("div/float32/bad", "div/float32/bad", hf, op="Tanh")
    with_manifest("entry_unknown_op", hf, e,
                  M + ': field cases[1].op: unknown op "Tanh"; sonnx-cts covers Div, Mul, Pow, Less, Sub, Add, Abs, Sqrt')
    # The op's arity is the registry's (ops/operators.json): Sub takes two
    # inputs, Abs one.
    e = entry("sub/float32/bad", "div/float32/bad", hf, op="Sub", ins=(("float32", [2]),))
    with_manifest("entry_wrong_arity", hf, e,
                  M + ": field cases[1].inputs: 1 input; Sub takes 2 (ops/operators.json)",
                  bad_id="sub/float32/bad")
    e = entry("abs/float32/bad", "div/float32/bad", hf, op="Abs", opset=13)
    with_manifest("entry_unary_two_inputs", hf, e,
                  M + ": field cases[1].inputs: 2 inputs; Abs takes 1 (ops/operators.json)",
                  bad_id="abs/float32/bad")
    e = entry("div/float32/bad", "div/float32/bad", hf, ins=(("float24", [2]), ("float32", [2])))
    with_manifest("entry_unknown_dtype", hf, e, M + ': field cases[1].inputs[0].dtype: unknown dtype "float24"')
    e = entry("div/float32/healthy", "div/float32/bad", hf)
    with_manifest("entry_duplicate_id", hf, e,
                  M + ': field cases[1].id: duplicate id "div/float32/healthy" (first used by cases[0])',
                  bad_id="div/float32/healthy")
    e = entry("div/float32/bad", "div/../../outside", hf)
    with_manifest("entry_path_dotdot", None, e,
                  M + ": field cases[1].path: '..' component escapes the vectors directory")
    e = entry("div/float32/bad", "/tmp", hf)
    with_manifest("entry_path_absolute", None, e,
                  M + ": field cases[1].path: absolute path; must be relative to the vectors directory")
    e = entry("div/float32/bad", "div/float32/bad", hf)
    e["files"]["../../../outside.pb"] = e["files"]["model.onnx"]
    with_manifest("entry_file_key_escapes", hf, e,
                  M + ": field cases[1].files[\"../../../outside.pb\"]: '..' component escapes the vectors directory")

    def symlink_out(root):
        outside = os.path.join(os.path.dirname(root), "outside")
        write_files(outside, "bad", healthy_files())
        os.makedirs(os.path.join(root, "div", "float32"), exist_ok=True)
        os.symlink("../../../outside/bad", os.path.join(root, "div", "float32", "bad"))
    e = entry("div/float32/bad", "div/float32/bad", hf)
    with_manifest("entry_symlink_out", None, e,
                  "{root}/div/float32/bad: resolves outside the vectors directory (symbolic link?)",
                  extra=symlink_out)

    tampered = dict(hf)
    tampered["test_data_set_0/input_1.pb"] = tensor(FLOAT, [2], f32(3, 5))
    e = entry("div/float32/bad", "div/float32/bad", hf)  # digests of the untampered files
    with_manifest("file_sha256_mismatch", tampered, e,
                  "{root}/div/float32/bad/test_data_set_0/input_1.pb: field sha256: tampering: the manifest says %s, the file has %s"
                  % (hashlib.sha256(hf["test_data_set_0/input_1.pb"]).hexdigest(),
                     hashlib.sha256(tampered["test_data_set_0/input_1.pb"]).hexdigest()))
    missing = dict(hf)
    del missing["test_data_set_0/output_0.pb"]
    e = entry("div/float32/bad", "div/float32/bad", hf)
    with_manifest("file_missing", missing, e,
                  "{root}/div/float32/bad/test_data_set_0/output_0.pb: missing (named by case \"div/float32/bad\" of manifest.json)")
    e = entry("div/float32/bad", "div/float32/bad", missing)
    with_manifest("entry_missing_output_for_values", missing, e,
                  M + ': field cases[1].files: no entry for "test_data_set_0/output_0.pb", which an expectation "values" case needs')
    no_in1 = dict(hf)
    del no_in1["test_data_set_0/input_1.pb"]
    e = entry("div/float32/bad", "div/float32/bad", no_in1)
    with_manifest("entry_missing_input", no_in1, e,
                  M + ': field cases[1].files: no entry for "test_data_set_0/input_1.pb"')
    e = entry("div/float32/bad", "div/float32/bad", hf, ins=(("float32", [2, 2]), ("float32", [2])))
    with_manifest("entry_output_shape_not_broadcast", hf, e,
                  M + ": field cases[1].outputs[0].shape: [2], but inputs [2, 2] and [2] broadcast to [2, 2]")
    e = entry("div/float32/bad", "div/float32/bad", hf, tolerance={"kind": "ulp", "max": 4})
    with_manifest("entry_tolerance_loosened", hf, e,
                  M + ": field cases[1].tolerance: 4 ULP is looser than the policy for Div float32 (0 ULP)")
    # Attributes are checked against the op's registry declarations
    # (docs/vector-format.md, "attributes"): Div declares none.
    e = entry("div/float32/bad", "div/float32/bad", hf)
    e["attributes"] = {"axis": 1}
    with_manifest("entry_undeclared_attribute", hf, e,
                  M + ": field cases[1].attributes.axis: Div declares no attribute 'axis' (ops/operators.json)")

    # ---- tensors (manifest digests are right; the content is wrong)
    bad_tensor_case("tensor_truncated", tensor(FLOAT, [2], f32(6, 1), cut=3),
                    "not a valid TensorProto (truncated or corrupt protobuf, %d bytes)"
                    % (len(tensor(FLOAT, [2], f32(6, 1))) - 3), None)
    bad_tensor_case("tensor_negative_dim", tensor(FLOAT, [-2], f32(6, 1)), "negative dimension -2", "dims[0]")
    bad_tensor_case("tensor_dims_overflow", tensor(FLOAT, [2**62, 16], f32(6, 1)),
                    "element count of shape [4611686018427387904, 16] overflows 64 bits", "dims")
    bad_tensor_case("tensor_bytes_overflow", tensor(DOUBLE, [2**61, 4], f32(6, 1)),
                    "byte size of 9223372036854775808 float64 elements overflows 64 bits", "dims")
    bad_tensor_case("tensor_over_1gib", tensor(FLOAT, [2**28 + 1], f32(6, 1)),
                    "shape [268435457] of float32 needs 1073741828 bytes; tensors above 1 GiB are refused", "dims")
    bad_tensor_case("tensor_raw_length", tensor(FLOAT, [2], f32(6, 1)[:6]),
                    "6 bytes, shape [2] of float32 needs 8", "raw_data")
    bad_tensor_case("tensor_unknown_type", tensor(99, [2], f32(6, 1)), "unknown data_type 99", "data_type")
    bad_tensor_case("tensor_string_type", tensor(8, [2], field="string_data", values=[b"6", b"1"]),
                    "unsupported data_type 8 (STRING)", "data_type")
    bad_tensor_case("tensor_wrong_typed_field", tensor(FLOAT, [2], field="int64_data", values=[6, 1]),
                    "not valid for float32 (onnx.proto stores it in raw_data or float_data)", "int64_data")
    bad_tensor_case("tensor_typed_count", tensor(FLOAT, [2], field="float_data", values=[6.0]),
                    "1 values, shape [2] of float32 needs 2", "float_data")
    bad_tensor_case("tensor_raw_and_typed", tensor(FLOAT, [2], f32(6, 1), field="float_data", values=[6.0, 1.0]),
                    "present together with raw_data; a tensor uses exactly one data field", "float_data")
    bad_tensor_case("tensor_external_data", tensor(FLOAT, [2], location=1),
                    "external data is not supported; store the tensor in the file", "data_location")
    bad_tensor_case("tensor_no_data", tensor(FLOAT, [2]),
                    "missing: no raw_data or typed data for shape [2] of float32", "raw_data")
    bad_tensor_case("tensor_type_not_declared", tensor(DOUBLE, [2], struct.pack("<2d", 6, 1)),
                    "float64; the case declares input A as float32", "data_type")
    bad_tensor_case("tensor_shape_not_declared", tensor(FLOAT, [1, 2], f32(6, 1)),
                    "[1, 2]; the case declares input A as [2]", "dims")

    # typed fields instead of raw_data are VALID (onnx.proto): int8 in int32_data.
    root = new_entry("tensor_typed_field_accepted")
    hf8 = {"model.onnx": model("Div", types=(INT8, INT8, INT8)),
           "test_data_set_0/input_0.pb": tensor(INT8, [2], field="int32_data", values=[-128, 7]),
           "test_data_set_0/input_1.pb": tensor(INT8, [2], bytes([2, 0xF9])),
           "test_data_set_0/output_0.pb": tensor(INT8, [2], field="int32_data", values=[-64, -1])}
    write_files(root, "div/int8/typed", hf8)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        f.write(manifest_text([entry("div/int8/typed", "div/int8/typed", hf8,
                                     ins=(("int8", [2]), ("int8", [2])), out=("int8", [2]))]))
    ROWS.append(("tensor_typed_field_accepted", "div/int8/typed", "ok"))

    int8_files = dict(hf8)
    int8_files["test_data_set_0/input_0.pb"] = tensor(INT8, [2], field="int32_data", values=[-129, 7])
    with_manifest("tensor_int8_out_of_range", int8_files,
                  entry("div/float32/bad", "div/float32/bad", int8_files,
                        ins=(("int8", [2]), ("int8", [2])), out=("int8", [2])),
                  "{root}/div/float32/bad/test_data_set_0/input_0.pb: field int32_data: value -129 at index 0 out of range for int8")
    less_files = {"model.onnx": model("Less", 13, types=(FLOAT, FLOAT, BOOL)),
                  "test_data_set_0/input_0.pb": tensor(FLOAT, [2], f32(1, 2)),
                  "test_data_set_0/input_1.pb": tensor(FLOAT, [2], f32(2, 2)),
                  "test_data_set_0/output_0.pb": tensor(BOOL, [2], bytes([1, 2]))}
    with_manifest("tensor_bool_not_0_1", less_files,
                  entry("div/float32/bad", "div/float32/bad", less_files, op="Less", opset=13, out=("bool", [2])),
                  "{root}/div/float32/bad/test_data_set_0/output_0.pb: field raw_data: bool element 1 is 2; must be 0 or 1")
    int4_files = {"model.onnx": model("Mul", types=(INT4, INT4, INT4), shapes=([3], [3], [3])),
                  "test_data_set_0/input_0.pb": tensor(INT4, [3], bytes([0x21, 0xF3])),
                  "test_data_set_0/input_1.pb": tensor(INT4, [3], bytes([0x11, 0x01])),
                  "test_data_set_0/output_0.pb": tensor(INT4, [3], bytes([0x21, 0x03]))}
    with_manifest("tensor_int4_padding", int4_files,
                  entry("div/float32/bad", "div/float32/bad", int4_files, op="Mul",
                        ins=(("int4", [3]), ("int4", [3])), out=("int4", [3])),
                  "{root}/div/float32/bad/test_data_set_0/input_0.pb: field raw_data: padding nibble of the last byte is 0xf; must be 0 for an odd count of int4 elements")

    # ---- model.onnx
    mf = dict(hf)
    mf["model.onnx"] = model("Mul")
    with_manifest("model_op_mismatch", mf, entry("div/float32/bad", "div/float32/bad", mf),
                  '{root}/div/float32/bad/model.onnx: field graph.node[0].op_type: "Mul" (domain ""); the case says "Div"')
    mf = dict(hf)
    mf["model.onnx"] = model("Div")[:-5]
    with_manifest("model_truncated", mf, entry("div/float32/bad", "div/float32/bad", mf),
                  "{root}/div/float32/bad/model.onnx: not a valid ModelProto (truncated or corrupt protobuf, %d bytes)"
                  % len(mf["model.onnx"]))

    # ---- no manifest (ONNX backend-test layout)
    sf = healthy_files()
    del sf["test_data_set_0/output_0.pb"]
    scan_set("scan_missing_output", sf,
             "{root}/test_bad/test_data_set_0/output_0.pb: missing; a case without manifest needs its expected output")
    sf = healthy_files()
    del sf["test_data_set_0/input_1.pb"]
    scan_set("scan_missing_input", sf, "{root}/test_bad/test_data_set_0/input_1.pb: missing")
    sf = healthy_files()
    sf["model.onnx"] = model("Div", shapes=([2], [3], [2]))
    scan_set("scan_inputs_not_broadcastable", sf,
             "{root}/test_bad/model.onnx: field graph.output[0].type.tensor_type.shape: inputs [2] and [3] do not broadcast (onnx Broadcasting.md)")
    sf = healthy_files()
    sf["model.onnx"] = model("Div", shapes=([2], [2], [4]))
    scan_set("scan_output_shape", sf,
             "{root}/test_bad/model.onnx: field graph.output[0].type.tensor_type.shape: [4], but inputs [2] and [2] broadcast to [2]")
    sf = healthy_files()
    sf["model.onnx"] = model("Div", shapes=(["N"], ["N"], ["N"]))
    scan_set("scan_symbolic_dims", sf,
             "{root}/test_bad/model.onnx: field graph.input[0].type.tensor_type.shape.dim[0] is symbolic: concrete dims are needed without a manifest")
    sf = healthy_files()
    sf["model.onnx"] = model("Div", n_inputs=3)
    # Three inputs fit the case model (an op takes 1 to 3) but not Div's
    # arity (ops/operators.json); four do not fit any op.
    scan_set("scan_three_inputs", sf,
             "{root}/test_bad/model.onnx: field graph.input: 3 inputs; Div takes 2 (ops/operators.json)")
    sf = healthy_files()
    sf["model.onnx"] = model("Div", n_inputs=4)
    scan_set("scan_four_inputs", sf, "{root}/test_bad/model.onnx: field graph.input: more than 3 non-initializer inputs")
    sf = healthy_files()
    sf["model.onnx"] = model("Div")[:-5]
    scan_set("scan_model_truncated", sf,
             "{root}/test_bad/model.onnx: not a valid ModelProto (truncated or corrupt protobuf, %d bytes)"
             % len(sf["model.onnx"]))

    with open(TABLE, "w") as f:
        f.write("# entry\tcase id ((open): the set is refused as a whole)\texpected message ({root} = vectors dir as given)\n")
        for row in ROWS:
            f.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
