#!/usr/bin/python3
"""shard_merge_check.py — a run split into N shards and merged gives the same
JSON report as the unsharded run, apart from the fields docs/reports.md lists
as differing; and `merge` refuses shards that are not one run.

usage: shard_merge_check.py SONNX_CTS VECTORS_DIR PROFILE N WORKDIR [--partial-ok] [RUN ARGS...]
(RUN ARGS, e.g. --vendor PLUGIN.so, are given to every run; --partial-ok
accepts a PARTIAL run, exit 3: cases of ops the implementation does not
support are UNSUPPORTED and shard and merge exactly like the others)

Fields dropped before comparing (docs/reports.md, "Sharding"): every
"seconds" and "pairs_per_second" (timing), identity.command_line, identity.date_utc,
identity.host, shard.merged_from.  Nothing else.
"""
import json
import os
import shutil
import subprocess
import sys

DIFFERING_IDENTITY = ("command_line", "date_utc", "host")


def run(cmd, expect_rc=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if expect_rc is not None and p.returncode not in expect_rc:
        sys.exit("FAIL: %s\nexit %d (expected %s)\nstdout:\n%s\nstderr:\n%s"
                 % (" ".join(cmd), p.returncode, expect_rc, p.stdout[-2000:], p.stderr[-2000:]))
    return p


def strip_timing(obj):
    """Drops every "seconds" member (and a sweep's "pairs_per_second", pairs
    over seconds), recursively."""
    if isinstance(obj, dict):
        return {k: strip_timing(v) for k, v in obj.items()
                if k not in ("seconds", "pairs_per_second")}
    if isinstance(obj, list):
        return [strip_timing(v) for v in obj]
    return obj


def comparable(path):
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for k in DIFFERING_IDENTITY:
        doc["identity"].pop(k)
    doc["shard"].pop("merged_from", None)
    return strip_timing(doc)


def first_difference(a, b, where="$"):
    if type(a) is not type(b):
        return "%s: %r vs %r" % (where, a, b)
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return "%s.%s: present in only one" % (where, k)
            d = first_difference(a[k], b[k], where + "." + k)
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return "%s: length %d vs %d" % (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d]" % (where, i))
            if d:
                return d
        return None
    return None if a == b else "%s: %r vs %r" % (where, a, b)


def expect_refusal(tool, shards, out, needle):
    p = run([tool, "merge"] + shards + ["--json", out], expect_rc=(2,))
    if needle not in p.stderr:
        sys.exit("FAIL: merge of %s: expected a refusal mentioning %r, got:\n%s"
                 % (shards, needle, p.stderr))
    if os.path.exists(out):
        sys.exit("FAIL: refused merge still wrote %s" % out)
    print("ok: refused (%s)" % needle)


def main():
    tool, vectors, profile, n, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    extra = sys.argv[6:]
    ok_rc = (0, 1)
    if extra[:1] == ["--partial-ok"]:
        extra, ok_rc = extra[1:], (0, 1, 3)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    j = lambda name: os.path.join(work, name)
    base = [tool, "run", "--vectors", vectors, "--profile", profile, "--quiet"] + extra

    whole = run(base + ["--json", j("whole.json")], expect_rc=ok_rc)
    shards = []
    for i in range(1, n + 1):
        p = run(base + ["--shard", "%d/%d" % (i, n), "--json", j("shard%d.json" % i)], expect_rc=ok_rc)
        shards.append(j("shard%d.json" % i))

    with open(j("whole.json"), encoding="utf-8") as fh:
        whole_doc = json.load(fh)
    total = len(whole_doc["cases"])
    if total < n:
        sys.exit("FAIL: only %d cases in %s: too few to test %d shards" % (total, vectors, n))
    ids = []
    for i, s in enumerate(shards, 1):
        with open(s, encoding="utf-8") as fh:
            d = json.load(fh)
        want = len(range(i - 1, total, n))
        got = len(d["cases"])
        if got != want or d["shard"] != {"index": i, "count": n, "cases_before_sharding": total}:
            sys.exit("FAIL: shard %d/%d: %d cases (want %d), shard %r" % (i, n, got, want, d["shard"]))
        ids += [c["id"] for c in d["cases"]]
    if sorted(ids) != sorted(c["id"] for c in whole_doc["cases"]) or len(set(ids)) != len(ids):
        sys.exit("FAIL: the shards do not partition the unsharded run's cases")
    print("ok: %d cases split into %d disjoint shards" % (total, n))

    # Merge in a scrambled order: the result must not depend on it.
    order = shards[1:] + shards[:1]
    p = run([tool, "merge"] + order + ["--json", j("merged.json")])
    if p.returncode != whole.returncode:
        sys.exit("FAIL: merge exit %d, unsharded run exit %d\n%s"
                 % (p.returncode, whole.returncode, p.stderr))
    a, b = comparable(j("whole.json")), comparable(j("merged.json"))
    diff = first_difference(a, b)
    if diff:
        sys.exit("FAIL: merged report differs from the unsharded run: " + diff)
    with open(j("merged.json"), encoding="utf-8") as fh:
        if json.load(fh)["shard"].get("merged_from") != n:
            sys.exit("FAIL: merged report does not record merged_from = %d" % n)
    print("ok: merged JSON == unsharded JSON (apart from the documented fields)")

    # Case members the run schema does not know (a sweep's "sweep" object)
    # survive the merge unchanged, 64-bit integers exact.
    ext = []
    for k, s_path in enumerate(shards):
        with open(s_path, encoding="utf-8") as fh:
            d = json.load(fh)
        for c in d["cases"]:
            c["x_extension"] = {"big": 18446744073709551557, "id": c["id"]}
        ext.append(j("ext%d.json" % k))
        with open(ext[-1], "w", encoding="utf-8") as fh:
            json.dump(d, fh)
    run([tool, "merge"] + ext + ["--json", j("merged_ext.json")], expect_rc=ok_rc)
    with open(j("merged_ext.json"), encoding="utf-8") as fh:
        me = json.load(fh)
    for c in me["cases"]:
        if c.pop("x_extension", None) != {"big": 18446744073709551557, "id": c["id"]}:
            sys.exit("FAIL: merge dropped or changed an extension member of " + c["id"])
    with open(j("merged_ext_stripped.json"), "w", encoding="utf-8") as fh:
        json.dump(me, fh)
    diff = first_difference(comparable(j("merged.json")), comparable(j("merged_ext_stripped.json")))
    if diff:
        sys.exit("FAIL: carrying extension members changed the report: " + diff)
    print("ok: case members outside the run schema carried through the merge")

    # Refusals, each with its reason.
    if n >= 2:
        expect_refusal(tool, shards[:-1], j("bad.json"), "missing: %d/%d" % (n, n))
        expect_refusal(tool, shards + [shards[0]], j("bad.json"), "were given")
        expect_refusal(tool, [shards[0], shards[0]] + shards[2:], j("bad.json"), "same shard")
    run(base + ["--shard", "1/%d" % (n + 1), "--json", j("other_split.json")], expect_rc=ok_rc)
    expect_refusal(tool, [j("other_split.json")] + shards[1:], j("bad.json"), "shard.count")
    for field, value, needle in (("vector_set_sha256", "0" * 64, "vector set"),
                                 ("profile", "other", "identity.profile")):
        with open(shards[0], encoding="utf-8") as fh:
            d = json.load(fh)
        d["identity"][field] = value
        with open(j("tampered.json"), "w", encoding="utf-8") as fh:
            json.dump(d, fh)
        expect_refusal(tool, [j("tampered.json")] + shards[1:], j("bad.json"), needle)
    with open(shards[0], encoding="utf-8") as fh:
        d = json.load(fh)
    d["identity"]["backend"]["runtime_version"] = "0.0-other"
    with open(j("tampered.json"), "w", encoding="utf-8") as fh:
        json.dump(d, fh)
    expect_refusal(tool, [j("tampered.json")] + shards[1:], j("bad.json"), "different implementation")
    # A shard with a case removed no longer fits the rule.
    with open(shards[0], encoding="utf-8") as fh:
        d = json.load(fh)
    d["cases"].pop()
    with open(j("tampered.json"), "w", encoding="utf-8") as fh:
        json.dump(d, fh)
    expect_refusal(tool, [j("tampered.json")] + shards[1:], j("bad.json"), "sharding rule gives")
    expect_refusal(tool, [j("merged.json")], j("bad.json"), "already a merged report")

    # --shard auto (docs/cluster.md): the last shard from a GitLab parallel
    # job's variables is the same report as --shard N/N, plus shard.source;
    # an index out of range is refused naming the variable.
    env = {k: v for k, v in os.environ.items()  # no outer job array's variables
           if not k.startswith(("SLURM_ARRAY_", "CI_NODE_"))
           and k not in ("JOB_COMPLETION_INDEX", "SONNX_CTS_SHARD_COUNT")}
    env.update(CI_NODE_INDEX=str(n), CI_NODE_TOTAL=str(n))
    p = subprocess.run(base + ["--shard", "auto", "--json", j("auto.json")], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    auto = comparable(j("auto.json"))
    source = auto["shard"].pop("source", "")
    diff = first_difference(comparable(shards[-1]), auto)
    if p.returncode not in ok_rc or diff or "CI_NODE_INDEX=%d" % n not in source \
            or "shard %d/%d from gitlab" % (n, n) not in p.stderr:
        sys.exit("FAIL: --shard auto: exit %d, %s, source %r, stderr %s"
                 % (p.returncode, diff, source, p.stderr))
    env["CI_NODE_INDEX"] = str(n + 1)
    p = subprocess.run(base + ["--shard", "auto"], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 2 or "CI_NODE_INDEX=%d is out of range" % (n + 1) not in p.stderr:
        sys.exit("FAIL: --shard auto out of range: exit %d: %s" % (p.returncode, p.stderr))
    print("ok: --shard auto (GitLab variables) == --shard %d/%d; out of range refused" % (n, n))
    if os.environ.get("SCT_MERGE_GOVERNED") == "1":
        governed(tool, base, j, n, whole_doc)
    print("PASS")


def governed(tool, base, j, n, whole_doc):
    """Shards judged under --waivers and --baseline merge into what the
    unsharded run under them says (summary.waivers with the covered counts
    summed, summary.baseline with the counts summed, the exit status); shards
    under other waivers or another baseline are refused."""
    be = whole_doc["identity"]["backend"]
    failing = [c for c in whole_doc["cases"] if c["verdict"] == "FAIL"]
    passing = [c["id"] for c in whole_doc["cases"] if c["verdict"] == "PASS"]
    if not failing or not passing:
        sys.exit("FAIL: the governed merge needs failing and passing cases")
    group = "%s %s" % (failing[0]["op"], ",".join(failing[0]["input_types"]))
    if len(set(failing[0]["input_types"])) == 1:
        group = "%s %s" % (failing[0]["op"], failing[0]["input_types"][0])
    runtime = {"name": be["runtime_name"], "version": be["runtime_version"]}
    common = {"runtime": runtime, "reason": "merge test", "link": "https://example.org/x",
              "owner": "qa@example.org", "expires": "2999-12-31"}

    def waivers(path, ws):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"schema": "sonnx-cts-waivers",
                       "waivers": [dict(common, **w) for w in ws]}, fh)
        return path

    w1 = waivers(j("waivers.json"), [{"group": group}, {"case": passing[0]}])
    w2 = waivers(j("waivers2.json"), [{"group": group}])
    run(base + ["--write-baseline", j("baseline.json"), "--json", j("for_baseline.json")],
        expect_rc=(0, 1))
    # the baseline without one case: "new" cases in one shard, none in others
    with open(j("baseline.json"), encoding="utf-8") as fh:
        bl = json.load(fh)
    key = [k for k, v in bl.items() if isinstance(v, list)][0]
    bl[key] = bl[key][1:]
    with open(j("baseline.json"), "w", encoding="utf-8") as fh:
        json.dump(bl, fh)
    gov = ["--waivers", w1, "--baseline", j("baseline.json")]
    whole = run(base + gov + ["--json", j("g_whole.json")], expect_rc=(0, 1))
    shards = []
    for i in range(1, n + 1):
        run(base + gov + ["--shard", "%d/%d" % (i, n), "--json", j("g_shard%d.json" % i)],
            expect_rc=(0, 1))
        shards.append(j("g_shard%d.json" % i))
    p = run([tool, "merge"] + shards[::-1] + ["--json", j("g_merged.json")])
    if p.returncode != whole.returncode:
        sys.exit("FAIL: governed merge exit %d, unsharded run exit %d\n%s"
                 % (p.returncode, whole.returncode, p.stderr))
    a, b = comparable(j("g_whole.json")), comparable(j("g_merged.json"))
    if not a["summary"]["waivers"] or "baseline" not in a["summary"]:
        sys.exit("FAIL: the unsharded governed run states no waivers or baseline")
    diff = first_difference(a, b)
    if diff:
        sys.exit("FAIL: governed merged report differs from the unsharded run: " + diff)
    print("ok: shards under --waivers and --baseline merged == the unsharded run")
    run(base + ["--waivers", w2, "--baseline", j("baseline.json"), "--shard", "1/%d" % n,
                "--json", j("g_other.json")], expect_rc=(0, 1))
    expect_refusal(tool, [j("g_other.json")] + shards[1:], j("bad.json"), "summary.waivers")
    run(base + ["--waivers", w1, "--shard", "1/%d" % n, "--json", j("g_nobase.json")],
        expect_rc=(0, 1))
    expect_refusal(tool, [j("g_nobase.json")] + shards[1:], j("bad.json"), "summary.baseline")


if __name__ == "__main__":
    main()
