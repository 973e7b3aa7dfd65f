#!/usr/bin/python3
"""run_cheat.py -- a plugin that looks the answers up must gain nothing (cheat.c).

    run_cheat.py --cli sonnx-cts --vectors DIR --plugin-dir DIR --test NAME --workdir DIR

Runs the `zeros` plugin (computes nothing: every output zero) and the
`read-goldens` plugin (zeros, then copies the golden output of the case
whose inputs it recognises, from the vector set it finds on disk) over the
whole vector set under --profile onnx, and compares the PASS counts:

  read-goldens              the full sandbox: no more passes than zeros, and
                            the report names the refused reads (SANDBOX,
                            "opened ... for reading, outside what the plugin
                            may read")
  read-goldens.no-readwatch without the read watch Landlock refuses the
                            reads quietly: no more passes than zeros
  read-goldens.unconfined   control, reads allowed (--sandbox-omit
                            landlock,readwatch): the cheat must then pass MORE
                            than zeros -- proof that the two tests above can
                            fail
  read-goldens.permuted     reads allowed, but element order permuted per run
                            (--fresh-sample=16 turns it on): on the cases that
                            are permuted (both inputs and the output of one
                            shape, more than one element, no 4-bit type) the
                            whole-tensor lookup fails: no more passes there
                            than zeros
  answer-table              a table of the published vectors compiled into
                            the plugin (reads allowed: it reads nothing):
                            every committed case PASSes (the table works),
                            but the run with --fresh-sample FAILs (exit 1)
                            on fresh-sample cases, whose message names the
                            seed and which list mismatching elements
  answer-table.reproduce    the same run again with the recorded --seed
                            gives the same fresh-sample results
Exit 0 = holds, 1 = violated, 77 = no vector set.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

READ_REFUSED = "for reading, outside what the plugin may read"


def run(a, plugin, omit, work, name, extra=()):
    out = os.path.join(work, name + ".json")
    env = dict(os.environ, TMPDIR=os.path.join(work, "tmp"))
    env.pop("SONNX_CTS_VECTORS", None)
    cmd = [a.cli, "run", "--vectors", a.vectors, "--profile", "onnx", "--quiet",
           "--json", out, "--vendor", os.path.join(a.plugin_dir, "cheat_%s.so" % plugin)]
    if omit:
        cmd += ["--sandbox-omit", omit]
    cmd += list(extra)
    print("$ " + " ".join(cmd))
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    print("exit %d" % p.returncode)
    if p.returncode not in (0, 1):
        print("exit %d: %s" % (p.returncode, p.stderr[-800:]))
        return None
    with open(out) as fh:
        rep = json.load(fh)
    rep["_exit"] = p.returncode
    return rep


def permutable(c):
    """Whether the harness permutes the case's elements (case_permute.h)."""
    shapes = c["input_shapes"] + [c["output_shape"]]
    n = 1
    for d in c["output_shape"]:
        n *= d
    return (len(c["input_shapes"]) == 2 and all(s == shapes[0] for s in shapes) and n > 1
            and not any(t in ("int4", "uint4") for t in c["input_types"] + [c["output_type"]]))


