#!/usr/bin/env bash
# certify.sh — certify ONNX Runtime Web 1.30.0 (npm onnxruntime-web, ORT's
# WebAssembly build under node) against every vector under both profiles
# and regenerate docs/conformance/onnxruntime-web-1.30.0.{json,md} and the
# per-profile detail (vendors/common/certify-runtime.sh).  With
# --write-baselines also vendors/onnxruntime-web/baseline-{onnx,sonnx}.json.
#
# usage: vendors/onnxruntime-web/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
version=1.30.0
pkg="$(scripts/fetch-onnxruntime.sh --web)"
exec vendors/common/certify-runtime.sh --stem "onnxruntime-web-$version" \
  --dir vendors/onnxruntime-web --target sonnx_ort_web_plugin \
  --plugin vendors/onnxruntime-web/sonnx_ort_web_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_ORT_WEB=ON --vendor-options "dir=$pkg" \
  --library "$pkg/dist/ort-wasm-simd-threaded.wasm" \
  --library-source "dist/ort-wasm-simd-threaded.wasm of npm onnxruntime-web@$version, run by node $(node --version), fetched by scripts/fetch-onnxruntime.sh --web" \
  --run-arg --sandbox-helper --run-arg "$(command -v node)" --run-arg --memory-limit --run-arg 64G \
  --short-name "ORT-Web" --method-file vendors/onnxruntime-web/method.txt \
  --command "vendors/onnxruntime-web/certify.sh" "$@"
