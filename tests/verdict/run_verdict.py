#!/usr/bin/env python3
"""Verdict scenarios (docs/cli.md "Verdicts and exit status", "Tiers"):
each one runs `sonnx-cts` and checks that every format says the same words
and that the exit status is the one the reports record.

  partial          a plugin declining most of the profile and the example
                   adapter: PARTIAL (exit 3) in text, JSON, JUnit, HTML,
                   Markdown and compare, the declined op x types listed first;
                   never CONFORMS
  sweep_slice      a 500,000-pair slice of the float16 Div sweep: marked
                   "not valid for certification" in text, JSON, HTML, Markdown
  query_error      query() answering ERROR: `run` and `sweep` give the same
                   verdict and exit status (the one case verdict rule)
  declined_at_run  run() declining exactly the cases holding a subnormal:
                   DECLINED_AT_RUN, the group NON-CONFORMANT, in every format
  usage_before_run unknown selection values, empty selections, report paths in
                   missing directories: exit 2 before anything runs
  atomic_write     a report write failing on a full tmpfs keeps the previous one
  enforcement      values and enforcement answered apart under sonnx (SN-24)
and those of governance.py (baselines, claims, traceability, waivers).
"""
import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import governance
from verdict_support import (MARK, Failure, check, load, outputs, report_args, run,
                             seen_banner)


def check_partial(a, plugin, label, extra):
    o = outputs(a, label)
    p = run(a, ["run", "--vectors", a.vectors, "--vendor", plugin] + extra + report_args(o),
            expect=3)
    text = p.stdout
    check("overall: PARTIAL (exit 3)" in text, "%s: text overall line:\n%s" % (label, text[-800:]))
    check("CONFORMS (exit" not in text, "%s: text says CONFORMS" % label)
    first = text.split("\n")[:6]
    check(any(l.startswith("declined, not certified: ") for l in first),
          "%s: the declined op x types are not listed first:\n%s" % (label, "\n".join(first)))
    d = json.loads(load(o["json"]))
    s = d["summary"]
    check(s["overall"] == "PARTIAL" and s["exit_code"] == 3, "%s: JSON %s/%s" % (
        label, s["overall"], s["exit_code"]))
    check(len(s["declined"]) > 0 and all(x["unsupported"] > 0 for x in s["declined"]),
          "%s: JSON declined list" % label)
    root = ET.parse(o["xml"]).getroot()
    props = {pr.get("name"): pr.get("value")
             for pr in root.findall("testsuite/properties/property")}
    check(props.get("sonnx-cts.overall") == "PARTIAL", "%s: JUnit overall %r" % (
        label, props.get("sonnx-cts.overall")))
    html = load(o["html"])
    check('<div class="big">PARTIAL</div>' in html, "%s: HTML banner" % label)
    check('class="big">CONFORMS' not in html, "%s: HTML says CONFORMS" % label)
    seen = seen_banner(o["html"])
    if seen is None:
        print("note: Chromium absent, %s banner checked in the file only" % label)
    else:
        check(seen["text"].startswith("PARTIAL") and "CONFORMS" not in seen["text"]
              and "v-pass" not in seen["cls"],
              "%s: Chromium shows the banner %r (%s)" % (label, seen["text"][:80], seen["cls"]))
    md = load(o["md"])
    check("**Overall verdict: PARTIAL**" in md, "%s: Markdown verdict" % label)
    cmp_md = os.path.join(a.work, label + "-compare.md")
    run(a, ["compare", o["json"], "--md", cmp_md], expect=0)
    check("PARTIAL" in load(cmp_md), "%s: compare does not say PARTIAL" % label)


def sc_partial(a):
    check_partial(a, a.decline_most, "decline-most", [])
    check_partial(a, a.example, "example-adapter", [])


def sc_sweep_slice(a):
    o = outputs(a, "slice")
    p = run(a, ["sweep", "--op", "Div", "--type", "float16", "--shard", "300/1000",
                "--limit", "500000", "--json", o["json"]], expect=0)
    check(MARK in p.stdout, "sweep slice: terminal lacks the mark:\n%s" % p.stdout[-1500:])
    d = json.loads(load(o["json"]))
    t = d["summary"]["tier"]
    check(t["name"] == "sweep slice" and t["valid_for_certification"] is False,
          "sweep slice: JSON tier %r" % t)
    run(a, ["report", o["json"], "--html", o["html"], "--md", o["md"]], expect=0)
    html = load(o["html"])
    check('<div class="big">CONFORMS (%s)</div>' % MARK in html,
          "sweep slice: HTML banner lacks the mark")
    check("v-pass\" id=\"verdict\"" not in html, "sweep slice: HTML banner is green")
    seen = seen_banner(o["html"])
    if seen is None:
        print("note: Chromium absent, sweep slice banner checked in the file only")
    else:
        check(MARK in seen["text"] and "v-pass" not in seen["cls"],
              "sweep slice: Chromium shows the banner %r (%s)" % (seen["text"][:80],
                                                                  seen["cls"]))
    check("**Overall verdict: CONFORMS (%s)**" % MARK in load(o["md"]),
          "sweep slice: Markdown verdict lacks the mark")


