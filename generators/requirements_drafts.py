"""The requirement catalogue entries of the operators that follow the
2026-08 drafts (drafts-2026-08/add.md, sub.md, abs.md, sqrt.md; which draft
each op follows and its types: docs/spec-notes.md SN-27): every labelled
requirement with its statement quoted from the draft.

Ids: "<prefix>:<E_ label>" (the E_ labels are unique in a draft, e.g.
"sonnx-add:E_ADD_FLOAT_FUNC_0010"); Sqrt's draft labels its constraints
only [C1]/[C2] per tensor and per section, so its ids are qualified by
section and tensor as the seed drafts' constraints are
("sonnx-sqrt:float:X.C1"), and its unlabelled function gets the named id
"sonnx-sqrt:float:function".  An entry's "note" says why where the id is
not the draft's own label.  generators/tests/spec_catalogue.py checks the
labels and statements against the drafts when they are given."""

SHAPE3 = "Tensors $A$, $B$ and $C$ must have the same shape."
SHAPE3_SHALL = "Tensors $A$, $B$, and $C$ shall have the same shape."
TYPE3 = "Tensors $A$, $B$, and $C$ must have the same type."
SEE = "see constraint"

# (doc, prefix, section, label, statement)
_ADD_SUB = []
for _op, _verb in (("ADD", "add"), ("SUB", "sub")):
    _pre = "sonnx-" + _verb
    _doc = "drafts-2026-08/%s.md" % _verb
    _rows = [("real", "E_%s_REAL_CONSTR_A_0010" % _op,
              SHAPE3_SHALL if _op == "SUB" else "Tensors $A$, $B$, and $C$ shall have the same "
                                                "shape."),
             ("real", "E_%s_REAL_CONSTR_B_0010" % _op, SEE),
             ("real", "E_%s_REAL_CONSTR_C_0010" % _op, SEE),
             ("float", "E_%s_FLOAT_CONSTR_A_0010" % _op,
              SHAPE3_SHALL if _op == "SUB" else SHAPE3),
             ("float", "E_%s_FLOAT_CONSTR_A_0020" % _op, TYPE3),
             ("float", "E_%s_FLOAT_CONSTR_B_0010" % _op, SEE),
             ("float", "E_%s_FLOAT_CONSTR_B_0020" % _op, SEE),
             ("float", "E_%s_FLOAT_CONSTR_C_0010" % _op, SEE),
             ("float", "E_%s_FLOAT_CONSTR_C_0020" % _op, SEE),
             ("int", "E_%s_INT_CONSTR_A_0010" % _op, SHAPE3),
             ("int", "E_%s_INT_CONSTR_A_0020" % _op, TYPE3),
             ("int", "E_%s_INT_CONSTR_B_0010" % _op, SEE),
             ("int", "E_%s_INT_CONSTR_B_0020" % _op, SEE),
             ("int", "E_%s_INT_CONSTR_C_0010" % _op, SEE),
             ("int", "E_%s_INT_CONSTR_C_0020" % _op, SEE)]
    _ADD_SUB += [(_doc, _pre, s, l, t) for s, l, t in _rows]

_ADD_SUB += [
    ("drafts-2026-08/add.md", "sonnx-add", "real", "E_ADD_REAL_FUNC_0010",
     "Operator **Add** adds input tensors $A$ and $B$ element-wise and stores the result in "
     "output tensor $C$."),
    ("drafts-2026-08/add.md", "sonnx-add", "float", "E_ADD_FLOAT_FUNC_0010",
     "Operator **Add** adds input tensors $A$ and $B$ element-wise according to IEEE 754 "
     "floating-point semantics and stores the result in output tensor $C$."),
    ("drafts-2026-08/add.md", "sonnx-add", "int", "E_ADD_INT_FUNC_0010",
     "Operator **Add** adds input tensors $A$ and $B$ element-wise and stores the result in "
     "output tensor $C$. Each element $C[i]$ is the result of adding $A[i]$ and $B[i]$"),
    ("drafts-2026-08/sub.md", "sonnx-sub", "real", "E_SUB_REAL_FUNC_0010",
     "Operator **Sub** subtracts input tensors $B$ from input tensor $A$ element-wise and "
     "stores the result in output tensor $C$."),
    ("drafts-2026-08/sub.md", "sonnx-sub", "float", "E_SUB_FLOAT_FUNC_0010",
     "Operator **Sub** subtracts input tensor $B$ from input ensor $A$ element-wise according "
     "to IEEE 754 floating-point semantics, placing the result in output tensor $C$."),
    ("drafts-2026-08/sub.md", "sonnx-sub", "int", "E_SUB_INT_FUNC_0010",
     "Operator **Sub** subtracts input tensor $B$ from input tensor $A$ element-wise and "
     "stores the result in output tensor $C$."),
]

