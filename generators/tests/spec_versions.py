#!/usr/bin/python3
"""generators.spec_versions: the table of requirement labels of the seed SONNX
drafts against the 2026-08 drafts (generators/data/spec_labels_2026_08.tsv,
docs/spec-notes.md SN-25), checked three ways:

- without the documents: every seed id of the table is in the requirement
  catalogue (generators/requirements.py), and every catalogue id of the four
  SONNX drafts is in the table (mapped, or "dropped");
- with the documents (--spec DIR, CMake -DSONNX_CTS_SPEC_DIR=DIR, DIR holding
  drafts-2026-08/): every 2026-08 label of the table is in its document
  (an E_ label anywhere in the file; a Pow "<section>:<tensor>.<Cn>" label in
  that tensor's constraints of that section; GR<n> in the general
  restrictions), and every label of the four 2026-08 drafts is in the table.

Without the documents the second part cannot be made: the first part runs,
then the script says why and exits 77 (ctest: skipped) -- never passed.

    /usr/bin/python3 generators/tests/spec_versions.py [--spec DIR]
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)

from generators import requirements  # noqa: E402

SKIP = 77
TABLE = os.path.join(REPO, "generators", "data", "spec_labels_2026_08.tsv")
DRAFTS = ("div.md", "mul.md", "pow.md", "less.md")
RELATIONS = ("same", "moved", "changed", "dropped", "new")


def read_table(path=TABLE):
    rows, errors = [], []
    with open(path, encoding="utf-8") as fh:
        lines = [l.rstrip("\n") for l in fh if not l.startswith("#") and l.strip()]
    if not lines or lines[0].split("\t")[:4] != ["seed_id", "file", "label", "relation"]:
        return [], ["%s: header: expected seed_id, file, label, relation, note" % path]
    for n, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        if len(f) != 5:
            errors.append("%s: row %d: %d fields, expected 5" % (path, n, len(f)))
            continue
        seed, doc, label, rel, _ = f
        if rel not in RELATIONS:
            errors.append("%s: row %d: relation %r not one of %s" % (path, n, rel, RELATIONS))
        if (seed == "-") != (rel == "new") or (label == "-") != (rel == "dropped"):
            errors.append("%s: row %d: relation %r does not fit seed %r, label %r"
                          % (path, n, rel, seed, label))
        rows.append(f)
    return rows, errors


def catalogue_ids():
    ids = set()
    for stem, section, label, _ in requirements._SPEC:
        if stem.startswith("sonnx-"):
            ids.add(":".join(x for x in (stem, section, label) if x))
    return ids


def check_catalogue(rows):
    errors = []
    cat = catalogue_ids()
    seeds = {r[0] for r in rows if r[0] != "-"}
    errors += ["table: seed id %s is not in the requirement catalogue" % s
               for s in sorted(seeds - cat)]
    errors += ["catalogue: %s has no row in the table" % s for s in sorted(cat - seeds)]
    return errors


def pow_label_in(text, label):
    """"float:B.C2": constraint [C2] under tensor B of section float."""
    m = re.fullmatch(r"(real|float|int):([ABC])\.(C\d+)", label)
    if not m:
        return False
    parts = re.split(r'<a id="(real|float|int)"></a>', text)
    sections = {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}
    sec = sections.get(m.group(1), "")
    tensors = re.split(r"\n### \$\\text\{([ABC])\}\$", sec)
    block = {tensors[i]: tensors[i + 1] for i in range(1, len(tensors), 2)}
    return ("`[%s]`" % m.group(3)) in block.get(m.group(2), "")


def check_documents(rows, drafts_dir):
    errors, texts = [], {}
    for name in set(DRAFTS) | {r[1] for r in rows}:
        with open(os.path.join(drafts_dir, name), encoding="utf-8") as fh:
            texts[name] = fh.read()
    listed = set()
    for seed, doc, label, rel, _ in rows:
        if label == "-":
            continue
        listed.add((doc, label))
        t = texts[doc]
        ok = (("[%s]" % label) in t if label.startswith(("E_", "GR"))
              else pow_label_in(t, label))
        if not ok:
            errors.append("table: %s is not a label of drafts-2026-08/%s" % (label, doc))
    for doc in DRAFTS:
        for label in sorted(set(re.findall(r"\[(E_[A-Z0-9_]+)\]", texts[doc]))):
            if (doc, label) not in listed:
                errors.append("drafts-2026-08/%s: %s has no row in the table" % (doc, label))
    for sec in ("real", "float", "int"):
        for t in "ABC":
            for c in ("C1", "C2", "C3", "C4"):
                label = "%s:%s.%s" % (sec, t, c)
                if pow_label_in(texts["pow.md"], label) and ("pow.md", label) not in listed:
                    errors.append("drafts-2026-08/pow.md: %s has no row in the table" % label)
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="")
    ap.add_argument("--table", default=TABLE)
    a = ap.parse_args()
    rows, errors = read_table(a.table)
    errors += check_catalogue(rows)
    drafts = os.path.join(a.spec, "drafts-2026-08") if a.spec else ""
    have = drafts and all(os.path.isfile(os.path.join(drafts, d)) for d in DRAFTS)
    if have:
        errors += check_documents(rows, drafts)
    for e in errors:
        print("FAIL: " + e)
    if errors:
        return 1
    print("ok: %d rows; every seed id in the catalogue and every catalogue id in the table"
          % len(rows))
    if not have:
        print("SKIPPED (documents): no drafts-2026-08/{%s} under --spec %r (CMake "
              "-DSONNX_CTS_SPEC_DIR=DIR): the labels cannot be checked against the 2026-08 "
              "drafts" % (",".join(DRAFTS), a.spec))
        return SKIP
    print("ok: every label of the table is in its 2026-08 draft, every E_ and Pow [Cn] "
          "label of the four drafts is in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
