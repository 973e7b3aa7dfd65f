#!/usr/bin/env bash
# make-reports.sh — regenerate the committed conformance reports (docs/reports.md):
#   docs/reports/builtin.{json,html,md} + docs/reports/builtin*.png
#       the built-in reference kernels on vectors/ (sonnx profile)
#   docs/conformance/<runtime>-<profile>.{html,md} + *.png, one per profile
#       of each record of vendors/common/runtimes.tsv that exists
#   docs/conformance/compare.png, compare-differ.png: the cross-runtime
#       matrix (scripts/compare-runtimes.sh writes compare.html)
# Builds sonnx-cts into $BUILD_DIR (default build/) when it is not there.
# Run from anywhere; paths in the reports are relative to the repository.
#
# usage: scripts/make-reports.sh [--certify [--write-baselines]]
#   --certify          first certify every runtime of vendors/common/runtimes.tsv
#                      (its vendors/<runtime>/certify.sh: the records
#                      docs/conformance/<runtime>.json) and regenerate the
#                      comparison (scripts/compare-runtimes.sh); a runtime
#                      that is not set up here is named and left out
#   --write-baselines  with --certify: also each runtime's CI baselines
#                      (vendors/<runtime>/baseline-*.json, per ISA class where
#                      the runtime's verdicts depend on it)
# So, after new vectors: `scripts/make-reports.sh --certify --write-baselines`
# regenerates every record, baseline, comparison and rendering.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
SONNX_CTS="${SONNX_CTS:-$BUILD_DIR/harness/cli/sonnx-cts}"
certify=0 baselines=()
for arg in "$@"; do
  case "$arg" in
    --certify) certify=1 ;;
    --write-baselines) baselines=(--write-baselines) ;;
    *) echo "make-reports: unknown argument $arg (--certify, --write-baselines)" >&2; exit 2 ;;
  esac
done
[[ $certify == 1 || ${#baselines[@]} -eq 0 ]] || { echo "make-reports: --write-baselines needs --certify" >&2; exit 2; }
# The runtimes: vendors/common/runtimes.tsv (record, label, certify script),
# read by its one reader, which refuses a malformed table (set -e stops here).
runtime_table=$(/usr/bin/python3 vendors/common/runtime_table.py --fields record,certify)
runtime_records=() runtime_scripts=()
while IFS=$'\t' read -r rec script; do
  [[ -n "$rec" ]] || continue   # an empty table: no line at all
  runtime_records+=("docs/conformance/$rec")
  runtime_scripts+=("$script")
done <<<"$runtime_table"

if [ ! -x "$SONNX_CTS" ]; then
  BUILD_DIR="$BUILD_DIR" scripts/build.sh
fi

# shots HTML PREFIX: PREFIX.png (top of the page: verdict, identity),
# PREFIX-matrix.png, PREFIX-trace.png (first 1800 px of the traceability
# table), and PREFIX-failure.png (the first non-passing case, preferably one
# with mismatching elements) when there is one; headless Chromium over the DevTools protocol (tests/report/cdp_shot.py),
# which fails on any console message.
shots() {
  /usr/bin/python3 tests/report/cdp_shot.py "$1" "$2" \
    "table.matrix=matrix" "table.trace=trace:1800" || return 1
  if grep -q '<section class="case ' "$1"; then
    # Prefer a failure with mismatching elements (its sample table) over
    # one decided by status alone.
    local sel="section.case"
    grep -q '<table class="samples">' "$1" && sel="section.case:has(table.samples)"
    /usr/bin/python3 tests/report/cdp_shot.py "$1" "$2-tmp" "$sel=failure:1400"
    mv "$2-tmp-failure.png" "$2-failure.png"
    rm -f "$2-tmp.png"
  else
    rm -f "$2-failure.png"
  fi
}

if [[ $certify == 1 ]]; then
  left_out=()
  for script in "${runtime_scripts[@]}"; do
    echo "make-reports: $script ${baselines[*]:-}"
    read -r -a cmd <<<"$script"   # a script and its arguments (runtimes.tsv)
    if ! BUILD_DIR="$BUILD_DIR" "${cmd[@]}" ${baselines[@]+"${baselines[@]}"}; then
      left_out+=("$script")
    fi
  done
  BUILD_DIR="$BUILD_DIR" scripts/compare-runtimes.sh
  [[ ${#left_out[@]} -eq 0 ]] || echo "make-reports: not certified (not set up here?): ${left_out[*]}" >&2
fi

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
shots docs/reports/builtin.html docs/reports/builtin
echo "make-reports: docs/reports/builtin.{json,html,md} and screenshots (run exit $status)"

# ONNX Runtime: a conformance record (runs by profile + the certified
# library, written by the ORT engineer's certification script) or a plain
# run report; one HTML/Markdown report per profile it holds.
for ORT_JSON in "${runtime_records[@]}"; do
if [ -f "$ORT_JSON" ]; then
  base="${ORT_JSON%.json}"
  profiles="$(/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted(d["runs"])) if d.get("schema") == "sonnx-cts-conformance"
      else d["identity"]["profile"])' "$ORT_JSON")"
  for p in $profiles; do
    "$SONNX_CTS" report "$ORT_JSON" --profile "$p" --html "$base-$p.html" --md "$base-$p.md" \
      --requirements vectors/requirements.json --spec-notes docs/spec-notes.md
    shots "$base-$p.html" "$base-$p"
    echo "make-reports: $base-$p.{html,md} and screenshots"
  done
else
  echo "make-reports: $ORT_JSON not found; its report not rendered"
fi
done
if [ -f docs/conformance/compare.html ]; then
  /usr/bin/python3 tests/report/cdp_shot.py docs/conformance/compare.html \
    docs/conformance/compare "table#differ=differ:1800"
  echo "make-reports: docs/conformance/compare*.png"
fi
