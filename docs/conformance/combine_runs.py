#!/usr/bin/python3
"""combine_runs.py -- one conformance record (schema "sonnx-cts-conformance"
1.0) from the JSON reports of the runs of one certification.

The run reports (schema "sonnx-cts-run", docs/report-format.md) are embedded
unchanged under "runs", keyed by profile; the record adds only what the runs
cannot know: which library file was certified (path, sha256, where it came
from), the repository commit whose vectors were certified, the command that
regenerates the record, and the wall time of the whole certification.

usage: combine_runs.py --out FILE --library PATH --library-source TEXT
                       --command TEXT --seconds S --source-commit SHA
                       [--short-name NAME --record-file FILE --method-file TXT]
                       PROFILE=RUN.json ...
"""
import argparse
import hashlib
import json
import os
import sys

SCHEMA = "sonnx-cts-conformance"
SCHEMA_VERSION = "1.0"


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def relativize(text, root):
    """root/x -> x (root itself -> "."), $HOME/x -> ~/x, in any string."""
    root = os.path.abspath(root)
    text = text.replace(root + "/", "").replace(root, ".")
    home = os.path.expanduser("~")
    if home and home != "/":
        text = text.replace(home + "/", "~/")
    return text


def load_run(spec):
    profile, sep, path = spec.partition("=")
    if not sep or not profile or not path:
        raise SystemExit("combine_runs: expected PROFILE=RUN.json, got %r" % spec)
    with open(path, encoding="utf-8") as fh:
        run = json.load(fh)
    if run.get("schema") != "sonnx-cts-run":
        raise SystemExit("combine_runs: %s is not a sonnx-cts-run report" % path)
    if run["identity"]["profile"] != profile:
        raise SystemExit("combine_runs: %s was run under profile %s, not %s"
                         % (path, run["identity"]["profile"], profile))
    return profile, run


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--library", required=True)
    ap.add_argument("--library-source", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--seconds", type=float, required=True)
    ap.add_argument("--source-commit", required=True)
    # Runtimes other than ORT: the name the rendered record uses
    # for the runtime, the record's file name, and the "How it was run"
    # bullets (one per line of a text file kept beside the adapter).
    ap.add_argument("--short-name")
    ap.add_argument("--record-file")
    ap.add_argument("--method-file")
    # Committed records show repository-relative paths: the run reports'
    # absolute vectors directory and command line are rewritten relative to
    # this root, and the home directory (the library cache) as "~".
    ap.add_argument("--relative-to")
    ap.add_argument("runs", nargs="+")
    args = ap.parse_args(argv)
    runs = dict(load_run(spec) for spec in args.runs)
    library_path = args.library
    if args.relative_to:
        library_path = relativize(args.library, args.relative_to)
        for run in runs.values():
            ident = run["identity"]
            for key in ("vectors_dir", "command_line"):
                if isinstance(ident.get(key), str):
                    ident[key] = relativize(ident[key], args.relative_to)
            opts = run.get("options", {})
            if isinstance(opts.get("vendor_options"), str):
                opts["vendor_options"] = relativize(opts["vendor_options"], args.relative_to)
    record = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "library": {"path": library_path, "sha256": sha256_of(args.library),
                    "source": args.library_source},
        "regenerate": args.command,
        "source_commit": args.source_commit,
        "certification_seconds": round(args.seconds, 3),
        "runs": runs,
    }
    if args.short_name:
        record["short_name"] = args.short_name
    if args.record_file:
        record["record_file"] = args.record_file
    if args.method_file:
        with open(args.method_file, encoding="utf-8") as fh:
            record["method"] = [l.rstrip("\n") for l in fh if l.strip()]
    with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
        json.dump(record, fh, indent=1, sort_keys=True, ensure_ascii=True)
        fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
