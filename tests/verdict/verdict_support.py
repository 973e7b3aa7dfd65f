"""Helpers shared by the verdict scenarios (run_verdict.py, governance.py):
run the command, name the report files, fail with a reason."""
import os
import subprocess
import sys

MARK = "not valid for certification"

# What a person sees of a page: headless Chromium through the report tests'
# DevTools driver (tests/report/cdp_shot.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "report"))
import cdp_shot  # noqa: E402
import chromium_check  # noqa: E402

BANNER = ("(() => { const v = document.getElementById('verdict');"
          " return v ? {text: v.innerText, cls: v.className} : null; })()")


def seen_banner(html):
    """The verdict banner as Chromium shows it ({text, cls}), or None when
    Chromium is absent (the caller then says the check was not run)."""
    if not os.path.exists(chromium_check.CHROMIUM):
        return None
    facts, console = cdp_shot.evaluate(html, BANNER, 1400, 900)
    check(not console, "%s: console messages: %s" % (html, console))
    check(facts is not None, "%s: no verdict banner in the rendered page" % html)
    return facts


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
