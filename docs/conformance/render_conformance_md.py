#!/usr/bin/python3
"""render_conformance_md.py -- the Markdown conformance report of one
runtime, from its conformance record (combine_runs.py; schema
"sonnx-cts-conformance" 1.0).

Every figure in the output is read from the record: verdict counts, max ULP,
deviation counts and example elements come from the embedded sonnx-cts-run
reports; nothing is recomputed from vectors or re-run.  The full per-case
detail of each profile is the harness's own Markdown report
(`sonnx-cts report RUN.json --md`), linked from here.

usage: render_conformance_md.py RECORD.json OUT.md [--detail PROFILE=FILE.md ...]
"""
import argparse
import json
import sys

SHORT = "ORT"
DECLINED = ""
VERDICTS = ["PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR"]
MAX_EXAMPLES = 3
MAX_MESSAGE = 300


def md(text):
    """Escape what Markdown tables and emphasis would misread."""
    s = str(text)
    for ch in "\\|*_`<>[]":
        s = s.replace(ch, "\\" + ch)
    return s.replace("\n", " ")


def short(text, limit=MAX_MESSAGE):
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def fmt_ulp(v):
    return "-" if v is None else str(v)


def profile_order(runs):
    order = [p for p in ("onnx", "sonnx") if p in runs]
    return order + sorted(p for p in runs if p not in order)


def header(rec, out):
    runs = rec["runs"]
    first = runs[profile_order(runs)[0]]
    ident = first["identity"]
    be = ident["backend"]
    out.append("# Conformance of %s %s" % (be["runtime_name"], be["runtime_version"]))
    out.append("")
    out.append("sonnx-cts certification of the operators Div, Mul, Pow and Less under "
               "the %s profile%s. Every figure below is read from the record "
               "`%s`; regenerate both with:"
               % (" and ".join("`%s`" % p for p in profile_order(runs)),
                  "s" if len(runs) > 1 else "",
                  rec.get("record_file", "onnxruntime-%s.json" % be["runtime_version"])))
    out.append("")
    out.append("```")
    out.append(rec["regenerate"])
    out.append("```")
    out.append("")
    lib = rec["library"]
    out.append("| | |")
    out.append("|---|---|")
    out.append("| Implementation | %s %s (vendor: %s) |"
               % (md(be["runtime_name"]), md(be["runtime_version"]), md(be["vendor"])))
    out.append("| Library certified | %s |" % md(lib["source"]))
    out.append("| Library sha256 | %s |" % lib["sha256"])
    out.append("| Adapter plugin | %s (plugin ABI %d.%d, isolation: %s) |"
               % (md(be["plugin_path"]), be["abi_major"], be["abi_minor"], md(be["isolation"])))
    out.append("| Adapter options | %s |" % md(first["options"]["vendor_options"] or '""'))
    out.append("| Harness | %s %s |" % (md(ident["harness"]), md(ident["harness_version"])))
    out.append("| Vector set | %s of commit %s (sha256 %s, format %s) |"
               % (md(ident["vectors_dir"]), md(rec["source_commit"]),
                  ident["vector_set_sha256"],
                  md(ident["vector_format_version"] or "not recorded")))
    out.append("| Date (UTC), host | %s, %s |" % (md(ident["date_utc"]), md(ident["host"])))
    times = ", ".join("%s %.3f s" % (p, runs[p]["timing"]["seconds"])
                      for p in profile_order(runs))
    out.append("| Certification wall time | %.3f s (runs: %s) |"
               % (rec["certification_seconds"], times))
    out.append("")


def totals(rec, out):
    runs = rec["runs"]
    out.append("## Overall")
    out.append("")
    out.append("| profile | cases | " + " | ".join(VERDICTS) +
               " | elements | mismatches | not in profile | overall |")
    out.append("|---|" + "---:|" * (len(VERDICTS) + 4) + "---|")
    for p in profile_order(runs):
        s = runs[p]["summary"]
        out.append("| %s | %d | %s | %d | %d | %d | **%s** |"
                   % (p, s["cases"], " | ".join(str(s["verdicts"][v]) for v in VERDICTS),
                      s["elements"], s["mismatches"], s["not_in_profile"], s["overall"]))
    out.append("")
    out.append("UNSUPPORTED cases (%s declined the type combination) are neither passed " % SHORT +
               "nor failed. A case's verdict follows docs/report-format.md \"Verdicts\".")
    out.append("")


