"""Coverage of the vectors, computed from vectors/manifest.json only.

    /usr/bin/python3 -m generators.coverage [--vectors DIR] [--doc FILE] [--check]

Checks that every (op, type) the specs name has cases and that every tag occurs
for every type where it applies (rules below, documented in
docs/vector-format.md), that every cited requirement exists in the
catalogue, and writes the op x type x tag table to docs/coverage.md
(--check: fail if that file is stale instead of writing it)."""

import argparse
import json
import os
import sys
from collections import defaultdict

from . import coverage_criteria, coverage_elementwise, dtypes, op_registry

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FLOAT_INPUT = ["zero", "signed-zero", "inf", "nan", "nan-payload", "subnormal-min",
               "subnormal-max", "normal-min", "normal-max", "one", "one-ulp", "random-bits"]
ROUNDING = ["overflow", "underflow-subnormal", "round-to-zero", "rounding-tie"]
# Hard cases: exact results next to a rounding boundary, and witnesses of
# double-rounding / reciprocal defect models (docs/vector-format.md, "Hard cases").
HARD = ["hard-rounding", "double-rounding"]
INT_INPUT = ["int-zero", "int-one", "int-max"]
SIGNED_INPUT = ["int-min", "int-minus-one"]
SHAPES = ["rank0", "rank2", "rank4", "zero-size"]
BROADCAST = ["broadcast-scalar", "broadcast-trailing", "broadcast-both"]
REJECT_SHAPE = ["reject-broadcast", "reject-shape"]


def type_key(case):
    """The column a case counts in: its first input's type, or the type
    pair of an op whose input types mix (coverage_criteria.is_mixed)."""
    a = case["inputs"][0]["dtype"]
    if coverage_criteria.is_mixed(case["op"]):
        return "%s_%s" % (a, case["inputs"][1]["dtype"])
    return a


def keys_of(op):
    """The op's columns (type names, or type pairs), in table order."""
    if coverage_criteria.is_mixed(op):
        return [coverage_criteria.pair_key(a, b) for a in coverage_criteria.first_types(op)
                for b in coverage_criteria.second_types(op)]
    return [t.name for t in coverage_criteria.first_types(op)]


def expected_keys():
    return [(op, k) for op in op_registry.names() for k in keys_of(op)]


def elementwise_tags(op, a):
    """Tags required of the ops of the 2026-08 drafts (kind: the OpSpec's
    criteria; coverage_elementwise.py)."""
    kind = coverage_elementwise.kind(op)
    binary = len(op_registry.facet(op, "inputs")) == 2
    profiles = op_registry.profiles_of(op, a.name)
    tags = ["special-cross", "random", "rank1", "rank0", "rank4", "zero-size"]
    if binary:
        tags.append("rank2")
        if "sonnx" in profiles:
            tags += REJECT_SHAPE + ["reject-mixed-type"]
        if "onnx" in profiles:
            tags += BROADCAST
    if a.is_float:
        tags += FLOAT_INPUT + ["vector-body", "edge"]
        if kind in ("sum", "difference"):
            tags += ["rounding-tie", "overflow", "underflow-subnormal"]
        if kind == "sqrt":
            tags.append("sqrt-negative")
    else:
        tags += INT_INPUT + (SIGNED_INPUT if a.kind == "int" and kind != "abs" else [])
        if kind in ("sum", "difference"):
            tags.append("wrap")
        if kind == "abs" and a.kind == "int":
            tags += ["int-min", "undefined"]
    return tags


