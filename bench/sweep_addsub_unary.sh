#!/bin/sh
# bench/sweep_addsub_unary.sh — the built-in sweeps of Add, Sub, Abs and
# Sqrt, in one run so the figures are side by side under the same machine
# load (docs/benchmarks.md, "Sweeps of Add, Sub, Abs, Sqrt"):
#   1. float32 Abs and Sqrt, every one of the 2^32 inputs (exhaustive
#      unary spaces): wall and CPU time, inputs per second;
#   2. float16 and bfloat16: Add and Sub on all 2^32 pairs, Abs and Sqrt on
#      all 2^16 inputs;
#   3. float32 Add and Sub sampled, 2^28 pairs (addsub-round-boundary);
#      float64 Abs and Sqrt sampled, 2^28 inputs (unary-range).
# Every sweep must end PASS with 0 mismatches (the built-in kernels against
# themselves: the figures are the harness's cost; the reference's
# correctness is docs/sweeps.md's).
#
# usage: bench/sweep_addsub_unary.sh [BUILD_DIR]     (default: build)
#   SONNX_CTS=path overrides the binary; QUICK=1 leaves out part 1.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
cts=${SONNX_CTS:-"$build/harness/cli/sonnx-cts"}
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first, or set SONNX_CTS)" >&2; exit 2; }

echo "# sonnx-cts Add/Sub/Abs/Sqrt sweep benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $cts ($(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
echo "| sweep | pairs | wall s | CPU s | pairs/s (wall) | mismatches | verdict |"
echo "|---|---|---|---|---|---|---|"
fail=0
row() { # label, then the sweep arguments
    label=$1; shift
    out=$(mktemp)
    t0=$(date +%s.%N)
    set +e
    /usr/bin/time -f '%U %S' -o "$out.time" "$cts" sweep "$@" >"$out" 2>&1
    rc=$?
    set -e
    t1=$(date +%s.%N)
    cpu=$(awk '{printf "%.2f", $1 + $2}' "$out.time")
    pairs=$(sed -n 's/^pairs [0-9]*\.\.[0-9]* (\([0-9]*\)).*/\1/p' "$out")
    mism=$(sed -n 's/.*mismatches \([0-9]*\),.*/\1/p' "$out" | head -n 1)
    verdict=$(sed -n 's/^verdict: \([A-Z_]*\).*/\1/p' "$out")
    awk -v l="$label" -v p="$pairs" -v a="$t0" -v b="$t1" -v c="$cpu" -v m="$mism" -v v="$verdict" \
        'BEGIN { w = b - a; printf "| %s | %s | %.2f | %s | %.3g | %s | %s |\n", l, p, w, c, (w > 0 ? p / w : 0), m, v }'
    [ "$rc" -eq 0 ] || { fail=1; sed 's/^/    /' "$out" >&2; }
    rm -f "$out" "$out.time"
}
if [ "${QUICK:-0}" != 1 ]; then
    row "Sqrt float32, all 2^32 inputs" --op Sqrt --type float32
    row "Abs float32, all 2^32 inputs" --op Abs --type float32
fi
for t in float16 bfloat16; do
    for op in Add Sub; do row "$op $t, all 2^32 pairs" --op $op --type $t; done
    for op in Abs Sqrt; do row "$op $t, all 2^16 inputs" --op $op --type $t; done
done
for op in Add Sub; do row "$op float32, 2^28 samples" --op $op --type float32; done
for op in Abs Sqrt; do row "$op float64, 2^28 samples" --op $op --type float64; done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $fail
