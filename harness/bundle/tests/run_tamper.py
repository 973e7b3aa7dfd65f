#!/usr/bin/python3
"""run_tamper.py -- certify, verify, and tamper with a certification bundle.

    run_tamper.py --cli sonnx-cts --vectors DIR --workdir DIR [--vendor LIB]
                  [--vendor-options S] [--select ARGS]

Certifies a selection (default: Div float32) into a signed tar bundle and
a plain directory, checks that `verify` passes on both, then makes one
change at a time to a copy and checks that `verify` exits 1 naming the
file and the cause:
  - one byte flipped in each kind of file (reports, identity, inputs,
    manifest, signature);
  - a file added;
  - a case dropped from report.json, a case verdict edited, the overall
    verdict edited (each with the manifest re-hashed, as a forger would, so
    that only the re-derivation or the completeness check can see it);
  - the manifest signed with another key; the signature removed.
Expected findings are fixed strings of this test, never taken from
verify's own output.  Exit 0 = all hold, 1 = a violation (listed),
77 = skipped (no vector set, no openssl command).
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def rehash(d):
    """MANIFEST.sha256 written again over the files as they are now."""
    lines = []
    for root, _, files in os.walk(d):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), d)
            if rel in ("MANIFEST.sha256", "MANIFEST.sha256.sig"):
                continue
            with open(os.path.join(d, rel), "rb") as fh:
                lines.append("%s  %s\n" % (hashlib.sha256(fh.read()).hexdigest(), rel))
    with open(os.path.join(d, "MANIFEST.sha256"), "w") as fh:
        fh.write("".join(sorted(lines, key=lambda l: l[66:].encode())))


def flip(d, rel):
    """One byte of the middle of the file changed (a letter's case, or a
    digit), so that a JSON file stays valid and only the digest sees it."""
    p = os.path.join(d, rel)
    b = bytearray(open(p, "rb").read())
    for i in list(range(len(b) // 2, len(b))) + list(range(0, len(b) // 2)):
        c = chr(b[i])
        if c.isalpha():
            b[i] ^= 0x20
            break
        if c.isdigit():
            b[i] = ord("1" if c == "0" else "0")
            break
    open(p, "wb").write(bytes(b))


def edit_json(d, fn):
    p = os.path.join(d, "report.json")
    with open(p, encoding="utf-8") as fh:
        doc = json.load(fh)
    fn(doc)
    with open(p, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
    rehash(d)


def drop_case(doc):
    del doc["cases"][len(doc["cases"]) // 2]


def edit_verdict(doc):
    c = next(c for c in doc["cases"] if c["verdict"] == "PASS")
    c["verdict"] = "FAIL"


def edit_overall(doc):
    s = doc["summary"]
    s["overall"] = "NON-CONFORMANT" if s["overall"] == "CONFORMS" else "CONFORMS"


def sign_other(d, key):
    """MANIFEST.sha256 signed by the openssl command with another key."""
    raw = os.path.join(d, "..", "other.sig.bin")
    subprocess.run(["openssl", "pkeyutl", "-sign", "-rawin", "-inkey", key,
                    "-in", os.path.join(d, "MANIFEST.sha256"), "-out", raw], check=True)
    with open(raw, "rb") as fh, open(os.path.join(d, "MANIFEST.sha256.sig"), "w") as out:
        out.write(fh.read().hex() + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--vendor")
    ap.add_argument("--vendor-options")
    ap.add_argument("--select", default="--op Div --type float32",
                    help="run filters; empty: the whole profile (tier full)")
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.vectors, "manifest.json")):
        print("SKIP: no vector set at %s" % a.vectors)
        return 77
    if shutil.which("openssl") is None:
        print("SKIP: no openssl command to make test keys")
        return 77
    w = a.workdir
    shutil.rmtree(w, ignore_errors=True)
    os.makedirs(w)
    keys = {}
    for k in ("signer", "other"):
        priv, pub = os.path.join(w, k + ".pem"), os.path.join(w, k + ".pub.pem")
        subprocess.run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", priv], check=True)
        subprocess.run(["openssl", "pkey", "-in", priv, "-pubout", "-out", pub], check=True)
        keys[k] = (priv, pub)
    extra = a.select.split()
    if a.vendor:
        extra += ["--vendor", a.vendor]
    if a.vendor_options:
        extra += ["--vendor-options", a.vendor_options]
    problems = []
    tar = os.path.join(w, "bundle.tar")
    base = os.path.join(w, "bundle")
    for out, sign in ((tar, True), (base, True)):
        p = run([a.cli, "certify", "--vectors", a.vectors, "--out", out, "--quiet"]
                + (["--sign", keys["signer"][0]] if sign else []) + extra)
        if p.returncode not in (0, 1) or not os.path.exists(out):
            print("certify %s failed (exit %d):\n%s" % (out, p.returncode, p.stdout[-3000:]))
            return 1
        v = run([a.cli, "verify", out, "--vectors", a.vectors, "--key", keys["signer"][1]])
        if v.returncode != 0:
            problems.append("fresh bundle %s does not verify (exit %d):\n%s"
                            % (out, v.returncode, v.stdout[-3000:]))
    # The runtime binary: the one certified verifies, another one does not.
    if a.vendor:
        v = run([a.cli, "verify", base, "--vectors", a.vectors, "--plugin", a.vendor])
        if v.returncode != 0:
            problems.append("--plugin of the certified binary: exit %d\n%s"
                            % (v.returncode, v.stdout[-2000:]))
    v = run([a.cli, "verify", base, "--vectors", a.vectors, "--plugin", keys["other"][0]])
    if v.returncode != 1 or "FAIL  identity.json: plugin.sha256" not in v.stdout:
        problems.append("--plugin of another file: exit %d\n%s" % (v.returncode, v.stdout[-2000:]))
    else:
        print("caught: %-26s %s" % ("another runtime binary", next(
            l for l in v.stdout.splitlines() if l.startswith("FAIL"))))
    listing = run(["tar", "-tf", tar]).stdout
    for f in ("report.json", "report.xml", "report.md", "report.html", "identity.json",
              "MANIFEST.sha256", "MANIFEST.sha256.sig", "inputs/requirements.json"):
        if "./" + f not in listing.split():
            problems.append("bundle.tar lacks %s" % f)

    # (name, change, verify with the signer's key?, [fixed strings the output must hold])
    tampers = [
        ("flip report.json", lambda d: flip(d, "report.json"), True,
         ["FAIL  report.json: sha256"]),
        ("flip report.xml", lambda d: flip(d, "report.xml"), True, ["FAIL  report.xml: sha256"]),
        ("flip report.md", lambda d: flip(d, "report.md"), True,
         ["FAIL  report.md: sha256", "FAIL  report.md: does not say what report.json says"]),
        ("flip report.html", lambda d: flip(d, "report.html"), True,
         ["FAIL  report.html: sha256", "FAIL  report.html: does not say what report.json says"]),
        ("flip identity.json", lambda d: flip(d, "identity.json"), True,
         ["FAIL  identity.json: sha256"]),
        ("flip requirements", lambda d: flip(d, "inputs/requirements.json"), True,
         ["FAIL  inputs/requirements.json: sha256"]),
        ("flip spec notes", lambda d: flip(d, "inputs/spec-notes.md"), True,
         ["FAIL  inputs/spec-notes.md: sha256"]),
        ("flip manifest", lambda d: flip(d, "MANIFEST.sha256"), True,
         ["FAIL  MANIFEST.sha256.sig: the signature does not match"]),
        ("flip signature", lambda d: flip(d, "MANIFEST.sha256.sig"), True,
         ["FAIL  MANIFEST.sha256.sig:"]),
        ("add a file", lambda d: open(os.path.join(d, "extra.txt"), "w").write("x"), False,
         ["FAIL  extra.txt: present but not listed"]),
        ("drop a case", lambda d: edit_json(d, drop_case), False,
         ["is missing from the report", "FAIL  report.json: summary.verdicts."]),
        ("edit a case verdict", lambda d: edit_json(d, edit_verdict), False,
         ["FAIL  report.json: case \"", "verdict FAIL, but its recorded elements",
          "give PASS"]),
        ("edit the catalogue, re-hash", lambda d: (flip(d, "inputs/requirements.json"),
                                                   rehash(d)), False,
         ["FAIL  inputs/requirements.json: differs from the vector set's requirements.json"]),
        ("edit the overall verdict", lambda d: edit_json(d, edit_overall), False,
         ["FAIL  report.json: summary.overall: states"]),
        ("sign with another key", lambda d: sign_other(d, keys["other"][0]), True,
         ["FAIL  MANIFEST.sha256.sig: the signature does not match"]),
        ("remove the signature", lambda d: os.remove(os.path.join(d, "MANIFEST.sha256.sig")),
         True, ["FAIL  MANIFEST.sha256.sig: missing"]),
    ]
    for name, change, with_key, expect in tampers:
        d = os.path.join(w, "tampered")
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(base, d)
        change(d)
        cmd = [a.cli, "verify", d, "--vectors", a.vectors]
        if with_key:
            cmd += ["--key", keys["signer"][1]]
        v = run(cmd)
        missing = [e for e in expect if e not in v.stdout]
        if v.returncode != 1 or missing:
            problems.append("%s: verify exit %d (want 1), lacks %s:\n%s"
                            % (name, v.returncode, missing, v.stdout[-2000:]))
        else:
            print("caught: %-26s %s" % (name, next(l for l in v.stdout.splitlines()
                                                     if l.startswith("FAIL"))))
    for p in problems:
        print("FAIL: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
