#!/usr/bin/env bash
# compare-runtimes.sh — the cross-runtime comparison, ONE command
# after the runtimes' records (vendors/*/certify.sh) are regenerated:
#
#   docs/conformance/builtin.json            record of the built-in kernels
#                                            (both profiles; the reference column)
#   docs/conformance/compare.{md,html}       matrix, profile onnx
#   docs/conformance/compare-sonnx.{md,html} matrix, profile sonnx
#   docs/conformance/README.md               its "Runtimes side by side"
#                                            section: compare.md minus "Every row"
#
# all rendered by `sonnx-cts compare` from the committed records of
# built-in and every runtime of vendors/common/runtimes.tsv.
#
# usage: scripts/compare-runtimes.sh [--render-only]
#   --render-only  do not re-run the built-in kernels: render from the
#                  committed records only (what ctest compare_committed checks)
# environment: BUILD_DIR (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=/usr/bin/python3
BUILD_DIR="${BUILD_DIR:-build}"
out=docs/conformance
render_only=0
[[ "${1:-}" == "--render-only" ]] && render_only=1

cmake --build "$BUILD_DIR" -j2 --target sonnx-cts >/dev/null
cli="$BUILD_DIR/harness/cli/sonnx-cts"

if [[ $render_only == 0 ]]; then
  # Inside the build tree, at a fixed repository-relative place: the runs'
  # command lines are recorded, and must not name a host's temporary paths.
  tmp="$BUILD_DIR/certify/builtin"
  rm -rf "$tmp" && mkdir -p "$tmp"
  start_ns=$(date +%s%N)
  for p in onnx sonnx; do
    set +e
    "$cli" run --vectors vectors --profile "$p" --json "$tmp/$p.json" --quiet
    s=$?
    set -e
    [[ $s -le 1 || $s -eq 3 ]] || { echo "compare: built-in $p run failed (exit $s)" >&2; exit "$s"; }
  done
  end_ns=$(date +%s%N)
  seconds=$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
  "$PY" "$out/combine_runs.py" --out "$out/builtin.json" --library "$cli" \
    --library-source "sonnx-cts built-in kernels (this build's CLI binary)" \
    --command "scripts/compare-runtimes.sh" --seconds "$seconds" \
    --source-commit "$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
    --short-name built-in --record-file builtin.json --relative-to "$PWD" \
    "onnx=$tmp/onnx.json" "sonnx=$tmp/sonnx.json"
fi

# The runtimes and their column labels: vendors/common/runtimes.tsv (the one
# list); a runtime whose record is missing (not set up here) is named and
# left out of the matrix.
# Read by its one reader, which refuses a malformed table (set -e stops here).
runtime_table=$("$PY" vendors/common/runtime_table.py --fields record,label)
records=(builtin.json built-in)
while IFS=$'\t' read -r rec label; do
  [[ -n "$rec" ]] || continue   # an empty table: no line at all
  records+=("$rec" "$label")
done <<<"$runtime_table"
args=()
for ((i = 0; i < ${#records[@]}; i += 2)); do
  f="$out/${records[i]}"
  if [[ ! -f "$f" ]]; then
    [[ $i -eq 0 ]] && { echo "compare: $f missing" >&2; exit 2; }
    echo "compare: $f missing (run its certify.sh); ${records[i + 1]} left out" >&2
    continue
  fi
  args+=("$f" --label "${records[i + 1]}")
done
# Every cell of compare.html links to its runtime's report page; the other
# runtimes' pages come with their records (certify.sh), the built-in's here.
for p in onnx sonnx; do
  "$cli" report "$out/builtin.json" --profile "$p" --html "$out/builtin-$p.html" \
    --md "$out/builtin-$p.md"
done
"$cli" compare --profile onnx "${args[@]}" --md "$out/compare.md" --html "$out/compare.html"
"$cli" compare --profile sonnx "${args[@]}" --md "$out/compare-sonnx.md" --html "$out/compare-sonnx.html"

# README: the section between the markers is compare.md without its title
# and without "Every row" (kept in compare.md).
"$PY" - "$out/README.md" "$out/compare.md" <<'PYEOF'
import sys
readme, cmp = sys.argv[1], sys.argv[2]
text = open(readme, encoding="utf-8").read()
body = open(cmp, encoding="utf-8").read().split("\n", 2)[2]
body = body.split("## Every row")[0].rstrip("\n")
body = body.replace("## ", "### ")
begin, end = "<!-- compare:begin -->", "<!-- compare:end -->"
if begin not in text or end not in text:
    sys.exit("compare: %s lacks the %s / %s markers" % (readme, begin, end))
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
new = head + begin + "\n" + body + "\n" + end + tail
with open(readme, "w", encoding="utf-8", newline="\n") as fh:
    fh.write(new)
PYEOF
echo "compare: wrote $out/compare{,-sonnx}.{md,html} and the README section"
