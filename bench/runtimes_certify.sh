#!/bin/sh
# bench/runtimes_certify.sh — certification wall time per runtime, side by
# side in one run: every vector of the repository under both
# profiles through each implementation, isolated in the harness's child
# process, as vendors/*/certify.sh runs it (without the report rendering):
# built-in kernels, ONNX Runtime 1.30.0, ONNX Runtime Web 1.30.0 (wasm
# under node), oneDNN 2.6, PoCL 3.1, Eigen 3.4 (TensorFlow's CPU
# expressions), PyTorch 1.13, XNNPACK (operator API), OpenCV DNN 4.6,
# TensorFlow.js 4.22 (cpu and wasm backends under node).  The runtimes alternate within each
# repetition, so a drift of the machine's speed hits them all alike.
# A runtime whose plugin or library is missing is skipped (named).
#
# usage: bench/runtimes_certify.sh [BUILD_DIR]   (default: build; REPEAT=5;
#        SONNX_CTS_VECTORS=DIR another vector set)
# Prints per runtime and repetition the wall and CPU seconds (user+sys of
# the process tree, /usr/bin/time) of both profiles, then the medians.
# PoCL: its compiled-kernel cache (~/.cache/pocl) is warm after the first
# run; the warm-up repetition (not counted) fills it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
build=${1:-"$root/build"}
repeat=${REPEAT:-5}
vectors=${SONNX_CTS_VECTORS:-"$root/vectors"}
cts="$build/harness/cli/sonnx-cts"
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first)" >&2; exit 2; }
cache="${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}"
ort_lib="$cache/onnxruntime-1.30.0/libonnxruntime.so.1"
web_dir="$cache/onnxruntime-web-1.30.0/node_modules/onnxruntime-web"

# name|plugin (empty: built-in)|vendor options|file that must exist|what the
# plugin sandbox must leave out / extra run arguments (as vendors/*/certify.sh)
list="built-in|||$cts||
ORT|$build/vendors/onnxruntime/sonnx_ort_plugin.so|lib=$ort_lib|$ort_lib||
ORT-Web|$build/vendors/onnxruntime-web/sonnx_ort_web_plugin.so|dir=$web_dir|$web_dir/package.json|seccomp|--memory-limit 64G
oneDNN|$build/vendors/onednn/sonnx_onednn_plugin.so||/usr/include/oneapi/dnnl/dnnl.h||
PoCL|$build/vendors/pocl/sonnx_pocl_plugin.so||/etc/OpenCL/vendors/pocl.icd|seccomp|
Eigen|$build/vendors/eigen/sonnx_eigen_plugin.so||/usr/include/eigen3/Eigen/Core||
PyTorch|$build/vendors/torch/sonnx_torch_plugin.so||/usr/lib/x86_64-linux-gnu/libtorch_cpu.so.1.13||
XNNPACK|$build/vendors/xnnpack/sonnx_xnnpack_plugin.so||/usr/lib/x86_64-linux-gnu/libXNNPACK.so.0||
OpenCV|$build/vendors/opencv/sonnx_opencv_plugin.so||/usr/lib/x86_64-linux-gnu/libopencv_dnn.so.406||
TF.js-cpu|$build/vendors/tfjs/sonnx_tfjs_plugin.so|backend=cpu,dir=$cache/tfjs-4.22.0|$cache/tfjs-4.22.0/node_modules/@tensorflow/tfjs-core/package.json|seccomp|--memory-limit 64G
TF.js-wasm|$build/vendors/tfjs/sonnx_tfjs_plugin.so|backend=wasm,dir=$cache/tfjs-4.22.0|$cache/tfjs-4.22.0/node_modules/@tensorflow/tfjs-core/package.json|seccomp|--memory-limit 64G"

cases=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["cases"]))' \
        "$vectors/manifest.json")
echo "# certification time per runtime (bench/runtimes_certify.sh), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "vectors: $cases cases in the manifest; sonnx-cts $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); REPEAT=$repeat"
echo

tf=$(mktemp)
res=$(mktemp)
trap 'rm -f "$tf" "$res"' EXIT

# one NAME PLUGIN OPTS OMIT ARGS: both profiles once; prints "wall cpu"
one() {
  w=0; c=0
  for profile in onnx sonnx; do
    rc=0
    if [ -z "$2" ]; then
      /usr/bin/time -f '%e %U %S' -o "$tf" "$cts" run --vectors "$vectors" \
        --profile "$profile" --quiet >/dev/null 2>&1 || rc=$?
    else
      # $5: extra run arguments, split on purpose
      # shellcheck disable=SC2086
      SONNX_CTS_SANDBOX_OMIT="$4" /usr/bin/time -f '%e %U %S' -o "$tf" "$cts" run \
        --vectors "$vectors" --profile "$profile" --vendor "$2" --vendor-options "$3" \
        $5 --quiet >/dev/null 2>&1 || rc=$?
    fi
    [ "$rc" -le 1 ] || [ "$rc" -eq 3 ] || { echo "$1: the $profile run failed (exit $rc)" >&2; return 1; }
    w=$(tail -n 1 "$tf" | awk -v a="$w" '{ printf "%.2f", a + $1 }')
    c=$(tail -n 1 "$tf" | awk -v a="$c" '{ printf "%.2f", a + $2 + $3 }')
  done
  echo "$w $c"
}

i=0
while [ "$i" -le "$repeat" ]; do
  echo "$list" | while IFS='|' read -r name plugin opts need omit args; do
    if [ ! -e "$need" ] || { [ -n "$plugin" ] && [ ! -f "$plugin" ]; }; then
      [ "$i" -eq 0 ] && echo "skipped: $name (missing ${plugin:-$need})"
      continue
    fi
    r=$(one "$name" "$plugin" "$opts" "$omit" "$args") || exit 2
    # repetition 0 is the warm-up (page cache, PoCL kernel cache, wasm compile cache)
    [ "$i" -gt 0 ] && echo "$name $r" >>"$res"
    :
  done
  i=$((i + 1))
done

echo "| runtime | median wall s (both profiles) | min | max | median CPU s |"
echo "|---|---:|---:|---:|---:|"
for name in built-in ORT ORT-Web oneDNN PoCL Eigen PyTorch XNNPACK OpenCV TF.js-cpu TF.js-wasm; do
  grep -q "^$name " "$res" || continue
  grep "^$name " "$res" | awk '{ print $2, $3 }' | sort -n | awk -v n="$name" '
    { w[NR] = $1; c[NR] = $2 }
    END {
      m = (NR % 2) ? w[(NR + 1) / 2] : (w[NR / 2] + w[NR / 2 + 1]) / 2
      # CPU median on its own order
      for (i = 1; i <= NR; i++) cc[i] = c[i]
      for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) if (cc[j] < cc[i]) { t = cc[i]; cc[i] = cc[j]; cc[j] = t }
      mc = (NR % 2) ? cc[(NR + 1) / 2] : (cc[NR / 2] + cc[NR / 2 + 1]) / 2
      printf "| %s | %.2f | %.2f | %.2f | %.2f |\n", n, m, w[1], w[NR], mc
    }'
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
