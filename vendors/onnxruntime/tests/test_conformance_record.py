#!/usr/bin/python3
"""test_conformance_record.py -- ctest ort_conformance_record: the tools of
docs/conformance/ and the committed ORT record.

1. The committed onnxruntime-1.30.0.md is exactly what the committed
   onnxruntime-1.30.0.json renders to (no figure edited by hand, none stale).
2. On a small hand-made record, the report shows the figures the record
   holds: verdict counts, a deviation class with its element count and an
   example element, a crash, an unsupported combination with ORT's text, a
   status failure, and "-" as max ULP for a group with nothing compared.
3. combine_runs.py refuses a run filed under the wrong profile and
   records the library's sha256.

usage: test_conformance_record.py REPO_ROOT
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

PY = "/usr/bin/python3"
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)


def run_report(profile, cases, groups):
    verdicts = {v: 0 for v in ["PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR"]}
    for c in cases:
        verdicts[c["verdict"]] += 1
    return {
        "schema": "sonnx-cts-run", "schema_version": "1.0",
        "identity": {"harness": "sonnx-cts", "harness_version": "0.1.0", "command_line": "x",
                     "host": "h", "date_utc": "2026-01-01T00:00:00Z", "profile": profile,
                     "vectors_dir": "/v", "vector_set_sha256": "ab" * 32,
                     "vector_format_version": "1.0",
                     "backend": {"vendor": "V", "runtime_name": "RT", "runtime_version": "9.9",
                                 "plugin_path": "p.so", "abi_major": 1, "abi_minor": 0,
                                 "isolation": "child process"}},
        "options": {"max_errors": 20, "strict_nan": False, "timeout_seconds": 10,
                    "isolate": True, "vendor_options": "lib=/l.so", "filters": ""},
        "summary": {"cases": len(cases), "verdicts": verdicts, "elements": 7,
                    "mismatches": 3, "deviation_counts": {"zero-sign": 3},
                    "not_in_profile": 0, "excluded_by_filters": 0,
                    "overall": "NON-CONFORMANT", "exit_code": 1},
        "groups": groups, "cases": cases, "timing": {"seconds": 0.25},
    }


def case(cid, op, types, verdict, **kw):
    c = {"id": cid, "op": op, "opset": 14, "input_types": types, "input_shapes": [[4], [4]],
         "output_type": types[0], "output_shape": [4], "tags": [], "requirements": [],
         "expectation": "values", "tolerance_ulp": 0, "verdict": verdict, "exec_status": "OK",
         "signal": 0, "exit_code": -1, "message": "", "compared": False, "elements": 0,
         "mismatches": 0, "unmeasurable": 0, "max_ulp": None, "deviation_counts": {},
         "samples": [], "seconds": 0.001}
    c.update(kw)
    return c


def group(op, types, verdict, cases, passed, failed, unsup, elements, max_ulp, dev=None):
    v = {k: 0 for k in ["PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR"]}
    v["UNSUPPORTED"] = unsup
    return {"op": op, "types": types, "cases": cases, "verdicts": v, "passed": passed,
            "failed": failed, "elements": elements, "mismatches": 0, "max_ulp": max_ulp,
            "deviation_counts": dev or {}, "verdict": verdict}


def handmade(tmp, root):
    sample = {"index": 2, "coords": [2], "a": "-0", "a_bits": "0x80000000", "b": "5",
              "b_bits": "0x40a00000", "expected": "-0", "expected_bits": "0x80000000",
              "actual": "0", "actual_bits": "0x00000000", "ulp": 0, "class": "zero-sign",
              "worst": True}
    onnx_cases = [
        case("mul/float32/zeros", "Mul", ["float32", "float32"], "FAIL", compared=True,
             elements=4, mismatches=3, max_ulp=0, deviation_counts={"zero-sign": 3},
             samples=[sample]),
        case("div/bfloat16/a", "Div", ["bfloat16", "bfloat16"], "UNSUPPORTED",
             exec_status="UNSUPPORTED", message="Could not find an implementation for Div(14)"),
        case("pow/float32/boom", "Pow", ["float32", "float32"], "CRASH", exec_status="CRASH",
             signal=11, message="killed by SIGSEGV"),
    ]
    onnx_groups = [
        group("Mul", "float32", "NON-CONFORMANT", 1, 0, 1, 0, 4, 0, {"zero-sign": 3}),
        # a group with nothing compared whose max_ulp field says 0: shown "-"
        group("Div", "bfloat16", "NOTHING-PASSED", 1, 0, 0, 1, 0, 0),
        group("Pow", "float32", "NON-CONFORMANT", 1, 0, 1, 0, 0, None),
    ]
    sonnx_cases = [case("div/float32/reject_broadcast", "Div", ["float32", "float32"], "FAIL",
                        expectation="reject", message="accepted an input outside the profile")]
    sonnx_groups = [group("Div", "float32", "NON-CONFORMANT", 1, 0, 1, 0, 0, None)]
    paths = {}
    for p, cs, gs in (("onnx", onnx_cases, onnx_groups), ("sonnx", sonnx_cases, sonnx_groups)):
        paths[p] = os.path.join(tmp, p + ".json")
        with open(paths[p], "w") as fh:
            json.dump(run_report(p, cs, gs), fh)
    lib = os.path.join(tmp, "lib.so")
    with open(lib, "wb") as fh:
        fh.write(b"not really a library")
    rec = os.path.join(tmp, "rec.json")
    tools = os.path.join(root, "docs", "conformance")
    r = subprocess.run([PY, os.path.join(tools, "combine_runs.py"), "--out", rec, "--library", lib,
                        "--library-source", "hand-made", "--command", "regen-cmd",
                        "--seconds", "1.25", "--source-commit", "c0ffee",
                        "onnx=" + paths["onnx"], "sonnx=" + paths["sonnx"]], check=False)
    check(r.returncode == 0, "combine_runs.py accepts two well-formed runs")
    with open(rec) as fh:
        record = json.load(fh)
    check(record["library"]["sha256"] == hashlib.sha256(b"not really a library").hexdigest(),
          "the record carries the library's sha256")
    check(record["runs"]["sonnx"]["cases"][0]["id"] == "div/float32/reject_broadcast",
          "the runs are embedded unchanged")
    out = os.path.join(tmp, "rec.md")
    r = subprocess.run([PY, os.path.join(tools, "render_conformance_md.py"), rec, out],
                       check=False)
    check(r.returncode == 0, "render_conformance_md.py renders the hand-made record")
    text = open(out).read()
    expect = [
        "| onnx | 3 | 0 | 1 | 1 | 0 | 1 | 0 | 7 | 3 | 0 | **NON-CONFORMANT** |",
        "#### `zero-sign`: 3 element(s) in 1 case(s)",
        "| mul/float32/zeros | 2 (2) | -0 (0x80000000) | 5 (0x40a00000) | -0 (0x80000000) | 0 (0x00000000) | 0 |",
        "- Profile onnx: 1 case(s):",
        "pow/float32/boom: CRASH (signal 11, exit code -1) killed by SIGSEGV",
        "| Div | bfloat16/bfloat16 | onnx 1 | Could not find an implementation for Div(14) |",
        "| Div | bfloat16 | NOTHING-PASSED | 0/1 | 0 | 1 | - |",
        "| Div | reject | OK | 1 | div/float32/reject\\_broadcast | accepted an input outside the profile |",
        "  - Div float32: 1 of 1 case(s) failed; answered OK on reject: 1 case(s)",
        "| Certification wall time | 1.250 s (runs: onnx 0.250 s, sonnx 0.250 s) |",
        "regen-cmd",
        "of commit c0ffee",
    ]
    for line in expect:
        check(line in text, "the hand-made report shows: " + line)
    # a run filed under the wrong profile is refused
    r = subprocess.run([PY, os.path.join(tools, "combine_runs.py"), "--out", rec + "2",
                        "--library", lib, "--library-source", "x", "--command", "x",
                        "--seconds", "1", "--source-commit", "x", "sonnx=" + paths["onnx"]],
                       stderr=subprocess.PIPE, text=True, check=False)
    check(r.returncode != 0 and "profile onnx, not sonnx" in r.stderr,
          "combine_runs.py refuses a run filed under the wrong profile")


# Every committed record of a real runtime and the
# command that regenerates it.
RECORDS = [("onnxruntime-1.30.0", "vendors/onnxruntime/certify.sh"),
           ("onnxruntime-web-1.30.0", "vendors/onnxruntime-web/certify.sh"),
           ("onednn-2.6.3", "vendors/onednn/certify.sh"),
           ("pocl-3.1", "vendors/pocl/certify.sh")]


def committed_record_renders_to_committed_md(tmp, root):
    d = os.path.join(root, "docs", "conformance")
    for stem, command in RECORDS:
        record = os.path.join(d, stem + ".json")
        committed = os.path.join(d, stem + ".md")
        out = os.path.join(tmp, stem + ".md")
        r = subprocess.run([PY, os.path.join(d, "render_conformance_md.py"), record, out,
                            "--detail", "onnx=%s-onnx.md" % stem,
                            "--detail", "sonnx=%s-sonnx.md" % stem], check=False)
        check(r.returncode == 0, "the committed record %s.json renders" % stem)
        check(r.returncode == 0 and open(out).read() == open(committed).read(),
              "docs/conformance/%s.md is exactly the rendering of %s.json "
              "(regenerate with %s)" % (stem, stem, command))


def main(argv):
    root = argv[0]
    with tempfile.TemporaryDirectory(prefix="sonnx-conformance-test.") as tmp:
        handmade(tmp, root)
        committed_record_renders_to_committed_md(tmp, root)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all conformance-record checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