def group_types(case):
    """The "types" key of the run report's groups: one name when every
    input has the same type, else the input types joined by commas."""
    t = case["input_types"]
    return t[0] if len(set(t)) == 1 else ",".join(t)


def findings(rec, out):
    """Every group that did not conform, with what went wrong in it."""
    runs = rec["runs"]
    out.append("## Findings at a glance")
    out.append("")
    out.append("Groups (op, input types) with a FAIL, CRASH or TIMEOUT, per profile: failed "
               "cases of the group, then the deviation classes of their mismatching "
               "elements and the statuses of the cases that failed without a mismatch.")
    out.append("")
    for p in profile_order(runs):
        cases_by_group = {}
        for c in runs[p]["cases"]:
            cases_by_group.setdefault((c["op"], group_types(c)), []).append(c)
        lines = []
        for g in runs[p]["groups"]:
            if g["failed"] == 0:
                continue
            what = ["%s %d element(s)" % (cls, n)
                    for cls, n in sorted(g["deviation_counts"].items())]
            statuses = {}
            for c in cases_by_group.get((g["op"], g["types"]), []):
                if c["verdict"] in ("FAIL", "CRASH", "TIMEOUT") and c.get("mismatches", 0) == 0:
                    k = "%s on %s" % (c["verdict"] if c["verdict"] != "FAIL" else
                                      "answered " + str(c["exec_status"]), c["expectation"])
                    statuses[k] = statuses.get(k, 0) + 1
            what += ["%s: %d case(s)" % (k, n) for k, n in sorted(statuses.items())]
            lines.append("  - %s %s: %d of %d case(s) failed; %s"
                         % (g["op"], md(g["types"]), g["failed"], g["cases"],
                            "; ".join(what) if what else "no detail recorded"))
        out.append("- Profile %s: %d non-conforming group(s)%s"
                   % (p, len(lines), ":" if lines else "."))
        out.extend(lines)
    out.append("")


def group_matrix(rec, out):
    runs = rec["runs"]
    profiles = profile_order(runs)
    keys = []
    by = {}
    for p in profiles:
        for g in runs[p]["groups"]:
            k = (g["op"], g["types"])
            if k not in by:
                by[k] = {}
                keys.append(k)
            by[k][p] = g
    keys.sort()
    out.append("## Verdict per operator and types")
    out.append("")
    out.append("Per profile: group verdict, passed/cases, failed (FAIL+CRASH+TIMEOUT), "
               "unsupported, and the largest ULP distance over all compared float "
               "elements (\"-\": none compared or not a float output).")
    out.append("")
    cols = []
    for p in profiles:
        cols += ["%s verdict" % p, "pass/cases", "failed", "unsup", "max ULP"]
    out.append("| op | types | " + " | ".join(cols) + " |")
    out.append("|---|---|" + "---|---:|---:|---:|---:|" * len(profiles))
    for k in keys:
        cells = []
        for p in profiles:
            g = by[k].get(p)
            if g is None:
                cells += ["(no case)", "", "", "", ""]
                continue
            cells += [g["verdict"], "%d/%d" % (g["passed"], g["cases"]), str(g["failed"]),
                      str(g["verdicts"]["UNSUPPORTED"]),
                      # no element compared: no distance, whatever the field says
                      fmt_ulp(g["max_ulp"] if g["elements"] > 0 else None)]
        out.append("| %s | %s | %s |" % (k[0], md(k[1]), " | ".join(cells)))
    out.append("")


def sample_line(case, s):
    coords = ",".join(str(c) for c in s.get("coords", []))
    a = "%s (%s)" % (s.get("a", ""), s.get("a_bits", ""))
    b = "%s (%s)" % (s.get("b", ""), s.get("b_bits", "")) if "b" in s else "-"
    return "| %s | %d (%s) | %s | %s | %s (%s) | %s (%s) | %s |" % (
        md(case["id"]), s["index"], coords, md(a), md(b), md(s["expected"]),
        s["expected_bits"], md(s["actual"]), s["actual_bits"], fmt_ulp(s["ulp"]))


