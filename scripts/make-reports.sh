#!/usr/bin/env bash
# make-reports.sh — regenerate the committed conformance reports (docs/reports.md):
#   docs/reports/builtin.{json,html,md} + docs/reports/builtin.png
#       the built-in reference kernels on vectors/ (sonnx profile)
#   docs/conformance/onnxruntime-1.30.0.{html,md} + .png
#       rendered from docs/conformance/onnxruntime-1.30.0.json when it exists
# Builds sonnx-cts into $BUILD_DIR (default build/) when it is not there.
# Run from anywhere; paths in the reports are relative to the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
SONNX_CTS="${SONNX_CTS:-$BUILD_DIR/harness/cli/sonnx-cts}"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

if [ ! -x "$SONNX_CTS" ]; then
  BUILD_DIR="$BUILD_DIR" scripts/build.sh
fi

# screenshot HTML PNG HEIGHT: the top of the page (verdict, identity, matrix)
# in headless Chromium with a throw-away profile.
screenshot() {
  local profile
  profile="$(mktemp -d)"
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" --window-size=1400,"$3" \
    --screenshot="$2" "file://$(realpath "$1")" 2>/dev/null
  rm -rf "$profile"
  [ -s "$2" ] || { echo "make-reports: no screenshot $2" >&2; exit 1; }
}

mkdir -p docs/reports
# Exit status 1 (non-conformance) still produces reports; only 2 is an error.
status=0
"$SONNX_CTS" run --vectors vectors --profile sonnx --quiet \
  --json docs/reports/builtin.json --html docs/reports/builtin.html \
  --md docs/reports/builtin.md || status=$?
if [ "$status" -ge 2 ]; then
  echo "make-reports: the built-in run failed (exit $status)" >&2
  exit "$status"
fi
screenshot docs/reports/builtin.html docs/reports/builtin.png 2400
echo "make-reports: docs/reports/builtin.{json,html,md,png} (run exit $status)"

ORT_JSON=docs/conformance/onnxruntime-1.30.0.json
if [ -f "$ORT_JSON" ]; then
  base="${ORT_JSON%.json}"
  "$SONNX_CTS" report "$ORT_JSON" --html "$base.html" --md "$base.md" \
    --requirements vectors/requirements.json --spec-notes docs/spec-notes.md
  screenshot "$base.html" "$base.png" 2400
  echo "make-reports: $base.{html,md,png}"
else
  echo "make-reports: $ORT_JSON not found; ONNX Runtime report not rendered"
fi
