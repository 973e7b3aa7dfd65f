#!/usr/bin/python3
"""runtime_table.py — the one reader of vendors/common/runtimes.tsv.

The table lists the runtimes the repository certifies, in the comparison's
column order: record file under docs/conformance, column label, certify
command (a script and its arguments), separated by one tab each.  Lines
starting with `#` and blank lines are comments.

Every Python user imports this module; the shell scripts
(scripts/make-reports.sh, scripts/compare-runtimes.sh) run it:

    runtime_table.py [--table FILE] [--fields record,label,certify]

prints the chosen fields of every runtime, tab-separated, one per line.

A malformed table is refused as a whole, naming the file, the line, the
field and the reason, every broken row listed (one broken row never hides
another): a row without exactly three fields, an empty field, a record that
is not a plain `*.json` file name, a record or label given twice.

Standard library only: it runs under /usr/bin/python3.
"""
import collections
import os
import re
import sys

FIELDS = ("record", "label", "certify")

Runtime = collections.namedtuple("Runtime", FIELDS + ("line",))

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(ROOT, "vendors", "common", "runtimes.tsv")

# A record is a file directly under docs/conformance: no directory part.
_RECORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*\.json\Z")


class TableError(ValueError):
    """A malformed runtimes.tsv; the message lists every broken row."""


def parse(lines, path):
    """The runtimes of the table whose lines are `lines` (read from `path`,
    named in errors)."""
    out, errors = [], []
    first = {"record": {}, "label": {}}  # value -> line of its first row
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if line.endswith("\r"):
            line = line[:-1]
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != len(FIELDS):
            where = ("field '%s': missing" % FIELDS[len(cols)] if len(cols) < len(FIELDS)
                     else "after field 'certify': extra field")
            errors.append("%s:%d: %s (%d tab-separated fields, expected %d: %s)" % (
                path, n, where, len(cols), len(FIELDS), ", ".join(FIELDS)))
            continue
        bad = False
        for name, value in zip(FIELDS, cols):
            if not value.strip():
                errors.append("%s:%d: field '%s': empty" % (path, n, name))
                bad = True
            elif value != value.strip():
                errors.append("%s:%d: field '%s': leading or trailing blanks in %r"
                              % (path, n, name, value))
                bad = True
        rec = cols[0]
        if not bad and not _RECORD.match(rec):
            errors.append("%s:%d: field 'record': %r is not a file name ending in .json"
                          % (path, n, rec))
            bad = True
        for name, value in (("record", rec), ("label", cols[1])):
            if value in first[name]:
                errors.append("%s:%d: field '%s': %r already on line %d"
                              % (path, n, name, value, first[name][value]))
                bad = True
            elif value.strip():
                first[name][value] = n
        if not bad:
            out.append(Runtime(cols[0], cols[1], cols[2], n))
    if errors:
        raise TableError("\n".join(errors))
    return out


def read(path=TABLE):
    """The runtimes of the table at `path` (the repository's by default)."""
    with open(path, encoding="utf-8") as fh:
        return parse(fh.readlines(), path)


def committed(root=ROOT):
    """(record, label) of the runtimes of `root`'s table whose record is
    committed under `root`/docs/conformance -- the comparison's columns
    after the built-in kernels."""
    table = os.path.join(root, "vendors", "common", "runtimes.tsv")
    return [(r.record, r.label) for r in read(table)
            if os.path.exists(os.path.join(root, "docs", "conformance", r.record))]


def main(argv):
    table, fields = TABLE, list(FIELDS)
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--table", "--fields") and i + 1 < len(argv):
            if a == "--table":
                table = argv[i + 1]
            else:
                fields = argv[i + 1].split(",")
                unknown = [f for f in fields if f not in FIELDS]
                if unknown:
                    sys.stderr.write("runtime_table: --fields: unknown field %s (known: %s)\n"
                                     % (", ".join(unknown), ",".join(FIELDS)))
                    return 2
            i += 2
            continue
        sys.stderr.write("runtime_table: unknown argument %s "
                         "(--table FILE, --fields record,label,certify)\n" % a)
        return 2
    try:
        runtimes = read(table)
    except (OSError, TableError) as e:
        sys.stderr.write("runtime_table: %s\n" % e)
        return 1
    for r in runtimes:
        sys.stdout.write("\t".join(getattr(r, f) for f in fields) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
