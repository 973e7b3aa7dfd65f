#!/usr/bin/python3
"""baseline_names_changed_golden.py -- ctest ort_baseline_names_changed_golden:
the ORT baseline gate must FAIL, naming the case, when one golden of the
vector set is changed (the certification must follow vector changes).

Makes a scratch copy of the vectors (hard links; the changed files are new
files put in place with os.replace, so the repository's vectors are never
written), picks the first case (by id) that the committed onnx baseline
records as PASS among float32 Div/Mul cases with exact tolerance, changes
element 0 of its golden output and the manifest's sha256 of that file, runs
`sonnx-cts run --baseline` with ORT and expects exit 1 and a
"CHANGED <id>: PASS -> FAIL" line.

usage: baseline_names_changed_golden.py CLI PLUGIN ORT_LIB VECTORS BASELINE
Exit 77 (skipped) only when the ORT library is absent.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import numpy_helper


def sha256_file(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def replace_file(path, data):
    """Writes a NEW file over `path` (never through a hard link)."""
    tmp = path + ".new"
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def pick_case(manifest, baseline):
    passed = {c["id"] for c in baseline["cases"] if c["verdict"] == "PASS"}
    for c in sorted(manifest["cases"], key=lambda c: c["id"]):
        if (c["id"] in passed and c["op"] in ("Div", "Mul")
                and c["expectation"] == "values"
                and c["tolerance"].get("kind") == "exact"
                and c["outputs"][0]["dtype"] == "float32"
                and "test_data_set_0/output_0.pb" in c["files"]
                and all(d > 0 for d in c["outputs"][0]["shape"])):
            return c
    return None


def main(argv):
    if len(argv) != 5:
        print(__doc__)
        return 2
    cli, plugin, lib, vectors, baseline_path = argv
    if not os.access(lib, os.R_OK):
        print("SKIP: ONNX Runtime library %s not found" % lib)
        return 77
    with open(os.path.join(vectors, "manifest.json"), encoding="utf-8") as fh:
        manifest = json.load(fh)
    with open(baseline_path, encoding="utf-8") as fh:
        baseline = json.load(fh)
    case = pick_case(manifest, baseline)
    if case is None:
        print("FAIL: no float32 Div/Mul case that ORT passes in %s" % baseline_path)
        return 1
    rel = "test_data_set_0/output_0.pb"
    original = os.path.join(vectors, case["path"], rel)
    original_sha = sha256_file(original)

    with tempfile.TemporaryDirectory(prefix="sonnx-ort-golden.") as tmp:
        scratch = os.path.join(tmp, "vectors")
        shutil.copytree(vectors, scratch, copy_function=link_or_copy)
        golden = os.path.join(scratch, case["path"], rel)
        tensor = onnx.load_tensor(golden)
        arr = numpy_helper.to_array(tensor).copy()
        old = arr.flat[0]
        arr.flat[0] = np.float32(1.5) if old != np.float32(1.5) else np.float32(2.5)
        changed = numpy_helper.from_array(arr, tensor.name).SerializeToString()
        replace_file(golden, changed)
        for c in manifest["cases"]:
            if c["id"] == case["id"]:
                c["files"][rel] = hashlib.sha256(changed).hexdigest()
        replace_file(os.path.join(scratch, "manifest.json"),
                     (json.dumps(manifest, sort_keys=True, indent=1) + "\n").encode())
        proc = subprocess.run(
            [cli, "run", "--vectors", scratch, "--profile", "onnx", "--vendor", plugin,
             "--vendor-options", "lib=" + lib, "--baseline", baseline_path,
             "--max-errors", "0", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    print(proc.stdout)
    if sha256_file(original) != original_sha:
        print("FAIL: the repository's golden %s was modified" % original)
        return 1
    want = "CHANGED %s: PASS -> FAIL" % case["id"]
    print("changed golden of %s element 0: %r -> %r" % (case["id"], float(old), float(arr.flat[0])))
    if proc.returncode != 1:
        print("FAIL: expected exit 1 from the baseline gate, got %d" % proc.returncode)
        return 1
    if want not in proc.stdout:
        print("FAIL: the output does not name the case (%r)" % want)
        return 1
    print("PASS: the baseline gate failed naming %s" % case["id"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