def deviations(rec, out):
    runs = rec["runs"]
    out.append("## Where %s deviates: element mismatches by deviation class" % SHORT)
    out.append("")
    out.append("Counts are all mismatching elements of the class (from each case's "
               "`deviation_counts`); examples are elements the run recorded "
               "(at most %d per class here; the worst element of a case is marked "
               "in the detail reports)." % MAX_EXAMPLES)
    out.append("")
    any_dev = False
    for p in profile_order(runs):
        classes = {}
        for c in runs[p]["cases"]:
            for cls, n in sorted(c.get("deviation_counts", {}).items()):
                e = classes.setdefault(cls, {"elements": 0, "cases": [], "examples": []})
                e["elements"] += n
                e["cases"].append(c)
            for s in c.get("samples", []):
                e = classes.get(s["class"])
                if e is not None and len(e["examples"]) < MAX_EXAMPLES and \
                        all(x[0]["id"] != c["id"] for x in e["examples"]):
                    e["examples"].append((c, s))
        out.append("### Profile %s" % p)
        out.append("")
        if not classes:
            out.append("No mismatching element.")
            out.append("")
            continue
        any_dev = True
        for cls in sorted(classes):
            e = classes[cls]
            ops = sorted({"%s %s" % (c["op"], "/".join(c["input_types"])) for c in e["cases"]})
            out.append("#### `%s`: %d element(s) in %d case(s)" % (cls, e["elements"], len(e["cases"])))
            out.append("")
            out.append("Operator and input types: %s." % ", ".join(md(o) for o in ops))
            out.append("")
            if e["examples"]:
                out.append("| case | index (coords) | a | b | expected | actual | ULP |")
                out.append("|---|---|---|---|---|---|---:|")
                for c, s in e["examples"]:
                    out.append(sample_line(c, s))
                out.append("")
    return any_dev


def status_failures(rec, out):
    runs = rec["runs"]
    out.append("## Failures without element mismatches")
    out.append("")
    out.append(("FAIL verdicts decided by %s's answer rather than by its values: an " % SHORT) +
               "error status where values were expected, or an answer where the profile "
               "requires a rejection (INVALID_ARGUMENT).")
    out.append("")
    for p in profile_order(runs):
        groups = {}
        for c in runs[p]["cases"]:
            if c["verdict"] != "FAIL" or c.get("mismatches", 0) > 0:
                continue
            k = (c["op"], c["expectation"], c["exec_status"])
            groups.setdefault(k, []).append(c)
        out.append("### Profile %s" % p)
        out.append("")
        if not groups:
            out.append("None.")
            out.append("")
            continue
        out.append("| op | expectation | %s answered | cases | examples | message of the first |" % SHORT)
        out.append("|---|---|---|---:|---|---|")
        for k in sorted(groups):
            cs = groups[k]
            ex = ", ".join(md(c["id"]) for c in cs[:MAX_EXAMPLES])
            if len(cs) > MAX_EXAMPLES:
                ex += ", ..."
            out.append("| %s | %s | %s | %d | %s | %s |"
                       % (k[0], k[1], k[2], len(cs), ex, md(short(cs[0]["message"] or "(none)"))))
        out.append("")


def crashes(rec, out):
    runs = rec["runs"]
    out.append("## Crashes and hangs")
    out.append("")
    for p in profile_order(runs):
        bad = [c for c in runs[p]["cases"] if c["verdict"] in ("CRASH", "TIMEOUT")]
        if not bad:
            out.append("- Profile %s: none (0 of %d cases crashed or timed out)."
                       % (p, runs[p]["summary"]["cases"]))
            continue
        out.append("- Profile %s: %d case(s):" % (p, len(bad)))
        for c in bad:
            out.append("  - %s: %s (signal %d, exit code %d) %s"
                       % (md(c["id"]), c["verdict"], c["signal"], c["exit_code"],
                          md(short(c["message"]))))
    out.append("")


def unsupported(rec, out):
    runs = rec["runs"]
    out.append("## Unsupported type combinations")
    out.append("")
    out.append(DECLINED)
    out.append("")
    rows = {}
    for p in profile_order(runs):
        for c in runs[p]["cases"]:
            if c["verdict"] != "UNSUPPORTED":
                continue
            k = (c["op"], "/".join(c["input_types"]))
            r = rows.setdefault(k, {"profiles": {}, "messages": []})
            r["profiles"][p] = r["profiles"].get(p, 0) + 1
            if c["message"] not in r["messages"]:
                r["messages"].append(c["message"])
    if not rows:
        out.append("None.")
        out.append("")
        return
    out.append("| op | input types | cases per profile | %s's message |" % SHORT)
    out.append("|---|---|---|---|")
    for k in sorted(rows):
        r = rows[k]
        per = ", ".join("%s %d" % (p, n) for p, n in sorted(r["profiles"].items()))
        msgs = "; ".join(md(short(m, 200)) for m in r["messages"][:2])
        out.append("| %s | %s | %s | %s |" % (k[0], md(k[1]), per, msgs))
    out.append("")


