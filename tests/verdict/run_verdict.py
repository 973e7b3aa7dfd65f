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
"""
import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

MARK = "not valid for certification"


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


def sc_baseline_worse(a):
    """--baseline: a failing case that fails worse is a change (exit 1), and
    the run states one exit status, the one it returns, in text and JSON."""
    work = os.path.join(a.work, "baseline")
    os.makedirs(work, exist_ok=True)
    base, j = os.path.join(work, "b.json"), os.path.join(work, "r.json")
    sel = ["run", "--vectors", a.vectors, "--vendor", a.failing, "--op", "Div", "--type",
           "float32", "--case", "div/float32/*"]
    run(a, sel + ["--quiet", "--write-baseline", base], expect=1)
    p = run(a, sel + ["--baseline", base, "--json", j], expect=0)
    claims = [l for l in p.stdout.split("\n") if "(exit " in l or "exit status" in l or "exit 1" in l]
    check(len(claims) == 1 and "(exit 0)" in claims[0],
          "one exit claim expected, got %r" % claims)
    check(json.loads(load(j))["summary"]["exit_code"] == 0, "JSON exit_code with --baseline")
    with open(base, encoding="utf-8") as f:
        b = json.load(f)
    failing = [c for c in b["cases"] if c["verdict"] == "FAIL" and c.get("max_ulp")]
    check(len(failing) > 0 and all("mismatches" in c for c in failing),
          "baseline entries lack the failure detail")
    edits = [("max_ulp", lambda c: c.update(max_ulp=c["max_ulp"] - 1), "max_ulp"),
             ("mismatches", lambda c: c.update(mismatches=c["mismatches"] - 1),
              "mismatching elements"),
             ("deviation class", lambda c: c.update(deviation_counts={}),
              "new deviation class")]
    for what, edit, said in edits:
        worse = json.loads(json.dumps(b))
        edit([c for c in worse["cases"] if c["id"] == failing[0]["id"]][0])
        edited = os.path.join(work, "worse.json")
        with open(edited, "w", encoding="utf-8") as f:
            json.dump(worse, f)
        p = run(a, sel + ["--baseline", edited, "--json", j], expect=1)
        check("baseline: WORSE %s: still FAIL, %s" % (failing[0]["id"], said) in p.stdout,
              "%s: no WORSE line:\n%s" % (what, p.stdout[-2000:]))
        check(json.loads(load(j))["summary"]["exit_code"] == 1, "%s: JSON exit_code" % what)


def write_claim(a, name, claim):
    path = os.path.join(a.work, name + ".claim.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(dict(schema="sonnx-cts-claim", **claim), f)
    return path


def sc_claim(a):
    """--claim: a declared "correctly rounded" float32 Pow for a plugin 1 ULP
    off somewhere is violated, with the element, although the profile's
    1-ULP tolerance passes it; a claimed combo the plugin declines fails;
    what lies outside the claim is OUT_OF_SCOPE, listed."""
    claim = write_claim(a, "pow", {"claims": [
        {"op": "Pow", "types": "float32", "bound": "correctly rounded"},
        {"op": "Div", "types": "float32"}]})
    o = outputs(a, "claim-pow")
    p = run(a, ["run", "--vectors", a.vectors, "--vendor", a.pow_1ulp, "--claim", claim]
            + report_args(o), expect=1)
    line = [l for l in p.stdout.split("\n") if l.startswith("claim: Pow float32: ")]
    check(len(line) == 2 and line[0] == line[1] and
          "declared correctly rounded (0 ULP), observed max 1 ULP: VIOLATED"
          in line[0] and "; worst pow/float32" in line[0] and " a=" in line[0] and
          " expected=" in line[0] and " actual=" in line[0] and "ulp=1" in line[0],
          "claim line %r" % line)
    check(p.stdout.count("out of scope (not claimed, not run): ") == 2, "out-of-scope listing")
    d = json.loads(load(o["json"]))
    s = d["summary"]
    pow_cases = [c for c in d["cases"] if c["op"] == "Pow" and c["input_types"] == ["float32", "float32"]]
    check(pow_cases and all(c["verdict"] == "PASS" for c in pow_cases),
          "the profile's tolerance should pass the 1-ULP plugin")
    cl = [c for c in s["claims"] if c["op"] == "Pow"]
    check(len(cl) == 1 and cl[0]["verdict"] == "VIOLATED" and cl[0]["declared_bound_ulp"] == 0
          and cl[0]["observed_max_ulp"] == 1 and cl[0]["worst"]["ulp"] == 1,
          "JSON claim %r" % cl)
    check(s["overall"] == "NON-CONFORMANT" and s["exit_code"] == 1, "overall %s" % s["overall"])
    check(s["tier"]["name"] == "claimed scope" and s["tier"]["valid_for_certification"],
          "tier %r" % s["tier"])
    check(len(s["out_of_scope"]) > 0 and
          all(c["verdict"] == "OUT_OF_SCOPE" for c in d["cases"] if c["op"] == "Mul"),
          "out of scope")
    root = ET.parse(o["xml"]).getroot()
    props = [pr.get("value") for pr in root.iter("property") if pr.get("name") == "sonnx-cts.claim"]
    check(any("VIOLATED" in v for v in props), "JUnit claim property")
    check("Claim: Pow float32: declared correctly rounded" in load(o["html"]), "HTML claim")
    # a claim covering a combo the plugin declines fails
    claim = write_claim(a, "mul", {"claims": [{"op": "Mul", "types": "float32"}]})
    o = outputs(a, "claim-declined")
    run(a, ["run", "--vectors", a.vectors, "--vendor", a.decline_most, "--claim", claim,
            "--quiet", "--json", o["json"]], expect=1)
    d = json.loads(load(o["json"]))
    mul = [c for c in d["cases"] if c["op"] == "Mul" and c["input_types"] == ["float32", "float32"]]
    check(mul and all(c["verdict"] == "FAIL" and "--claim" in c["message"] for c in mul),
          "declined claimed cases: %r" % [(c["id"], c["verdict"]) for c in mul])
    # a named level the profile defines
    claim = write_claim(a, "level", {"level": "float32-only"})
    o = outputs(a, "claim-level")
    run(a, ["run", "--vectors", a.vectors, "--claim", claim, "--quiet", "--json", o["json"]],
        expect=0)
    d = json.loads(load(o["json"]))
    check(d["summary"]["overall"] == "CONFORMS" and
          {c["verdict"] for c in d["cases"] if c["input_types"] != ["float32", "float32"]
           and c["input_types"] != ["float32"]} <= {"OUT_OF_SCOPE"}, "float32-only level")
    bad = write_claim(a, "bad", {"level": "float99"})
    p = run(a, ["run", "--vectors", a.vectors, "--claim", bad], expect=2)
    check("unknown level" in p.stderr and bad in p.stderr, "bad claim: %s" % p.stderr)


def sc_trace_blame(a):
    """Traceability blames what failed: a case checks its "requirements" and
    only satisfies its "satisfies" (docs/vector-format.md); a report where
    only rounding cases fail marks no shape or type requirement FAIL, and a
    manifest without the field is still read."""
    import re
    import shutil
    vec = os.path.join(a.work, "vectors")
    shutil.rmtree(vec, ignore_errors=True)
    shutil.copytree(a.vectors, vec)
    mpath = os.path.join(vec, "manifest.json")
    with open(mpath, encoding="utf-8") as f:
        m = json.load(f)
    # The fixture: Div's same-shape and same-type restrictions (R1, R2 and
    # the shape constraints) are preconditions of every non-reject case.
    restriction = re.compile(r"^sonnx-div:[a-z]+:(R1|R2|[ABC]\.C[0-9])$")
    for c in m["cases"]:
        if c["op"] != "Div" or c["expectation"] == "reject":
            continue
        c["satisfies"] = [r for r in c["requirements"] if restriction.match(r)]
        c["requirements"] = [r for r in c["requirements"] if not restriction.match(r)]
    with open(mpath, "w", encoding="utf-8") as f:
        json.dump(m, f, indent=1)
    o = outputs(a, "trace")
    run(a, ["run", "--vectors", vec, "--vendor", a.failing, "--op", "Div", "--quiet",
            "--json", o["json"], "--md", o["md"], "--html", o["html"]], expect=1)
    d = json.loads(load(o["json"]))
    failing = [c for c in d["cases"] if c["verdict"] == "FAIL"]
    check(failing and all(c["expectation"] == "values" for c in failing),
          "only value cases should fail: %r" % [(c["id"], c["verdict"]) for c in failing])
    blamed = {r for c in failing for r in c["requirements"]}
    spared = {r for c in failing for r in c["satisfies"]} - blamed
    check("sonnx-div:float:R1" in spared and "sonnx-div:real:R1" in spared, "spared %r" % spared)
    rows = {}
    for line in load(o["md"]).split("\n"):
        mo = re.match(r'^\| <a id="r-[^"]*"></a>([^ |]+) \|.*\| ([0-9]+) \| ([A-Z_ ]+|\*\*GAP\*\*) \|',
                      line)
        if mo:
            rows[mo.group(1).replace("\\", "")] = (mo.group(3), line)
    for r in spared:
        check(r in rows, "no trace row for %s" % r)
        check(rows[r][0] != "FAIL", "%s blamed: %s" % (r, rows[r][1][:300]))
        check("satisfied as a precondition by" in rows[r][1], "%s: satisfied not said" % r)
    check(any(rows.get(r, ("",))[0] == "FAIL" for r in blamed if r.startswith("ieee754:")),
          "the rounding requirement is not FAIL")
    # the repository's manifest (no "satisfies" on older sets) is still read
    run(a, ["run", "--vectors", a.vectors, "--op", "Div", "--type", "float32", "--quiet"],
        expect=0)


def sc_waivers(a):
    """--waivers: a waived failure is WAIVED (counted apart, never PASS), a
    waiver covering no failure is stale, an expired waiver and one for
    another runtime are refused with exit 2 naming them, before any case."""
    import datetime
    import hashlib
    o = outputs(a, "waivers")
    sel = ["run", "--vectors", a.vectors, "--vendor", a.failing, "--op", "Div", "--type",
           "float32", "--case", "div/float32/*"]
    run(a, sel + ["--quiet", "--json", o["json"]], expect=1)
    d = json.loads(load(o["json"]))
    be = d["identity"]["backend"]
    failing = [c["id"] for c in d["cases"] if c["verdict"] == "FAIL"]
    passing = [c["id"] for c in d["cases"] if c["verdict"] == "PASS"]
    check(failing and passing, "fixture: need failing and passing cases")
    future = (datetime.date.today() + datetime.timedelta(days=30)).isoformat()
    past = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    runtime = {"name": be["runtime_name"], "version": be["runtime_version"]}
    with open(a.failing, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()

    def waiver(target, **kw):
        w = {"runtime": runtime, "reason": "known reciprocal rounding",
             "link": "https://example.org/bug/1", "owner": "qa@example.org",
             "expires": future}
        w.update(target)
        w.update(kw)
        return w

    def write(ws):
        path = os.path.join(a.work, "waivers.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"schema": "sonnx-cts-waivers", "waivers": ws}, f)
        return path

    path = write([waiver({"group": "Div float32"}),
                  waiver({"case": passing[0]}, runtime=None, library_sha256=sha)])
    with open(path, encoding="utf-8") as f:
        ws = json.load(f)
    del ws["waivers"][1]["runtime"]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(ws, f)
    p = run(a, sel + ["--waivers", path] + report_args(o))
    d = json.loads(load(o["json"]))
    s = d["summary"]
    verdicts = {c["id"]: c["verdict"] for c in d["cases"]}
    grouped = [i for i in failing if i.startswith("div/float32/")]
    in_group = [c["id"] for c in d["cases"] if c["input_types"] == ["float32", "float32"]]
    check(all(verdicts[i] == "WAIVED" for i in failing if i in in_group),
          "waived failures: %r" % {i: verdicts[i] for i in grouped})
    check(s["verdicts"]["PASS"] == len(passing) and s["verdicts"]["WAIVED"] > 0,
          "a waived case counted as passed: %r" % s["verdicts"])
    check(p.returncode == s["exit_code"] and s["overall"] in ("PARTIAL", "NON-CONFORMANT"),
          "exit %d, recorded %d, %s" % (p.returncode, s["exit_code"], s["overall"]))
    stale = [w for w in s["waivers"] if w["stale"]]
    check(len(stale) == 1 and stale[0]["what"] == "case " + passing[0], "stale %r" % stale)
    check("stale waiver case %s" % passing[0] in p.stdout, "text lacks the stale waiver")
    root = ET.parse(o["xml"]).getroot()
    check("WAIVED" in {sk.get("type") for sk in root.iter("skipped")}, "JUnit WAIVED")
    check("WAIVED" in load(o["html"]) and "Stale waiver" in load(o["html"]), "HTML waivers")
    for bad, said in [(waiver({"case": failing[0]}, expires=past), "expired on " + past),
                      (waiver({"case": failing[0]},
                              runtime={"name": "Other", "version": "9"}),
                       "is for runtime Other 9")]:
        p = run(a, sel + ["--waivers", write([bad]), "--json", o["json"]], expect=2)
        check(said in p.stderr and "case " + failing[0] in p.stderr,
              "refusal does not name the waiver: %s" % p.stderr)
        check("overall" not in p.stdout, "cases ran before the refusal")


SCENARIOS = {"waivers": sc_waivers,"trace_blame": sc_trace_blame,"claim": sc_claim,"baseline_worse": sc_baseline_worse,"enforcement": sc_enforcement,"usage_before_run": sc_usage_before_run, "atomic_write": sc_atomic_write,"partial": sc_partial, "sweep_slice": sc_sweep_slice,
             "query_error": sc_query_error, "declined_at_run": sc_declined_at_run}


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
