#!/usr/bin/env bash
# certify.sh — certify TensorFlow.js 4.22 under node with one backend
# (cpu: the JavaScript kernels; wasm: the WebAssembly build) against every
# vector under both profiles and regenerate docs/conformance/
# tfjs-BACKEND-4.22.0.* (vendors/common/certify-runtime.sh says what and
# how).  With --write-baselines also vendors/tfjs/BACKEND/baseline-{onnx,sonnx}.json.
#
# usage: vendors/tfjs/certify.sh cpu|wasm [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
backend=${1:-}
[[ "$backend" == cpu || "$backend" == wasm ]] || { echo "usage: $0 cpu|wasm [--write-baselines]" >&2; exit 2; }
shift
version=4.22.0
root="$(scripts/fetch-tfjs.sh)"
mods="$root/node_modules/@tensorflow"
if [[ $backend == wasm ]]; then
  lib="$mods/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm"
else
  lib="$mods/tfjs-backend-cpu/dist/tf-backend-cpu.node.js"
fi
exec vendors/common/certify-runtime.sh --stem "tfjs-$backend-$version" \
  --dir "vendors/tfjs/$backend" --target sonnx_tfjs_plugin \
  --plugin vendors/tfjs/sonnx_tfjs_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_TFJS=ON --vendor-options "backend=$backend,dir=$root" \
  --library "$lib" \
  --library-source "$(basename "$lib") of npm @tensorflow/tfjs-backend-$backend@$version, run by node $(node --version), fetched by scripts/fetch-tfjs.sh" \
  --run-arg --sandbox-helper --run-arg "$(command -v node)" --run-arg --memory-limit --run-arg 64G \
  --short-name "TF.js-$backend" --method-file vendors/tfjs/method.txt \
  --command "vendors/tfjs/certify.sh $backend" "$@"
