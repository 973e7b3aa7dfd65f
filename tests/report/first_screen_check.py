#!/usr/bin/python3
"""first_screen_check.py — what a person sees of a report in a 1400 x 900
browser window (headless Chromium over the DevTools protocol, cdp_shot.py):

1. a run with one failing case (a mutant plugin): the first failing element
   (its row of the mismatch table, inputs in hex) and the command that
   re-runs the case are inside the first screen, without scrolling;
2. the committed ONNX Runtime record rendered by `report`: the same, for
   its first failing case;
3. on both pages: no horizontal scrollbar at 1400 px, and no raw formula
   (`$`) or double-escaped entity (`&lt;` as text) in the rendered
   requirement statements and spec notes.

usage: first_screen_check.py SONNX_CTS VECTORS MUTANT.so RECORD.json WORK
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp_shot  # noqa: E402

HEIGHT = 900

# Everything a person sees, measured in the page.
FACTS = """(function(){
  function box(sel){var e=document.querySelector(sel);if(!e)return null;
    var r=e.getBoundingClientRect();return {top:r.top,bottom:r.bottom,text:e.innerText};}
  function texts(sel){return Array.from(document.querySelectorAll(sel)).map(
    function(e){return e.innerText;});}
  return {
    first_row: box('#failures ~ section.case table.samples tr:nth-child(2)'),
    repro: box('#failures ~ section.case p.repro'),
    scroll_width: document.documentElement.scrollWidth,
    client_width: document.documentElement.clientWidth,
    statements: texts('table.trace td:nth-child(2)'),
    notes: texts('.notes article')
  };
})()"""


def fail(msg):
    sys.exit("FAIL: " + msg)


def check_page(name, page):
    facts, console = cdp_shot.evaluate(page, FACTS, 1400, HEIGHT)
    if console:
        fail("%s: console messages:\n%s" % (name, "\n".join(console)))
    row, repro = facts["first_row"], facts["repro"]
    if row is None or repro is None:
        fail("%s: no failing case with a mismatch table and a re-run command" % name)
    for what, b in (("first failing element", row), ("re-run command", repro)):
        if not (0 <= b["top"] and b["bottom"] <= HEIGHT):
            fail("%s: the %s is at %d-%d px, outside the first %d px screen"
                 % (name, what, b["top"], b["bottom"], HEIGHT))
    if "0x" not in row["text"]:
        fail("%s: the first failing element shows no hex bits: %r" % (name, row["text"]))
    if not repro["text"].startswith("Re-run just this case: sonnx-cts run "):
        fail("%s: re-run line reads %r" % (name, repro["text"]))
    if facts["scroll_width"] > facts["client_width"]:
        fail("%s: horizontal scrollbar at 1400 px (content %d px wide)"
             % (name, facts["scroll_width"]))
    shown = facts["statements"] + facts["notes"]
    if not facts["statements"] or not facts["notes"]:
        fail("%s: no requirement statement or spec note rendered" % name)
    for t in shown:
        if "$" in t or "&lt;" in t or "\\frac" in t:
            fail("%s: raw formula or escaped entity shown: %r" % (name, t[:200]))
    print("ok: %s: first failing element at %d-%d px, re-run command at %d-%d px, "
          "width %d px, %d statements and %d notes without `$` or `&lt;`"
          % (name, row["top"], row["bottom"], repro["top"], repro["bottom"],
             facts["scroll_width"], len(facts["statements"]), len(facts["notes"])))


def main():
    tool, vectors, mutant, record, work = sys.argv[1:6]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    page = os.path.join(work, "mutant.html")
    p = subprocess.run([tool, "run", "--vectors", vectors, "--vendor", mutant, "--quiet",
                        "--html", page], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=600)
    if p.returncode != 1 or not os.path.exists(page):
        fail("mutant run: exit %d (want 1)\n%s" % (p.returncode, p.stderr[-2000:]))
    check_page("mutant run", page)
    # The record is rendered from its own directory's parent tree: the repository.
    ort = os.path.join(work, "ort.html")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(record))))
    p = subprocess.run([tool, "report", os.path.abspath(record), "--profile", "sonnx",
                        "--html", ort], cwd=root, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600)
    if p.returncode != 0:
        fail("report %s: exit %d\n%s" % (record, p.returncode, p.stderr[-2000:]))
    check_page("ONNX Runtime record", ort)
    print("PASS")


if __name__ == "__main__":
    main()
