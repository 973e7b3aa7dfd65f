#!/usr/bin/env bash
# bench/slurm_sweep.sh — a sweep on a Slurm job array against the same sweep
# unsharded (docs/cluster.md), on a private single-node cluster
# (scripts/slurm/private-cluster.sh) of this machine:
#   1. the full float16 Pow sweep (2^32 pairs, built-in kernels): unsharded
#      with all CPUs' threads, then 4 array tasks of 1 CPU each + the merge
#      job (scripts/slurm/submit.sh);
#   2. the fixed cost per shard: a tiny sweep (int8 Div, 2^16 pairs) as 1, 4
#      and 16 array tasks + merge, where nearly all the time is start cost.
# Each row: wall time from submission to the merge job's end, the CPU time of
# every sonnx-cts process (shards and merge: /usr/bin/time in a wrapper), and
# the CPU time the Slurm and munge daemons spent meanwhile (/proc/PID/stat,
# with their reaped children: the slurmstepd of each task).
#
# usage: bench/slurm_sweep.sh [BUILD_DIR]     (default: build)
#   QUICK=1 skips 1 (the full Pow sweep costs ~3 min of CPU twice).
# Exit 0, 1 when a sweep or merge failed, 77 when no cluster could start.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-"$root/build"}
cts=$(cd "$(dirname "$build/harness/cli/sonnx-cts")" 2>/dev/null && pwd)/sonnx-cts
[ -x "$cts" ] || { echo "no sonnx-cts in $build (build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sonnx-slurm-bench.XXXXXX")
cluster="$work/cluster"
trap '"$root/scripts/slurm/private-cluster.sh" stop "$cluster"; rm -rf "$work"' EXIT

echo "# sonnx-cts Slurm sweep benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "slurm: $(PATH="$PATH:/usr/sbin" slurmctld -V 2>/dev/null || echo none)"
echo "binary: $cts ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$root/scripts/slurm/private-cluster.sh" start "$cluster" || exit 77
. "$cluster/env"
echo

# Every sonnx-cts process of the cluster jobs appends "wall user sys" here.
cat >"$work/cts-timed" <<WRAP
#!/bin/sh
exec /usr/bin/time -a -o "\$SCT_BENCH_TIMES" -f '%e %U %S' "$cts" "\$@"
WRAP
chmod +x "$work/cts-timed"
daemon_cpu() { # clock ticks of the three daemons and their reaped children
  t=0
  for d in slurmctld slurmd munged; do
    p=$(cat "$cluster/$d.pid")
    t=$((t + $(awk '{ print $14 + $15 + $16 + $17 }' "/proc/$p/stat")))
  done
  echo "$t"
}
hz=$(getconf CLK_TCK)
failed=0
now() { date +%s.%N; }

# unsharded LABEL SWEEP_ARGS...: the sweep on this machine, all CPUs.
unsharded() {
  label=$1; shift
  /usr/bin/time -f '%e %U %S' -o "$work/t" "$cts" sweep "$@" --first 0 --json "$work/whole.json" \
    >"$work/whole.txt" 2>&1 || failed=1
  awk -v l="$label" '{ printf "| %-44s | %8.2f | %8.2f | %8s | %s |\n", l, $1, $2 + $3, "-", "-" }' "$work/t"
}

# sharded LABEL N SWEEP_ARGS...: N array tasks (1 CPU each) + the merge job.
sharded() {
  label=$1; n=$2; shift 2
  : >"$work/times"
  c0=$(daemon_cpu); t0=$(now)
  SONNX_CTS="$work/cts-timed" SCT_BENCH_TIMES="$work/times" \
    "$root/scripts/slurm/submit.sh" -n "$n" --wait "$work/out-$n" sweep "$@" --first 0 \
    >"$work/submit.txt" 2>&1 || { failed=1; cat "$work/submit.txt"; }
  t1=$(now); c1=$(daemon_cpu)
  awk -v l="$label" -v w="$(echo "$t1 - $t0" | bc)" -v d="$(( c1 - c0 ))" -v hz="$hz" -v n="$n" \
    '{ cpu += $2 + $3; if ($1 > max) max = $1 } END {
       printf "| %-44s | %8.2f | %8.2f | %8.2f | %d processes, longest %.2f s |\n",
              l, w, cpu, d / hz, NR, max }' "$work/times"
}

echo "| sweep | wall s (submit to merged) | CPU s, sonnx-cts | CPU s, Slurm+munge daemons | notes |"
echo "|---|---|---|---|---|"
if [ "${QUICK:-0}" != 1 ]; then
  unsharded "Pow float16 full 2^32, unsharded, $(nproc) threads" --op Pow --type float16
  sharded "Pow float16 full 2^32, 4 array tasks + merge" 4 --op Pow --type float16
  grep -q '"overall": *"CONFORMS"\|"overall":	"CONFORMS"' "$work/out-4/merged.json" || failed=1
fi
unsharded "Div int8 full 2^16, unsharded" --op Div --type int8
for n in 1 4 16; do
  sharded "Div int8 full 2^16, $n array task(s) + merge" "$n" --op Div --type int8
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$failed" = 0 ] || { echo "a sweep or merge failed" >&2; exit 1; }