def errors(rec, out):
    runs = rec["runs"]
    bad = [(p, c) for p in profile_order(runs) for c in runs[p]["cases"]
           if c["verdict"] == "ERROR"]
    out.append("## Cases that could not be run (ERROR)")
    out.append("")
    if not bad:
        out.append("None: every case was run (the certification is valid).")
    for p, c in bad:
        out.append("- %s %s: %s" % (p, md(c["id"]), md(short(c["message"]))))
    out.append("")


def conforming(rec, out):
    runs = rec["runs"]
    out.append("## Where %s conforms" % SHORT)
    out.append("")
    for p in profile_order(runs):
        ok = ["%s %s (%d)" % (g["op"], md(g["types"]), g["passed"])
              for g in runs[p]["groups"] if g["verdict"] == "CONFORMS"]
        out.append("- Profile %s, groups whose every run case passed (passed cases): %s."
                   % (p, ", ".join(ok) if ok else "none"))
    out.append("")


def details(links, out):
    if not links:
        return
    out.append("## Full per-case detail")
    out.append("")
    for p, f in links:
        out.append("- Profile %s: [%s](%s) (rendered by `sonnx-cts report` from the same run)"
                   % (p, md(f), f))
    out.append("")


def method(rec, out):
    if "method" in rec:
        out.append("## How %s was run" % SHORT)
        out.append("")
        out.extend("- " + line for line in rec["method"])
        out.append("")
        return
    out.append("## How ORT was run")
    out.append("")
    out.append("- The adapter (`vendors/onnxruntime/`) builds one single-node ONNX model per "
               "(op, opset, input types, input ranks) with symbolic dimensions, creates one "
               "ORT session for it and reuses it for every case of that key; CPU execution "
               "provider only, one intra-op thread, graph optimizations disabled (ORT runs "
               "its kernel as-is), `session.set_denormal_as_zero=0`.")
    out.append("- ORT implements ONNX semantics only. Under the `sonnx` profile the adapter "
               "passes every input through unchanged and never rejects on its own: whatever "
               "ORT does with broadcast shapes is what is certified.")
    out.append("- Status mapping: no kernel (`ORT_NOT_IMPLEMENTED`, \"Could not find an "
               "implementation\") or an ONNX type error at session creation -> UNSUPPORTED; "
               "ORT refusing two inputs bound to different types -> INVALID_ARGUMENT (ORT "
               "rejected the inputs); any failure of Run -> ERROR. ORT's message is kept.")
    out.append("- int4/uint4 tensors are passed packed as ONNX packs them.")
    out.append("")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("record")
    ap.add_argument("out")
    ap.add_argument("--detail", action="append", default=[],
                    help="PROFILE=FILE.md: link to the full report of a profile")
    args = ap.parse_args(argv)
    with open(args.record, encoding="utf-8") as fh:
        rec = json.load(fh)
    if rec.get("schema") != "sonnx-cts-conformance":
        raise SystemExit("render_conformance_md: %s is not a sonnx-cts-conformance record"
                         % args.record)
    links = [tuple(d.split("=", 1)) for d in args.detail]
    # Records of runtimes other than ORT name themselves (combine_runs.py
    # --short-name); ORT's record predates the field.
    global SHORT, DECLINED
    SHORT = rec.get("short_name", "ORT")
    DECLINED = ("ORT declined these at session creation; ORT's own message is kept."
                if SHORT == "ORT" else
                "%s declined these; %s's own message (or the adapter's reason, for a type "
                "the runtime cannot express) is kept." % (SHORT, SHORT))
    out = []
    header(rec, out)
    totals(rec, out)
    findings(rec, out)
    group_matrix(rec, out)
    deviations(rec, out)
    status_failures(rec, out)
    crashes(rec, out)
    unsupported(rec, out)
    errors(rec, out)
    conforming(rec, out)
    details(links, out)
    method(rec, out)
    with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(out).rstrip("\n") + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