def required_tags(op, key):
    """Tags that must occur among the cases of (op, key) itself, from the
    op's coverage families (ops/operators.json "coverage")."""
    if coverage_elementwise.kind(op):
        return elementwise_tags(op, dtypes.BY_NAME[key])
    fams = coverage_criteria.families(op)
    mixed = coverage_criteria.is_mixed(op)
    if mixed:
        a, b = (dtypes.BY_NAME[n] for n in key.split("_"))
    else:
        a = b = dtypes.BY_NAME[key]
    tags = ["special-cross", "random", "rank1"]
    if not mixed:                  # a mixed op's: once per first type (analyse)
        tags += per_type_shape_tags(op, a)
    if a.is_float:
        tags += FLOAT_INPUT
        if "rounding" in fams:
            tags += ROUNDING + HARD
        if "comparison" in fams:
            tags.append("last-bit")
    else:
        tags += INT_INPUT + (SIGNED_INPUT if a.kind == "int" else [])
    if "wrap" in fams and a.is_int:
        tags.append("wrap")
    if "division" in fams and a.is_int:
        tags += ["div-by-zero", "undefined"]
        if a.kind == "int":
            tags += ["truncation-negative", "int-min-div-minus-one"]
    if "division" in fams and a.is_float:
        tags.append("float-div-by-zero")
    if "comparison" in fams:
        tags.append("neighbours")
    if "power" in fams and a.is_float:
        tags += ["pow-exp-zero", "pow-base-one", "pow-zero-pos-odd", "pow-zero-pos-other",
                 "pow-inf-base"]
        if b.is_float or b.kind == "int":
            tags += ["pow-zero-neg-odd", "pow-zero-neg-other"]
        if b.is_float:
            tags += ["pow-minus-one-inf", "pow-neg-nonint", "pow-inf-exp"]
    if "power" in fams and a.is_int:
        tags += ["pow-int-overflow", "undefined"]
        if b.kind == "int":
            tags.append("pow-negative-exponent")
        if b.is_float:
            tags.append("pow-float-exponent")
    return tags


def per_type_shape_tags(op, a):
    tags = SHAPES + REJECT_SHAPE
    if a.name not in dtypes.SONNX_ONLY:
        tags += BROADCAST
    if not coverage_criteria.is_mixed(op):
        tags.append("reject-mixed-type")
    return tags


def analyse(manifest, catalogue, vectors=None):
    by_key = defaultdict(lambda: defaultdict(int))
    by_first = defaultdict(lambda: defaultdict(int))  # mixed ops: (op, first type)
    problems = []
    for c in manifest["cases"]:
        key = type_key(c)
        for t in c["tags"]:
            by_key[(c["op"], key)][t] += 1
            if coverage_criteria.is_mixed(c["op"]):
                by_first[(c["op"], c["inputs"][0]["dtype"])][t] += 1
    for op, key in expected_keys():
        if (op, key) not in by_key:
            problems.append("%s %s: no cases" % (op, key))
            continue
        have = by_key[(op, key)]
        for t in required_tags(op, key):
            if not have.get(t):
                problems.append("%s %s: tag %s missing" % (op, key, t))
    for op in op_registry.names():
        if not coverage_criteria.is_mixed(op):
            continue
        for a in coverage_criteria.first_types(op):
            for t in per_type_shape_tags(op, a):
                if not by_first[(op, a.name)].get(t):
                    problems.append("%s base %s: tag %s missing" % (op, a.name, t))
    ids = {r["id"] for r in catalogue}
    cited = defaultdict(int)
    for c in manifest["cases"]:
        for r in c["requirements"]:
            cited[r] += 1
            if r not in ids:
                problems.append("%s cites unknown requirement %s" % (c["id"], r))
    gaps = sorted(i for i in ids if i not in cited)
    if vectors is not None:
        problems += coverage_criteria.problems(coverage_criteria.measure(manifest, vectors))
    return by_key, problems, cited, gaps


