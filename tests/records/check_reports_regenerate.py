#!/usr/bin/env python3
"""Every committed report people read regenerates byte-identical.

The HTML and Markdown reports under docs/reports and docs/conformance, and
the cross-runtime comparison, are rendered again from the committed JSON
records with this build's `sonnx-cts report` / `sonnx-cts compare`, exactly
as scripts/make-reports.sh and scripts/compare-runtimes.sh render them, and
compared byte for byte with the committed files.  A difference fails with
the file and its first differing line: either the renderer changed
behaviour, or a committed report is stale (regenerate it with those
scripts and commit it).

usage: check_reports_regenerate.py SONNX_CTS REPO_ROOT WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "vendors", "common"))
import runtime_table  # noqa: E402 (the one reader of vendors/common/runtimes.tsv)


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for n, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return "line %d:\n  committed: %s\n  rendered:  %s" % (n, x[:300], y[:300])
    return "line %d: one file ends early (%d vs %d lines)" % (
        min(len(la), len(lb)) + 1, len(la), len(lb))


def main():
    cli, root, work = sys.argv[1], sys.argv[2], sys.argv[3]
    cli = os.path.abspath(cli)
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.chdir(root)  # the records name repository-relative paths
    jobs = []  # (argv, [(committed, rendered)])

    out = os.path.join(work, "builtin")
    jobs.append(([cli, "report", "docs/reports/builtin.json",
                  "--requirements", "vectors/requirements.json",
                  "--spec-notes", "vectors/../docs/spec-notes.md",
                  "--html", out + ".html", "--md", out + ".md"],
                 [("docs/reports/builtin.html", out + ".html"),
                  ("docs/reports/builtin.md", out + ".md")]))

    # The built-in kernels and every runtime of vendors/common/runtimes.tsv
    # whose record is committed (the columns scripts/compare-runtimes.sh
    # renders).
    records = [("builtin.json", "built-in")] + runtime_table.committed(os.curdir)
    for name, _ in records[1:]:
        path = os.path.join("docs/conformance", name)
        with open(path, encoding="utf-8") as fh:
            profiles = sorted(json.load(fh)["runs"])
        base = path[:-len(".json")]
        for p in profiles:
            out = os.path.join(work, "%s-%s" % (os.path.basename(base), p))
            jobs.append(([cli, "report", path, "--profile", p,
                          "--requirements", "vectors/requirements.json",
                          "--spec-notes", "docs/spec-notes.md",
                          "--html", out + ".html", "--md", out + ".md"],
                         [("%s-%s.html" % (base, p), out + ".html"),
                          ("%s-%s.md" % (base, p), out + ".md")]))

    # The comparison links each cell to the runtime's page relative to the
    # page itself: it is rendered where it is committed, in a copy of the
    # layout (work/tree/docs/conformance holding links to the committed
    # records and pages), so that its links and paths read as committed.
    tree = os.path.join(work, "tree")
    conf = os.path.join(tree, "docs", "conformance")
    os.makedirs(conf)
    for f in os.listdir("docs/conformance"):
        if not f.startswith("compare"):
            os.symlink(os.path.abspath(os.path.join("docs/conformance", f)),
                       os.path.join(conf, f))
    args = []
    for name, label in records:
        args += [os.path.join("docs/conformance", name), "--label", label]
    for prof, suffix in (("onnx", ""), ("sonnx", "-sonnx")):
        out = os.path.join("docs/conformance", "compare" + suffix)
        jobs.append(([cli, "compare", "--profile", prof] + args +
                     ["--md", out + ".md", "--html", out + ".html"],
                     [("docs/conformance/compare%s.md" % suffix,
                       os.path.join(tree, out + ".md")),
                      ("docs/conformance/compare%s.html" % suffix,
                       os.path.join(tree, out + ".html"))], tree))

    failures = 0
    compared = 0
    for job in jobs:
        argv, pairs = job[0], job[1]
        cwd = job[2] if len(job) > 2 else None
        r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        if r.returncode == 2 or r.returncode > 3:  # 3: PARTIAL, a finished run
            print("FAIL: %s exited %d: %s" % (" ".join(argv[1:4]), r.returncode,
                                             r.stderr.decode(errors="replace")[-500:]))
            failures += 1
            continue
        for committed, rendered in pairs:
            with open(committed, "rb") as fh:
                a = fh.read()
            with open(rendered, "rb") as fh:
                b = fh.read()
            compared += 1
            if a != b:
                failures += 1
                print("FAIL: %s does not regenerate byte-identical (%d vs %d bytes), %s"
                      % (committed, len(a), len(b),
                         first_difference(a.decode(errors="replace"),
                                          b.decode(errors="replace"))))
    print("%d reports compared, %d differ or failed to render" % (compared, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
