#!/usr/bin/python3
"""End-to-end scenarios for the `sonnx-cts` command (tests/cli/CMakeLists.txt).

Each scenario runs the real executable on real vector sets (the repo's
vectors/, the official ONNX node tests from libonnx-testdata, and scratch
copies with one golden changed) and checks exit codes, the text report and
the JSON/JUnit reports against docs/report-format.md.  Expected values come
from the vector files and from hand-made changes, never from the harness.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
from onnx import TensorProto, numpy_helper

OPS = ["Div", "Mul", "Pow", "Less"]
VERDICTS = ["PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR", "DECLINED_AT_RUN",
            "NOT_ENFORCED", "OUT_OF_SCOPE", "WAIVED"]


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


def run(args, cli, expect_rc=None):
    p = subprocess.run([cli] + args, capture_output=True, text=True, timeout=300)
    if expect_rc is not None and p.returncode != expect_rc:
        raise Failure("sonnx-cts %s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s"
                      % (" ".join(args), p.returncode, expect_rc,
                         p.stdout[-4000:], p.stderr[-4000:]))
    return p


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def node_ops_args(node):
    args = ["run", "--vectors", node, "--profile", "onnx"]
    for op in OPS:
        args += ["--op", op]
    return args


def require_repo_vectors(vectors):
    manifest = os.path.join(vectors, "manifest.json")
    check(os.path.isfile(manifest),
          "the repo's vector set is missing: %s does not exist (run the generators)"
          % manifest)
    return manifest


# ---------------------------------------------------------------- JSON shape

CASE_KEYS = {
    "id": str, "op": str, "opset": int, "input_types": list, "input_shapes": list,
    "output_type": str, "output_shape": list, "tags": list, "requirements": list,
    "expectation": str, "tolerance_ulp": int, "verdict": str,
    "exec_status": (str, type(None)), "signal": int, "exit_code": int,
    "message": str, "compared": bool, "elements": int, "mismatches": int,
    "unmeasurable": int, "max_ulp": (int, type(None)), "deviation_counts": dict,
    "samples": list, "seconds": (int, float),
}
SAMPLE_KEYS = {
    "index": int, "coords": list, "expected": str, "expected_bits": str,
    "actual": str, "actual_bits": str, "ulp": (int, type(None)), "class": str,
    "worst": bool,
}
GROUP_KEYS = {
    "op": str, "types": str, "cases": int, "verdicts": dict, "passed": int,
    "failed": int, "elements": int, "mismatches": int,
    "max_ulp": (int, type(None)), "deviation_counts": dict, "verdict": str,
}
DEVIATION_CLASSES = {
    "zero-sign", "subnormal-flushed", "nan-expected", "unexpected-nan",
    "nan-payload", "inf-expected-got-finite", "overflow", "sign-flip",
    "rounded-toward-zero", "rounded-away-from-zero", "off-by-n-ulp",
    "int-saturated", "int-floor", "int-truncated", "int-wrong",
    "bool-nan-compare", "bool-wrong", "other",
}
OVERALL = {"CONFORMS", "PARTIAL", "NON-CONFORMANT", "ERROR", "NOTHING-PASSED"}


def check_keys(obj, spec, where):
    check(isinstance(obj, dict), "%s: not an object" % where)
    for k, t in spec.items():
        check(k in obj, "%s: key '%s' missing" % (where, k))
        check(isinstance(obj[k], t) and not (t is int and isinstance(obj[k], bool)),
              "%s.%s: %r is not %s" % (where, k, obj[k], t))


def validate_report(path):
    """The documented shape of a "sonnx-cts-run" 1.0 report."""
    with open(path) as f:
        d = json.load(f)
    check(d.get("schema") == "sonnx-cts-run", "schema is %r" % d.get("schema"))
    check(d.get("schema_version") == "1.0", "schema_version %r" % d.get("schema_version"))
    ident = d["identity"]
    for k in ["harness", "harness_version", "command_line", "host", "date_utc",
              "profile", "vectors_dir", "vector_set_sha256", "vector_format_version"]:
        check(isinstance(ident.get(k), str), "identity.%s missing" % k)
    check(len(ident["vector_set_sha256"]) == 64, "vector_set_sha256 not a sha256")
    for k in ["vendor", "runtime_name", "runtime_version", "plugin_path", "isolation"]:
        check(isinstance(ident["backend"].get(k), str), "identity.backend.%s" % k)
    for k in ["abi_major", "abi_minor"]:
        check(isinstance(ident["backend"].get(k), int), "identity.backend.%s" % k)
    opts = d["options"]
    for k, t in [("max_errors", int), ("strict_nan", bool), ("timeout_seconds", (int, float)),
                 ("isolate", bool), ("vendor_options", str), ("filters", str)]:
        check(isinstance(opts.get(k), t), "options.%s" % k)
    s = d["summary"]
    for k in ["cases", "elements", "mismatches", "not_in_profile",
              "excluded_by_filters", "exit_code"]:
        check(isinstance(s.get(k), int), "summary.%s" % k)
    check(set(s["verdicts"]) == set(VERDICTS), "summary.verdicts keys")
    check(s["overall"] in OVERALL, "summary.overall %r" % s["overall"])
    check(sum(s["verdicts"].values()) == s["cases"] == len(d["cases"]),
          "summary counts do not add up to the cases")
    for i, g in enumerate(d["groups"]):
        check_keys(g, GROUP_KEYS, "groups[%d]" % i)
        check(sum(g["verdicts"].values()) == g["cases"], "groups[%d] counts" % i)
    check(sum(g["cases"] for g in d["groups"]) == s["cases"], "groups do not cover the cases")
    ids = set()
    for i, c in enumerate(d["cases"]):
        where = "cases[%d] (%s)" % (i, c.get("id"))
        check_keys(c, CASE_KEYS, where)
        check(c["id"] not in ids, "%s: duplicate id" % where)
        ids.add(c["id"])
        check(c["verdict"] in VERDICTS, "%s: verdict %r" % (where, c["verdict"]))
        check(c["expectation"] in ("values", "no-crash", "reject"), where)
        check(set(c["deviation_counts"]) <= DEVIATION_CLASSES, where + ": unknown class")
        check(sum(c["deviation_counts"].values()) == c["mismatches"],
              where + ": deviation counts do not add up to mismatches")
        check(c["verdict"] != "PASS" or c["mismatches"] == 0, where + ": PASS with mismatches")
        for j, smp in enumerate(c["samples"]):
            check_keys(smp, SAMPLE_KEYS, "%s.samples[%d]" % (where, j))
            check(smp["class"] in DEVIATION_CLASSES, where + ": sample class")
            check(smp["expected_bits"].startswith("0x"), where + ": bits not hex")
        if c["samples"]:
            check(sum(1 for smp in c["samples"] if smp["worst"]) == 1,
                  where + ": exactly one worst sample")
    check(isinstance(d["timing"].get("seconds"), (int, float)), "timing.seconds")
    return d


# ---------------------------------------------------------------- golden edits

RAW_WIDTH = {TensorProto.FLOAT: 4, TensorProto.DOUBLE: 8, TensorProto.FLOAT16: 2,
             TensorProto.BFLOAT16: 2, TensorProto.INT8: 1, TensorProto.UINT8: 1,
             TensorProto.INT16: 2, TensorProto.UINT16: 2, TensorProto.INT32: 4,
             TensorProto.UINT32: 4, TensorProto.INT64: 8, TensorProto.UINT64: 8,
             TensorProto.BOOL: 1}
FLOAT_TYPES = {TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.FLOAT16,
               TensorProto.BFLOAT16}


def bump_first_element(pb_path, steps=1):
    """Changes element 0 of a TensorProto file: floats move by `steps` ULPs
    (their bits + steps), integers by one unit (they compare exactly), bools
    are negated.  raw_data is edited in place, byte for byte, so no type is
    converted on the way (bfloat16, 4-bit types)."""
    t = TensorProto()
    with open(pb_path, "rb") as f:
        t.ParseFromString(f.read())
    if t.raw_data:
        raw = bytearray(t.raw_data)
        if t.data_type in (21, 22):  # UINT4, INT4 (codes newer than onnx 1.12)
            raw[0] = (raw[0] & 0xF0) | ((raw[0] + 1) & 0x0F)
        else:
            w = RAW_WIDTH[t.data_type]
            v = int.from_bytes(raw[:w], "little")
            if t.data_type == TensorProto.BOOL:
                v = 0 if v else 1
            elif t.data_type in FLOAT_TYPES:
                v = (v + steps) % (1 << (8 * w))
            else:
                v = (v + 1) % (1 << (8 * w))
            raw[:w] = v.to_bytes(w, "little")
        t.raw_data = bytes(raw)
        with open(pb_path, "wb") as f:
            f.write(t.SerializeToString())
        return
    a = numpy_helper.to_array(t).copy()
    flat = a.reshape(-1)
    check(flat.size > 0, "%s: empty tensor" % pb_path)
    if a.dtype == np.bool_:
        flat[0] = not flat[0]
    elif a.dtype.kind == "f":
        u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
        bits = flat[0:1].view(u)
        bits[0] = bits[0] + steps
    else:
        info = np.iinfo(a.dtype)
        flat[0] = flat[0] + 1 if flat[0] < info.max else flat[0] - 1
    new = numpy_helper.from_array(a, t.name)
    with open(pb_path, "wb") as f:
        f.write(new.SerializeToString())


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# ---------------------------------------------------------------- scenarios

def sc_help(a):
    p = run(["--help"], a.sonnx_cts, 0)
    for cmd in ["run", "list"]:
        check(cmd in p.stdout, "--help lacks the %s command" % cmd)
    p = run(["run", "--help"], a.sonnx_cts, 0)
    for opt in ["--vectors", "--profile", "--op", "--type", "--tag", "--case",
                "--vendor", "--vendor-options", "--timeout", "--no-isolate",
                "--max-errors", "--strict-nan", "--json", "--junit", "--text",
                "--baseline", "--write-baseline", "--quiet", "exit status"]:
        check(opt in p.stdout, "run --help does not document %s" % opt)
    p = run(["list", "--help"], a.sonnx_cts, 0)
    check("--ids" in p.stdout, "list --help lacks --ids")
    run(["--version"], a.sonnx_cts, 0)


def sc_usage_errors(a):
    run([], a.sonnx_cts, 2)
    run(["frobnicate"], a.sonnx_cts, 2)
    run(["run", "--no-such-option"], a.sonnx_cts, 2)
    run(["run", "--profile", "bogus", "--vectors", a.node_tests], a.sonnx_cts, 2)
    run(["run", "--type", "float128", "--vectors", a.node_tests], a.sonnx_cts, 2)
    run(["run", "--max-errors", "-3", "--vectors", a.node_tests], a.sonnx_cts, 2)
    run(["run", "--vectors", os.path.join(a.work, "does-not-exist")], a.sonnx_cts, 2)
    run(["run", "--vectors", a.node_tests, "--vendor", "/nonexistent/libx.so"],
        a.sonnx_cts, 2)
    # a selection that matches nothing is an error, never a vacuous pass
    p = run(["run", "--vectors", a.node_tests, "--profile", "onnx", "--op", "NoSuchOp"],
            a.sonnx_cts, 2)
    check("--op NoSuchOp: no case of the vector set has this op" in p.stderr,
          "unknown op not explained: " + p.stderr)
    p = run(["run", "--vectors", a.node_tests, "--profile", "onnx", "--op", "Div",
             "--type", "bool"], a.sonnx_cts, 2)
    check("no case selected" in p.stderr, "empty selection not explained: " + p.stderr)
    # the node tests are not in the sonnx profile (no manifest says so)
    run(["run", "--vectors", a.node_tests, "--profile", "sonnx", "--op", "Div"],
        a.sonnx_cts, 2)


# Every subcommand parses with the one option parser (harness/cli/
# option_parse.c): for each, an unknown option, a missing value and a bad
# value are usage errors (exit 2) whose one line names the option, printed
# before anything runs or is written (stdout stays empty).  The messages are
# docs/cli.md's ("Options").
def option_error_rows(a):
    w = a.work
    nowhere = os.path.join(w, "no-such-dir")
    rows = []
    for cmd, missing in [("run", "--vendor"), ("list", "--vectors"), ("sweep", "--op"),
                         ("merge", "--json"), ("compare", "--label"), ("report", "--html"),
                         ("certify", "--out"), ("verify", "--key"), ("repro", "--element"),
                         ("selftest", "--faults")]:
        see = "; see sonnx-cts %s --help" % cmd
        rows.append(([cmd, "--no-such-option"],
                     "sonnx-cts %s: unknown option '--no-such-option'%s" % (cmd, see)))
        rows.append(([cmd, missing], "sonnx-cts %s: %s needs a value%s" % (cmd, missing, see)))
    rows += [
        (["run", "--max-errors", "-3"], "sonnx-cts run: --max-errors needs a count, not '-3'"),
        (["list", "--type", "float128"], "sonnx-cts list: unknown --type 'float128'"),
        (["sweep", "--op", "Div", "--type", "float16", "--first", "x"],
         "sonnx-cts sweep: --first needs a number from 0 to 100000, not 'x'"),
        (["merge", "a.json", "--json", os.path.join(nowhere, "m.json")],
         "sonnx-cts merge: --json %s/m.json: directory %s does not exist" % (nowhere, nowhere)),
        (["compare", "a.json", "--profile", "bogus"],
         "sonnx-cts compare: --profile must be onnx or sonnx, not 'bogus'"),
        (["report", "a.json", "--html", "r.html", "--profile", "bogus"],
         "sonnx-cts report: --profile must be onnx or sonnx, not 'bogus'"),
        (["certify", "--out", os.path.join(w, "bundle"), "--timeout", "x"],
         "sonnx-cts certify: --timeout needs a positive number of seconds, not 'x'"),
        (["certify", "--out", os.path.join(w, "bundle"), "--json=r.json"],
         "sonnx-cts certify: --json=r.json is not for certify"),
        (["verify", "b", "--key", os.path.join(nowhere, "k.pem")],
         "sonnx-cts verify: --key %s/k.pem: cannot read" % nowhere),
        (["repro", "--case", "x", "--element", "y"],
         "sonnx-cts repro: --element needs an index, not 'y'"),
        (["selftest", "--report", os.path.join(nowhere, "r.md")],
         "sonnx-cts selftest: --report %s/r.md: directory %s does not exist"
         % (nowhere, nowhere)),
        # no abbreviations, for any command (a unique prefix included)
        (["run", "--vec", a.node_tests], "sonnx-cts run: unknown option '--vec'"),
        (["list", "--id"], "sonnx-cts list: unknown option '--id'"),
        (["sweep", "--op", "Div", "--type", "int8", "--lim", "5"],
         "sonnx-cts sweep: unknown option '--lim'"),
        (["report", "a.json", "--htm", "r.html"], "sonnx-cts report: unknown option '--htm'"),
        (["certify", "--ou", os.path.join(w, "bundle")],
         "sonnx-cts certify: unknown option '--ou'"),
        (["run", "--strict-nan=yes"],
         "sonnx-cts run: --strict-nan takes no value (got '--strict-nan=yes')"),
    ]
    return rows


def sc_option_errors(a):
    fresh_dir(a.work)
    failures = []
    for args, want in option_error_rows(a):
        p = run(args, a.sonnx_cts)
        line = " ".join(args)
        if p.returncode != 2:
            failures.append("%s: exit %d, expected 2" % (line, p.returncode))
        if want not in p.stderr:
            failures.append("%s: stderr lacks %r:\n%s" % (line, want, p.stderr))
        if p.stdout != "":
            failures.append("%s: something ran (stdout):\n%s" % (line, p.stdout[-1000:]))
    if os.path.exists(os.path.join(a.work, "bundle")):
        failures.append("certify made a bundle despite a usage error")
    check(not failures, "\n".join(failures))


# ONNX's node tests of the ops registered with one input (Abs, Sqrt) and two
# (Add, Sub) besides OPS: they load since the case model follows the
# registry's arity (ops/operators.json); ids are the libonnx-testdata
# directory names.
NODE_TESTS_MORE = {"Abs": ["test_abs"], "Sqrt": ["test_sqrt", "test_sqrt_example"],
                   "Add": ["test_add", "test_add_bcast", "test_add_uint8"],
                   "Sub": ["test_sub", "test_sub_bcast", "test_sub_example", "test_sub_uint8"]}


def sc_list_node_tests(a):
    p = run(["list", "--vectors", a.node_tests], a.sonnx_cts, 0)
    for op in OPS + sorted(NODE_TESTS_MORE):
        check("\n%-6s " % op in p.stdout, "list lacks op %s:\n%s" % (op, p.stdout))
    check(", 0 unusable\n" in p.stdout, "unusable node tests:\n%s" % p.stdout)
    for op, want in sorted(NODE_TESTS_MORE.items()):
        p = run(["list", "--vectors", a.node_tests, "--ids", "--op", op], a.sonnx_cts, 0)
        ids = sorted(line.split("\t")[0] for line in p.stdout.splitlines())
        check(ids == want, "list --ids --op %s: %r, expected %r" % (op, ids, want))
    p = run(["list", "--vectors", a.node_tests, "--ids", "--op", "Div"], a.sonnx_cts, 0)
    ids = [line.split("\t")[0] for line in p.stdout.splitlines()]
    check("test_div" in ids, "list --ids lacks test_div: %r" % ids)
    check(all(line.split("\t")[1] == "Div" for line in p.stdout.splitlines()),
          "--op Div listed another op")


def sc_node_tests_onnx(a):
    out = os.path.join(fresh_dir(a.work), "node.json")
    run(node_ops_args(a.node_tests) + ["--json", out], a.sonnx_cts, 0)
    d = validate_report(out)
    n_dirs = {op: 0 for op in OPS}
    for name in os.listdir(a.node_tests):
        model = os.path.join(a.node_tests, name, "model.onnx")
        if not os.path.isfile(model):
            continue
        import onnx
        m = onnx.load(model)
        if len(m.graph.node) == 1 and m.graph.node[0].op_type in OPS:
            n_dirs[m.graph.node[0].op_type] += 1
    for op in OPS:
        ran = [c for c in d["cases"] if c["op"] == op]
        check(len(ran) >= n_dirs[op] > 0,
              "%s: %d node test dirs but %d cases run" % (op, n_dirs[op], len(ran)))
        check(all(c["verdict"] == "PASS" for c in ran), "%s: not all PASS" % op)
    check(d["summary"]["overall"] == "CONFORMS", "overall %s" % d["summary"]["overall"])


def sc_node_tests_arity(a):
    """ONNX's node tests of Abs, Sqrt (one input) and Add, Sub (two) run with
    the built-in: every case is judged (PASS), or declined while the built-in
    has no kernel for the op (UNSUPPORTED); none is an ERROR (they load) or a
    FAIL.  The one-input cases carry one input type."""
    out = os.path.join(fresh_dir(a.work), "node.json")
    args = ["run", "--vectors", a.node_tests, "--profile", "onnx", "--json", out, "--quiet"]
    for op in sorted(NODE_TESTS_MORE):
        args += ["--op", op]
    p = run(args, a.sonnx_cts)
    # 0: all PASS; 3: PARTIAL; 1: NOTHING-PASSED while no op has a kernel
    check(p.returncode in (0, 1, 3), "exit %d\n%s" % (p.returncode, p.stderr))
    d = validate_report(out)
    ids = sorted(c["id"] for c in d["cases"])
    want = sorted(i for v in NODE_TESTS_MORE.values() for i in v)
    check(ids == want, "cases %r, expected %r" % (ids, want))
    for c in d["cases"]:
        check(c["verdict"] in ("PASS", "UNSUPPORTED"), "%s: %s %s" % (c["id"], c["verdict"],
                                                                      c["message"]))
        n = 1 if c["op"] in ("Abs", "Sqrt") else 2
        check(len(c["input_types"]) == n, "%s: input_types %r" % (c["id"], c["input_types"]))


def sc_json_shape(a):
    out = os.path.join(fresh_dir(a.work), "r.json")
    run(node_ops_args(a.node_tests) + ["--json", out, "--quiet"], a.sonnx_cts, 0)
    d = validate_report(out)
    check(d["identity"]["profile"] == "onnx", "profile")
    check(d["identity"]["backend"]["plugin_path"] == "(built-in)", "backend")
    order = [c["id"] for c in d["cases"]]
    out2 = os.path.join(a.work, "r2.json")
    run(node_ops_args(a.node_tests) + ["--json", out2, "--quiet"], a.sonnx_cts, 0)
    d2 = validate_report(out2)
    check(order == [c["id"] for c in d2["cases"]], "case order not deterministic")


def sc_junit_shape(a):
    work = fresh_dir(a.work)
    out = os.path.join(work, "r.xml")
    run(node_ops_args(a.node_tests) + ["--junit", out, "--quiet",
                                       "--json", os.path.join(work, "r.json")],
        a.sonnx_cts, 0)
    d = json.load(open(os.path.join(work, "r.json")))
    root = ET.parse(out).getroot()
    check(root.tag == "testsuites", "root is %s" % root.tag)
    suites = root.findall("testsuite")
    check(len(suites) == len(d["groups"]), "one testsuite per op x types")
    cases = root.findall("testsuite/testcase")
    check(len(cases) == d["summary"]["cases"], "one testcase per case")
    check(int(root.get("tests")) == d["summary"]["cases"], "tests attribute")


def copy_node_case(a, name, dst_root):
    src = os.path.join(a.node_tests, name)
    dst = os.path.join(dst_root, name)
    shutil.copytree(src, dst)
    return dst


def sc_changed_golden_node(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    for name in ["test_div", "test_mul", "test_less"]:
        copy_node_case(a, name, vec)
    run(["run", "--vectors", vec, "--profile", "onnx", "--quiet"], a.sonnx_cts, 0)
    bump_first_element(os.path.join(vec, "test_mul", "test_data_set_0", "output_0.pb"))
    out = os.path.join(work, "r.json")
    p = run(["run", "--vectors", vec, "--profile", "onnx", "--json", out],
            a.sonnx_cts, 1)
    check("FAIL test_mul" in p.stdout, "failing case not named:\n" + p.stdout)
    check("  test_mul[0] (0,0,0)" in p.stdout, "element 0 not named:\n" + p.stdout)
    check("ulp=1 " in p.stdout, "1-ULP change not measured as 1 ULP:\n" + p.stdout)
    d = validate_report(out)
    by_id = {c["id"]: c for c in d["cases"]}
    check(by_id["test_mul"]["verdict"] == "FAIL", "test_mul verdict")
    check(by_id["test_mul"]["mismatches"] == 1, "exactly one element changed")
    smp = by_id["test_mul"]["samples"][0]
    check(smp["index"] == 0 and smp["coords"] == [0, 0, 0], "sample index/coords")
    check(smp["ulp"] == 1, "sample ulp %r" % smp["ulp"])
    check(by_id["test_div"]["verdict"] == "PASS" and by_id["test_less"]["verdict"] == "PASS",
          "untouched cases must still pass")
    # Less has a bool output: flipping element 0 is a bool-wrong mismatch
    bump_first_element(os.path.join(vec, "test_less", "test_data_set_0", "output_0.pb"))
    p = run(["run", "--vectors", vec, "--profile", "onnx", "--case", "test_less"],
            a.sonnx_cts, 1)
    check("class=bool-wrong" in p.stdout, "bool flip not classified:\n" + p.stdout)


def sc_corrupt_input_error(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    d = copy_node_case(a, "test_div", vec)
    with open(os.path.join(d, "test_data_set_0", "input_1.pb"), "wb") as f:
        f.write(b"\xff\xff\xff\xff not a tensor")
    out = os.path.join(work, "r.json")
    p = run(["run", "--vectors", vec, "--profile", "onnx", "--json", out], a.sonnx_cts, 2)
    r = json.load(open(out))
    c = r["cases"][0]
    check(c["verdict"] == "ERROR", "corrupt input gives %s" % c["verdict"])
    check("input_1.pb" in c["message"], "error does not name the file: " + c["message"])
    check("ERROR test_div" in p.stdout, "text report lacks the ERROR line")


def sc_baseline_round_trip(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    for name in ["test_div", "test_mul", "test_pow"]:
        copy_node_case(a, name, vec)
    base = os.path.join(work, "base.json")
    args = ["run", "--vectors", vec, "--profile", "onnx"]
    run(args + ["--write-baseline", base, "--quiet"], a.sonnx_cts, 0)
    b = json.load(open(base))
    check(b["schema"] == "sonnx-cts-baseline", "baseline schema")
    check(sorted(c["id"] for c in b["cases"]) == ["test_div", "test_mul", "test_pow"],
          "baseline cases")
    run(args + ["--baseline", base], a.sonnx_cts, 0)
    # a changed golden: a new failure against the baseline, named (Pow has a
    # 1-ULP tolerance: move the golden well beyond it)
    bump_first_element(os.path.join(vec, "test_pow", "test_data_set_0", "output_0.pb"), 1000)
    p = run(args + ["--baseline", base], a.sonnx_cts, 1)
    check("CHANGED test_pow: PASS -> FAIL" in p.stdout, "diff not named:\n" + p.stdout)
    # record the failing state: identical run -> 0 although a case fails
    base2 = os.path.join(work, "base2.json")
    run(args + ["--write-baseline", base2, "--quiet"], a.sonnx_cts, 1)
    run(args + ["--baseline", base2, "--quiet"], a.sonnx_cts, 0)
    # ... and the case that now passes again is a difference too
    shutil.copy(os.path.join(a.node_tests, "test_pow", "test_data_set_0", "output_0.pb"),
                os.path.join(vec, "test_pow", "test_data_set_0", "output_0.pb"))
    p = run(args + ["--baseline", base2], a.sonnx_cts, 1)
    check("CHANGED test_pow: FAIL -> PASS" in p.stdout, "now-passing not named")
    # --baseline F --write-baseline F: compared with the old F, then F updated
    p = run(args + ["--baseline", base2, "--write-baseline", base2], a.sonnx_cts, 1)
    check("CHANGED test_pow: FAIL -> PASS" in p.stdout, "compared with the new baseline")
    run(args + ["--baseline", base2, "--quiet"], a.sonnx_cts, 0)
    # a baseline of another profile is refused
    run(["run", "--vectors", vec, "--profile", "sonnx", "--baseline", base2], a.sonnx_cts, 2)


def repo_vectors(a, profile):
    require_repo_vectors(a.vectors)
    out = os.path.join(fresh_dir(a.work), "r.json")
    run(["run", "--vectors", a.vectors, "--profile", profile, "--json", out, "--quiet"],
        a.sonnx_cts, 0)
    d = validate_report(out)
    s = d["summary"]
    check(s["cases"] > 0, "no case in profile %s" % profile)
    check(s["verdicts"]["PASS"] == s["cases"],
          "built-in kernels: %r under %s" % (s["verdicts"], profile))


def sc_repo_vectors_sonnx(a):
    repo_vectors(a, "sonnx")


def sc_repo_vectors_onnx(a):
    repo_vectors(a, "onnx")


def sc_output_limits(a):
    """A run that cannot write its case spool or its report says so and
    exits 2 (never a crash, never a report passing as complete): under a
    file-size limit (RLIMIT_FSIZE, the harness ignores SIGXFSZ) and with a
    TMPDIR that does not exist."""
    import resource
    require_repo_vectors(a.vectors)
    work = fresh_dir(a.work)
    out = os.path.join(work, "r.json")
    limit = 64 * 1024  # far below the spool of the whole set

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    p = subprocess.run([a.sonnx_cts, "run", "--vectors", a.vectors, "--json", out, "--quiet"],
                       capture_output=True, text=True, timeout=300, preexec_fn=small_files)
    check(p.returncode == 2, "RLIMIT_FSIZE %d: exit %d, expected 2\n%s" % (
        limit, p.returncode, p.stderr[-2000:]))
    check("File too large" in p.stderr, "RLIMIT_FSIZE: no reason given:\n%s" % p.stderr[-2000:])
    check(not os.path.exists(out) or os.path.getsize(out) == 0,
          "RLIMIT_FSIZE: a partial JSON report was left behind")
    env = dict(os.environ, TMPDIR=os.path.join(work, "no-such-dir"))
    p = subprocess.run([a.sonnx_cts, "run", "--vectors", a.vectors, "--json", out, "--quiet"],
                       capture_output=True, text=True, timeout=300, env=env)
    check(p.returncode == 2, "missing TMPDIR: exit %d, expected 2\n%s" % (
        p.returncode, p.stderr[-2000:]))
    check("no-such-dir" in p.stderr, "missing TMPDIR: the directory is not named:\n%s"
          % p.stderr[-2000:])


def sc_changed_golden_manifest(a):
    require_repo_vectors(a.vectors)
    work = fresh_dir(a.work)
    vec = os.path.join(work, "vectors")
    shutil.copytree(a.vectors, vec)
    manifest_path = os.path.join(vec, "manifest.json")
    m = json.load(open(manifest_path))
    cases = m["cases"] if isinstance(m, dict) else m
    # manifest format (docs/vector-format.md): a case has "path" (its
    # directory) and "files" {relative path: sha256}
    # a float32 values case of the sonnx profile (the built-in kernels pass
    # the whole profile: repo_vectors_sonnx), the first in manifest order
    target = None
    for c in cases:
        if (c.get("expectation", "values") != "values" or
                "sonnx" not in c.get("profiles", []) or
                c["outputs"][0]["dtype"] != "float32"):
            continue
        outs = [rel for rel in c.get("files", {}) if os.path.basename(rel) == "output_0.pb"]
        if outs:
            target, rel = c, outs[0]
            break
    check(target is not None, "no values case with an output_0.pb in the manifest")
    pb = os.path.join(vec, target["path"], rel)
    check(os.path.isfile(pb), "cannot locate %s" % pb)
    bump_first_element(pb, 1000)  # well beyond any tolerance (Pow: 1 ULP)
    target["files"][rel] = sha256_of(pb)
    with open(manifest_path, "w") as f:
        json.dump(m, f, indent=1)
    out = os.path.join(work, "r.json")
    p = run(["run", "--vectors", vec, "--profile", "sonnx", "--json", out],
            a.sonnx_cts, 1)
    check("FAIL %s" % target["id"] in p.stdout, "changed case not named")
    check("  %s[0] " % target["id"] in p.stdout, "changed element not named")
    d = validate_report(out)
    failed = [c["id"] for c in d["cases"] if c["verdict"] != "PASS"]
    check(failed == [target["id"]], "only the changed case may fail: %r" % failed)


# ---------------------------------------------------------------- scratch manifest set

def write_manifest_set(root):
    """A small manifest set (docs/vector-format.md) written here from
    hand-chosen tensors: a values case, a broadcast Div that the sonnx
    profile must reject, and an integer division by zero (values undefined:
    no-crash).  Returns {case id: case dict}."""
    from onnx import helper
    FLOAT, INT32 = TensorProto.FLOAT, TensorProto.INT32
    names = {TensorProto.FLOAT: "float32", TensorProto.INT32: "int32"}

    def model(op, ta, sa, tb, sb, tc, sc):
        ins = [helper.make_tensor_value_info("A", ta, sa),
               helper.make_tensor_value_info("B", tb, sb)]
        node = helper.make_node(op, ["A", "B"], ["C"])
        g = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info("C", tc, sc)])
        return helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)]).SerializeToString()

    def tensor(arr, name):
        return numpy_helper.from_array(arr, name).SerializeToString()

    specs = [
        ("div/float32/values", "values", ["onnx", "sonnx"],
         np.array([6, 1, -3, 0.5], np.float32), np.array([3, 4, 2, 0.25], np.float32),
         np.array([2, 0.25, -1.5, 2], np.float32)),
        ("div/float32/bcast_reject", "reject", ["sonnx"],
         np.array([[6, 1], [2, 4]], np.float32), np.array([3, 4], np.float32), None),
        ("div/int32/by_zero", "no-crash", ["onnx", "sonnx"],
         np.array([1, 7, -5], np.int32), np.array([0, 0, 0], np.int32), None),
        # 0/0 and inf/inf are NaN (IEEE 754-2019 §7.2); the golden NaN carries
        # payload 1, which no implementation is expected to reproduce: it
        # matches by default, not under --strict-nan
        ("div/float32/nan", "values", ["onnx", "sonnx"],
         np.array([0, np.inf], np.float32), np.array([0, np.inf], np.float32),
         np.array([0x7fc00001, 0x7fc00001], np.uint32).view(np.float32)),
    ]
    cases = []
    for cid, expectation, profiles, a, b, c in specs:
        ta = FLOAT if a.dtype == np.float32 else INT32
        out_shape = list(np.broadcast(a, b).shape)
        files = {"model.onnx": model("Div", ta, list(a.shape), ta, list(b.shape), ta, out_shape),
                 "test_data_set_0/input_0.pb": tensor(a, "A"),
                 "test_data_set_0/input_1.pb": tensor(b, "B")}
        if c is not None:
            files["test_data_set_0/output_0.pb"] = tensor(c, "C")
        for rel, data in files.items():
            path = os.path.join(root, cid, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        cases.append({
            "id": cid, "path": cid, "op": "Div", "domain": "", "opset": 14,
            "inputs": [{"name": "A", "dtype": names[ta], "shape": list(a.shape)},
                       {"name": "B", "dtype": names[ta], "shape": list(b.shape)}],
            "outputs": [{"name": "C", "dtype": names[ta], "shape": out_shape}],
            "tags": ["e2e"], "requirements": [], "tolerance": {"kind": "exact"},
            "expectation": expectation, "profiles": profiles, "description": "",
            "files": {k: hashlib.sha256(v).hexdigest() for k, v in sorted(files.items())}})
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump({"format": "sonnx-cts-vectors", "format_version": "1.0",
                   "generator": {"name": "tests/cli/cli_e2e.py", "version": "1"},
                   "cases": cases}, f, indent=1)
    return {c["id"]: c for c in cases}


def sc_manifest_expectations(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    write_manifest_set(vec)
    out = os.path.join(work, "sonnx.json")
    run(["run", "--vectors", vec, "--profile", "sonnx", "--json", out, "--quiet"],
        a.sonnx_cts, 0)
    d = validate_report(out)
    by_id = {c["id"]: c for c in d["cases"]}
    check(set(by_id) == {"div/float32/values", "div/float32/bcast_reject",
                         "div/int32/by_zero", "div/float32/nan"},
          "cases run under sonnx: %r" % sorted(by_id))
    check(all(c["verdict"] == "PASS" for c in d["cases"]),
          "verdicts: %r" % {k: (c["verdict"], c["exec_status"]) for k, c in by_id.items()})
    check(by_id["div/float32/bcast_reject"]["exec_status"] == "INVALID_ARGUMENT",
          "the broadcast case must be rejected under sonnx")
    check(by_id["div/float32/bcast_reject"]["expectation"] == "reject", "expectation")
    check(by_id["div/int32/by_zero"]["expectation"] == "no-crash", "expectation")
    check(by_id["div/float32/values"]["elements"] == 4, "elements compared")
    out = os.path.join(work, "onnx.json")
    run(["run", "--vectors", vec, "--profile", "onnx", "--json", out, "--quiet"],
        a.sonnx_cts, 0)
    d = validate_report(out)
    check(len(d["cases"]) == 3 and d["summary"]["not_in_profile"] == 1,
          "the sonnx-only case must be counted as not in profile under onnx")


def sc_strict_nan(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    write_manifest_set(vec)
    args = ["run", "--vectors", vec, "--case", "div/float32/nan"]
    run(args + ["--quiet"], a.sonnx_cts, 0)
    out = os.path.join(work, "r.json")
    p = run(args + ["--strict-nan", "--json", out], a.sonnx_cts, 1)
    check("expected=nan (0x7fc00001)" in p.stdout and "class=nan-payload" in p.stdout,
          "strict NaN mismatch not shown with its bits:\n" + p.stdout)
    d = validate_report(out)
    check(d["options"]["strict_nan"] is True, "options.strict_nan")
    check(d["cases"][0]["deviation_counts"] == {"nan-payload": 2}, "both elements nan-payload")


def sc_changed_golden_scratch_manifest(a):
    work = fresh_dir(a.work)
    vec = fresh_dir(os.path.join(work, "vectors"))
    write_manifest_set(vec)
    rel = "test_data_set_0/output_0.pb"
    pb = os.path.join(vec, "div/float32/values", rel)
    bump_first_element(pb)  # 2.0 -> next float up: 1 ULP
    # without updating the manifest: the sha256 check refuses the file
    out = os.path.join(work, "r.json")
    p = run(["run", "--vectors", vec, "--json", out], a.sonnx_cts, 2)
    c = {c["id"]: c for c in json.load(open(out))["cases"]}["div/float32/values"]
    check(c["verdict"] == "ERROR" and "output_0.pb" in c["message"],
          "sha256 mismatch not reported as ERROR naming the file: %r" % c["message"])
    # with the manifest's sha256 rewritten: a FAIL naming case and element
    manifest = os.path.join(vec, "manifest.json")
    m = json.load(open(manifest))
    for case in m["cases"]:
        if case["id"] == "div/float32/values":
            case["files"][rel] = sha256_of(pb)
    with open(manifest, "w") as f:
        json.dump(m, f, indent=1)
    p = run(["run", "--vectors", vec, "--json", out], a.sonnx_cts, 1)
    check("FAIL div/float32/values" in p.stdout, "case not named:\n" + p.stdout)
    check("  div/float32/values[0] (0) a=6 (0x40c00000) b=3 (0x40400000) "
          "expected=2.00000024 (0x40000001) actual=2 (0x40000000) ulp=1 "
          "class=off-by-n-ulp worst" in p.stdout, "element line:\n" + p.stdout)
    d = validate_report(out)
    failed = [c["id"] for c in d["cases"] if c["verdict"] != "PASS"]
    check(failed == ["div/float32/values"], "only the changed case fails: %r" % failed)


def sc_vendor_lookup(a):
    """--vendor NAME: the file in the working directory first, then the
    installed plugin directory; the refusal names both places."""
    work = fresh_dir(a.work)
    check(a.builtin_plugin is not None, "no --builtin-plugin given")
    name = "my_plugin.so"
    shutil.copy(a.builtin_plugin, os.path.join(work, name))
    args = [a.sonnx_cts, "run", "--vectors", os.path.abspath(a.vectors), "--op", "Div",
            "--type", "int8", "--quiet"]
    p = subprocess.run(args + ["--vendor", name], cwd=work, capture_output=True,
                       text=True, timeout=300)
    check(p.returncode == 0, "--vendor %s in the working directory: exit %d\n%s"
          % (name, p.returncode, p.stderr))
    p = subprocess.run(args + ["--vendor", "no_such_plugin.so"], cwd=work,
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 2, "--vendor no_such_plugin.so: exit %d" % p.returncode)
    check("no_such_plugin.so" in p.stderr and "working directory" in p.stderr
          and "plugin directory" in p.stderr,
          "the refusal does not say where it looked: " + p.stderr)


SCENARIOS = {name[3:]: fn for name, fn in globals().items() if name.startswith("sc_")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ap.add_argument("--sonnx-cts", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--node-tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--builtin-plugin", default=None)
    a = ap.parse_args()
    env_vectors = os.environ.pop("SONNX_CTS_VECTORS", None)
    try:
        SCENARIOS[a.scenario](a)
    except Failure as e:
        print("FAIL %s: %s" % (a.scenario, e), file=sys.stderr)
        return 1
    finally:
        if env_vectors is not None:
            os.environ["SONNX_CTS_VECTORS"] = env_vectors
    print("ok %s" % a.scenario)
    return 0


if __name__ == "__main__":
    sys.exit(main())
