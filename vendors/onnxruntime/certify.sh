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

write_baselines=0
for arg in "$@"; do
  case "$arg" in
    --write-baselines) write_baselines=1 ;;
    *) echo "usage: $0 [--write-baselines]" >&2; exit 2 ;;
  esac
done

PY=/usr/bin/python3
BUILD_DIR="${BUILD_DIR:-build}"
version=1.30.0
out_dir=docs/conformance
record="$out_dir/onnxruntime-$version.json"

lib="$(scripts/fetch-onnxruntime.sh)"

if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
  cmake -S . -B "$BUILD_DIR" -DSONNX_CTS_BUILD_ORT=ON >/dev/null
elif ! grep -q '^SONNX_CTS_BUILD_ORT:STRING=ON$\|^SONNX_CTS_BUILD_ORT:STRING=AUTO$' "$BUILD_DIR/CMakeCache.txt"; then
  cmake "$BUILD_DIR" -DSONNX_CTS_BUILD_ORT=ON >/dev/null
fi
cmake --build "$BUILD_DIR" -j2 --target sonnx-cts sonnx_ort_plugin >/dev/null

cli="$BUILD_DIR/harness/cli/sonnx-cts"
plugin="$BUILD_DIR/vendors/onnxruntime/sonnx_ort_plugin.so"
[[ -f vectors/manifest.json ]] || { echo "certify: vectors/manifest.json missing" >&2; exit 2; }

# The record names the commit whose vectors were certified; uncommitted
# vector changes would make that a lie (SONNX_CTS_ALLOW_DIRTY_VECTORS=1 for
# a trial run; the record then says "-dirty").
source_commit=unknown
if git rev-parse --git-dir >/dev/null 2>&1; then
  source_commit=$(git rev-parse HEAD)
  if [[ -n "$(git status --porcelain -- vectors)" ]]; then
    if [[ "${SONNX_CTS_ALLOW_DIRTY_VECTORS:-0}" != 1 ]]; then
      echo "certify: vectors/ has uncommitted changes; commit them first" >&2
      exit 2
    fi
    source_commit="$source_commit-dirty"
  fi
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/sonnx-ort-certify.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

start_ns=$(date +%s%N)
for profile in onnx sonnx; do
  extra=()
  if [[ $write_baselines == 1 ]]; then
    extra+=(--write-baseline "vendors/onnxruntime/baseline-$profile.json")
  fi
  set +e
  "$cli" run --vectors vectors --profile "$profile" \
    --vendor "$plugin" --vendor-options "lib=$lib" \
    --json "$tmp/$profile.json" --quiet "${extra[@]}"
  status=$?
  set -e
  # 0 conforms, 1 non-conformant: both are a finished certification.
  if [[ $status -gt 1 ]]; then
    echo "certify: the $profile run did not finish as a certification (exit $status)" >&2
    exit "$status"
  fi
done
end_ns=$(date +%s%N)
seconds=$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')

"$PY" "$out_dir/combine_runs.py" --out "$record" --library "$lib" \
  --library-source "libonnxruntime.so.1 of npm onnxruntime-node@$version (package/bin/napi-v6/linux/x64), fetched by scripts/fetch-onnxruntime.sh" \
  --command "vendors/onnxruntime/certify.sh" --seconds "$seconds" \
  --source-commit "$source_commit" \
  "onnx=$tmp/onnx.json" "sonnx=$tmp/sonnx.json"
# Full per-case detail, rendered from the record exactly as
# scripts/make-reports.sh renders it (which also takes the screenshots).
details=()
for profile in onnx sonnx; do
  detail="onnxruntime-$version-$profile"
  "$cli" report "$record" --profile "$profile" \
    --html "$out_dir/$detail.html" --md "$out_dir/$detail.md" \
    --requirements vectors/requirements.json --spec-notes docs/spec-notes.md
  details+=(--detail "$profile=$detail.md")
done
"$PY" "$out_dir/render_conformance_md.py" "$record" "$out_dir/onnxruntime-$version.md" "${details[@]}"
echo "certify: ONNX Runtime $version certified in $seconds s (both profiles);" \
     "wrote $record and $out_dir/onnxruntime-$version*.md"
