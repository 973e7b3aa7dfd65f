"""ctest abi.plugin_1_0_certifies: a plugin built from the frozen ABI 1.0
header is loaded by the ABI 1.1 harness and certifies what it ran
(docs/plugin-abi.md §2.1).

  run_plugin_1_0.py SONNX_CTS PLUGIN VECTORS

Runs `sonnx-cts run --vendor PLUGIN --op Div --type float32` and requires:
the plugin loads (not exit 2; the identity says ABI 1.0), every case it ran
passes (Div float32 is one correctly rounded division), and the cases its
query declined (mixed types) are UNSUPPORTED, never counted as passed, so the
run reads PARTIAL (exit 3), not CONFORMS.
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    exe, plugin, vectors = sys.argv[1:4]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        p = subprocess.run([exe, "run", "--vendor", plugin, "--vectors", vectors,
                            "--op", "Div", "--type", "float32", "--json", out,
                            "--quiet"], capture_output=True, text=True)
        if p.returncode == 2 or not os.path.exists(out):
            print(p.stdout + p.stderr)
            print("FAIL: the harness refused the ABI 1.0 plugin (exit %d)" % p.returncode)
            return 1
        with open(out, encoding="utf-8") as f:
            rep = json.load(f)
    be = rep["identity"]["backend"]
    if (be["abi_major"], be["abi_minor"]) != (1, 0):
        problems.append("identity says ABI %s.%s, the plugin is 1.0"
                        % (be["abi_major"], be["abi_minor"]))
    cases = rep["cases"]
    ran = [c for c in cases if c["exec_status"] != "UNSUPPORTED"]
    declined = [c for c in cases if c["exec_status"] == "UNSUPPORTED"]
    if not ran:
        problems.append("no case ran")
    for c in ran:
        if c["verdict"] != "PASS":
            problems.append("%s: %s (%s) — a case the 1.0 plugin ran must pass"
                            % (c["id"], c["verdict"], c["message"]))
    if not declined:
        problems.append("no declined case: the mixed-type cases must be UNSUPPORTED")
    for c in declined:
        if c["verdict"] != "UNSUPPORTED":
            problems.append("%s: declined but verdict %s" % (c["id"], c["verdict"]))
    summ = rep["summary"]
    n_pass = sum(1 for c in cases if c["verdict"] == "PASS")
    if summ["verdicts"]["PASS"] != n_pass or n_pass != len(ran):
        problems.append("summary counts %d PASS, %d cases passed of %d that ran"
                        % (summ["verdicts"]["PASS"], n_pass, len(ran)))
    if summ["verdicts"]["UNSUPPORTED"] != len(declined):
        problems.append("summary counts %d UNSUPPORTED, %d declined"
                        % (summ["verdicts"]["UNSUPPORTED"], len(declined)))
    if summ["overall"] != "PARTIAL" or p.returncode != 3:
        problems.append("overall %s, exit %d: declines must make it PARTIAL (exit 3)"
                        % (summ["overall"], p.returncode))
    for g in rep["groups"]:
        if g["verdicts"]["UNSUPPORTED"] == g["cases"] and g["passed"] != 0:
            problems.append("group %s %s declined, yet %d passed"
                            % (g["op"], g["types"], g["passed"]))
    for m in problems:
        print("FAIL:", m)
    if not problems:
        print("ok: ABI 1.0 plugin loaded; %d case(s) ran and passed, %d declined "
              "(UNSUPPORTED); overall %s" % (len(ran), len(declined), summ["overall"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
