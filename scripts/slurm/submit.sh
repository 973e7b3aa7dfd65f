#!/usr/bin/env bash
# submit.sh — certify across a Slurm job array: N shard tasks
# (shard.sbatch) and a merge job that runs only when all of them succeeded
# (--dependency=afterok, --kill-on-invalid-dep=yes: without it a merge job
# whose dependency can never be met would wait in the queue forever).
#
#   scripts/slurm/submit.sh [-n N] [--wait] OUTDIR run|sweep [sonnx-cts options...]
#
#   scripts/slurm/submit.sh -n 8 --wait out/ort run --vendor build/vendors/onnxruntime/sonnx_ort_plugin.so
#   scripts/slurm/submit.sh -n 4 out/pow sweep --op Pow --type float16
#
# -n N     shards (array tasks 1-N; default 4)
# --wait   wait for the merge job; exit with its status (0 conforms,
#          1 non-conformant, 2 refused/error or the merge job never ran)
# Extra sbatch options (partition, account, time): $SBATCH_OPTS, given to
# both submissions.  The binary: $SONNX_CTS, else sonnx-cts on PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=4; wait=0
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
out=$1; kind=$2; shift 2
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -f "$out"/shard-*.json "$out/merged.json" "$out/merge.exit"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTS:-} --array="1-$n" --output="$out/%x-%A_%a.out" \
        "$here/shard.sbatch" "$out" "$kind" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes \
        --output="$out/%x-%j.out" "$here/merge.sbatch" "$out")
merge=${merge%%;*}
echo "submit: shard array job $array (tasks 1-$n), merge job $merge; reports in $out"
[ "$wait" = 1 ] || exit 0
# Poll the queue (sbatch --wait polls every 2-10 s; this is quicker).
while [ -n "$(squeue -h -j "$array,$merge" -o %i 2>/dev/null)" ]; do sleep 0.2; done
if [ ! -f "$out/merge.exit" ]; then
  echo "submit: the merge job did not run (a shard task failed: see $out/*.out)" >&2
  exit 2
fi
rc=$(cat "$out/merge.exit")
echo "submit: merge exit $rc: $out/merged.json, $out/report.html, $out/report.md"
exit "$rc"
