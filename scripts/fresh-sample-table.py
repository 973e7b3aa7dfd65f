#!/usr/bin/python3
"""fresh-sample-table.py — the fresh sample of every committed runtime, in one
table (docs/conformance/fresh-sample.md).

The committed records are written together with the CI baselines, which
compare the committed vectors only, so their runs carry no fresh sample
(docs/cli.md "Fresh sample").  This script re-runs each record's own `sonnx`
certification command (read from the record's identity: the same plugin,
vendor options and sandbox options) with `--fresh-sample=N --seed S` and a
fixed, recorded seed, and writes what the fresh-sample groups found: groups
sampled, passed, failed (with the first mismatching element: inputs,
expected, got) and groups left without a sample.  Re-running it with the same
seed reproduces the table.

usage: scripts/fresh-sample-table.py [--build DIR] [--seed S] [--samples N]
                                     [--out docs/conformance/fresh-sample.md]
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "vendors", "common"))
import runtime_table  # noqa: E402 (the one reader of vendors/common/runtimes.tsv)


def runtimes():
    """(record, label) of vendors/common/runtimes.tsv whose record exists."""
    return runtime_table.committed(ROOT)


def command_of(record, cli, json_out, seed, samples):
    """The record's sonnx certification command, with the fresh sample."""
    with open(os.path.join(ROOT, "docs", "conformance", record), encoding="utf-8") as fh:
        run = json.load(fh)["runs"]["sonnx"]
    argv = shlex.split(run["identity"]["command_line"])
    keep, i = [cli], 1
    while i < len(argv):
        a = argv[i]
        if a in ("--json", "--write-baseline", "--baseline", "--html", "--md", "--junit",
                 "--text"):
            i += 2
            continue
        if a in ("--quiet", "--no-fresh-sample") or a.startswith("--fresh-sample"):
            i += 1
            continue
        # the records write the home directory as ~ (no host path in a
        # record): vendor options such as lib=~/... and dir=~/... get it back
        keep.append(re.sub(r"(^|[=,])~/", lambda m: m.group(1) + os.path.expanduser("~") + "/",
                           a))
        i += 1
    return keep + ["--quiet", "--json", json_out, "--fresh-sample=%d" % samples,
                   "--seed", str(seed)]


def element(s):
    ins = "; ".join("%s = %s (%s)" % (k, s.get(k, "?"), s.get(k + "_bits", "?"))
                    for k in ("a", "b") if k in s)
    return "%s → expected %s (%s), got %s (%s)" % (
        ins, s.get("expected", "?"), s.get("expected_bits", "?"), s.get("actual", "?"),
        s.get("actual_bits", "?"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--samples", type=int, default=65536)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "conformance", "fresh-sample.md"))
    a = ap.parse_args()
    cli = os.path.join(a.build, "harness", "cli", "sonnx-cts")
    rows, details = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for rec, label in runtimes():
            out = os.path.join(tmp, rec)
            argv = command_of(rec, cli, out, a.seed, a.samples)
            t0 = time.monotonic()
            p = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=1800)
            secs = time.monotonic() - t0
            if p.returncode not in (0, 1, 3) or not os.path.exists(out):
                rows.append("| %s | run failed (exit %d) | | | | |" % (label, p.returncode))
                print("%s: exit %d\n%s" % (label, p.returncode, p.stderr[-1500:]),
                      file=sys.stderr)
                continue
            with open(out, encoding="utf-8") as fh:
                cases = [c for c in json.load(fh)["cases"]
                         if c["id"].endswith("/fresh_sample")]
            passed = [c for c in cases if c["verdict"] == "PASS"]
            unsup = [c for c in cases if c["verdict"] == "UNSUPPORTED"]
            bad = [c for c in cases if c["verdict"] not in ("PASS", "UNSUPPORTED")]
            no_sample = [c for c in unsup if "NO SAMPLE" in (c.get("message") or "")]
            rows.append("| %s | %d | %d | %d | %d | %.1f |" % (
                label, len(cases) - len(unsup), len(passed), len(bad), len(no_sample), secs))
            for c in bad:
                s = (c.get("samples") or [{}])[0]
                details.append("- **%s** `%s`: %s, %s of %s elements mismatch%s" % (
                    label, c["id"], c["verdict"], c.get("mismatches", "?"),
                    c.get("elements", "?"),
                    "; first: " + element(s) if c.get("samples") else
                    "; " + (c.get("message") or "")[:200]))
            print("%s: %d groups, %d failed (%.1f s)" % (label, len(cases), len(bad), secs))
    with open(a.out, "w", encoding="utf-8") as fh:
        fh.write("# Fresh samples of the committed runtimes\n\n"
                 "Written by `scripts/fresh-sample-table.py --seed %d --samples %d` (the "
                 "committed records carry no fresh sample: they are recorded with the CI "
                 "baselines, which compare the committed vectors only). Each runtime ran its "
                 "record's own `sonnx` certification command with `--fresh-sample=%d --seed "
                 "%d`: one group per (op, types) it ran, %d pairs drawn from the seed "
                 "(docs/cli.md \"Fresh sample\"), judged against the built-in kernels. The "
                 "same command with the same seed reproduces every row.\n\n"
                 "| runtime | groups sampled | passed | failed | no sample | wall s |\n"
                 "|---|---:|---:|---:|---:|---:|\n" % (a.seed, a.samples, a.samples, a.seed,
                                                       a.samples))
        fh.write("\n".join(rows) + "\n")
        fh.write("\n## Failing groups\n\n")
        fh.write("\n".join(details) + "\n" if details else "None.\n")
    print("wrote %s" % os.path.relpath(a.out, ROOT))


if __name__ == "__main__":
    main()
