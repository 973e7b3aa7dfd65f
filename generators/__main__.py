"""Regenerate vectors/:  /usr/bin/python3 -m generators [--out DIR] [--check]

--check regenerates into a temporary directory and compares it with the
committed tree (default vectors/), naming every differing, missing or extra
file; exit status 1 when they differ.  Without --check the target directory
is brought to exactly the generated content (stale case files removed).
Also rewrites docs/coverage.md when the target is the repository's vectors/.
"""

import argparse
import os
import shutil
import sys
import tempfile

from . import op_registry, requirements, writer

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "vectors")
# What the generator owns inside the target: files not listed here (e.g.
# vectors/README.md) are left alone.
# One folder per registered op (ops/operators.json), in the registry's order.
OWNED_DIRS = tuple(op_registry.vector_dir(n) for n in op_registry.names())
OWNED_FILES = ("manifest.json", "requirements.json")


def all_cases():
    # every registered op's goldens module (entry reference.goldens), in order
    cases = []
    for name in op_registry.names():
        cases += op_registry.golden_module(name).build()
    return cases


def generate(out_dir):
    writer.write_all(out_dir, all_cases(), requirements.catalogue(REPO))


def owned_files(root):
    found = set()
    for name in OWNED_FILES:
        if os.path.isfile(os.path.join(root, name)):
            found.add(name)
    for d in OWNED_DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in files:
                found.add(os.path.relpath(os.path.join(dirpath, f), root))
    return found


def _read(path):
    with open(path, "rb") as fh:
        return fh.read()


def compare(expected_root, actual_root):
    """(differing, missing, extra) relative paths."""
    exp, act = owned_files(expected_root), owned_files(actual_root)
    differing = sorted(p for p in exp & act
                       if _read(os.path.join(expected_root, p)) != _read(os.path.join(actual_root, p)))
    return differing, sorted(exp - act), sorted(act - exp)


def sync(src_root, dst_root):
    differing, missing, extra = compare(src_root, dst_root)
    for p in extra:
        os.remove(os.path.join(dst_root, p))
    for p in differing + missing:
        os.makedirs(os.path.dirname(os.path.join(dst_root, p)), exist_ok=True)
        shutil.copyfile(os.path.join(src_root, p), os.path.join(dst_root, p))
    for d in OWNED_DIRS:                       # prune empty directories
        for dirpath, dirs, files in os.walk(os.path.join(dst_root, d), topdown=False):
            if not os.listdir(dirpath):
                os.rmdir(dirpath)
    return differing, missing, extra


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m generators", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="vectors directory (default: %(default)s)")
    ap.add_argument("--check", action="store_true",
                    help="fail if the directory differs from a fresh regeneration")
    args = ap.parse_args(argv)
    out = os.path.abspath(args.out)
    with tempfile.TemporaryDirectory(prefix="sonnx-cts-gen-") as tmp:
        generate(tmp)
        if args.check:
            differing, missing, extra = compare(tmp, out)
            for label, paths in (("differs", differing), ("missing", missing),
                                 ("extra (not generated)", extra)):
                for p in paths:
                    print("%s: %s" % (label, os.path.join(out, p)))
            if differing or missing or extra:
                print("vectors are stale: %d differing, %d missing, %d extra; run "
                      "'/usr/bin/python3 -m generators' from the repository root"
                      % (len(differing), len(missing), len(extra)), file=sys.stderr)
                return 1
            print("vectors up to date: %d files in %s" % (len(owned_files(tmp)), out))
            return 0
        os.makedirs(out, exist_ok=True)
        differing, missing, extra = sync(tmp, out)
        print("wrote %s: %d new, %d changed, %d removed, %d files in all"
              % (out, len(missing), len(differing), len(extra), len(owned_files(tmp))))
    if out == DEFAULT_OUT:
        from . import coverage
        coverage.write_doc(out, os.path.join(REPO, "docs", "coverage.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
