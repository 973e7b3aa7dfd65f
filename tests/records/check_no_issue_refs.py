#!/usr/bin/python3
"""No file of the tree names an issue of the project's tracker (the word
"issue" followed by its number, or a bare "(#N)"): issue texts do not ship with the repository, so
a comment or document that points at one points nowhere.  Say the reason,
or cite a spec clause or a docs anchor, instead.  Upstream references
("owner/repo#123", ".../issues/123") are links a reader can follow and are
not matched.

usage: check_no_issue_refs.py ROOT      (exit 1 naming every hit)
       check_no_issue_refs.py --probe   (the check must fail on a planted
                                         reference and pass without it)
"""
import os
import re
import sys
import tempfile

PATTERN = re.compile(r"\b[Ii]ssues? #?[0-9]+\b|(?<![\w/])\(#[0-9]+\)")
SKIP_DIRS = {".git", "build", "node_modules", "__pycache__"}
# Generated, binary or third-party data: not prose of this project.
SKIP_SUFFIXES = (".pb", ".onnx", ".png", ".so", ".o", ".a", ".tar", ".gz")


def hits(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build"))
        for f in sorted(files):
            if f.endswith(SKIP_SUFFIXES):
                continue
            path = os.path.join(d, f)
            try:
                with open(path, encoding="utf-8") as fh:
                    for n, line in enumerate(fh, 1):
                        if PATTERN.search(line):
                            out.append("%s:%d: %s" % (os.path.relpath(path, root), n,
                                                      line.strip()[:160]))
            except (UnicodeDecodeError, OSError):
                continue
    return out


def probe():
    with tempfile.TemporaryDirectory() as t:
        with open(os.path.join(t, "clean.c"), "w") as fh:
            fh.write("/* see tensorflow/tensorflow#9560 and docs/spec-notes.md SN-16 */\n")
        if hits(t):
            sys.exit("FAIL: probe: an upstream reference was taken for an issue number")
        with open(os.path.join(t, "planted.c"), "w") as fh:
            fh.write("/* as " + "issue" + " 12 asks */\n")
        if len(hits(t)) != 1:
            sys.exit("FAIL: probe: a planted issue reference was not found")
    print("ok: probe (a planted reference is found, an upstream one is not)")


def main():
    if sys.argv[1:] == ["--probe"]:
        probe()
        return
    found = hits(sys.argv[1])
    for h in found:
        print(h)
    if found:
        sys.exit("FAIL: %d line(s) name an issue number" % len(found))
    print("ok: no file names an issue number")


if __name__ == "__main__":
    main()
