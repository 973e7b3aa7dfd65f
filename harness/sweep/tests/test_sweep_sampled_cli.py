#!/usr/bin/python3
"""Sampled sweeps end to end: the built-in kernels pass on every
float32/float64 space, defective plugins (tests/mutants) are caught by a
short sampled sweep, shards of a sampled sweep are contiguous sample-index
ranges whose counts add up to the unsharded sweep's, and a seed gives the
same pairs every time.  Expected numbers come from the arguments
(sample counts, shard arithmetic), never from the program under test.

usage: test_sweep_sampled_cli.py SONNX_CTS MUTANT_DIR BUILTIN_PLUGIN [ON|OFF]
(the last: CMake SONNX_CTS_SWEEP_MPFR, whether the sweep judges against MPFR)
"""
import json
import os
import subprocess
import sys
import tempfile

CTS, MUTANTS, PLUGIN = sys.argv[1], sys.argv[2], sys.argv[3]
MPFR = len(sys.argv) < 5 or sys.argv[4].upper() in ("ON", "1", "TRUE", "YES")
failures = []


def run(*args):
    p = subprocess.run([CTS, "sweep", "--threads", "2", *args], capture_output=True,
                       text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def comparable(path):
    """The report without what differs between a merge and the unsharded
    sweep (docs/sweeps.md): command line, date, host, merged_from, timing."""
    def strip(o):
        if isinstance(o, dict):
            return {k: strip(v) for k, v in o.items() if k not in ("seconds", "pairs_per_second")}
        return [strip(v) for v in o] if isinstance(o, list) else o
    doc = json.load(open(path))
    for k in ("command_line", "date_utc", "host"):
        doc["identity"].pop(k)
    doc["shard"].pop("merged_from", None)
    return strip(doc)


def refused(name, needle, *shards):
    out = os.path.join(os.path.dirname(shards[0]), "refused.json")
    p = subprocess.run([CTS, "merge", *shards, "--json", out], capture_output=True,
                       text=True, timeout=60)
    check(p.returncode == 2 and needle in p.stderr and not os.path.exists(out),
          f"merge refuses {name}: exit {p.returncode} {p.stderr}")


def sweep_json(tmp, name, *args):
    j = os.path.join(tmp, name)
    rc, out, err = run(*args, "--json", j)
    rep = json.load(open(j)) if os.path.exists(j) else None
    return rc, out, err, rep


with tempfile.TemporaryDirectory() as tmp:
    # 1. The built-in kernels pass every sampled space.
    spaces = [("Div", "float32", None), ("Mul", "float32", None), ("Less", "float32", None),
              ("Pow", "float32", None), ("Div", "float64", None), ("Mul", "float64", None),
              ("Less", "float64", None), ("Pow", "float64", None), ("Pow", "float32", "int32"),
              ("Pow", "float64", "int64"), ("Pow", "float32", "float64"),
              # integer inputs (sweep_sample_int.c), every op with same-type inputs
              ("Add", "int32", None), ("Sub", "int64", None), ("Mul", "uint32", None),
              ("Div", "int64", None), ("Div", "uint64", None), ("Less", "uint64", None),
              ("Abs", "int64", None)]
    # Spaces with pairs whose result is undefined (integer Div by zero and
    # INT_MIN / -1, Abs of INT_MIN): not compared, run in a separate call.
    undefined_in = {("Div", "int64"), ("Div", "uint64"), ("Abs", "int64")}
    for op, t, e in spaces:
        args = ["--op", op, "--type", t, "--samples", "200000", "--seed", "5"]
        if e:
            args += ["--exponent-type", e]
        rc, out, err, rep = sweep_json(tmp, "b.json", *args)
        label = f"{op} {t}{'^' + e if e else ''}"
        check(rc == 0 and "verdict: PASS" in out, f"built-in {label}: exit {rc} {err}")
        if rep:
            c = rep["cases"][0]
            sw = c["sweep"]
            check(c["tags"] == ["sweep", "sampled"], f"{label} tags {c['tags']}")
            und = sw["undefined_not_compared"]
            check(sw["pairs"] == 200000 and sw["compared"] + und == 200000
                  and sw["exact"] == sw["compared"] and sw["first_pair"] == 0
                  and (und > 0) == ((op, t) in undefined_in), f"{label} counts")
            check(((op, t) in undefined_in) ==
                  ("undefined pairs, run in one separate call: OK" in out),
                  f"{label} the undefined pairs' call")
            check(sw["sampling"]["samples"] == 200000 and sw["sampling"]["seed"] == 5,
                  f"{label} sampling object")
            # MPFR (docs/sweeps.md): only Pow with a float64 operand has a
            # reference that is not correctly rounded.
            inexact = op == "Pow" and "float64" in (t, e)
            check(sw["sampling"]["reference_correctly_rounded"] is (not inexact),
                  f"{label} reference_correctly_rounded")
            # ... and there the pairs that differ from it are judged against
            # MPFR (the default build; sweep_arbiter.h).
            # Without MPFR (-DSONNX_CTS_SWEEP_MPFR=OFF) the sweep says so.
            arb = inexact and MPFR
            check(("reference note" in out and "judged against MPFR" in out) == arb,
                  f"{label} arbitration lines")
            check(("reference caveat" in out) == (inexact and not MPFR), f"{label} caveat line")
            judge = sw["sampling"].get("differing_pairs_judged_by", "absent")
            check((judge or "").startswith("MPFR") if arb else
                  judge is None if inexact else judge == "absent",
                  f"{label} sampling.differing_pairs_judged_by {judge}")
            check(("arbitration" in sw) == arb, f"{label} sweep.arbitration")

    # 2. Defective plugins are caught (and the built-in plugin is not).
    rc, out, err = run("--op", "Div", "--type", "float32", "--samples", "100000",
                       "--vendor", PLUGIN)
    check(rc == 0 and "verdict: PASS" in out, f"built-in plugin Div float32: exit {rc} {err}")
    caught = [("mutant_div_reciprocal.so", "Div", "float32"),
              ("mutant_flush_subnormals.so", "Mul", "float32"),
              ("mutant_flush_subnormals.so", "Div", "float64"),
              ("mutant_zero_sign.so", "Mul", "float64"),
              ("mutant_less_nan_true.so", "Less", "float32"),
              ("mutant_int_addsub_saturate.so", "Add", "int32"),
              ("mutant_int_addsub_saturate.so", "Sub", "uint64"),
              ("mutant_int_mul_saturate.so", "Mul", "int64"),
              ("mutant_int_div_floor.so", "Div", "int64"),
              ("mutant_int_div_float_recip.so", "Div", "int32"),
              ("mutant_less_i64_split_words.so", "Less", "int64")]
    for so, op, t in caught:
        m = os.path.join(MUTANTS, so)
        if not os.path.exists(m):
            check(False, f"missing mutant {m}")
            continue
        rc, out, err = run("--op", op, "--type", t, "--samples", "100000", "--vendor", m)
        check(rc == 1 and "verdict: FAIL" in out, f"{so} on {op} {t}: exit {rc} (not caught)")

    # A plugin that traps on a zero divisor: the undefined pairs' own call
    # shows it (CRASH), although no compared pair differs.
    m = os.path.join(MUTANTS, "mutant_int_div_zero_crash.so")
    rc, out, err = run("--op", "Div", "--type", "int32", "--samples", "100000", "--vendor", m)
    check(rc == 1 and "verdict: CRASH" in out and "mismatches 0" in out,
          f"mutant_int_div_zero_crash.so on Div int32: exit {rc} (the trap not shown)")

    # 3. Shards: contiguous ranges, counts add up, first mismatches agree.
    m = os.path.join(MUTANTS, "mutant_div_reciprocal.so")
    n = 100003
    base = ["--op", "Div", "--type", "float32", "--samples", str(n), "--seed", "11",
            "--vendor", m, "--first", "5"]
    rc, out, err, whole = sweep_json(tmp, "whole.json", *base)
    check(rc == 1 and whole is not None, f"unsharded mutant sweep exit {rc}")
    parts, next_first, mism = [], 0, 0
    firsts = []
    for i in (1, 2, 3):
        rc, out, err, rep = sweep_json(tmp, f"p{i}.json", *base, "--shard", f"{i}/3")
        parts.append(os.path.join(tmp, f"p{i}.json"))
        sw = rep["cases"][0]["sweep"]
        lo, hi = n * (i - 1) // 3, n * i // 3
        check(sw["first_pair"] == lo and sw["pairs"] == hi - lo,
              f"shard {i}/3 range {sw['first_pair']}+{sw['pairs']}, want {lo}+{hi - lo}")
        check(sw["first_pair"] == next_first, f"shard {i} starts where {i - 1} ended")
        next_first = sw["first_pair"] + sw["pairs"]
        mism += sw["mismatches"]
        firsts += [s for s in rep["cases"][0]["samples"] if not s.get("worst")]
    if whole:
        ws = whole["cases"][0]["sweep"]
        check(next_first == n, "shards cover all samples")
        check(mism == ws["mismatches"] and mism > 0, f"shard mismatches {mism} vs {ws['mismatches']}")
        key = lambda s: (s["index"], json.dumps(s.get("inputs")))
        wfirst = [s for s in whole["cases"][0]["samples"] if not s.get("worst")]
        check(sorted(map(key, firsts))[:5] == sorted(map(key, wfirst))[:5],
              "the shards' first mismatches are the unsharded sweep's")
    merged = os.path.join(tmp, "merged.json")
    p = subprocess.run([CTS, "merge", *parts, "--json", merged], capture_output=True,
                       text=True, timeout=60)
    check(p.returncode == 1, f"merge of the failing shards: exit {p.returncode} {p.stderr}")
    if whole and os.path.exists(merged):
        check(comparable(os.path.join(tmp, "whole.json")) == comparable(merged),
              "merged sampled shards == the unsharded sampled sweep")
        sr = json.load(open(parts[1]))["cases"][0]["sweep"]["shard_range"]
        check(sr == {"unit": "sample", "first": n // 3, "count": 2 * n // 3 - n // 3, "of": n},
              f"shard 2/3 shard_range {sr}")
    # Shards of other splits (1/2 + 3/4 + 4/4) of a float64 sweep, merged.
    b64 = ["--op", "Div", "--type", "float64", "--samples", "40000", "--seed", "3",
           "--vendor", os.path.join(MUTANTS, "mutant_flush_subnormals.so"), "--first", "4"]
    sweep_json(tmp, "w64.json", *b64)
    p64 = []
    for sh in ("1/2", "3/4", "4/4"):
        p64.append(os.path.join(tmp, f"s64-{sh.replace('/', 'of')}.json"))
        sweep_json(tmp, os.path.basename(p64[-1]), *b64, "--shard", sh)
    m64 = os.path.join(tmp, "m64.json")
    p = subprocess.run([CTS, "merge", *reversed(p64), "--json", m64], capture_output=True,
                       text=True, timeout=60)
    check(p.returncode == 1 and os.path.exists(m64) and
          comparable(os.path.join(tmp, "w64.json")) == comparable(m64),
          f"float64 shards 1/2 + 3/4 + 4/4 merged == unsharded: exit {p.returncode} {p.stderr}")
    # An arbitrated space (Pow float64): the "arbitration" counts merge too.
    bp = ["--op", "Pow", "--type", "float64", "--samples", "30000", "--seed", "2"]
    sweep_json(tmp, "wp.json", *bp)
    pp = []
    for sh in ("1/2", "2/2"):
        pp.append(os.path.join(tmp, f"pp-{sh.replace('/', 'of')}.json"))
        sweep_json(tmp, os.path.basename(pp[-1]), *bp, "--shard", sh)
    mp = os.path.join(tmp, "mp.json")
    p = subprocess.run([CTS, "merge", *pp, "--json", mp], capture_output=True, text=True,
                       timeout=60)
    check(p.returncode == 0 and os.path.exists(mp) and
          comparable(os.path.join(tmp, "wp.json")) == comparable(mp) and
          ("arbitration" in json.load(open(mp))["cases"][0]["sweep"]) == MPFR,
          f"Pow float64 shards merged == unsharded: exit {p.returncode} {p.stderr}")
    # Refused: a shard of another seed; a shard of another generator version.
    sweep_json(tmp, "seed12.json", *[("12" if a == "11" else a) for a in base], "--shard", "2/3")
    refused("other seed", "not shards of one run", parts[0], os.path.join(tmp, "seed12.json"),
            parts[2])
    doc = json.load(open(parts[1]))
    doc["cases"][0]["sweep"]["sampling"]["generator_version"] = 3
    json.dump(doc, open(os.path.join(tmp, "gen3.json"), "w"))
    refused("other generator", "sweep.sampling: not what this sonnx-cts writes",
            parts[0], os.path.join(tmp, "gen3.json"), parts[2])

    # 4. Reproducible: the same seed gives the same mismatching pairs;
    #    another seed other ones.
    rc, out2, err, again = sweep_json(tmp, "again.json", *base)
    base[base.index("11")] = "12"
    rc, out3, err, other = sweep_json(tmp, "other.json", *base)
    if whole and again and other:
        s1 = whole["cases"][0]["samples"]
        check(s1 == again["cases"][0]["samples"], "same seed, same mismatching pairs")
        check(s1 != other["cases"][0]["samples"], "another seed, other pairs")

print("FAILED" if failures else "all checks passed")
sys.exit(1 if failures else 0)
