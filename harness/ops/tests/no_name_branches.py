#!/usr/bin/python3
"""ops.no_name_branches — no code branches on an operator's name outside the
operator registry and the mapping tables that are allowed to.

What an operator is and does is data (ops/operators.json, read through
harness/ops and generators/op_registry.py).  A string literal naming an
operator ("Div", 'Pow') or the registry's per-op ids (SCT_OP_ID_DIV …) in code
is a fact about one operator kept outside the registry.  This test lists
every such line in harness/, kernels/, include/ and generators/ (comments
are skipped) and fails on any file not in ALLOWED or PENDING below.

usage: no_name_branches.py REPO_ROOT [EXTRA_FILE...]
  EXTRA_FILE: scanned too, never allowed (used to show the test can fail).
"""
import json
import os
import re
import sys

# Every operator of the registry (ops/operators.json, beside this test's
# repository root), so an operator added there is scanned from its first day.
_REG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                    "ops", "operators.json")
_NAMES = [o["name"] for o in json.load(open(_REG, encoding="utf-8"))["operators"]]
OPS = "(%s)" % "|".join(_NAMES)
C_PAT = re.compile(r'"%s"|\bSCT_OP_(ID_)?(%s)\b' % (OPS, "|".join(n.upper() for n in _NAMES)))
PY_PAT = re.compile(r"[\"']%s[\"']" % OPS)
ROOTS = ("harness", "kernels", "include", "generators")

# Allowed for good: the registry itself, the mapping tables that turn a
# registry op into a function (the kernels' (op, type) -> loop table), and
# tests (a test names the op it tests).
ALLOWED = {
    "harness/ops/": "the registry",
    "kernels/registry.c": "the kernels' (op, types) -> loop mapping table",
    "generators/op_registry.py": "the registry's Python reader",
    "harness/check/op_arith.c": "check's id -> double arithmetic table",
}
ALLOWED_PARTS = ("/tests/",)

# Not yet converted: a file with known op-name branches still to move into
# the registry, tolerated until then (a listed file that no longer exists
# fails the test).  Empty: the coverage criteria (generators/coverage*.py)
# were the last, and now read each op's families from its entry's
# "coverage".
PENDING = {}


def strip_comment(line, py):
    if py:
        s = line.lstrip()
        if s.startswith("#"):
            return ""
        return line.split("  #", 1)[0]
    s = line.lstrip()
    if s.startswith("*") or s.startswith("/*") or s.startswith("//"):
        return ""
    for mark in ("/*", "//"):
        k = line.find(mark)
        if k >= 0:
            line = line[:k]
    return line


def scan(path, rel):
    py = rel.endswith(".py")
    pat = PY_PAT if py else C_PAT
    hits = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            code = strip_comment(line, py)
            if pat.search(code):
                hits.append((n, line.rstrip()))
    return hits


def allowed(rel):
    if any(p in "/" + rel for p in ALLOWED_PARTS):
        return True
    return any(rel == k or (k.endswith("/") and rel.startswith(k)) for k in ALLOWED) \
        or rel in PENDING


def main():
    root = sys.argv[1]
    files = []
    for top in ROOTS:
        for d, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith((".c", ".h", ".cpp", ".py")):
                    p = os.path.join(d, name)
                    files.append((p, os.path.relpath(p, root)))
    extra = [(p, p) for p in sys.argv[2:]]
    bad = 0
    for p, rel in files:
        if allowed(rel):
            continue
        for n, text in scan(p, rel):
            print("%s:%d: branch on an operator name outside the registry: %s"
                  % (rel, n, text.strip()))
            bad += 1
    for p, rel in extra:
        for n, text in scan(p, rel):
            print("%s:%d: branch on an operator name outside the registry: %s"
                  % (rel, n, text.strip()))
            bad += 1
    stale = [k for k in PENDING if not os.path.exists(os.path.join(root, k))]
    for k in stale:
        print("%s: listed as pending but absent: drop it from PENDING" % k)
    if bad or stale:
        print("%d op-name branch(es) outside the registry (ops/operators.json)" % bad)
        return 1
    print("no op-name branch outside the registry and the allowed mapping tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
