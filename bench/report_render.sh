#!/bin/sh
# bench/report_render.sh — rendering the committed JSON reports as HTML and
# Markdown (`sonnx-cts report`: one reader; flat memory):
# the ONNX Runtime conformance record (profile sonnx) and the built-in run
# report, REPS runs each (default 9): median wall and CPU seconds, peak RSS.
# With a second binary (BASELINE=path/to/sonnx-cts) the two are run in turn
# and their medians printed side by side (a before/after comparison).
#
# usage: bench/report_render.sh [BUILD_DIR]     (default: build)
# Exit status: 0, 2 when an input or /usr/bin/time is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-"$root/build"}
reps=${REPS:-9}
cli="$build/harness/cli/sonnx-cts"
for f in "$cli" /usr/bin/time "$root/docs/conformance/onnxruntime-1.30.0.json" \
         "$root/docs/reports/builtin.json"; do
  [ -e "$f" ] || { echo "report_render: missing $f (/usr/bin/time: Debian package time)" >&2; exit 2; }
done
out=$(mktemp -d "${TMPDIR:-/tmp}/sonnx-render.XXXXXX")
trap 'rm -rf "$out"' EXIT

# measure BINARY ARGS...: REPS runs, one "wall cpu rss_kib" line each.
measure() {
  bin=$1; shift
  i=0
  while [ "$i" -lt "$reps" ]; do
    /usr/bin/time -f "%e %U %S %M" -o "$out/t" "$bin" report "$@" \
      --html "$out/r.html" --md "$out/r.md" >/dev/null 2>&1 ||
      { echo "report_render: $bin report $* failed" >&2; exit 1; }
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/t"
    i=$((i + 1))
  done
}

# median of column C of the lines on stdin
median() { sort -n -k"$1","$1" | awk -v c="$1" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

row() {
  label=$1; bin=$2; shift 2
  measure "$bin" "$@" >"$out/m"
  printf '| %s | %s | %s | %s |\n' "$label" "$(median 1 <"$out/m")" \
    "$(median 2 <"$out/m")" "$(awk '{ printf "%.1f\n", $3 / 1024 }' "$out/m" | sort -n | tail -n 1)"
}

echo "# sonnx-cts report rendering benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), REPS=$reps"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $cli ($(git -C "$root" describe --always --dirty 2>/dev/null || echo "?"))${BASELINE:+; BASELINE: $BASELINE}"
echo
echo "| input | median wall s | median CPU s | peak RSS MiB (max) |"
echo "|---|--:|--:|--:|"
ort="$root/docs/conformance/onnxruntime-1.30.0.json"
builtin="$root/docs/reports/builtin.json"
row "ORT 1.30.0 record, sonnx" "$cli" "$ort" --profile sonnx
[ -n "${BASELINE:-}" ] && row "ORT 1.30.0 record, sonnx (BASELINE)" "$BASELINE" "$ort" --profile sonnx
row "built-in run report" "$cli" "$builtin"
[ -n "${BASELINE:-}" ] && row "built-in run report (BASELINE)" "$BASELINE" "$builtin"
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
