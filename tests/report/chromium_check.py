#!/usr/bin/python3
"""chromium_check.py — the HTML report of a built-in run, opened in a real
headless Chromium: it loads, logs no console message (the page has no
script, and its Content-Security-Policy turns any external load into a
console error), and holds the verdict matrix and the traceability table.
Also checks that `run --html/--md` and `report` give byte-identical files,
and saves a screenshot (taken over the DevTools protocol, cdp_shot.py).

usage: chromium_check.py SONNX_CTS VECTORS_DIR PROFILE WORKDIR SCREENSHOT.png
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile

CHROMIUM = os.environ.get("SCT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0"]


def fail(msg):
    sys.exit("FAIL: " + msg)


def run(cmd, ok=(0,)):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    if p.returncode not in ok:
        fail("%s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr[-3000:]))
    return p


def chromium(args, url):
    """Runs Chromium on url with a fresh profile; returns (stdout, console lines)."""
    profile = tempfile.mkdtemp(prefix="sct-chromium-")
    try:
        p = subprocess.run([CHROMIUM] + FLAGS + ["--user-data-dir=" + profile] + args + [url],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=180)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    # Chromium logs every console message (any level) as ":CONSOLE(" or
    # ":INFO:CONSOLE"; dbus / GPU noise of a headless container is not one.
    console = [l for l in p.stderr.splitlines() if "CONSOLE" in l]
    return p, console


class Census(html.parser.HTMLParser):
    """Counts what the checks need from the DOM Chromium serialised."""

    def __init__(self):
        super().__init__()
        self.ids = set()
        self.matrix_cells = 0
        self.trace_rows = 0
        self.in_trace = False
        self.svgs = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        cls = a.get("class", "") or ""
        if tag == "td" and cls.startswith("cell "):
            self.matrix_cells += 1
        if tag == "table" and "trace" in cls.split():
            self.in_trace = True
        if tag == "tr" and self.in_trace and (a.get("id", "") or "").startswith("r-"):
            self.trace_rows += 1
        if tag == "svg":
            self.svgs += 1

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_trace = False


def main():
    tool, vectors, profile, work, shot = sys.argv[1:6]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    j = lambda name: os.path.join(work, name)

    run([tool, "run", "--vectors", vectors, "--profile", profile, "--quiet",
         "--json", j("run.json"), "--html", j("run.html"), "--md", j("run.md")], ok=(0, 1))
    run([tool, "report", j("run.json"), "--html", j("report.html"), "--md", j("report.md")])
    for a, b in (("run.html", "report.html"), ("run.md", "report.md")):
        with open(j(a), "rb") as x, open(j(b), "rb") as y:
            if x.read() != y.read():
                fail("%s (run --html/--md) and %s (report) differ" % (a, b))
    print("ok: run --html/--md and report give identical files")

    # The detector must see console messages on a page that has them, or
    # a clean result below would prove nothing.
    with open(j("broken.html"), "w", encoding="utf-8") as fh:
        fh.write("<!DOCTYPE html><meta http-equiv=\"Content-Security-Policy\" "
                 "content=\"default-src 'none'\"><img src=\"http://example.invalid/x.png\">"
                 "<script>console.error('x')</script><p>broken</p>")
    _, console = chromium(["--dump-dom"], "file://" + j("broken.html"))
    if not console:
        fail("console detector saw nothing on a page with a CSP violation")
    print("ok: console detector works (%d messages on the broken page)" % len(console))

    with open(j("run.json"), encoding="utf-8") as fh:
        doc = json.load(fh)
    p, console = chromium(["--dump-dom"], "file://" + j("run.html"))
    if p.returncode != 0:
        fail("chromium exit %d\n%s" % (p.returncode, p.stderr[-2000:]))
    if console:
        fail("console messages while loading the report:\n" + "\n".join(console))
    dom = p.stdout
    census = Census()
    census.feed(dom)
    for need in ("verdict", "contents", "failures", "identity", "matrix", "traceability",
                 "histograms", "all-cases", "spec-notes", "legend"):
        if need not in census.ids:
            fail("section id=%r missing from the rendered DOM" % need)
    n_cases = len(doc["cases"])
    if census.matrix_cells == 0:
        fail("the verdict matrix has no cell")
    # One row per catalogue requirement plus one per id cited but not in it.
    catalogue = []
    cat_path = os.path.join(doc["identity"]["vectors_dir"], "requirements.json")
    if os.path.exists(cat_path):
        with open(cat_path, encoding="utf-8") as fh:
            catalogue = json.load(fh)
        if isinstance(catalogue, dict):
            catalogue = catalogue.get("requirements", [])
    known = {r["id"] for r in catalogue}
    cited = {r for c in doc["cases"] for r in c["requirements"]}
    want_rows = len(catalogue) + len(cited - known)
    if "traceability" not in census.ids or census.trace_rows != want_rows:
        fail("traceability table: %d requirement rows, expected %d (%d in %s, %d cited "
             "elsewhere)" % (census.trace_rows, want_rows, len(catalogue), cat_path,
                             len(cited - known)))
    if doc["identity"]["vector_set_sha256"] not in dom:
        fail("the vector-set hash is not shown")
    if doc["summary"]["overall"] not in dom:
        fail("the overall verdict %r is not shown" % doc["summary"]["overall"])
    print("ok: page loads without console messages; matrix cells %d, requirement rows %d, "
          "svg charts %d, cases %d" % (census.matrix_cells, census.trace_rows, census.svgs, n_cases))

    # Screenshot over the DevTools protocol (cdp_shot.py), which also
    # reports console messages and page exceptions a second, independent way.
    if os.path.exists(shot):
        os.remove(shot)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import cdp_shot
    pngs, console = cdp_shot.capture(j("run.html"), [(None, 1800), ("table.matrix", 1800),
                                                     ("table.trace", 1800)])
    if console:
        fail("DevTools saw console messages on the report:\n" + "\n".join(console))
    if any(p is None for p in pngs):
        fail("matrix or traceability table not found by DevTools")
    for png in pngs:
        if png[:8] != b"\x89PNG\r\n\x1a\n" or len(png) < 2000:
            fail("DevTools returned no usable PNG")
    with open(shot, "wb") as fh:
        fh.write(pngs[0])
    print("ok: DevTools: no console message; screenshot %s (%d bytes)" % (shot, len(pngs[0])))

    # Printed, nothing stays folded away: every collapsed case table and case
    # list is visible under print media.
    hidden = cdp_shot.hidden_when_printed(j("run.html"), "details > table, details > a")
    if hidden:
        fail("%d collapsed elements are not printed" % hidden)
    print("ok: printed, every collapsed case table and list is visible")
    print("PASS")


if __name__ == "__main__":
    main()
