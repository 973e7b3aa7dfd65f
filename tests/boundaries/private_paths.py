#!/usr/bin/env python3
"""private_paths.py — no code outside a module reaches into its private folder.

Usage: private_paths.py --repo ROOT --compile-commands FILE
                        [--only REGEX] [--exclude REGEX]

docs/architecture.md "Modules and their boundaries": a module's public
headers are <module>/include/sct/<module>/*.h; every other folder of the
module (the module's own folder and its subfolders, except include/ and
tests/) is private, seen by the module's sources and its tests/ only.
The compiler refuses another module's private header only while nobody puts
the private folder on an include path; this script checks that nobody does.

For every translation unit of the build (compile_commands.json, written by
CMake) whose source lies in the repository:
  1. an include directory (-I, -iquote, -isystem) that is a private folder of
     a module the source does not belong to is a violation;
  2. every quoted or angled #include of the source, and of the repository
     headers it reaches, is resolved as the compiler does (the including
     file's folder for quoted includes, then the include directories); a
     header found in a private folder of a module the including file does
     not belong to is a violation (e.g. #include "../../harness/render/x.h").

A module is numeric/, kernels/ and every harness/<m>/ with a CMakeLists.txt.
harness/cli, the top, has no include/ folder: its folder is what
sct_cli_core exports (docs/architecture.md: public headers "none: the top"),
so it has no private folder to protect.

--only REGEX keeps the sources whose repository path matches (the probes);
--exclude REGEX drops them (the tree check leaves the probes out).
Exit 0 when nothing is found, 1 with one line per violation, 77 (skipped)
when the build wrote no compile_commands.json.
"""
import argparse
import json
import os
import re
import shlex
import sys

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def modules_of(repo):
    """Module folder -> True when it has private folders (an include/ folder)."""
    mods = {}
    for m in ("numeric", "kernels"):
        if os.path.isdir(os.path.join(repo, m)):
            mods[m] = os.path.isdir(os.path.join(repo, m, "include"))
    harness = os.path.join(repo, "harness")
    for d in sorted(os.listdir(harness)):
        if os.path.isfile(os.path.join(harness, d, "CMakeLists.txt")):
            mods["harness/" + d] = os.path.isdir(os.path.join(harness, d, "include"))
    return mods


class Layout:
    def __init__(self, repo):
        self.repo = os.path.realpath(repo)
        self.mods = modules_of(self.repo)

    def rel(self, path):
        """Repository-relative path, or None outside the repository."""
        p = os.path.realpath(path)
        if p != self.repo and not p.startswith(self.repo + os.sep):
            return None
        return os.path.relpath(p, self.repo)

    def module(self, rel):
        """The module a repository path belongs to, or None."""
        for m in self.mods:
            if rel == m or rel.startswith(m + "/"):
                return m
        return None

    def private_module(self, rel):
        """The module whose private folder holds `rel`, or None."""
        m = self.module(rel)
        if m is None or not self.mods[m]:
            return None
        inner = rel[len(m) + 1:] if rel != m else ""
        first = inner.split("/", 1)[0]
        if first in ("include", "tests"):
            return None
        return m


def include_dirs(entry):
    """(kind, absolute dir) of a compile command's include options, in order."""
    if "arguments" in entry:
        args = list(entry["arguments"])
    else:
        args = shlex.split(entry["command"])
    cwd = entry.get("directory", ".")
    out = []
    i = 0
    while i < len(args):
        a = args[i]
        for opt in ("-iquote", "-isystem", "-idirafter", "-I"):
            if a == opt and i + 1 < len(args):
                out.append((opt, os.path.normpath(os.path.join(cwd, args[i + 1]))))
                i += 1
                break
            if a.startswith(opt) and len(a) > len(opt):
                out.append((opt, os.path.normpath(os.path.join(cwd, a[len(opt):]))))
                break
        i += 1
    return out


def resolve(name, quoted, including_dir, dirs):
    """The file #include <name> / "name" opens, as GCC searches, or None."""
    search = []
    if quoted:
        search.append(including_dir)
        search += [d for k, d in dirs if k == "-iquote"]
    search += [d for k, d in dirs if k == "-I"]
    search += [d for k, d in dirs if k == "-isystem"]
    search += [d for k, d in dirs if k == "-idirafter"]
    for d in search:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    return None


def check(layout, entries, only, exclude):
    problems = []
    checked = 0
    texts = {}
    for e in entries:
        src = os.path.normpath(os.path.join(e.get("directory", "."), e["file"]))
        src_rel = layout.rel(src)
        if src_rel is None:
            continue
        if only and not re.search(only, src_rel):
            continue
        if exclude and re.search(exclude, src_rel):
            continue
        checked += 1
        src_mod = layout.module(src_rel)
        dirs = include_dirs(e)
        for _kind, d in dirs:
            d_rel = layout.rel(d)
            if d_rel is None:
                continue
            owner = layout.private_module(d_rel)
            if owner and owner != src_mod:
                problems.append("%s: include path %s is a private folder of module %s "
                                "(only %s and %s/tests may see it)"
                                % (src_rel, d_rel, owner, owner, owner))
        # Walk the includes of the source and of the repository headers it reaches.
        seen = set()
        todo = [src]
        while todo:
            f = todo.pop()
            if f in seen:
                continue
            seen.add(f)
            f_rel = layout.rel(f)
            if f_rel is None:
                continue
            f_mod = layout.module(f_rel)
            if f not in texts:
                try:
                    with open(f, encoding="utf-8", errors="replace") as fh:
                        texts[f] = fh.read()
                except OSError:
                    texts[f] = ""
            for quote, name in INCLUDE_RE.findall(texts[f]):
                hit = resolve(name, quote == '"', os.path.dirname(f), dirs)
                if hit is None:
                    continue
                hit_rel = layout.rel(hit)
                if hit_rel is None:
                    continue
                owner = layout.private_module(hit_rel)
                if owner and owner != f_mod:
                    problems.append("%s: #include %s%s%s opens %s, a private header of module %s"
                                    % (f_rel, quote, name, '"' if quote == '"' else ">",
                                       hit_rel, owner))
                    continue
                todo.append(hit)
    return checked, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--compile-commands", required=True)
    ap.add_argument("--only")
    ap.add_argument("--exclude")
    a = ap.parse_args()
    if not os.path.isfile(a.compile_commands):
        print("skipped: %s not written (a generator without compile_commands.json)"
              % a.compile_commands)
        return 77
    with open(a.compile_commands, encoding="utf-8") as fh:
        entries = json.load(fh)
    layout = Layout(a.repo)
    checked, problems = check(layout, entries, a.only, a.exclude)
    for p in sorted(set(problems)):
        print(p)
    print("%d translation units checked, %d violations" % (checked, len(set(problems))))
    if checked == 0:
        print("error: no translation unit matched")
        return 2
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
