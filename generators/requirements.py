"""The requirement catalogue (vectors/requirements.json).

Every labelled requirement of the five specification documents (R/GR
restrictions and the C constraints of each input/output), with its statement
quoted from the document (docs/spec-notes.md, "The specification documents",
names them and their origin; they are not in this repository); the IEEE 754 clauses the goldens rely
on; and the spec notes (docs/spec-notes.md, read from that file).

Ids: "<doc-stem>:<section>:<label>" where a document has sections
(real/float/int), "<doc-stem>:<label>" otherwise.  Constraints are numbered
per tensor in the documents (A's C1, B's C1, ...), so their label is
qualified by the tensor: "sonnx-div:int:B.C1".  generators/tests/spec_catalogue.py
checks this table against the documents (labels and quoted statements) when
they are given (-DSONNX_CTS_SPEC_DIR)."""

import os
import re

from . import requirements_drafts

SHAPE_DIV = "Tensors `A`, `B` and `C` must have the same shape. $N(A)=N(B)=N(C)$"
SHAPE_DIV_INT = "Tensors `A`, `B`, and `C` must have the same shape. $N(A)=N(B)=N(C)$"
RANGE_DIV = "The operator is only defined for a denominator tensor containing non null values."
RANGE_DIV_INT = "The operator is only defined for a denominator tensor containing non-null values."
SPARSE_DIV = "Tensors of class `SparseTensor` are not supported"

