#!/usr/bin/python3
"""Checks the malformed-input corpus (tests/malformed/expected.tsv).

  check_corpus.py --driver load_driver [--only ENTRY]
  check_corpus.py --cli sonnx-cts --workdir DIR [--only ENTRY]

For each entry cases/<entry>/vectors:
- the exit status is 2 (input error), or 0 for entries whose expected
  message is "ok" (valid inputs that must be accepted);
- the expected message appears verbatim ({root} = the directory passed);
  with --driver it must be exactly the line "case <id>: error: <message>"
  (or "open-error: <message>");
- the healthy case beside the broken one still ran: with --driver its line
  is "case <id>: ok"; with --cli (run --profile onnx --json) its verdict in
  the JSON report is PASS and the broken case's verdict is ERROR with the
  message.
No crash: a signal (negative status) is always a failure.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(only):
    with open(os.path.join(HERE, "expected.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            entry, case_id, message = line.rstrip("\n").split("\t")
            if only and entry != only:
                continue
            yield entry, case_id, message


def healthy_ids(root):
    """Ids of the healthy cases in a corpus entry (those named *healthy*)."""
    manifest = os.path.join(root, "manifest.json")
    if os.path.exists(manifest):
        try:
            with open(manifest) as f:
                return [c["id"] for c in json.load(f)["cases"] if "healthy" in c.get("id", "")][:1]
        except (ValueError, KeyError, TypeError):
            return []
    return ["test_healthy"] if os.path.isdir(os.path.join(root, "test_healthy")) else []


def check_driver(driver, entry, case_id, message, root):
    p = subprocess.run([driver, root], capture_output=True, text=True, timeout=120)
    out = p.stdout
    problems = []
    if p.returncode < 0:
        return ["crashed with signal %d" % -p.returncode]
    if message == "ok":
        want_status, want_line = 0, "case %s: ok" % case_id
    elif case_id == "(open)":
        want_status, want_line = 2, "open-error: " + message.replace("{root}", root)
    else:
        want_status, want_line = 2, "case %s: error: %s" % (case_id, message.replace("{root}", root))
    if p.returncode != want_status:
        problems.append("exit status %d, want %d" % (p.returncode, want_status))
    if want_line not in out.splitlines():
        problems.append("missing line: %s" % want_line)
    if case_id != "(open)":
        for hid in healthy_ids(root):
            if "case %s: ok" % hid not in out.splitlines():
                problems.append("healthy case %s did not load" % hid)
    if problems:
        problems.append("output was:\n" + out + p.stderr)
    return problems


def check_cli(cli, workdir, entry, case_id, message, root):
    """`sonnx-cts run --profile onnx` (every corpus case is in the onnx
    profile): the broken case's verdict is ERROR with the message, the
    healthy case's verdict is PASS (schema: docs/report-format.md)."""
    report = os.path.join(workdir, entry + ".json")
    if os.path.exists(report):
        os.remove(report)
    p = subprocess.run([cli, "run", "--vectors", root, "--profile", "onnx", "--json", report],
                       capture_output=True, text=True, timeout=300)
    problems = []
    if p.returncode < 0:
        return ["crashed with signal %d" % -p.returncode]
    want_status = 0 if message == "ok" else 2
    if p.returncode != want_status:
        problems.append("exit status %d, want %d" % (p.returncode, want_status))
    want = message.replace("{root}", root)
    if case_id == "(open)":
        if want not in p.stdout + p.stderr:
            problems.append("message not reported: %s" % want)
    else:
        try:
            with open(report) as f:
                cases = json.load(f)["cases"]
        except (OSError, ValueError, KeyError) as e:
            cases = []
            problems.append("no usable JSON report: %s" % e)
        verdicts = [(c.get("verdict"), c.get("message") or "") for c in cases if c.get("id") == case_id]
        if message == "ok":
            if ("PASS", "") not in [(v, "") for v, _ in verdicts]:
                problems.append("case %s did not PASS: %s" % (case_id, verdicts))
        elif not any(v == "ERROR" and want in m for v, m in verdicts):
            problems.append("case %s: no ERROR verdict with the message %s; got %s" % (case_id, want, verdicts))
        for hid in healthy_ids(root):
            if not any(c.get("id") == hid and c.get("verdict") == "PASS" for c in cases):
                problems.append("healthy case %s did not PASS" % hid)
    if problems:
        problems.append("output was:\n" + p.stdout + p.stderr)
    return problems


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--driver")
    g.add_argument("--cli")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--only")
    args = ap.parse_args()
    failures = total = 0
    for entry, case_id, message in rows(args.only):
        total += 1
        root = os.path.join(HERE, "cases", entry, "vectors")
        if args.driver:
            problems = check_driver(args.driver, entry, case_id, message, root)
        else:
            os.makedirs(args.workdir, exist_ok=True)
            problems = check_cli(args.cli, args.workdir, entry, case_id, message, root)
        if problems:
            failures += 1
            print("FAIL %s:\n  %s" % (entry, "\n  ".join(problems)))
        else:
            print("ok   %s" % entry)
    print("%d entries, %d failed" % (total, failures))
    if total == 0:
        print("no entries checked")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
