#!/usr/bin/python3
"""sweep_merge_check.py — the shards of a sweep merged by `sonnx-cts merge`
give the same JSON report as the unsharded sweep (counts, deviation classes,
histogram, max ULP, first mismatches by pair index across shards, verdict,
exit status), apart from the timing fields and the fields docs/reports.md
lists as differing; and merge refuses shards that overlap, leave gaps or
come from different sweeps, naming the problem.

usage: sweep_merge_check.py SONNX_CTS MUTANT_DIR WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

CTS, MUTANTS, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def sweep(out, *args, env=None):
    p = subprocess.run([CTS, "sweep", *args, "--json", out], capture_output=True,
                       text=True, timeout=600, env=env)
    return p.returncode


def merge(out, *shards):
    return subprocess.run([CTS, "merge", *shards, "--json", out], capture_output=True,
                          text=True, timeout=600)


def strip(obj):
    """Drops the timing members ("seconds", "pairs_per_second"), recursively."""
    if isinstance(obj, dict):
        return {k: strip(v) for k, v in obj.items() if k not in ("seconds", "pairs_per_second")}
    if isinstance(obj, list):
        return [strip(v) for v in obj]
    return obj


def comparable(path):
    doc = json.load(open(path))
    for k in ("command_line", "date_utc", "host"):
        doc["identity"].pop(k)
    doc["shard"].pop("merged_from", None)
    return strip(doc)


def same_as_unsharded(name, args, shards, want_rc):
    """Runs the unsharded sweep and the given shards, merges them (in
    reverse order), requires equal reports and exit statuses."""
    whole = os.path.join(WORK, name + "-whole.json")
    rc = sweep(whole, *args)
    check(rc == want_rc, f"{name}: unsharded exit {rc}, want {want_rc}")
    parts = []
    for s in shards:
        parts.append(os.path.join(WORK, f"{name}-{s.replace('/', 'of')}.json"))
        sweep(parts[-1], *args, "--shard", s)
    merged = os.path.join(WORK, name + "-merged.json")
    p = merge(merged, *reversed(parts))
    check(p.returncode == want_rc, f"{name}: merge exit {p.returncode}, want {want_rc}: {p.stderr}")
    if not os.path.exists(merged):
        return None, parts
    a, b = comparable(whole), comparable(merged)
    if not check(a == b, f"{name}: merged report differs from the unsharded one"):
        for k in a:
            if a[k] != b.get(k):
                print("  first differing member:", k)
                print("  unsharded:", json.dumps(a[k])[:1500])
                print("  merged:   ", json.dumps(b.get(k))[:1500])
                break
    check(json.load(open(merged))["shard"].get("merged_from") == len(shards),
          f"{name}: shard.merged_from")
    print(f"ok: {name}: {len(shards)} shards merged == unsharded")
    return json.load(open(whole))["cases"][0], parts


def refused(name, needle, *shards):
    out = os.path.join(WORK, name + "-refused.json")
    p = merge(out, *shards)
    check(p.returncode == 2 and needle in p.stderr,
          f"{name}: expected exit 2 mentioning {needle!r}, got {p.returncode}: {p.stderr}")
    check(not os.path.exists(out), f"{name}: a refused merge wrote {out}")
    if p.returncode == 2:
        print(f"ok: {name} refused: {p.stderr.strip()}")


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
mutant = lambda m: os.path.join(MUTANTS, f"mutant_{m}.so")

# Built-in int8 Div: 257 undefined pairs, in their own call per shard.
c, div4 = same_as_unsharded("div-int8", ["--op", "Div", "--type", "int8"],
                            ["1/4", "2/4", "3/4", "4/4"], 0)
if c:
    check(c["sweep"]["undefined_not_compared"] == 257, "div-int8: undefined pairs")
# A unary sweep (one input): Abs int16's one undefined input (INT16_MIN) in
# shard 2/2; sampled float64 Sqrt (unary-range).  One input type named.
c, _ = same_as_unsharded("abs-int16", ["--op", "Abs", "--type", "int16"], ["1/2", "2/2"], 0)
if c:
    check(c["input_types"] == ["int16"] and c["sweep"]["undefined_not_compared"] == 1,
          "abs-int16: one input type, one undefined input")
same_as_unsharded("sqrt-float64", ["--op", "Sqrt", "--type", "float64", "--samples", "5000"],
                  ["1/3", "2/3", "3/3"], 0)
# Shards of different splits tile the space too: 1/2 + 3/4 + 4/4.
same_as_unsharded("div-int8-mixed", ["--op", "Div", "--type", "int8"], ["1/2", "3/4", "4/4"], 0)

if os.path.exists(mutant("int_div_floor")):
    # Mismatches in several shards: the first 7 by pair index across shards.
    c, _ = same_as_unsharded("floor", ["--op", "Div", "--type", "int8", "--first", "7",
                                        "--vendor", mutant("int_div_floor")],
                             ["1/3", "2/3", "3/3"], 1)
    if c:
        check(c["mismatches"] > 7 and len([s for s in c["samples"] if not s["worst"]]) == 7,
              "floor: 7 first mismatches kept out of many")
if os.path.exists(mutant("flush_subnormals")):
    # Float output: histogram buckets, max ULP, deviation classes.
    c, _ = same_as_unsharded("flush", ["--op", "Pow", "--type", "float16", "--exponent-type",
                                        "int8", "--first", "5", "--vendor",
                                        mutant("flush_subnormals")],
                             ["1/4", "2/4", "3/4", "4/4"], 1)
    if c:
        h = c["sweep"]["ulp_histogram"]
        check(len(h) > 2 and c["sweep"]["max_ulp"]["ulp"] > 1, f"flush: histogram {h}")
else:
    print("note: no mutant plugins; the mismatch merges were not checked")

# --shard auto from a Slurm array's variables: recorded, and merged alike.
env = {k: v for k, v in os.environ.items()  # no outer job array's variables
       if not k.startswith(("SLURM_ARRAY_", "CI_NODE_"))
       and k not in ("JOB_COMPLETION_INDEX", "SONNX_CTS_SHARD_COUNT")}
env.update(SLURM_ARRAY_TASK_MIN="1", SLURM_ARRAY_TASK_MAX="2",
           SLURM_ARRAY_TASK_COUNT="2", SLURM_ARRAY_TASK_STEP="1")
auto = []
for t in ("1", "2"):
    auto.append(os.path.join(WORK, f"auto-{t}.json"))
    env["SLURM_ARRAY_TASK_ID"] = t
    check(sweep(auto[-1], "--op", "Div", "--type", "int8", "--shard", "auto", env=env) == 0,
          "auto: exit status")
sh = json.load(open(auto[1]))["shard"]
check(sh["index"] == 2 and sh["count"] == 2 and "SLURM_ARRAY_TASK_ID=2" in sh.get("source", ""),
      f"auto: shard object {sh}")
p = merge(os.path.join(WORK, "auto-merged.json"), *auto)
check(p.returncode == 0 and comparable(os.path.join(WORK, "auto-merged.json")) ==
      comparable(os.path.join(WORK, "div-int8-whole.json")), "auto: merged == unsharded")

# Reports written before "shard_range" existed merge by first_pair/pairs.
old = []
for k, path in enumerate(div4):
    doc = json.load(open(path))
    del doc["cases"][0]["sweep"]["shard_range"]
    old.append(os.path.join(WORK, f"old-{k}.json"))
    json.dump(doc, open(old[-1], "w"))
p = merge(os.path.join(WORK, "old-merged.json"), *old)
check(p.returncode == 0 and comparable(os.path.join(WORK, "old-merged.json")) ==
      comparable(os.path.join(WORK, "div-int8-whole.json")), "old reports: merged == unsharded")

# Refusals.
refused("gap", "pairs 16384..32767 of 65536 are in no shard", div4[0], div4[2], div4[3])
refused("gap-end", "pairs 49152..65535 of 65536 are in no shard", div4[0], div4[1], div4[2])
half = os.path.join(WORK, "div-int8-half1.json")
sweep(half, "--op", "Div", "--type", "int8", "--shard", "1/2")
refused("overlap", "overlap", half, *div4)
refused("same-shard-twice", "overlap", div4[0], div4[0], div4[1], div4[2], div4[3])
limited = os.path.join(WORK, "limited.json")
sweep(limited, "--op", "Div", "--type", "int8", "--shard", "2/4", "--limit", "1000")
refused("limit", "pairs 17384..32767 of 65536 are in no shard", div4[0], limited, div4[2], div4[3])
mul = os.path.join(WORK, "mul.json")
sweep(mul, "--op", "Mul", "--type", "int8", "--shard", "2/4")
refused("other-op", "not shards of one run: options.filters", div4[0], mul, div4[2], div4[3])
tol = os.path.join(WORK, "tol.json")
sweep(tol, "--op", "Div", "--type", "int8", "--shard", "2/4", "--max-ulp", "3")
refused("other-tolerance", "tolerance_ulp", div4[0], tol, div4[2], div4[3])
if os.path.exists(mutant("int_div_floor")):
    other = os.path.join(WORK, "other-impl.json")
    sweep(other, "--op", "Div", "--type", "int8", "--shard", "2/4", "--vendor",
          mutant("int_div_floor"))
    refused("other-implementation", "identity.backend", div4[0], other, div4[2], div4[3])
refused("already-merged", "already a merged report", os.path.join(WORK, "div-int8-merged.json"))
runrep = os.path.join(WORK, "run.json")
subprocess.run([CTS, "run", "--op", "Div", "--type", "int8", "--quiet", "--json", runrep],
               capture_output=True, timeout=600)
if os.path.exists(runrep):
    refused("run-and-sweep", "is a sweep report but", div4[0], runrep)
# A seed (sampled sweeps) or any other identifying member of "sweep" differs.
seeded = os.path.join(WORK, "seeded.json")
doc = json.load(open(div4[1]))
doc["cases"][0]["sweep"]["seed"] = 7
json.dump(doc, open(seeded, "w"))
refused("other-seed", "sweep.seed differs", div4[0], seeded, div4[2], div4[3])

print("FAILED" if failures else "all checks passed")
sys.exit(1 if failures else 0)
