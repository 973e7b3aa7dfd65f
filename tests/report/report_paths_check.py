#!/usr/bin/python3
"""report_paths_check.py — `sonnx-cts report` finds what a JSON names from
any working directory, and says when it cannot:

1. the committed ONNX Runtime record rendered from an unrelated directory
   (here: the work directory) gives the same page as from the repository
   root: its relative vectors_dir ("vectors") is found against the
   record's own location; exit 0, nothing on stderr;
2. a copy of that record outside any checkout: the catalogue cannot be
   found; the page is written, stderr names the file it could not read
   as a warning, and the exit status is 2.

usage: report_paths_check.py SONNX_CTS SOURCE_ROOT WORK
"""
import os
import shutil
import subprocess
import sys
import tempfile


def fail(msg):
    sys.exit("FAIL: " + msg)


def report(tool, record, out, cwd):
    return subprocess.run([tool, "report", record, "--profile", "onnx", "--html", out],
                          cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=600)


def main():
    tool, root, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    record = os.path.join(root, "docs", "conformance", "onnxruntime-1.30.0.json")
    at_root, elsewhere = os.path.join(work, "root.html"), os.path.join(work, "elsewhere.html")
    p = report(tool, record, at_root, root)
    if p.returncode != 0 or p.stderr:
        fail("from the repository root: exit %d\n%s" % (p.returncode, p.stderr))
    p = report(tool, record, elsewhere, work)
    if p.returncode != 0 or p.stderr:
        fail("from %s: exit %d\n%s" % (work, p.returncode, p.stderr))
    a, b = open(at_root, "rb").read(), open(elsewhere, "rb").read()
    if a != b:
        fail("the record renders differently from another directory")
    if b"cannot read the requirement catalogue" in b or b"GAP" not in b:
        fail("the catalogue was not found from another directory")
    print("ok: the committed record renders the same from %s as from the root" % work)

    # Outside the checkout (the work directory is inside its build tree).
    alone = tempfile.mkdtemp(prefix="sct-report-alone-")
    copy = os.path.join(alone, "record.json")
    shutil.copy(record, copy)
    p = report(tool, copy, os.path.join(alone, "r.html"), alone)
    if p.returncode != 2:
        fail("an unreadable catalogue: exit %d, want 2" % p.returncode)
    if "warning" not in p.stderr or "requirements.json" not in p.stderr:
        fail("the unreadable catalogue is not named on stderr: %r" % p.stderr)
    if not os.path.exists(os.path.join(alone, "r.html")):
        fail("the page was not written")
    shutil.rmtree(alone, ignore_errors=True)
    print("ok: an input it cannot read: page written, warning on stderr, exit 2")
    print("PASS")


if __name__ == "__main__":
    main()
