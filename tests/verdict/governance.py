"""Verdict scenarios about governance (run_verdict.py runs them): baselines
that catch worsening, vendor claims with declared bounds, traceability that
blames the right requirement, governed waivers (docs/cli.md)."""
import json
import os
import xml.etree.ElementTree as ET

from verdict_support import check, load, outputs, report_args, run


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
    # The committed vectors only: the claim is judged on known elements (a
    # fresh sample, drawn from a new seed each run, may hand the plugin's
    # +1 ULP an element where it leaves the tolerance, and the check below
    # would pass or fail by chance).
    p = run(a, ["run", "--vectors", a.vectors, "--vendor", a.pow_1ulp, "--claim", claim,
                "--no-fresh-sample"] + report_args(o), expect=1)
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
        # (generators already write some as "satisfies": keep those too)
        moved = [r for r in c["requirements"] if restriction.match(r)]
        c["satisfies"] = sorted(set(c.get("satisfies", [])) | set(moved))
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


SCENARIOS = {"baseline_worse": sc_baseline_worse, "claim": sc_claim,
             "trace_blame": sc_trace_blame, "waivers": sc_waivers}