def sc_query_error(a):
    o_run, o_sweep = outputs(a, "qerr-run"), outputs(a, "qerr-sweep")
    pr = run(a, ["run", "--vectors", a.vectors, "--vendor", a.query_error, "--op", "Div",
                 "--type", "float16", "--case", "div/float16/*", "--json", o_run["json"]])
    ps = run(a, ["sweep", "--op", "Div", "--type", "float16", "--vendor", a.query_error,
                 "--json", o_sweep["json"]])
    dr, ds = json.loads(load(o_run["json"])), json.loads(load(o_sweep["json"]))
    run_verdicts = {c["verdict"] for c in dr["cases"] if c["expectation"] == "values"}
    sweep_verdicts = {c["verdict"] for c in ds["cases"]}
    check(run_verdicts == {"FAIL"}, "query error: run verdicts %r" % run_verdicts)
    check(sweep_verdicts == run_verdicts, "query error: sweep %r, run %r" % (
        sweep_verdicts, run_verdicts))
    check(pr.returncode == dr["summary"]["exit_code"] == 1,
          "run exit %d, recorded %d" % (pr.returncode, dr["summary"]["exit_code"]))
    check(ps.returncode == ds["summary"]["exit_code"] == 1,
          "sweep exit %d, recorded %d" % (ps.returncode, ds["summary"]["exit_code"]))


def sc_declined_at_run(a):
    o = outputs(a, "drun")
    p = run(a, ["run", "--vectors", a.vectors, "--vendor", a.decline_subnormal, "--op", "Div",
                "--type", "float32", "--case", "div/float32/*"] + report_args(o), expect=1)
    d = json.loads(load(o["json"]))
    drun = [c for c in d["cases"] if c["verdict"] == "DECLINED_AT_RUN"]
    check(len(drun) > 0, "no DECLINED_AT_RUN case")
    check(not any(c["verdict"] == "UNSUPPORTED" for c in d["cases"]),
          "a run-time decline was counted as UNSUPPORTED")
    g = [g for g in d["groups"] if g["op"] == "Div" and g["types"] == "float32"][0]
    in_group = [c for c in drun if c["input_types"] == ["float32", "float32"]]
    check(len(in_group) > 0 and g["verdict"] == "NON-CONFORMANT" and
          g["verdicts"]["DECLINED_AT_RUN"] == len(in_group), "group %r" % g)
    check(d["summary"]["overall"] == "NON-CONFORMANT", "overall %s" % d["summary"]["overall"])
    check("DECLINED_AT_RUN " + drun[0]["id"] in p.stdout, "text lacks the case line")
    root = ET.parse(o["xml"]).getroot()
    types = {f.get("type") for f in root.iter("failure")}
    check("DECLINED_AT_RUN" in types, "JUnit failure types %r" % types)
    check("DECLINED_AT_RUN" in load(o["html"]), "HTML lacks DECLINED_AT_RUN")
    check("DECLINED\\_AT\\_RUN" in load(o["md"]), "Markdown lacks DECLINED_AT_RUN")


def sc_usage_before_run(a):
    """Mistakes in the selection or the output paths: exit 2 before any case
    runs, nothing written, the message naming the user's value or path."""
    work = os.path.join(a.work, "usage")
    os.makedirs(work, exist_ok=True)
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    j, h = os.path.join(work, "c.json"), os.path.join(work, "d.html")
    missing = os.path.join(work, "no-such-dir", "x.json")
    tries = [
        (["run", "--op", "Foo", "--json", j, "--html", h], "--op Foo"),
        (["run", "--type", "int4", "--op", "Less", "--json", j], "no case selected"),
        (["run", "--tag", "nosuch", "--json", j], "--tag nosuch"),
        (["list", "--tag", "nosuch"], "--tag nosuch"),
        (["list", "--op", "Foo"], "--op Foo"),
        (["run", "--json", missing, "--md", os.path.join(work, "m.md")],
         "--json %s: directory %s does not exist" % (missing, os.path.dirname(missing))),
        (["run", "--json", j, "--html", missing], "--html %s" % missing),
    ]
    for args, said in tries:
        p = run(a, args[:1] + ["--vectors", a.vectors] + args[1:], expect=2)
        check(said in p.stderr, "%s: stderr does not say %r:\n%s" % (args, said, p.stderr))
        check("PASS" not in p.stdout and "overall" not in p.stdout,
              "%s: cases ran:\n%s" % (args, p.stdout[-500:]))
        check(os.listdir(work) == [], "%s: wrote %r" % (args, os.listdir(work)))
    p = run(a, ["sweep", "--op", "Div", "--type", "float16", "--json", missing], expect=2)
    check("directory" in p.stderr and missing in p.stderr, "sweep: %s" % p.stderr)


