#!/usr/bin/python3
"""duplicate_vectors.py — a vector set N times over, for the flat-memory
benchmark (peak memory must not grow with the number of cases).

    /usr/bin/python3 bench/duplicate_vectors.py SRC_VECTORS DEST_DIR N

Writes DEST_DIR/manifest.json naming every case of SRC_VECTORS/manifest.json N
times: copy k of case ID lives in DEST_DIR/copyK/PATH under the id copyK/ID
(ids must stay unique: the loader marks a repeated id as an error).  Every
file is copied byte for byte, so the sha256 of each file the manifest names
stays valid and the harness's tamper check still passes; nothing else of a
case changes, so each copy must give exactly the verdicts and element counts
of the original.  DEST_DIR must not exist yet (never written in the repo:
the caller picks a temporary directory).
"""
import json
import os
import shutil
import sys


def duplicate(src: str, dest: str, copies: int) -> int:
    """Builds the N-fold set; returns the number of cases written."""
    with open(os.path.join(src, "manifest.json"), encoding="utf-8") as fh:
        manifest = json.load(fh)
    os.makedirs(dest)
    cases = []
    for k in range(copies):
        prefix = "copy%d" % k
        for case in manifest["cases"]:
            shutil.copytree(os.path.join(src, case["path"]),
                            os.path.join(dest, prefix, case["path"]))
            dup = dict(case)
            dup["id"] = prefix + "/" + case["id"]
            dup["path"] = prefix + "/" + case["path"]
            cases.append(dup)
    # The requirement catalogue is named by the manifest (top-level key).
    catalogue = manifest.get("requirements_catalogue")
    if catalogue and os.path.exists(os.path.join(src, catalogue)):
        shutil.copyfile(os.path.join(src, catalogue), os.path.join(dest, catalogue))
    manifest["cases"] = cases
    with open(os.path.join(dest, "manifest.json"), "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
        fh.write("\n")
    return len(cases)


def main(argv: list) -> int:
    if len(argv) != 4 or not argv[3].isdigit() or int(argv[3]) < 1:
        print("usage: duplicate_vectors.py SRC_VECTORS DEST_DIR N (N >= 1)", file=sys.stderr)
        return 2
    n = duplicate(argv[1], argv[2], int(argv[3]))
    print("%s: %d cases" % (argv[2], n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