_ABS = [("drafts-2026-08/abs.md", "sonnx-abs", s, l, t) for s, l, t in (
    ("real", "E_ABS_REAL_FUNC_010",
     "The **Abs** operator computes the element-wise absolute value of the input tensor $X$."),
    ("real", "E_ABS_REAL_CONSTR_X_010", "$X$ and $Y$ shall have the same shape."),
    ("real", "E_ABS_REAL_CONSTR_Y_010", "See [constraint E_ABS_REAL_CONSTR_X_010]"),
    ("float", "E_ABS_FLOAT_FUNC_010",
     "The **Abs** operator computes the element-wise absolute value of the input tensor $X$."),
    ("float", "E_ABS_FLOAT_CONSTR_X_010", "$X$ and $Y$ shall have the same shape."),
    ("float", "E_ABS_FLOAT_CONSTR_Y_010", "See [constraint E_ABS_FLOAT_CONSTR_X_010]"),
    ("int", "E_ABS_INT_FUNC_010",
     "The **Abs** operator computes the element-wise absolute value of the input tensor $X$."),
    ("int", "E_ABS_INT_CONSTR_X_010", "$X$ and $Y$ shall have the same shape."),
    ("int", "E_ABS_INT_CONSTR_X_020", "No absolute value for minimum integer - Statement: "
                                      "$X \\neq \\texttt{minint}$."),
    ("int", "E_ABS_INT_CONSTR_Y_010", "See [constraint E_ABS_INT_CONSTR_X_010]"),
)]

SQRT_NOTE = ("The Sqrt draft labels its constraints only [C1], [C2] per tensor and per "
             "section (no E_ labels): the id qualifies the label by section and tensor.")
_SQRT = [("drafts-2026-08/sqrt.md", "sonnx-sqrt", s, l, t) for s, l, t in (
    ("real", "X.C1", "$X$ and $Y$ shall have the same shape."),
    ("real", "X.C2", "$\\forall i,\\ X[i] \\ge 0$."),
    ("real", "Y.C1", "See [constraint (C1) on X]"),
    ("float", "function", "The **Sqrt** operator computes the element-wise square root of "
                          "the input tensor $X$ according to IEEE 754 floating-point "
                          "semantics."),
    ("float", "X.C1", "$X$ and $Y$ shall have the same shape."),
    ("float", "X.C2", "$X$ and $Y$ shall have the same floating-point type."),
    ("float", "Y.C1", "See [constraint (C1) on X]"),
    ("float", "Y.C2", "See [constraint (C2) on X]"),
)]

ENTRIES = _ADD_SUB + _ABS + _SQRT


def entry_id(prefix, section, label):
    if label.startswith("E_"):
        return "%s:%s" % (prefix, label)
    return "%s:%s:%s" % (prefix, section, label)


def catalogue():
    out = []
    for doc, prefix, section, label, statement in sorted(
            ENTRIES, key=lambda e: entry_id(e[1], e[2], e[3])):
        e = {"id": entry_id(prefix, section, label), "doc": doc, "section": section,
             "label": label.split(".")[-1], "subject": label.split(".")[0] if "." in label else "",
             "statement": statement}
        if not label.startswith("E_"):
            e["note"] = SQRT_NOTE if label != "function" else (
                "The Sqrt draft gives its float function no label: a named id, as for "
                "the ONNX operator page's statements.")
        out.append(e)
    return out
