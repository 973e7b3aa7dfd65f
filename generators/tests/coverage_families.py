#!/usr/bin/python3
"""generators.coverage_families: the coverage criteria can fail.

    /usr/bin/python3 generators/tests/coverage_families.py [--vectors DIR]

Measures the criteria of docs/coverage.md (generators/coverage_criteria.py)
on the committed vectors (no problem expected), then once per case family
built from the criteria with that family's cases left out of the manifest:
the check must then name at least one criterion of the family as having no
element.  A family whose removal goes unnoticed is either redundant or not
measured; both are failures here."""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)

from generators import coverage_criteria as cc  # noqa: E402
from generators.coverage import load  # noqa: E402

# family (case-name suffixes) -> a substring of a criterion it alone meets
FAMILIES = [
    # body_offsets repeats the boundary-class pairs inside a long tensor
    (("boundary_classes", "body_offsets"), "overflow-threshold on"),
    (("quotient_edges",), "div |b|~2^"),
    (("body_offsets",), "body "),
    (("wrap_boundaries",), "mul product = "),
    (("undefined_zero_alone",), "div lone b=0"),
    (("undefined_min_alone",), "div lone MIN/-1"),
    (("undefined_overflow_alone",), "pow lone overflow"),
    (("undefined_negexp_alone",), "pow lone negative exponent"),
    (("broadcast_column_a", "broadcast_column_b"), "broadcast column"),
    (("broadcast_row_a",), "broadcast row"),
    (("broadcast_rank4",), "broadcast rank 4"),
    (("broadcast_scalar_a",), "broadcast scalar A"),
    (("broadcast_zero",), "broadcast size-0 axis"),
    # every Less case holding neighbour pairs (the special-value cross holds
    # some at max/inf and zero)
    (("special_cross", "extremes", "neighbours_random", "last_bit", "body_neighbours"),
     "criterion 'less "),
    (("body_neighbours",), "less body neighbour"),
    (("parity_magnitudes",), "pow parity"),
    (("boundary_classes",), "criterion 'pow "),
    # the element-wise ops of the 2026-08 drafts (coverage_elementwise.py)
    (("edges_random", "body_offsets"), "sum near-tie"),
    (("edges_random", "body_offsets"), "sum overflow-threshold on"),
    (("edges_random", "body_offsets"), "subnormal-max -"),
    (("edges_random", "body_offsets"), "sqrt near-midpoint odd"),
    (("body_offsets",), "body sqrt near-midpoint"),
    (("specials", "body_offsets"), "criterion 'X nan"),
    (("undefined_alone",), "abs lone MIN"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", default=os.path.join(REPO, "vectors"))
    args = ap.parse_args()
    manifest, _ = load(args.vectors)
    failures = []
    base = cc.problems(cc.measure(manifest, args.vectors))
    if base:
        failures += ["committed vectors: " + p for p in base]
    for names, criterion in FAMILIES:
        kept = [c for c in manifest["cases"] if c["id"].rsplit("/", 1)[1] not in names]
        removed = len(manifest["cases"]) - len(kept)
        if removed == 0:
            failures.append("family %s: no case in the manifest" % "/".join(names))
            continue
        probs = cc.problems(cc.measure(dict(manifest, cases=kept), args.vectors))
        hit = [p for p in probs if criterion in p]
        print("without %s (%d cases): %d problems, %d naming '%s'"
              % ("/".join(names), removed, len(probs), len(hit), criterion))
        if not hit:
            failures.append("family %s removed, but no criterion '%s' reported empty"
                            % ("/".join(names), criterion))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
