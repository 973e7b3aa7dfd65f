#!/usr/bin/python3
"""Markdown table of sct-mpfr-verify logs (docs/sweeps.md, "Results").

Each log starts with the date, the git commit, `git status --short kernels`,
the sha256 of the kernel sources at the start of the run and "command: ...",
then the tool's output.  (Which kernels the binary was built from is
recorded apart: the binary is built once, the tree moves on.)
usage: summarize_logs.py LOG...
"""
import re
import sys


def parse(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    lines = text.splitlines()
    r = {"log": path.rsplit("/", 1)[-1], "commit": lines[1][:7] if len(lines) > 1 else "?"}
    m = re.search(r"^command: sct-mpfr-verify (.*)$", text, re.M)
    r["command"] = m.group(1) if m else "?"
    m = re.search(r"^sct-mpfr-verify (\w+) (\w+): .*?; (.*?); all 65536 b each; (.*?); \d+ thread", text, re.M)
    r["what"] = f"{m.group(1)} {m.group(2)}" if m else "?"
    r["rows"] = (m.group(3) if m else "?").replace("|", "\\|")
    m = re.search(r"^pairs checked: (\d+) in ([\d.]+) s", text, re.M)
    r["pairs"], r["secs"] = (m.group(1), m.group(2)) if m else ("(not finished)", "")
    m = re.search(r"^disagreements: (\d+) \(NaN vs number: (\d+)\), max ULP distance (\d+)", text, re.M)
    r["dis"] = f"{m.group(1)} (NaN vs number {m.group(2)}), max ULP {m.group(3)}" if m else "–"
    m = re.search(r"^verdict: (.*)$", text, re.M)
    r["verdict"] = m.group(1) if m else "(running or stopped)"
    return r


def main(paths):
    print("| op, type | rows verified | pairs checked | disagreements | verdict | wall time | log |")
    print("|----------|---------------|---------------|---------------|---------|-----------|-----|")
    for p in paths:
        r = parse(p)
        print(f"| {r['what']} | {r['rows']} | {r['pairs']} | {r['dis']} | {r['verdict']} | "
              f"{r['secs']} s | {r['log']} |")


if __name__ == "__main__":
    main(sys.argv[1:])
