#!/usr/bin/env bash
# certify_against_baseline.sh — ctest ort_certify_baseline_<profile>:
# certifies ONNX Runtime 1.30.0 against every vector under one profile and
# passes only when no verdict differs from the committed baseline
# (vendors/onnxruntime/baseline-<profile>.json, written by
# `vendors/onnxruntime/certify.sh --write-baselines`).
# usage: certify_against_baseline.sh CLI PLUGIN ORT_LIB VECTORS BASELINE PROFILE
# Exit 77 (skipped) only when the ORT library is absent.
set -uo pipefail
[[ $# -eq 6 ]] || { echo "usage: $0 CLI PLUGIN ORT_LIB VECTORS BASELINE PROFILE" >&2; exit 2; }
cli=$1 plugin=$2 lib=$3 vectors=$4 baseline=$5 profile=$6
if [[ ! -r "$lib" ]]; then
  echo "SKIP: ONNX Runtime library $lib not found (run scripts/fetch-onnxruntime.sh)"
  exit 77
fi
[[ -f "$vectors/manifest.json" ]] || { echo "FAIL: $vectors/manifest.json missing"; exit 1; }
[[ -f "$baseline" ]] || { echo "FAIL: baseline $baseline missing (vendors/onnxruntime/certify.sh --write-baselines)"; exit 1; }
"$cli" run --vectors "$vectors" --profile "$profile" --vendor "$plugin" \
  --vendor-options "lib=$lib" --baseline "$baseline" --max-errors 0 --quiet
status=$?
# --quiet keeps the per-case text off stdout; the baseline lines (one per
# difference, naming the case) are still printed.
if [[ $status -ne 0 ]]; then
  echo "FAIL: ONNX Runtime $profile run differs from $baseline (exit $status)"
  exit 1
fi
echo "PASS: ONNX Runtime $profile run matches $baseline"