def sc_atomic_write(a):
    """A report that cannot be written whole (a small tmpfs fills up) leaves
    no partial file and keeps the previous report, byte for byte."""
    mnt = os.path.join(a.work, "tmpfs")
    os.makedirs(mnt, exist_ok=True)
    subprocess.run(["umount", mnt], stderr=subprocess.DEVNULL)
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt],
                       stderr=subprocess.PIPE, text=True)
    if m.returncode != 0:
        raise Failure("cannot mount a 2 MiB tmpfs (needs root): %s" % m.stderr)
    try:
        outs = {k: os.path.join(mnt, "r." + k) for k in ("json", "xml", "txt", "html")}
        small = ["run", "--vectors", a.vectors, "--case", "div/float32/special_cross",
                 "--quiet", "--json", outs["json"], "--junit", outs["xml"],
                 "--text", outs["txt"], "--html", outs["html"]]
        run(a, small, expect=0)
        before = {k: load(v) for k, v in outs.items()}
        # Leave 32 KiB free: the whole set's report of each format through a
        # plugin declining most of it is far larger.
        st = os.statvfs(mnt)
        filler = os.path.join(mnt, "filler")
        with open(filler, "wb") as f:
            f.write(b"\0" * (st.f_bavail * st.f_frsize - 32 * 1024))
        names = sorted([os.path.basename(v) for v in outs.values()] + ["filler"])
        for k in ("json", "xml", "txt", "html"):
            full = ["run", "--vectors", a.vectors, "--quiet", "--vendor", a.decline_most,
                    {"json": "--json", "xml": "--junit", "txt": "--text",
                     "html": "--html"}[k], outs[k]]
            p = run(a, full)
            check(p.returncode == 2, "%s: exit %d, expected 2:\n%s" % (k, p.returncode, p.stderr))
            check(outs[k] in p.stderr and "No space left on device" in p.stderr,
                  "%s: the error does not name %s and the reason:\n%s" % (k, outs[k], p.stderr))
            check(".tmp" not in p.stderr, "%s: the error names a temporary file:\n%s" % (
                k, p.stderr))
            check(sorted(os.listdir(mnt)) == names,
                  "%s: files left behind: %r" % (k, os.listdir(mnt)))
            check(load(outs[k]) == before[k], "%s: the previous report was changed" % k)
    finally:
        subprocess.run(["umount", mnt])


def sc_enforcement(a):
    """A runtime computing every in-profile value right and accepting
    out-of-profile models: CONFORMS for the values, the restrictions reported
    NOT_ENFORCED apart (docs/spec-notes.md SN-24); --require-enforcement makes
    them count."""
    o = outputs(a, "accept-all")
    p = run(a, ["run", "--vectors", a.vectors, "--vendor", a.accept_all] + report_args(o),
            expect=0)
    check("overall: CONFORMS (exit 0)" in p.stdout, "text overall:\n%s" % p.stdout[-1500:])
    line = [l for l in p.stdout.split("\n") if l.startswith("verdict: ")]
    check(len(line) == 1 and line[0].startswith("verdict: CONFORMS (values); restrictions ")
          and "R1" in line[0] and "not enforced by the runtime" in line[0] and
          "to be enforced by the model checker" in line[0], "verdict line %r" % line)
    d = json.loads(load(o["json"]))
    s, e = d["summary"], d["summary"]["enforcement"]
    ne = [c for c in d["cases"] if c["verdict"] == "NOT_ENFORCED"]
    check(s["overall"] == "CONFORMS" and e["not_enforced"] == len(ne) > 0 and
          e["reject_cases"] >= len(ne) and all(c["expectation"] == "reject" for c in ne),
          "JSON summary %r" % e)
    check(all(r.split(":")[-1].startswith("R") for r in e["restrictions"]),
          "restrictions %r" % e["restrictions"])
    root = ET.parse(o["xml"]).getroot()
    props = {pr.get("name"): pr.get("value")
             for pr in root.findall("testsuite/properties/property")}
    check("not enforced by the runtime" in props.get("sonnx-cts.enforcement", ""),
          "JUnit enforcement %r" % props.get("sonnx-cts.enforcement"))
    check({sk.get("type") for sk in root.iter("skipped")} >= {"NOT_ENFORCED"},
          "JUnit: NOT_ENFORCED cases are not skipped")
    check('<div class="big">CONFORMS (values)</div>' in load(o["html"]), "HTML banner")
    check("**Overall verdict: CONFORMS (values)**" in load(o["md"]), "Markdown verdict")
    o2 = outputs(a, "accept-all-required")
    run(a, ["run", "--vectors", a.vectors, "--vendor", a.accept_all, "--require-enforcement",
            "--quiet", "--json", o2["json"]], expect=1)
    d2 = json.loads(load(o2["json"]))
    check(d2["summary"]["overall"] == "NON-CONFORMANT" and
          d2["summary"]["verdicts"]["FAIL"] == len(ne) and
          d2["summary"]["enforcement"]["required"] is True, "--require-enforcement")


