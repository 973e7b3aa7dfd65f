#!/usr/bin/python3
"""check_unary.py — unary cases end to end (tests/arity/CMakeLists.txt).

usage: check_unary.py --cli SONNX_CTS --plugin UNARY_PLUGIN --work DIR

The set (make_unary_set.py) holds Abs float32 (the plugin gets |-0| wrong:
element 1, input -0, expected +0, got -0, zero-sign), Sqrt float16 (exact)
and a Sub entry declaring one input.  Expected: Abs FAIL naming its one
input "a" in JSON, JUnit, text, Markdown and HTML ("A = ...", one input
file), no "b" anywhere in its element; Sqrt PASS; the Sub entry ERROR with
"<manifest>: field cases[2].inputs: 1 input; Sub takes 2
(ops/operators.json)" while the two others ran; `report` renders the same
HTML from the JSON; `merge` reads it back (the one reader, strict) with the
same element; `repro` prints the element line with "a" only, and its
`--export` folder loads and runs as a one-input case.  Every expected value
is written here by hand from the IEEE 754 encodings.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAILURES = []


def check(ok, what):
    if not ok:
        FAILURES.append(what)


def run(cmd, want_rc):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in want_rc:
        sys.exit("FAIL: %s\nexit %d, expected %s\nstdout:\n%s\nstderr:\n%s"
                 % (" ".join(cmd), p.returncode, want_rc, p.stdout[-3000:], p.stderr[-3000:]))
    return p


def by_id(doc):
    return {c["id"]: c for c in doc["cases"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    w = lambda name: os.path.join(a.work, name)
    vec = w("vectors")
    subprocess.run([sys.executable, os.path.join(HERE, "make_unary_set.py"), vec], check=True)
    manifest = os.path.join(vec, "manifest.json")

    # The fresh sample is left out: it draws from the sweeps' generator,
    # which is not under test here.
    base = [a.cli, "run", "--vectors", vec, "--vendor", a.plugin, "--profile", "sonnx",
            "--no-fresh-sample"]
    p = run(base + ["--json", w("r.json"), "--junit", w("r.xml"), "--text", w("r.txt"),
                    "--html", w("r.html"), "--md", w("r.md")], (2,))  # overall ERROR

    doc = json.load(open(w("r.json")))
    cases = by_id(doc)
    check(sorted(cases) == ["abs/float32/fixture", "sqrt/float16/fixture",
                            "sub/float32/wrong_arity"], "cases: %r" % sorted(cases))
    ab = cases.get("abs/float32/fixture", {})
    check(ab.get("verdict") == "FAIL", "Abs verdict %r" % ab.get("verdict"))
    check(ab.get("input_types") == ["float32"], "Abs input_types %r" % ab.get("input_types"))
    check(ab.get("input_shapes") == [[4]], "Abs input_shapes %r" % ab.get("input_shapes"))
    samples = ab.get("samples", [])
    check(len(samples) == 1, "Abs samples %r" % samples)
    s = samples[0] if samples else {}
    check(s.get("index") == 1 and s.get("a_bits") == "0x80000000" and s.get("a") == "-0",
          "Abs element: %r" % s)
    check(s.get("expected_bits") == "0x00000000" and s.get("actual_bits") == "0x80000000",
          "Abs element values: %r" % s)
    check(s.get("class") == "zero-sign", "Abs class %r" % s.get("class"))
    check("b" not in s and "b_bits" not in s, "Abs element has a second input: %r" % s)
    sq = cases.get("sqrt/float16/fixture", {})
    check(sq.get("verdict") == "PASS", "Sqrt verdict %r (%s)" % (sq.get("verdict"),
                                                                  sq.get("message")))
    check(sq.get("input_types") == ["float16"], "Sqrt input_types %r" % sq.get("input_types"))
    sub = cases.get("sub/float32/wrong_arity", {})
    want = ("%s: field cases[2].inputs: 1 input; Sub takes 2 (ops/operators.json)" % manifest)
    check(sub.get("verdict") == "ERROR" and want in sub.get("message", ""),
          "Sub entry: %r" % sub)

    line = "[1] (1) a=-0 (0x80000000) expected=0 (0x00000000) actual=-0 (0x80000000) ulp=0 " \
           "class=zero-sign"
    for name, text in (("stdout", p.stdout), ("text", open(w("r.txt")).read())):
        check(line in text, "%s lacks the element line %r" % (name, line))
        check(want in text, "%s lacks the arity refusal" % name)
    junit = open(w("r.xml")).read()
    check("[1] a=-0 (0x80000000) expected=0 (0x00000000) actual=-0 (0x80000000)" in junit,
          "JUnit lacks the element")
    check(" b=" not in junit, "JUnit names a second input")
    md = open(w("r.md")).read()
    check("| A = -0 (0x80000000) | 0 (0x00000000) | -0 (0x80000000) | 0 | zero-sign |" in md,
          "Markdown lacks the element row")
    html = open(w("r.html")).read()
    check("A = -0 (0x80000000)" in html, "HTML lacks the element's input")
    m = re.search(r'<code>[^<]*/abs/float32/fixture/</code>: (.*?)</td>', html)
    check(m is not None and m.group(1) == "<code>model.onnx</code>, "
          "<code>test_data_set_0/input_0.pb</code>, <code>test_data_set_0/output_0.pb</code>",
          "HTML vector files of Abs: %r" % (m.group(1) if m else None))

    # Read back: the same HTML from the JSON; merge reads it strictly.
    run([a.cli, "report", w("r.json"), "--html", w("again.html")], (2,))
    check(open(w("again.html")).read() == html, "report renders another HTML than run")
    # exit 2: the run's overall verdict (ERROR), not a refusal
    p = run([a.cli, "merge", w("r.json"), "--json", w("m.json")], (2,))
    check("refused" not in p.stderr and os.path.exists(w("m.json")),
          "merge refused the report:\n%s" % p.stderr)
    back = by_id(json.load(open(w("m.json")))).get("abs/float32/fixture", {}) \
        if os.path.exists(w("m.json")) else {}
    check(back.get("samples") == ab.get("samples") and back.get("input_types") == ["float32"],
          "merge read the Abs case back differently: %r" % back)

    # The repro line, and the element exported as a one-input case.
    p = run([a.cli, "repro", "--vectors", vec, "--vendor", a.plugin, "--case",
             "abs/float32/fixture", "--element", "1", "--export", w("export")], (1,))
    rl = "Abs float32->float32 elem 1 a 0x80000000 -0 expected 0x00000000 0 got 0x80000000 " \
         "-0 ulp 0 zero-sign"
    check(rl in p.stdout, "repro lacks %r:\n%s" % (rl, p.stdout))
    check(" b 0x" not in p.stdout, "repro names a second input")
    p = run([a.cli, "run", "--vectors", w("export"), "--vendor", a.plugin, "--profile", "sonnx",
             "--no-fresh-sample", "--json", w("e.json")], (1,))
    e = json.load(open(w("e.json")))["cases"]
    check(len(e) == 1 and e[0]["verdict"] == "FAIL" and e[0]["input_types"] == ["float32"],
          "exported element: %r" % e)
    if FAILURES:
        sys.exit("FAIL:\n  " + "\n  ".join(FAILURES))
    print("ok: unary cases load, run, check, report, read back and replay")


if __name__ == "__main__":
    main()
