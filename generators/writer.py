"""Writing cases in the ONNX backend-test layout plus vectors/manifest.json
and vectors/requirements.json (format: docs/vector-format.md)."""

import hashlib
import json
import os
from typing import Dict, List

from . import VERSION, op_registry
from .cases import Case
from .requirements import split_checks
from .tensorio import make_model, make_tensor

FORMAT = "sonnx-cts-vectors"
FORMAT_VERSION = "1.0"


def input_names(c: Case):
    """The node's input names, from the op's registry entry ("inputs") unless
    its OpSpec names them (input_names), one per input of the case."""
    names = op_spec(c.op).input_names or op_registry.facet(c.op, "inputs")
    assert len(names) == len(c.dts), (c.id, names)
    return names


def case_files(c: Case) -> Dict[str, bytes]:
    names, out = input_names(c), op_spec(c.op).output_name
    files = {"model.onnx": make_model(c.op, c.opset,
                                      [(n, dt, s) for n, dt, s in zip(names, c.dts, c.shapes)],
                                      (out, c.c_dt, c.c_shape),
                                      op_registry.case_attributes(c.op, c.attributes))}
    for k, (n, dt, s, v) in enumerate(zip(names, c.dts, c.shapes, c.inputs)):
        files["test_data_set_0/input_%d.pb" % k] = make_tensor(n, dt, s, v)
    if c.c is not None:
        files["test_data_set_0/output_0.pb"] = make_tensor(out, c.c_dt, c.c_shape, c.c)
    return files


def op_spec(name):
    """The OpSpec of a registered op (its goldens module's OP); an op without
    an entry raises op_registry.RegistryError naming it."""
    return op_registry.golden_module(name).OP


def manifest_entry(c: Case, files: Dict[str, bytes]) -> dict:
    checks, satisfies = split_checks(op_spec(c.op), c)
    entry = {
        "id": c.id,
        "path": c.id,
        "op": c.op,
        "domain": "",
        "opset": c.opset,
        "inputs": [{"name": n, "dtype": dt.name, "shape": list(s)}
                   for n, dt, s in zip(input_names(c), c.dts, c.shapes)],
        "outputs": [{"name": op_spec(c.op).output_name, "dtype": c.c_dt.name,
                     "shape": list(c.c_shape)}],
        "tags": sorted(c.tags),
        "requirements": checks,
        "tolerance": c.tolerance,
        "expectation": c.expectation,
        "profiles": list(c.profiles),
        "description": c.description,
        "files": {k: hashlib.sha256(v).hexdigest() for k, v in sorted(files.items())},
    }
    if satisfies:  # optional: readers without the field see only the checks
        entry["satisfies"] = satisfies
    attrs = op_registry.case_attributes(c.op, c.attributes)
    if attrs:  # optional (docs/vector-format.md, "attributes"): none for today's ops
        entry["attributes"] = {name: value for name, _, value in attrs}
    return entry


def dumps(obj) -> str:
    """The one JSON serialisation of the package: sorted keys, 1-space
    indent, ASCII only, trailing newline -> byte-identical output."""
    return json.dumps(obj, sort_keys=True, indent=1, ensure_ascii=True) + "\n"


def write_all(out_dir: str, cases: List[Case], catalogue: list) -> None:
    ids = [c.id for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, "duplicate case ids: %s" % sorted(dup)
    entries = []
    for c in sorted(cases, key=lambda c: c.id):
        files = case_files(c)
        for rel, data in files.items():
            path = os.path.join(out_dir, c.id, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(data)
        entries.append(manifest_entry(c, files))
    manifest = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": {"name": "sonnx-cts generators", "version": VERSION},
        "requirements_catalogue": "requirements.json",
        "cases": entries,
    }
    with open(os.path.join(out_dir, "manifest.json"), "w", encoding="ascii", newline="\n") as fh:
        fh.write(dumps(manifest))
    with open(os.path.join(out_dir, "requirements.json"), "w", encoding="ascii", newline="\n") as fh:
        fh.write(dumps(catalogue))