def passes(rep, only_permutable=False):
    """PASS among the committed cases (not the fresh sample's)."""
    return sum(1 for c in rep["cases"]
               if c["verdict"] == "PASS" and not c["id"].endswith("/fresh_sample")
               and (not only_permutable or permutable(c)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--test", required=True,
                    choices=["read-goldens", "read-goldens.no-readwatch",
                             "read-goldens.unconfined", "read-goldens.permuted",
                             "answer-table",
                             "answer-table.reproduce"])
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    if not os.path.exists(os.path.join(a.vectors, "manifest.json")):
        print("SKIP: no vector set in %s" % a.vectors)
        return 77
    work = os.path.join(a.workdir, a.test)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "tmp"))
    if a.test.startswith("answer-table"):
        return answer_table(a, work)
    omit = {"read-goldens": "", "read-goldens.no-readwatch": "readwatch",
            "read-goldens.unconfined": "landlock,readwatch",
            "read-goldens.permuted": "landlock,readwatch"}[a.test]
    # the committed vectors only: this is about reading them
    zeros = run(a, "zeros", "", work, "zeros", ["--no-fresh-sample"])
    cheat = run(a, "read_goldens", omit, work, "cheat",
                ["--fresh-sample=16"] if a.test.endswith("permuted") else ["--no-fresh-sample"])
    if zeros is None or cheat is None:
        print("FAIL: a run did not complete")
        return 1
    permuted = a.test.endswith("permuted")
    nz, nc = passes(zeros, permuted), passes(cheat, permuted)
    refused = [c for c in cheat["cases"] if READ_REFUSED in (c.get("message") or "")]
    if permuted:
        print("permuted cases: %d; all committed cases: PASS zeros %d, read-goldens %d"
              % (sum(1 for c in zeros["cases"] if permutable(c)), passes(zeros), passes(cheat)))
    print("committed cases %d; PASS: zeros %d, read-goldens %d; cases naming a refused read: %d"
          % (len(zeros["cases"]), nz, nc, len(refused)))
    if refused:
        print("e.g. %s: %s" % (refused[0]["id"], refused[0]["message"]))
    errors = []
    if a.test == "read-goldens.unconfined":
        if nc <= nz:
            errors.append("with reads allowed the cheat should pass more than zeros "
                          "(%d <= %d): the control does not show the cheat working" % (nc, nz))
    else:
        if nc > nz:
            errors.append("the cheat passes %d cases, zeros %d: it read answers" % (nc, nz))
        if a.test == "read-goldens" and not refused:
            errors.append("no case names the refused read")
    for e in errors:
        print("FAIL: " + e)
    if not errors:
        print("OK: %s" % a.test)
    return 1 if errors else 0


def fresh(rep):
    return {c["id"]: c for c in rep["cases"] if c["id"].endswith("/fresh_sample")}


def answer_table(a, work):
    """The table cheat passes every committed case and fails the fresh sample."""
    rep = run(a, "answer_table", "landlock,readwatch", work, "table", ["--fresh-sample=4096"])
    if rep is None:
        print("FAIL: the run did not complete")
        return 1
    errors = []
    committed = [c for c in rep["cases"] if not c["id"].endswith("/fresh_sample")]
    fr = fresh(rep)
    failed = [c for c in fr.values() if c["verdict"] == "FAIL"]
    npass = sum(1 for c in committed if c["verdict"] == "PASS")
    print("committed: %d of %d PASS; fresh-sample groups: %d, FAIL %d"
          % (npass, len(committed), len(fr), len(failed)))
    if npass != len(committed):
        errors.append("the table should answer every committed case (control): %d of %d"
                      % (npass, len(committed)))
    if rep["_exit"] != 1 or not failed:
        errors.append("the fresh sample must fail the table cheat (exit %d, %d groups FAIL)"
                      % (rep["_exit"], len(failed)))
    m = re.search(r"seed ([0-9]+)", failed[0]["message"]) if failed else None
    if m is None:
        errors.append("no seed in the fresh-sample case's message")
    elif not failed[0].get("samples"):
        errors.append("no mismatching fresh element listed in %s" % failed[0]["id"])
    else:
        s0 = failed[0]["samples"][0]
        print("e.g. %s: %s; first mismatch a=%s b=%s expected %s got %s"
              % (failed[0]["id"], failed[0]["message"], s0["a"], s0.get("b", "-"),
                 s0["expected"], s0["actual"]))  # a unary op's sample has no "b"
    if a.test == "answer-table.reproduce" and m is not None:
        again = run(a, "answer_table", "landlock,readwatch", work, "again",
                    ["--fresh-sample=4096", "--seed", m.group(1)])
        key = lambda c: (c["verdict"], c.get("mismatches"), json.dumps(c.get("samples")))
        if again is None or {i: key(c) for i, c in fresh(again).items()} != \
                {i: key(c) for i, c in fr.items()}:
            errors.append("the run with --seed %s does not reproduce the fresh sample"
                          % m.group(1))
    for e in errors:
        print("FAIL: " + e)
    if not errors:
        print("OK: %s" % a.test)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
