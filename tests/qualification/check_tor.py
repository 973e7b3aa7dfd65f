#!/usr/bin/python3
"""check_tor.py -- every tool operational requirement names tests that exist.

    check_tor.py --tor docs/qualification/tool-operational-requirements.md
                 --ctest CTEST --build-dir DIR [--optional REGEX]

Reads the requirements (headings "## TOR-<n> ..."), each with one line
"Verified by: `test`, `test`, ..."; lists the build's tests with
`ctest -N`; fails when a requirement names no test, when the numbering has a
gap or a duplicate, or when a named test does not exist.  Tests matching
--optional (a configuration that does not build them, e.g. no ONNX Runtime)
may be absent.  Exit 0 all hold, 1 a violation (listed).
"""

import argparse
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tor", required=True)
    ap.add_argument("--ctest", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--optional", default=None)
    a = ap.parse_args()
    text = open(a.tor, encoding="utf-8").read()
    listed = subprocess.run([a.ctest, "--test-dir", a.build_dir, "-N"], stdout=subprocess.PIPE,
                            text=True, check=True).stdout
    existing = set(re.findall(r"Test +#\d+: (\S+)", listed))
    problems = []
    sections = re.split(r"^## (TOR-\d+)[^\n]*$", text, flags=re.M)
    numbers = []
    n_tests = 0
    for tor, body in zip(sections[1::2], sections[2::2]):
        numbers.append(int(tor.split("-")[1]))
        m = re.search(r"^Verified by: (.+)$", body, flags=re.M)
        names = re.findall(r"`([^`]+)`", m.group(1)) if m else []
        if not names:
            problems.append("%s names no test (a line \"Verified by: `test`, ...\")" % tor)
        for name in names:
            n_tests += 1
            if name not in existing and not (a.optional and re.search(a.optional, name)):
                problems.append("%s: test %s does not exist (ctest -N)" % (tor, name))
    if not numbers:
        problems.append("no \"## TOR-<n>\" requirement in %s" % a.tor)
    elif numbers != list(range(1, len(numbers) + 1)):
        problems.append("requirements numbered %s, not TOR-1..TOR-%d" % (numbers, len(numbers)))
    print("%d tool operational requirements, %d test references, %d tests in the build"
          % (len(numbers), n_tests, len(existing)))
    for p in problems:
        print("FAIL: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