def render(manifest, catalogue, vectors):
    by_key, problems, cited, gaps = analyse(manifest, catalogue)
    criteria_counts = coverage_criteria.measure(manifest, vectors)
    problems += coverage_criteria.problems(criteria_counts)
    lines = ["# Vector coverage", "",
             "Generated from `vectors/manifest.json` by `/usr/bin/python3 -m generators."
             "coverage` (also run by `/usr/bin/python3 -m generators`); do not edit.", "",
             "Cells count the cases of (op, type) that carry the tag; `-` marks a tag that "
             "is required there but missing (the `generators.coverage` test fails on it), "
             "blank marks a tag that does not apply.  Tags are defined in "
             "docs/vector-format.md.", ""]
    counts = defaultdict(int)
    for c in manifest["cases"]:
        counts[(c["op"], c["expectation"])] += 1
    lines += ["## Cases", "", "| op | values | no-crash | reject | total |",
              "|----|-------:|---------:|-------:|------:|"]
    for op in op_registry.names():
        v, n, r = (counts[(op, e)] for e in ("values", "no-crash", "reject"))
        lines.append("| %s | %d | %d | %d | %d |" % (op, v, n, r, v + n + r))
    lines.append("")

    def table(title, keys, op):
        tags = sorted({t for k in keys for t in by_key.get((op, k), {})})
        lines.extend(["## " + title, "", "| tag | " + " | ".join(keys) + " |",
                      "|---|" + "---:|" * len(keys)])
        for t in tags:
            row = []
            for k in keys:
                n = by_key.get((op, k), {}).get(t, 0)
                req = t in required_tags(op, k)
                row.append(str(n) if n else ("-" if req else ""))
            lines.append("| %s | %s |" % (t, " | ".join(row)))
        lines.append("")

    # the ops of one type per column, then the mixed-type ops (a table per
    # first type), then the element-wise ops; each group in registry order
    mixed = [op for op in op_registry.names() if coverage_criteria.is_mixed(op)]
    for op in coverage_criteria.typed_ops():
        table(op, keys_of(op), op)
    for op in mixed:
        for a in coverage_criteria.first_types(op):
            table("%s, base %s (columns: exponent type)" % (op, a.name),
                  [coverage_criteria.pair_key(a, b) for b in coverage_criteria.second_types(op)],
                  op)
    for op in coverage_elementwise.ops():
        table(op, [t.name for t in coverage_elementwise.types(op)], op)
    for op in mixed:
        lines += ["%s: the shape, broadcast and reject tags (rank0, rank2, rank4, zero-size, "
                  "broadcast-*, reject-*) are required once per base type, spread over the "
                  "exponent types (see docs/vector-format.md)." % op, ""]
    lines += coverage_criteria.render(criteria_counts)
    lines += ["## Requirements", "",
              "| requirement | cases citing it |", "|---|---:|"]
    for r in catalogue:
        lines.append("| %s | %s |" % (r["id"], cited.get(r["id"], 0) or "**gap**"))
    lines += ["", "Requirements no case cites (gaps): %d." % len(gaps), ""]
    for g in gaps:
        lines.append("- %s" % g)
    lines += ["", "## Problems", ""]
    lines += ["- " + p for p in problems] if problems else ["None."]
    return "\n".join(lines) + "\n", problems


def load(vectors):
    with open(os.path.join(vectors, "manifest.json"), encoding="utf-8") as fh:
        manifest = json.load(fh)
    with open(os.path.join(vectors, manifest["requirements_catalogue"]), encoding="utf-8") as fh:
        catalogue = json.load(fh)
    return manifest, catalogue


def write_doc(vectors, doc):
    text, _ = render(*load(vectors), vectors)
    with open(doc, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m generators.coverage")
    ap.add_argument("--vectors", default=os.path.join(REPO, "vectors"))
    ap.add_argument("--doc", default=os.path.join(REPO, "docs", "coverage.md"))
    ap.add_argument("--check", action="store_true",
                    help="fail if the doc is stale instead of rewriting it")
    args = ap.parse_args(argv)
    text, problems = render(*load(args.vectors), args.vectors)
    for p in problems:
        print("coverage: " + p)
    status = 1 if problems else 0
    if args.check:
        current = open(args.doc, encoding="utf-8").read() if os.path.exists(args.doc) else ""
        if current != text:
            print("coverage: %s is stale; run '/usr/bin/python3 -m generators.coverage'"
                  % args.doc)
            status = 1
    else:
        with open(args.doc, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    print("coverage: %d problems" % len(problems))
    return status


if __name__ == "__main__":
    sys.exit(main())