_SPEC = [
    # ---- sonnx-div.md, section "real"
    ("sonnx-div", "real", "R1", "Tensors `A`, `B` and `C` must have the same shape."),
    ("sonnx-div", "real", "GR1", SPARSE_DIV),
    ("sonnx-div", "real", "A.C1", SHAPE_DIV),
    ("sonnx-div", "real", "B.C1", RANGE_DIV),
    ("sonnx-div", "real", "B.C2", SHAPE_DIV),
    ("sonnx-div", "real", "C.C1", SHAPE_DIV),
    # ---- sonnx-div.md, section "float" (FP16, FP32, FP64, BFLOAT16)
    ("sonnx-div", "float", "R1", "Tensors `A`, `B` and `C` must have the same shape."),
    ("sonnx-div", "float", "R2", "Tensors `A`, `B` and `C` shall have the same numerical type."),
    ("sonnx-div", "float", "GR1", SPARSE_DIV),
    ("sonnx-div", "float", "A.C1", SHAPE_DIV),
    ("sonnx-div", "float", "B.C1", RANGE_DIV),
    ("sonnx-div", "float", "B.C2", SHAPE_DIV),
    ("sonnx-div", "float", "C.C1", SHAPE_DIV),
    # ---- sonnx-div.md, section "int"
    ("sonnx-div", "int", "R1", "Tensors `A`, `B`, and `C` must have the same shape."),
    ("sonnx-div", "int", "R2", "Tensors `A`, `B`, and `C` must have the same numerical type."),
    ("sonnx-div", "int", "GR1", SPARSE_DIV),
    ("sonnx-div", "int", "A.C1", SHAPE_DIV_INT),
    ("sonnx-div", "int", "B.C1", RANGE_DIV_INT),
    ("sonnx-div", "int", "B.C2", SHAPE_DIV_INT),
    ("sonnx-div", "int", "C.C1", SHAPE_DIV_INT),
    # ---- sonnx-mul.md, section "real"
    ("sonnx-mul", "real", "R1", "The shape of tensors shall be explicit"),
    ("sonnx-mul", "real", "GR1", "Sparse tensors are not supported"),
    ("sonnx-mul", "real", "A.C1", "&lt;Tensors $A$, $B$ and $Y$ must have the same shape."),
    ("sonnx-mul", "real", "B.C1", "see constraint"),
    ("sonnx-mul", "real", "B.C2", "all elements must be non null."),
    ("sonnx-mul", "real", "Y.C1", "see constraint"),
    # ---- sonnx-mul.md, section "float" (FP16, FP32, FP64)
    ("sonnx-mul", "float", "R1", "The shape of tensors shall be explicit"),
    ("sonnx-mul", "float", "R2", "All tensors shall have the same datatype"),
    ("sonnx-mul", "float", "GR1", "Sparse tensors are not supported"),
    ("sonnx-mul", "float", "A.C1", "Tensors $A$, $B$ and $Y$ must have the same shape."),
    ("sonnx-mul", "float", "B.C1", "see constraint"),
    ("sonnx-mul", "float", "Y.C1", "see constraint"),
    # ---- sonnx-mul.md, section "int"
    ("sonnx-mul", "int", "R1", "The shape of tensors shall be explicit"),
    ("sonnx-mul", "int", "GR1", "Sparse tensors are not supported"),
    # R2 is cited by the int constraints C2 but absent from the int
    # restriction table (spec-notes SN-8); statement quoted from C2.
    ("sonnx-mul", "int", "R2", "&lt;Tensors $A$, $B$, and $C$ share the same integer type."),
    ("sonnx-mul", "int", "A.C1", "&lt;Tensors $A$, $B$ and $Y$ must have the same shape."),
    ("sonnx-mul", "int", "A.C2", "&lt;Tensors $A$, $B$, and $C$ share the same integer type."),
    ("sonnx-mul", "int", "B.C1", "See constraint on $A$."),
    ("sonnx-mul", "int", "B.C2", "See constraint on $A$."),
    ("sonnx-mul", "int", "Y.C1", "See constraint on $A$."),
    ("sonnx-mul", "int", "Y.C2", "See constraint on $A$."),
    # ---- sonnx-less.md (one section)
    ("sonnx-less", None, "R1", "The tensors `A` and `B` must have the same shape"),
    ("sonnx-less", None, "R2", "The operator does not support sparse tensors"),
    ("sonnx-less", None, "R3", "All input elements `A` and `B` shall have explicit comparable types"),
    ("sonnx-less", None, "R4", "No broadcasting allowed for the tensors `A` and `B` even if they "
                               "are broadcastable to a common shape, the broadcasting is forbidden "
                               "because dynamic computation time according to the shape is not "
                               "deterministic"),
    ("sonnx-less", None, "A.C1", "The shapes of `A` and `B` must be the same. $N(A)=N(B)$"),
    ("sonnx-less", None, "B.C1", "The shapes of `A` and `B` must be the same. $N(A)=N(B)$"),
    ("sonnx-less", None, "C.C1", "The shape of `C` will match the `A` and `B` shape. "
                                 "$N(C)=N(A)=N(B)$"),
    # ---- sonnx-pow.md (one section)
    ("sonnx-pow", None, "R1", "The input tensors `A` and `B` and output must have the same shape"),
    ("sonnx-pow", None, "R2", "The operator does not support sparse tensors"),
    ("sonnx-pow", None, "R3", "All input elements in `A` and `B` must be of types that support "
                              "the power operation"),
    ("sonnx-pow", None, "R4", "No broadcasting allowed for the tensors `A` and `B` even if they "
                              "are broadcastable to a common shape, the broadcasting is forbidden "
                              "because dynamic computation time according to the shape is not "
                              "deterministic"),
    ("sonnx-pow", None, "R5", "All input `A` and output element shall be of the same type "
                              "(not possible to mix integer and real)"),
    ("sonnx-pow", None, "R6", "All `B` element of the exponent shall be of the same type "
                              "(it is not possible to mix integer and real)"),
    ("sonnx-pow", None, "A.C1", "The shapes of `A` and `B` must be the same. $N(A)=N(B)$"),
    ("sonnx-pow", None, "B.C1", "The shapes of `A` and `B` must be the same. $N(A)=N(B)$"),
    ("sonnx-pow", None, "C.C1", "The shape of `C` will match the `A` and `B` shape. "
                                "$N(C)=N(A)=N(B)$"),
    # ---- onnx-div.md (the ONNX operator page has no labels: named ids)
    ("onnx-div", None, "broadcast", "This operator supports multidirectional (i.e., Numpy-style) "
                                    "broadcasting"),
    ("onnx-div", None, "truncation", "For integer inputs, the result is computed using truncating "
                                     "division (rounding toward zero)."),
    ("onnx-div", None, "types", "T: Constrain input and output types to all numeric tensors."),
]

