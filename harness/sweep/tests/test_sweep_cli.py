#!/usr/bin/python3
"""`sonnx-cts sweep` end to end: exit statuses, the text summary, the JSON
report (run schema + "sweep" object) and merging the shards of one sweep.
Expected numbers are derived by hand (sweep.h pair arithmetic,
sonnx-div:int B:C1), never read from the program under test.

usage: test_sweep_cli.py SONNX_CTS MUTANT_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

CTS = sys.argv[1]
MUTANTS = sys.argv[2]
failures = []


def run(*args):
    p = subprocess.run([CTS, "sweep", *args], capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


with tempfile.TemporaryDirectory() as tmp:
    # int8 Div: whole space, 257 undefined pairs (b == 0: 256; -128 / -1).
    j = os.path.join(tmp, "div-int8.json")
    rc, out, err = run("--op", "Div", "--type", "int8", "--json", j, "--threads", "2")
    check(rc == 0, f"int8 Div exit {rc}: {err}")
    check("undefined (not compared) 257" in out, "int8 Div undefined count in text")
    rep = json.load(open(j))
    check(rep["schema"] == "sonnx-cts-run", "schema")
    c = rep["cases"][0]
    check(c["id"] == "sweep/div/int8/shard-1-of-1", f"case id {c['id']}")
    check(c["verdict"] == "PASS" and c["elements"] == 65536 - 257, "int8 Div case counts")
    sw = c["sweep"]
    check(sw["pairs"] == 65536 and sw["undefined_not_compared"] == 257
          and sw["undefined_run"]["status"] == "OK" and sw["max_ulp"] is None,
          "int8 Div sweep object")
    check(rep["summary"]["overall"] == "CONFORMS", "overall")

    # A defect through a plugin: exit 1, classified, first pairs listed.
    m = os.path.join(MUTANTS, "mutant_less_nan_true.so")
    if os.path.exists(m):
        j = os.path.join(tmp, "less.json")
        rc, out, err = run("--op", "Less", "--type", "float16", "--shard", "125/256",
                           "--vendor", m, "--first", "3", "--json", j)
        check(rc == 1, f"mutant exit {rc}")
        n = 255 * 65536 + 2046  # NaN a rows, and inf < NaN b
        c = json.load(open(j))["cases"][0]
        check(c["verdict"] == "FAIL" and c["mismatches"] == n
              and c["deviation_counts"].get("bool-nan-compare") == n, "mutant counts")
        check(len([s for s in c["samples"] if not s["worst"]]) == 3, "first 3 samples")
        check(c["samples"][0]["index"] == 0x7C000000 + 0x7C01, "first mismatch pair")
    else:
        print("note: no mutant plugins, mutant check skipped")

    # Shards 1/2 and 2/2 of uint8 Mul merge into the report of the unsharded
    # sweep: one case (sweep_merge_check.py compares the whole report).
    parts = []
    for i in (1, 2):
        parts.append(os.path.join(tmp, f"s{i}.json"))
        rc, out, err = run("--op", "Mul", "--type", "uint8", "--shard", f"{i}/2", "--json", parts[-1])
        check(rc == 0, f"shard {i} exit {rc}")
        check(json.load(open(parts[-1]))["cases"][0]["sweep"]["pairs"] == 32768, "shard size")
    merged = os.path.join(tmp, "merged.json")
    p = subprocess.run([CTS, "merge", parts[1], parts[0], "--json", merged],
                       capture_output=True, text=True, timeout=60)
    check(p.returncode == 0, f"merge exit {p.returncode}: {p.stderr}")
    if p.returncode == 0:
        cases = json.load(open(merged))["cases"]
        check([c["id"] for c in cases] == ["sweep/mul/uint8/shard-1-of-1"]
              and cases[0]["sweep"]["pairs"] == 65536, f"merged {[c['id'] for c in cases]}")

    # Usage errors: exit 2.
    for bad in (["--op", "Div", "--type", "int8", "--shard", "0/4"],
                ["--op", "Pow", "--type", "int8"],
                ["--op", "Div", "--type", "float16", "--samples", "10"],
                ["--op", "Div", "--type", "float32", "--samples", "0"],
                ["--op", "Less", "--type", "float32", "--exponent-type", "float64"],
                ["--op", "Div", "--type", "float32", "--seed", "x"],
                ["--op", "Div", "--type", "float32", "--samples", "2", "--shard", "1/3"],
                ["--op", "Div"],
                ["--op", "Div", "--type", "int8", "--exponent-type", "int8"]):
        rc, out, err = run(*bad)
        check(rc == 2, f"{' '.join(bad)}: exit {rc}")

print("FAILED" if failures else "all checks passed")
sys.exit(1 if failures else 0)