def sc_enforcement_error(a):
    """A runtime computing every in-profile value right and refusing
    out-of-profile models with ERROR instead of INVALID_ARGUMENT (a runtime's
    generic error): the refusal cannot be told from a failure, so enforcement
    is not shown (NOT_ENFORCED), but no values failure either: the values
    verdict CONFORMS (docs/spec-notes.md SN-24); --require-enforcement makes
    those cases FAIL."""
    o = outputs(a, "refuse-error")
    run(a, ["run", "--vectors", a.vectors, "--vendor", a.refuse_error, "--quiet",
            "--json", o["json"]], expect=0)
    d = json.loads(load(o["json"]))
    s, e = d["summary"], d["summary"]["enforcement"]
    rej = [c for c in d["cases"] if c["expectation"] == "reject"]
    ne = [c for c in d["cases"] if c["verdict"] == "NOT_ENFORCED"]
    check(s["overall"] == "CONFORMS" and s["verdicts"].get("FAIL", 0) == 0,
          "overall %r, verdicts %r" % (s["overall"], s["verdicts"]))
    check(len(rej) > 0 and ne == rej and all(c["exec_status"] == "ERROR" for c in ne),
          "reject cases: %d, NOT_ENFORCED: %d" % (len(rej), len(ne)))
    check(all("refused an input outside the profile with ERROR" in c["message"] for c in ne),
          "message %r" % (ne[0]["message"] if ne else None))
    check(e["not_enforced"] == len(ne), "JSON enforcement %r" % e)
    o2 = outputs(a, "refuse-error-required")
    run(a, ["run", "--vectors", a.vectors, "--vendor", a.refuse_error, "--require-enforcement",
            "--quiet", "--json", o2["json"]], expect=1)
    d2 = json.loads(load(o2["json"]))
    fails = [c for c in d2["cases"] if c["verdict"] == "FAIL"]
    check(d2["summary"]["overall"] == "NON-CONFORMANT" and len(fails) == len(rej) and
          all("refused a model outside the profile with ERROR" in c["message"]
              for c in fails), "--require-enforcement: %d FAIL" % len(fails))


SCENARIOS = {"partial": sc_partial, "sweep_slice": sc_sweep_slice,
             "query_error": sc_query_error, "declined_at_run": sc_declined_at_run,
             "usage_before_run": sc_usage_before_run, "atomic_write": sc_atomic_write,
             "enforcement": sc_enforcement, "enforcement_error": sc_enforcement_error}
SCENARIOS.update(governance.SCENARIOS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ap.add_argument("--cli", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--example", required=True)
    ap.add_argument("--decline-most", required=True)
    ap.add_argument("--query-error", required=True)
    ap.add_argument("--decline-subnormal", required=True)
    ap.add_argument("--accept-all", required=True)
    ap.add_argument("--refuse-error", required=True)
    ap.add_argument("--failing", required=True)
    ap.add_argument("--pow-1ulp", required=True)
    a = ap.parse_args()
    if not os.path.exists(os.path.join(a.vectors, "manifest.json")):
        print("FAIL: no vector set in %s" % a.vectors)
        return 1
    os.makedirs(a.work, exist_ok=True)
    try:
        SCENARIOS[a.scenario](a)
    except Failure as e:
        print("FAIL %s: %s" % (a.scenario, e))
        return 1
    print("ok %s" % a.scenario)
    return 0


if __name__ == "__main__":
    sys.exit(main())