_IEEE = [
    ("div", "§5.4.1", "division(x, y) computes x/y as if with unbounded precision, then rounds"),
    ("mul", "§5.4.1", "multiplication(x, y) computes x*y as if with unbounded precision, "
                      "then rounds"),
    ("rne", "§4.3.1", "roundTiesToEven: the nearest representable value; on a tie, the one "
                      "with an even least significant digit"),
    ("overflow", "§7.4", "under roundTiesToEven, a result whose magnitude exceeds the largest "
                         "finite number (after rounding to unbounded exponent) is infinity "
                         "with the sign of the exact result"),
    ("underflow", "§7.5", "tiny results are rounded to subnormal numbers or zero "
                          "(gradual underflow)"),
    ("infinity", "§6.1", "arithmetic on infinite operands is exact: inf*x, inf/x, x/inf "
                         "follow the limiting real arithmetic"),
    ("nan", "§6.2", "every operation with a NaN operand returns a quiet NaN"),
    ("signed-zero", "§6.3", "the sign of a product or quotient is the exclusive OR of the "
                            "operands' signs, also for zero and infinite results"),
    ("invalid", "§7.2", "0*inf, 0/0 and inf/inf are invalid operations and return a quiet NaN"),
    ("div-by-zero", "§7.3", "a finite nonzero x divided by zero returns an infinity with the "
                            "exclusive OR of the operands' signs"),
    ("add", "§5.4.1", "addition(x, y) and subtraction(x, y) compute x+y and x-y as if with "
                      "unbounded precision, then round"),
    ("sqrt", "§5.4.1", "squareRoot(x) computes the square root of x as if with unbounded "
                       "precision, then rounds; squareRoot(-0) is -0, squareRoot of a value "
                       "below zero is invalid (§7.2)"),
    ("abs", "§5.5.1", "abs(x) copies x to the destination with its sign bit 0 (positive), "
                      "also for zeros, infinities and NaNs"),
    ("signed-zero-sum", "§6.3", "when the sum of two operands with opposite signs (or the "
                                "difference of two operands with like signs) is exactly zero, "
                                "the sign of that sum (or difference) is +0 under "
                                "roundTiesToEven; x+x = x-(-x) keeps the sign of x, also "
                                "for a zero x"),
    ("compare", "§5.11", "comparisons are exact; NaN is unordered with everything (so less is "
                         "false); -0 and +0 compare equal"),
    ("pow", "§9.2", "pow(x, y) = x^y; correct rounding is recommended, not required "
                    "(spec-notes SN-14)"),
    ("pow-special", "§9.2.1", "special cases of pow: pow(x, ±0) = 1 for any x (even NaN); "
                              "pow(+1, y) = 1 for any y (even NaN); pow(-1, ±inf) = 1; "
                              "pow(±0, y) for odd/even and negative/positive y; pow(x, ±inf); "
                              "pow(±inf, y); negative finite x with non-integer finite y is "
                              "invalid (NaN). Same cases as ISO C99 Annex F.9.4.4."),
]


def spec_notes(path):
    """[(SN id, title)] from docs/spec-notes.md headings '## SN-n: title'."""
    notes = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            m = re.match(r"^## (SN-\d+): (.*)$", line.rstrip("\n"))
            if m:
                notes.append((m.group(1), m.group(2).strip()))
    return notes


def catalogue(repo_root):
    out = []
    for stem, section, label, statement in _SPEC:
        rid = "%s:%s:%s" % (stem, section, label) if section else "%s:%s" % (stem, label)
        out.append({"id": rid, "doc": stem + ".md", "section": section or "",
                    "label": label.split(".")[-1] if "." in label else label,
                    "subject": label.split(".")[0] if "." in label else "",
                    "statement": statement})
    out += requirements_drafts.catalogue()
    for label, section, statement in _IEEE:
        out.append({"id": "ieee754:" + label, "doc": "ieee754", "section": section,
                    "label": label, "subject": "", "statement": "IEEE 754-2019 " + section +
                    ": " + statement})
    for sn, title in spec_notes(os.path.join(repo_root, "docs", "spec-notes.md")):
        out.append({"id": "spec-notes:" + sn, "doc": "spec-notes", "section": sn,
                    "label": sn, "subject": "", "statement": title})
    return out


def split_checks(op, c):
    """(checks, satisfies) of case `c` of operator spec `op`: a case that is
    not a `reject` case only satisfies the profile's shape and type
    restrictions (the SONNX ids its op cites for the reject families, e.g.
    sonnx-div:real:R1, sonnx-div:float:R2), it does not test them: its
    failure must not blame them (docs/vector-format.md "satisfies")."""
    reqs = list(c.requirements)
    if c.expectation == "reject":
        return reqs, []
    restrictions = set(op.requirements(*c.dts, "reject-shape"))
    typed = op.requirements(*c.dts, "reject-type")
    if typed != op.requirements(*c.dts, "values"):  # the op has a type restriction
        restrictions |= set(typed)
    restrictions = {r for r in restrictions if r.startswith("sonnx-")}
    return ([r for r in reqs if r not in restrictions],
            [r for r in reqs if r in restrictions])

