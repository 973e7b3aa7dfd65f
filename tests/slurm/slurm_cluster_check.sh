#!/usr/bin/env bash
# slurm_cluster_check.sh — the `slurm` ctest: a private single-node Slurm
# cluster (scripts/slurm/private-cluster.sh) certifies the built-in kernels
# on the whole vector set and runs a whole sweep, each as a 4-task job array
# plus a dependent merge job (scripts/slurm/submit.sh); the merged reports
# must equal the unsharded ones apart from the timing fields and the fields
# docs/reports.md lists (tests/report/shard_merge_check.py's comparison), and
# the exit statuses must agree.  Then a failing array: its merge job must be
# cancelled (--kill-on-invalid-dep), not left waiting.
#
# usage: slurm_cluster_check.sh SONNX_CTS VECTORS WORKDIR SWEEP_ARGS...
# Exit 77 (skipped, reason printed) when Slurm or munge is not installed or
# the cluster does not come up; the cluster is stopped by process id on every
# exit (trap).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cts=$1; vectors=$2; work=$3; shift 3
sweep_args=("$@")
rm -rf "$work"; mkdir -p "$work"
cluster="$work/cluster"
trap '"$root/scripts/slurm/private-cluster.sh" stop "$cluster"' EXIT
"$root/scripts/slurm/private-cluster.sh" start "$cluster"
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "SKIP: no private Slurm cluster (private-cluster.sh exit $rc; reason above)"
  exit 77
fi
. "$cluster/env"
export SONNX_CTS="$cts"
# The array tasks inherit this environment: an outer job array's variables
# (the CI itself in a GitLab parallel job, say) would contradict theirs.
unset CI_NODE_INDEX CI_NODE_TOTAL JOB_COMPLETION_INDEX SONNX_CTS_SHARD_COUNT
cd "$work"
fail=0
compare() { # NAME UNSHARDED_JSON MERGED_JSON UNSHARDED_RC MERGE_RC
  if [ "$4" != "$5" ]; then
    echo "FAIL: $1: merge job exit $5, unsharded exit $4"; fail=1
  fi
  /usr/bin/python3 - "$root/tests/report" "$2" "$3" "$1" <<'PY' || fail=1
import json, sys
sys.path.insert(0, sys.argv[1])
from shard_merge_check import comparable, first_difference
whole, merged, name = sys.argv[2], sys.argv[3], sys.argv[4]
d = first_difference(comparable(whole), comparable(merged))
if d:
    sys.exit("FAIL: %s: merged report differs from the unsharded one: %s" % (name, d))
m = json.load(open(merged))
if m["shard"].get("merged_from") != 4:
    sys.exit("FAIL: %s: merged_from %r" % (name, m["shard"].get("merged_from")))
print("ok: %s: merged from 4 Slurm array tasks == unsharded (%d cases, %s)"
      % (name, len(m["cases"]), m["summary"]["overall"]))
PY
  for i in 1 2 3 4; do
    grep -q "\"source\":.*SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_COUNT=4" \
      "$(dirname "$3")/shard-$i.json" ||
      { echo "FAIL: $1: shard-$i.json does not record its Slurm source"; fail=1; }
  done
}

# 1. The whole vector set, built-in kernels.
"$cts" run --vectors "$vectors" --quiet --json "$work/run-whole.json"
whole_rc=$?
"$root/scripts/slurm/submit.sh" -n 4 --wait "$work/run" run --vectors "$vectors" --quiet
compare "vector set" "$work/run-whole.json" "$work/run/merged.json" "$whole_rc" "$?"

# 2. A whole sweep.  One thread as each array task (shard.sbatch gives a
# sweep the task's CPUs, 1): "threads" is recorded in the sweep object.
"$cts" sweep "${sweep_args[@]}" --threads 1 --json "$work/sweep-whole.json" >"$work/sweep-whole.txt"
whole_rc=$?
"$root/scripts/slurm/submit.sh" -n 4 --wait "$work/sweep" sweep "${sweep_args[@]}"
compare "sweep ${sweep_args[*]}" "$work/sweep-whole.json" "$work/sweep/merged.json" "$whole_rc" "$?"
[ -s "$work/run/report.html" ] && [ -s "$work/sweep/report.md" ] ||
  { echo "FAIL: the merge jobs did not render the reports"; fail=1; }

# 3. A failing array (every task: exit 2, no such vector set): the merge job
# is cancelled by Slurm, submit.sh returns 2 at once instead of waiting.
start=$(date +%s)
"$root/scripts/slurm/submit.sh" -n 4 --wait "$work/broken" run --vectors "$work/no-such-set" --quiet
rc=$?
took=$(( $(date +%s) - start ))
if [ "$rc" -ne 2 ] || [ -f "$work/broken/merged.json" ] || [ "$took" -gt 120 ]; then
  echo "FAIL: failing array: submit exit $rc after $took s (want 2, no merged report)"; fail=1
else
  echo "ok: failing array: merge job cancelled, submit exit 2 after $took s"
fi

[ "$fail" = 0 ] && echo "PASS" || echo "FAILED (logs: $work/*/ and $cluster/log)"
exit "$fail"
