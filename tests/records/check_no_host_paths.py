#!/usr/bin/python3
"""records.no_host_paths: committed records and reports show repository-relative
paths or a package's origin, never the absolute paths of the host that made
them.  A record that names /root/..., /home/..., /tmp/... or the
checkout's own directory says where one machine kept its files, which is
meaningless (and a leak) for every reader.

    check_no_host_paths.py REPO_ROOT

Scans the text files of the record directories below; prints every offending
line as FILE:LINE: MATCH and exits 1 when there is any, 0 otherwise.
"""

import glob
import os
import re
import sys

RECORDS = ["docs/conformance", "docs/reports", "tools/mpfr-verify/results"]
RECORD_GLOBS = ["vendors/*/baseline*.json"]
TEXT = (".json", ".md", ".html", ".xml", ".txt", ".log", ".csv")
# An absolute path into a host's home, temporary or work directories.  /usr
# and /proc paths name a package's files or the kernel, the same on every
# Debian machine, and are allowed; so is a runtime's own message quoting its
# vendor's build tree (ONNX Runtime's errors name /mnt/... source files):
# that is the certified runtime's text, recorded verbatim.
HOST_PATH = re.compile(r"(?<![\w.~-])/(?:root|home|tmp|work|var/tmp|Users)/[^\s\"'<>|)]*")


def record_files(root):
    for d in RECORDS:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for n in sorted(names):
                if n.endswith(TEXT):
                    yield os.path.join(dirpath, n)
    for g in RECORD_GLOBS:
        yield from sorted(glob.glob(os.path.join(root, g)))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    bad = scanned = 0
    for path in record_files(root):
        scanned += 1
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8", errors="replace") as fh:
            for no, line in enumerate(fh, 1):
                for m in HOST_PATH.finditer(line):
                    print("%s:%d: host path %s" % (rel, no, m.group(0)[:120]))
                    bad += 1
    if scanned == 0:
        print("no record files found under %s: wrong root?" % root)
        return 1
    print("%d record files scanned, %d host paths" % (scanned, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
