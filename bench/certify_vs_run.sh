#!/bin/sh
# bench/certify_vs_run.sh — what a certification bundle costs: `certify`
# (run + every report + identity + sha256 manifest, and signed into a tar)
# against `run` of the same vectors, side by side in one run.  The commands
# alternate within each repetition (run, run with the four reports, certify,
# certify --sign to a tar), so a drift of the machine's speed hits them all
# alike; repetition 0 is a warm-up.  Whole vector set, SONNX profile, the
# built-in kernels and, when built, ONNX Runtime 1.30.0 (isolated plugin).
#
# usage: bench/certify_vs_run.sh [BUILD_DIR]   (default: build; REPEAT=7;
#        SONNX_CTS_VECTORS=DIR another vector set)
# Prints per implementation the median (min-max) wall and CPU seconds
# (user+sys, /usr/bin/time) of each command and the ratios of the medians;
# goal: certify <= 1.2x run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
build=${1:-"$root/build"}
repeat=${REPEAT:-7}
vectors=${SONNX_CTS_VECTORS:-"$root/vectors"}
cts="$build/harness/cli/sonnx-cts"
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first)" >&2; exit 2; }
command -v openssl >/dev/null || { echo "no openssl command (key for --sign)" >&2; exit 77; }
cache="${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}"
ort_lib="$cache/onnxruntime-1.30.0/libonnxruntime.so.1"
ort_plugin="$build/vendors/onnxruntime/sonnx_ort_plugin.so"

work=$(mktemp -d "${TMPDIR:-/tmp}/sonnx-certify-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
openssl genpkey -algorithm ed25519 -out "$work/key.pem" 2>/dev/null
res="$work/results"
: >"$res"

echo "# certify vs run (bench/certify_vs_run.sh), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "vectors: $vectors; sonnx-cts $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); REPEAT=$repeat"
echo

# timed IMPL KIND COMMAND...: one run, "IMPL KIND wall cpu" appended to $res
timed() {
  impl=$1; kind=$2; shift 2
  rm -rf "$work/out"; mkdir -p "$work/out"
  rc=0
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || rc=$?
  [ "$rc" -le 1 ] || { echo "$impl $kind failed (exit $rc): $*" >&2; exit 1; }
  [ "$i" -gt 0 ] && tail -n 1 "$work/time" | awk -v i="$impl" -v k="$kind" \
    '{ printf "%s %s %.3f %.3f\n", i, k, $1, $2 + $3 }' >>"$res"
  return 0
}

impls="built-in"
[ -f "$ort_plugin" ] && [ -f "$ort_lib" ] && impls="$impls ORT"
i=0
while [ "$i" -le "$repeat" ]; do
  for impl in $impls; do
    if [ "$impl" = ORT ]; then
      set -- --vendor "$ort_plugin" --vendor-options "lib=$ort_lib"
    else
      set --
    fi
    o="$work/out"
    timed "$impl" run "$cts" run --vectors "$vectors" --quiet --json "$o/r.json" "$@"
    timed "$impl" run+reports "$cts" run --vectors "$vectors" --quiet --json "$o/r.json" \
      --junit "$o/r.xml" --html "$o/r.html" --md "$o/r.md" "$@"
    timed "$impl" certify "$cts" certify --vectors "$vectors" --quiet --out "$o/bundle" "$@"
    timed "$impl" certify-signed-tar "$cts" certify --vectors "$vectors" --quiet \
      --out "$o/bundle.tar" --sign "$work/key.pem" "$@"
  done
  i=$((i + 1))
done

# median of column 3 (wall) or 4 (cpu) of IMPL KIND
med() {
  grep "^$1 $2 " "$res" | awk -v c="$3" '{ print $c }' | sort -n |
    awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                              printf "%.3f %.3f %.3f", m, v[1], v[NR] }'
}
echo "| implementation | command | median wall s (min-max) | median CPU s | wall / run | wall / run+reports |"
echo "|---|---|---:|---:|---:|---:|"
for impl in $impls; do
  run_w=$(med "$impl" run 3 | cut -d' ' -f1)
  rep_w=$(med "$impl" run+reports 3 | cut -d' ' -f1)
  for kind in run run+reports certify certify-signed-tar; do
    set -- $(med "$impl" "$kind" 3)
    c=$(med "$impl" "$kind" 4 | cut -d' ' -f1)
    echo "$impl $kind $1 $2 $3 $c $run_w $rep_w" | awk '{ printf "| %s | %s | %.3f (%.3f-%.3f) | %.3f | %.2f | %.2f |\n",
      $1, $2, $3, $4, $5, $6, $3 / $7, $3 / $8 }'
  done
done
echo
echo "goal: certify <= 1.2x run (the wall / run column of certify)"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
