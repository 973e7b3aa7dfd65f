#!/usr/bin/env bash
# certify.sh — certify ONNX Runtime 1.30.0 against every vector of the
# repository under both profiles, and regenerate its conformance record:
#
#   docs/conformance/onnxruntime-1.30.0.json       the record (both runs' JSON)
#   docs/conformance/onnxruntime-1.30.0.md         the report, from that JSON
#   docs/conformance/onnxruntime-1.30.0-{onnx,sonnx}.{md,html}
#                                                  full per-case detail,
#                                                  rendered by `sonnx-cts report`
# (the screenshots beside them: scripts/make-reports.sh, which needs Chromium)
#
# usage: vendors/onnxruntime/certify.sh [--write-baselines]
#   --write-baselines  also record vendors/onnxruntime/baseline-{onnx,sonnx}.json
#                      (what the ctest ort_certify_baseline_* compares against)
# environment: BUILD_DIR (default: build) — configured with
#   -DSONNX_CTS_BUILD_ORT=ON and built (only the two targets needed) if needed.
#
# Exit status: 0 when the record was written (ORT's non-conformance is the
# finding, not a failure of this script); non-zero when a run could not be
# made (harness exit 2: unloadable plugin, unusable vectors, ERROR cases).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

version=1.30.0
lib="$(scripts/fetch-onnxruntime.sh)"
exec vendors/common/certify-runtime.sh --stem "onnxruntime-$version" \
  --dir vendors/onnxruntime --target sonnx_ort_plugin \
  --plugin vendors/onnxruntime/sonnx_ort_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_ORT=ON --vendor-options "lib=$lib" \
  --library "$lib" \
  --library-source "libonnxruntime.so.1 of npm onnxruntime-node@$version (package/bin/napi-v6/linux/x64), fetched by scripts/fetch-onnxruntime.sh" \
  --command "vendors/onnxruntime/certify.sh" "$@"
