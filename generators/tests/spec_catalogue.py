#!/usr/bin/python3
"""generators.spec_catalogue: the requirement catalogue (vectors/requirements.json,
built by generators/requirements.py) against the specification documents it
quotes: every labelled requirement (R, GR, C) of the SONNX drafts for Div, Mul,
Less and Pow is in the catalogue with its statement quoted verbatim, and the
catalogue's ONNX Div statements occur in the ONNX Div operator page.

The documents are not part of this repository (docs/spec-notes.md names them
and where they come from).  Their directory is given with --spec DIR (CMake:
-DSONNX_CTS_SPEC_DIR=DIR).  Without it, or when a document is missing, the
check cannot be made: it prints why and exits 77, which ctest reports as
skipped (SKIP_RETURN_CODE) -- never as passed.

    /usr/bin/python3 generators/tests/spec_catalogue.py --spec DIR
"""

import argparse
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)

from generators import requirements  # noqa: E402

SKIP = 77
DOCUMENTS = ("sonnx-div.md", "sonnx-mul.md", "sonnx-less.md", "sonnx-pow.md", "onnx-div.md")
SPEC_DIR = None
NEW_DRAFTS = ("add.md", "sub.md", "abs.md", "sqrt.md")


def _norm(s):
    return re.sub(r"\s+", " ", s).strip()


def _read(name):
    with open(os.path.join(SPEC_DIR, name), encoding="utf-8") as fh:
        return fh.read()


class CatalogueAgainstDocuments(unittest.TestCase):

    def _sections(self, text, stem):
        if stem in ("sonnx-div", "sonnx-mul"):
            parts = re.split(r'<a id="(real|float|int)"></a>', text)
            return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}
        return {None: text}

    def _labels(self, section_text):
        labels, subject = set(), None
        for line in section_text.splitlines():
            m = re.match(r"^#{4,6} (?:`|\$\\text\{)([ABCY])", line)
            if m:
                subject = m.group(1)
            for r in re.findall(r"\[(G?R\d+)\]", line):
                labels.add(r)
            m = re.match(r"^\s*- (?:\(C(\d+)\)|`\[C(\d+)\]`)", line)
            if m:
                labels.add("%s.C%s" % (subject, m.group(1) or m.group(2)))
        return labels

    def test_sonnx_labels_and_statements(self):
        cat = requirements.catalogue(REPO)
        for stem in ("sonnx-div", "sonnx-mul", "sonnx-less", "sonnx-pow"):
            text = _read(stem + ".md")
            for section, body in self._sections(text, stem).items():
                doc_labels = self._labels(body)
                prefix = "%s:%s:" % (stem, section) if section else stem + ":"
                cat_labels = {r["id"][len(prefix):] if not r["subject"] else
                              "%s.%s" % (r["subject"], r["label"])
                              for r in cat if r["id"].startswith(prefix)}
                self.assertEqual(doc_labels, cat_labels, prefix)
                for r in cat:
                    if r["id"].startswith(prefix):
                        self.assertIn(_norm(r["statement"]), _norm(body), r["id"])

    def test_drafts_2026_08_labels_and_statements(self):
        """Add, Sub, Abs, Sqrt follow the 2026-08 drafts (drafts-2026-08/,
        generators/requirements_drafts.py): every E_ label of add.md,
        sub.md and abs.md, and every [Cn] of sqrt.md per section and tensor,
        is in the catalogue and nothing else is; every statement is quoted
        verbatim from its draft."""
        drafts = os.path.join(SPEC_DIR, "drafts-2026-08")
        if not all(os.path.isfile(os.path.join(drafts, d)) for d in NEW_DRAFTS):
            self.skipTest("no drafts-2026-08/{%s} under %s" % (",".join(NEW_DRAFTS), SPEC_DIR))
        cat = [r for r in requirements.catalogue(REPO) if r["doc"].startswith("drafts-2026-08/")]
        for name in NEW_DRAFTS:
            with open(os.path.join(drafts, name), encoding="utf-8") as fh:
                text = fh.read()
            doc = "drafts-2026-08/" + name
            mine = [r for r in cat if r["doc"] == doc]
            self.assertTrue(mine, doc)
            if name == "sqrt.md":
                parts = re.split(r'<a id="(real|float)"></a>', text)
                want = set()
                for i in range(1, len(parts), 2):
                    tensors = re.split(r"\n### \$\\text\{([XY])\}\$", parts[i + 1])
                    for j in range(1, len(tensors), 2):
                        for c in re.findall(r"`\[(C\d+)\]`", tensors[j + 1]):
                            want.add("%s:%s.%s" % (parts[i], tensors[j], c))
                have = {"%s:%s.%s" % (r["section"], r["subject"], r["label"])
                        for r in mine if r["subject"]}
            else:
                want = set(re.findall(r"\[(E_[A-Z0-9_]+)\]", text))
                have = {r["label"] for r in mine}
            self.assertEqual(want, have, doc)
            for r in mine:
                self.assertTrue(_norm(r["statement"]) in _norm(text),
                                "%s: statement not in %s: %r" % (r["id"], doc, r["statement"]))

    def test_onnx_div_statements(self):
        onnx_div = _norm(_read("onnx-div.md"))
        for r in requirements.catalogue(REPO):
            if r["doc"] == "onnx-div.md":
                self.assertIn(_norm(r["statement"]), onnx_div, r["id"])


def main():
    global SPEC_DIR
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="",
                    help="directory holding " + ", ".join(DOCUMENTS))
    ns, rest = ap.parse_known_args()
    if not ns.spec:
        print("SKIPPED: no specification directory given (configure with "
              "-DSONNX_CTS_SPEC_DIR=DIR holding %s); the catalogue cannot be "
              "checked against the documents" % ", ".join(DOCUMENTS))
        return SKIP
    missing = [d for d in DOCUMENTS if not os.path.isfile(os.path.join(ns.spec, d))]
    if missing:
        print("SKIPPED: %s not found in SONNX_CTS_SPEC_DIR=%s; the catalogue "
              "cannot be checked against the documents" % (", ".join(missing), ns.spec))
        return SKIP
    SPEC_DIR = ns.spec
    prog = unittest.main(argv=[sys.argv[0]] + rest, verbosity=2, exit=False)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
