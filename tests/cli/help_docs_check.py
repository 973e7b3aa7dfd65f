#!/usr/bin/python3
"""help_docs_check.py — docs/cli.md covers every command and every option
that `sonnx-cts --help` and `sonnx-cts CMD --help` list: each command has
its section (## `sonnx-cts CMD`), and each option of CMD's --help appears
in that section.  Prints everything missing, then fails.

usage: help_docs_check.py SONNX_CTS DOCS/cli.md
"""
import re
import subprocess
import sys


def help_text(tool, *args):
    p = subprocess.run([tool] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit("FAIL: sonnx-cts %s: exit %d" % (" ".join(args), p.returncode))
    return p.stdout


def main():
    tool, doc_path = sys.argv[1:3]
    doc = open(doc_path, encoding="utf-8").read()
    top = help_text(tool, "--help")
    commands = re.findall(r"^  ([a-z]+) {2,}", top.split("commands:", 1)[1], re.M)
    if not commands:
        sys.exit("FAIL: no command listed by sonnx-cts --help")
    # Sections: "## `sonnx-cts CMD`..." up to the next "## ".
    sections = {}
    for m in re.finditer(r"^## `sonnx-cts ([a-z]+)`.*?$(.*?)(?=^## |\Z)", doc, re.M | re.S):
        sections[m.group(1)] = m.group(2)
    missing = []
    for cmd in commands:
        if cmd not in sections:
            missing.append("docs/cli.md: no section ## `sonnx-cts %s`" % cmd)
            continue
        text = help_text(tool, cmd, "--help")
        # Options of another command the help refers to ("sonnx-cts run
        # --json") are that command's; --help is everyone's.
        text = re.sub(r"sonnx-cts [a-z]+ --[a-z][a-z0-9-]*", "", text)
        options = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", text)) - {"--help"}
        for opt in sorted(options):
            if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), sections[cmd]):
                missing.append("docs/cli.md, sonnx-cts %s: %s is not documented" % (cmd, opt))
    for m in missing:
        print(m)
    if missing:
        sys.exit("FAIL: %d command(s) or option(s) of --help missing from docs/cli.md"
                 % len(missing))
    print("ok: %d commands, every --help option documented in docs/cli.md" % len(commands))


if __name__ == "__main__":
    main()
