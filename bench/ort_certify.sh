#!/bin/sh
# bench/ort_certify.sh — how long the whole ONNX Runtime 1.30.0 certification
# takes (goal < 10 s): every vector of the repository under both
# profiles through the ORT adapter, isolated in the harness's child process,
# exactly as vendors/onnxruntime/certify.sh runs it (without the report
# rendering).  Prints wall and CPU time (user+sys of the process tree) per
# profile and for both, for REPEAT repetitions, and the median of the totals.
#
# usage: bench/ort_certify.sh [BUILD_DIR]    (default: build; REPEAT=5;
#        SONNX_CTS_VECTORS=DIR another vector set)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
build=${1:-"$root/build"}
repeat=${REPEAT:-5}
vectors=${SONNX_CTS_VECTORS:-"$root/vectors"}
cts="$build/harness/cli/sonnx-cts"
plugin="$build/vendors/onnxruntime/sonnx_ort_plugin.so"
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first)" >&2; exit 2; }
[ -f "$plugin" ] || { echo "no ORT plugin at $plugin (configure with -DSONNX_CTS_BUILD_ORT=ON)" >&2; exit 2; }
lib=$("$root/scripts/fetch-onnxruntime.sh")
cases=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["cases"]))' \
        "$vectors/manifest.json")

echo "# ONNX Runtime 1.30.0 certification benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "vectors: $cases cases in the manifest; sonnx-cts $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo
echo "| run | onnx wall s | onnx CPU s | sonnx wall s | sonnx CPU s | total wall s |"
echo "|---:|---:|---:|---:|---:|---:|"

tf=$(mktemp)
totals=$(mktemp)
trap 'rm -f "$tf" "$totals"' EXIT
i=1
while [ "$i" -le "$repeat" ]; do
  line="| $i"
  total=0
  for profile in onnx sonnx; do
    rc=0
    /usr/bin/time -f '%e %U %S' -o "$tf" "$cts" run --vectors "$vectors" \
      --profile "$profile" --vendor "$plugin" --vendor-options "lib=$lib" --quiet \
      >/dev/null 2>&1 || rc=$?
    # 0 conforms, 1 non-conformant: a finished certification either way.
    [ "$rc" -le 1 ] || [ "$rc" -eq 3 ] || { echo "the $profile run failed (exit $rc)" >&2; exit 2; }
    # the last line: /usr/bin/time may first note a non-zero exit status
    wall=$(tail -n 1 "$tf" | awk '{ print $1 }')
    cpu=$(tail -n 1 "$tf" | awk '{ printf "%.2f", $2 + $3 }')
    total=$(awk -v a="$total" -v b="$wall" 'BEGIN { printf "%.2f", a + b }')
    line="$line | $wall | $cpu"
  done
  echo "$line | $total |"
  echo "$total" >>"$totals"
  i=$((i + 1))
done
median=$(sort -n "$totals" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo
echo "median total wall time: $median s (goal < 10 s)"
