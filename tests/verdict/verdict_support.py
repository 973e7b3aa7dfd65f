"""Helpers shared by the verdict scenarios (run_verdict.py, governance.py):
run the command, name the report files, fail with a reason."""
import os
import subprocess

MARK = "not valid for certification"


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


def run(a, args, expect=None):
    p = subprocess.run([a.cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=600)
    if expect is not None and p.returncode != expect:
        raise Failure("sonnx-cts %s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s" % (
            " ".join(args), p.returncode, expect, p.stdout[-3000:], p.stderr[-3000:]))
    return p


def outputs(a, name):
    base = os.path.join(a.work, name)
    return {k: base + "." + k for k in ("json", "xml", "html", "md")}


def report_args(o):
    return ["--json", o["json"], "--junit", o["xml"], "--html", o["html"], "--md", o["md"]]


def load(path):
    with open(path, encoding="utf-8") as f:
        return f.read()
