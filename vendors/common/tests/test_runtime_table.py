#!/usr/bin/python3
"""vendors/common/runtime_table.py: a good table is read in order, and every
malformed row is refused naming the file, the line and the field.  The
expected runtimes and messages are written here by hand, not computed by the
reader.  Also reads the repository's own table (every script depends on it).

usage: test_runtime_table.py
"""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import runtime_table  # noqa: E402

GOOD = (
    "# record\tlabel\tcertify\n"
    "\n"
    "a-1.0.json\tA\tvendors/a/certify.sh\n"
    "b-2.0.json\tB-cpu\tvendors/b/certify.sh cpu\n"
)


class Parse(unittest.TestCase):
    def refused(self, text):
        with self.assertRaises(runtime_table.TableError) as cm:
            runtime_table.parse(text.splitlines(True), "t.tsv")
        return str(cm.exception).split("\n")

    def test_good_table(self):
        got = runtime_table.parse(GOOD.splitlines(True), "t.tsv")
        self.assertEqual([tuple(r) for r in got], [
            ("a-1.0.json", "A", "vendors/a/certify.sh", 3),
            ("b-2.0.json", "B-cpu", "vendors/b/certify.sh cpu", 4)])

    def test_crlf_and_no_final_newline(self):
        got = runtime_table.parse(["a.json\tA\tx.sh\r\n", "b.json\tB\ty.sh"], "t.tsv")
        self.assertEqual([(r.record, r.label, r.certify) for r in got],
                         [("a.json", "A", "x.sh"), ("b.json", "B", "y.sh")])

    def test_missing_field(self):
        self.assertEqual(self.refused(GOOD + "c.json\tC\n"), [
            "t.tsv:5: field 'certify': missing (2 tab-separated fields, expected 3: "
            "record, label, certify)"])
        self.assertEqual(self.refused("c.json\n"), [
            "t.tsv:1: field 'label': missing (1 tab-separated fields, expected 3: "
            "record, label, certify)"])

    def test_extra_field(self):
        self.assertEqual(self.refused("c.json\tC\tc.sh\tmore\n"), [
            "t.tsv:1: after field 'certify': extra field (4 tab-separated fields, "
            "expected 3: record, label, certify)"])

    def test_empty_and_padded_fields(self):
        self.assertEqual(self.refused("c.json\t\tc.sh\nd.json\tD \td.sh\n"), [
            "t.tsv:1: field 'label': empty",
            "t.tsv:2: field 'label': leading or trailing blanks in 'D '"])

    def test_record_not_a_json_file_name(self):
        self.assertEqual(self.refused("sub/c.json\tC\tc.sh\nc.txt\tD\td.sh\n"), [
            "t.tsv:1: field 'record': 'sub/c.json' is not a file name ending in .json",
            "t.tsv:2: field 'record': 'c.txt' is not a file name ending in .json"])

    def test_duplicate_record_and_label(self):
        self.assertEqual(self.refused(GOOD + "a-1.0.json\tZ\tz.sh\nz.json\tB-cpu\tz.sh\n"), [
            "t.tsv:5: field 'record': 'a-1.0.json' already on line 3",
            "t.tsv:6: field 'label': 'B-cpu' already on line 4"])

    def test_every_broken_row_named(self):
        # one broken row never hides another
        self.assertEqual(len(self.refused("x.json\n\ny.json\tY\n")), 2)


class Command(unittest.TestCase):
    def run_cli(self, *args):
        return subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE),
                                                            "runtime_table.py")] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def test_fields(self):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as fh:
            fh.write(GOOD)
        try:
            p = self.run_cli("--table", fh.name, "--fields", "record,certify")
            self.assertEqual((p.returncode, p.stdout, p.stderr), (
                0, "a-1.0.json\tvendors/a/certify.sh\nb-2.0.json\tvendors/b/certify.sh cpu\n",
                ""))
        finally:
            os.unlink(fh.name)

    def test_malformed_exits_1_naming_the_file(self):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as fh:
            fh.write("c.json\tC\n")
        try:
            p = self.run_cli("--table", fh.name)
            self.assertEqual(p.returncode, 1)
            self.assertEqual(p.stdout, "")
            self.assertIn(fh.name + ":1: field 'certify': missing", p.stderr)
        finally:
            os.unlink(fh.name)

    def test_unknown_field_and_argument(self):
        self.assertEqual(self.run_cli("--fields", "record,nope").returncode, 2)
        self.assertEqual(self.run_cli("--bogus").returncode, 2)

    def test_repository_table(self):
        # the committed table reads clean and certifies at least one runtime
        runtimes = runtime_table.read()
        self.assertTrue(runtimes)
        self.assertTrue(all(os.path.isfile(os.path.join(runtime_table.ROOT,
                                                        r.certify.split()[0]))
                            for r in runtimes))


if __name__ == "__main__":
    unittest.main()
