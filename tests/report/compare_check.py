#!/usr/bin/python3
"""compare_check.py -- `sonnx-cts compare`:

1. the committed docs/conformance/compare{,-sonnx}.{md,html} are exactly what
   `compare` renders from the committed records (scripts/compare-runtimes.sh);
2. on two hand-edited copies of a built-in run report, the matrix shows each
   copy's figures in its column, the edited row (and only it) under "Where
   the runtimes differ", and declined cases alone do not make a difference;
   a row whose runtimes differ only in max ULP (within tolerance) does not;
3. refusals: a missing file (named, exit 2), more --label than reports;
   without an output file the matrix goes to stdout;
4. compare.html in headless Chromium: loads with no console message, the
   DOM holds both tables with one column per runtime, every cell is a link
   to an existing report page and to an element of it (relative links), and
   at 1400 px the page has no horizontal scrollbar.

usage: compare_check.py SONNX_CTS VECTORS_DIR SOURCE_ROOT WORKDIR [--behaviour]
  --behaviour: all but 1. (the committed files' freshness)
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium_check as cc  # noqa: E402 (chromium(), the console detector)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "vendors", "common"))
import runtime_table  # noqa: E402 (the one reader of vendors/common/runtimes.tsv)



def records(root):
    """(record file, label) of the built-in kernels and of every runtime in
    vendors/common/runtimes.tsv whose record is committed -- the columns
    scripts/compare-runtimes.sh renders."""
    return [("builtin.json", "built-in")] + runtime_table.committed(root)


def fail(msg):
    sys.exit("FAIL: " + msg)


def run(cmd, ok=(0,)):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=600)
    if p.returncode not in ok:
        fail("%s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr[-3000:]))
    return p


def committed(tool, root, work):
    """The committed pages are rendered beside the committed records and
    their reports (relative links): here from a copy of that directory."""
    src = os.path.join(root, "docs", "conformance")
    d = os.path.join(work, "conformance")
    os.makedirs(d)
    for f in os.listdir(src):
        if f.endswith(".json") or f.endswith(".html"):
            shutil.copy(os.path.join(src, f), d)
    args = []
    for f, label in records(root):
        args += [os.path.join(d, f), "--label", label]
    for profile, stem in (("onnx", "compare"), ("sonnx", "compare-sonnx")):
        md, html = os.path.join(d, stem + ".md"), os.path.join(d, stem + ".html")
        for f in (md, html):
            if os.path.exists(f):
                os.remove(f)
        run([tool, "compare", "--profile", profile] + args + ["--md", md, "--html", html])
        for mine, theirs in ((md, stem + ".md"), (html, stem + ".html")):
            with open(mine, "rb") as a, open(os.path.join(src, theirs), "rb") as b:
                if a.read() != b.read():
                    fail("docs/conformance/%s is not what `compare` renders from the "
                         "committed records (scripts/compare-runtimes.sh)" % theirs)
    print("ok: committed compare files match the records")
    return os.path.join(d, "compare.html")


def edited(tool, vectors, work):
    base = os.path.join(work, "base.json")
    run([tool, "run", "--vectors", vectors, "--profile", "onnx", "--quiet",
         "--op", "Div", "--json", base], ok=(0, 1))
    with open(base, encoding="utf-8") as fh:
        doc = json.load(fh)
    # Copy B: one float32 Div case failed with a deviation class, one int8
    # case declined (UNSUPPORTED must not make its row differ).
    b = json.loads(json.dumps(doc))
    f32 = next(c for c in b["cases"] if c["op"] == "Div" and c["input_types"] == ["float32", "float32"])
    f32["verdict"] = "FAIL"
    f32["deviation_counts"] = {"off-by-n-ulp": 3}
    i8 = next(c for c in b["cases"] if c["op"] == "Div" and c["input_types"] == ["int8", "int8"])
    i8["verdict"] = "UNSUPPORTED"
    for g in b["groups"]:
        if g["op"] == "Div" and g["types"] == "float32":
            g["verdict"] = "NON-CONFORMANT"
        # Within tolerance a larger max ULP is no other outcome: shown in
        # the cell, the row does not differ.
        if g["op"] == "Div" and g["types"] == "float64":
            g["max_ulp"] = 1
    pb = os.path.join(work, "edited.json")
    with open(pb, "w", encoding="utf-8") as fh:
        json.dump(b, fh)
    md = os.path.join(work, "pair.md")
    run([tool, "compare", base, "--label", "A", pb, "--label", "B", "--md", md])
    text = open(md, encoding="utf-8").read()
    differ = text.split("## Where the runtimes differ")[1].split("## Every row")[0]
    rows = [l for l in differ.splitlines() if l.startswith("| Div |")]
    if len(rows) != 1 or "| float32 |" not in rows[0]:
        fail("expected exactly the float32 row under 'differ', got:\n" + "\n".join(rows))
    if "off-by-n-ulp 3" not in rows[0] or "1 fail" not in rows[0]:
        fail("the edited column does not show its failure: " + rows[0])
    every = text.split("## Every row")[1]
    i8_row = next(l for l in every.splitlines() if l.startswith("| Div | int8 |"))
    if "1 unsup" not in i8_row:
        fail("the declined case is not shown: " + i8_row)
    f64_row = next(l for l in every.splitlines() if l.startswith("| Div | float64 |"))
    if "max 1 ulp" not in f64_row:
        fail("the other max ULP is not shown: " + f64_row)
    print("ok: an edited report's failure shows in its column and only its row differs")


def refusals(tool, work):
    p = run([tool, "compare", os.path.join(work, "nope.json"), "--md",
             os.path.join(work, "x.md")], ok=(2,))
    if "nope.json" not in p.stderr:
        fail("a missing report is not named: " + p.stderr)
    run([tool, "compare", os.path.join(work, "base.json"), "--label", "a", "--label", "b",
         "--md", os.path.join(work, "x.md")], ok=(2,))
    p = run([tool, "compare", os.path.join(work, "base.json"), "--label", "a"])
    if "## Where the runtimes differ" not in p.stdout or "| a |" not in p.stdout:
        fail("compare without an output file printed no matrix:\n" + p.stdout[:2000])
    print("ok: refusals exit 2; without an output file the matrix is on stdout")


def browser(html, root):
    p, console = cc.chromium(["--dump-dom"], "file://" + html)
    if p.returncode != 0:
        fail("chromium exit %d" % p.returncode)
    if console:
        fail("console messages while loading compare.html:\n" + "\n".join(console))
    dom = p.stdout
    for need in ('id="differ"', 'id="matrix"'):
        if need not in dom:
            fail("%s missing from the rendered DOM" % need)
    header = dom.split('id="matrix"')[1].split("</tr>")[0]
    for _, label in records(root):
        if ">%s</th>" % label not in header:
            fail("column %s missing from the matrix header" % label)
    print("ok: compare.html renders in headless Chromium, no console message")


# Every matrix cell: a link, its page exists, the element it points to too.
LINKS = """(function(){
  var cells = Array.from(document.querySelectorAll('#differ td, #matrix td')).filter(
    function(td){return td.cellIndex >= 2;});
  return {
    cells: cells.length,
    links: cells.map(function(td){var a=td.querySelector('a');
      return a ? a.getAttribute('href') : null;}),
    scroll_width: document.documentElement.scrollWidth,
    client_width: document.documentElement.clientWidth
  };
})()"""


def cell_links(html):
    import cdp_shot
    facts, console = cdp_shot.evaluate(html, LINKS, 1400, 900)
    if console:
        fail("compare.html: console messages:\n" + "\n".join(console))
    if facts["scroll_width"] > facts["client_width"]:
        fail("compare.html: horizontal scrollbar at 1400 px (%d px wide)" % facts["scroll_width"])
    missing = [i for i, h in enumerate(facts["links"]) if h is None]
    if not facts["cells"] or missing:
        fail("compare.html: %d of %d cells are not links" % (len(missing), facts["cells"]))
    pages = {}
    for href in facts["links"]:
        page, _, frag = href.partition("#")
        if os.path.isabs(page) or page.startswith("file:"):
            fail("compare.html: link not relative: " + href)
        path = os.path.normpath(os.path.join(os.path.dirname(html), page))
        if path not in pages:
            if not os.path.exists(path):
                fail("compare.html: link to a missing page: " + href)
            pages[path] = open(path, encoding="utf-8").read()
        if frag and ('id="%s"' % frag) not in pages[path]:
            fail("compare.html: %s has no element id=%r" % (page, frag))
    print("ok: compare.html: all %d cells link to an existing element of %d report pages; "
          "%d px wide at 1400 px" % (facts["cells"], len(pages), facts["scroll_width"]))


def linked_page(tool, root, work):
    """A comparison whose every column has its report page: the built-in
    record's pages rendered here (`report`), the others' are committed."""
    d = os.path.join(work, "conformance")
    for profile in ("onnx", "sonnx"):
        out = os.path.join(d, "builtin-%s.html" % profile)
        if not os.path.exists(out):
            run([tool, "report", os.path.join(d, "builtin.json"), "--profile", profile,
                 "--html", out], ok=(0,))
    args = []
    for f, label in records(root):
        args += [os.path.join(d, f), "--label", label]
    page = os.path.join(d, "linked.html")
    run([tool, "compare", "--profile", "onnx"] + args + ["--html", page])
    return page


def main():
    tool, vectors, root, work = sys.argv[1:5]
    # --behaviour: everything but the committed files' freshness (1.), so
    # that a stale committed page does not hide the other checks.
    behaviour_only = sys.argv[5:6] == ["--behaviour"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if behaviour_only:
        src = os.path.join(root, "docs", "conformance")
        os.makedirs(os.path.join(work, "conformance"))
        for f in os.listdir(src):
            if f.endswith(".json") or f.endswith(".html"):
                shutil.copy(os.path.join(src, f), os.path.join(work, "conformance"))
        html = None
    else:
        html = committed(tool, root, work)
    edited(tool, vectors, work)
    refusals(tool, work)
    if os.path.exists(cc.CHROMIUM):
        page = linked_page(tool, root, work)
        browser(html or page, root)
        cell_links(page)
    else:
        print("note: %s absent, browser check not run" % cc.CHROMIUM)
    print("PASS")


if __name__ == "__main__":
    main()
