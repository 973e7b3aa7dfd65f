#!/usr/bin/env bash
# certify-runtime.sh — the certification every vendors/*/certify.sh runs:
# every vector of the repository under both profiles through one adapter,
# then the conformance record and its renderings:
#
#   docs/conformance/STEM.json              the record (both runs' JSON)
#   docs/conformance/STEM.md                the report, from that JSON
#   docs/conformance/STEM-{onnx,sonnx}.{md,html}
#                                           full per-case detail
#                                           (`sonnx-cts report`)
#
# usage: vendors/common/certify-runtime.sh --stem STEM --dir vendors/X
#          --target CMAKE_TARGET --plugin PATH_IN_BUILD_DIR --library FILE
#          --library-source TEXT --command TEXT [--cmake-flag -DX=ON]
#          [--vendor-options STR] [--short-name NAME --method-file TXT]
#          [--run-env VAR=VALUE]... [--run-arg ARG]... [--write-baselines]
#          [--isa-class CLASS:VAR=VALUE]...
#   --run-env, --run-arg  environment and extra `sonnx-cts run` arguments of
#                      the runs (e.g. what the plugin sandbox must allow, for
#                      PoCL and ORT-Web: docs/plugin-abi.md §5.1); the record
#                      keeps them in each run's command line and identity
#   --write-baselines  also record DIR/baseline-{onnx,sonnx}.json (what the
#                      ctests *_certify_baseline_* compare against); an
#                      adapter whose identity names "isa_class=C" gets
#                      baseline-{onnx,sonnx}.C.json instead (vendors/common/
#                      README.md "ISA classes")
#   --isa-class CLASS:VAR=VALUE  with --write-baselines: also record the
#                      baselines of a lower ISA class, the runtime forced down
#                      by VAR=VALUE (e.g. avx2:ONEDNN_MAX_CPU_ISA=AVX2); a CPU
#                      that does not reach CLASS is said and skipped
# environment: BUILD_DIR (default: build), configured and built (only the
#   CLI and the plugin target) if needed.
#
# Exit status: 0 when the record was written (the runtime's
# non-conformance is the finding, not a failure of this script); non-zero
# when a run could not be made (harness exit 2).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

stem="" dir="" target="" plugin_rel="" lib="" lib_source="" command=""
cmake_flag="" vopts="" short="" method="" write_baselines=0
run_env=() run_args=() isa_classes=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --stem) stem=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    --plugin) plugin_rel=$2; shift 2 ;;
    --library) lib=$2; shift 2 ;;
    --library-source) lib_source=$2; shift 2 ;;
    --command) command=$2; shift 2 ;;
    --cmake-flag) cmake_flag=$2; shift 2 ;;
    --vendor-options) vopts=$2; shift 2 ;;
    --short-name) short=$2; shift 2 ;;
    --method-file) method=$2; shift 2 ;;
    --run-env) run_env+=("$2"); shift 2 ;;
    --run-arg) run_args+=("$2"); shift 2 ;;
    --write-baselines) write_baselines=1; shift ;;
    --isa-class) isa_classes+=("$2"); shift 2 ;;
    *) echo "certify-runtime: unknown argument $1" >&2; exit 2 ;;
  esac
done
for v in stem dir target plugin_rel lib lib_source command; do
  [[ -n "${!v}" ]] || { echo "certify-runtime: --${v//_rel/} is required" >&2; exit 2; }
done

PY=/usr/bin/python3
BUILD_DIR="${BUILD_DIR:-build}"
out_dir=docs/conformance
record="$out_dir/$stem.json"

if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
  cmake -S . -B "$BUILD_DIR" ${cmake_flag:+"$cmake_flag"} >/dev/null
elif [[ -n "$cmake_flag" ]]; then
  cmake "$BUILD_DIR" "$cmake_flag" >/dev/null
fi
cmake --build "$BUILD_DIR" -j2 --target sonnx-cts "$target" >/dev/null

cli="$BUILD_DIR/harness/cli/sonnx-cts"
plugin="$BUILD_DIR/$plugin_rel"
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

# Inside the build tree, at a fixed repository-relative place: the runs'
# command lines are recorded, and must not name a host's temporary paths.
tmp="$BUILD_DIR/certify/$stem"
rm -rf "$tmp" && mkdir -p "$tmp"

start_ns=$(date +%s%N)
for profile in onnx sonnx; do
  extra=()
  if [[ $write_baselines == 1 ]]; then
    extra+=(--write-baseline "$dir/baseline-$profile.json")
  fi
  set +e
  env ${run_env[@]+"${run_env[@]}"} "$cli" run --vectors vectors --profile "$profile" \
    --vendor "$plugin" --vendor-options "$vopts" ${run_args[@]+"${run_args[@]}"} \
    --json "$tmp/$profile.json" --quiet ${extra[@]+"${extra[@]}"}
  status=$?
  set -e
  # 0 conforms, 1 non-conformant, 3 partial (declined op x types): each is a
  # finished certification (docs/cli.md "Verdicts and exit status").
  if [[ $status -eq 2 || $status -gt 3 ]]; then
    echo "certify: the $profile run did not finish as a certification (exit $status)" >&2
    exit "$status"
  fi
done
end_ns=$(date +%s%N)

# The ISA class a baseline was recorded on (its identity's isa_class item),
# or "" for an adapter whose verdicts do not depend on it.
isa_class_of() { grep -o 'isa_class=[A-Za-z0-9_]*' "$1" | head -n 1 | cut -d= -f2 || true; }
if [[ $write_baselines == 1 ]]; then
  for profile in onnx sonnx; do
    c=$(isa_class_of "$dir/baseline-$profile.json")
    if [[ -n "$c" ]]; then
      mv "$dir/baseline-$profile.json" "$dir/baseline-$profile.$c.json"
      echo "certify: $dir/baseline-$profile.$c.json (ISA class $c)"
    fi
  done
  for spec in ${isa_classes[@]+"${isa_classes[@]}"}; do
    want=${spec%%:*} force=${spec#*:}
    for profile in onnx sonnx; do
      b="$tmp/baseline-$profile.$want.json"
      set +e
      env ${run_env[@]+"${run_env[@]}"} "$force" "$cli" run --vectors vectors \
        --profile "$profile" --vendor "$plugin" --vendor-options "$vopts" \
        ${run_args[@]+"${run_args[@]}"} --quiet --write-baseline "$b"
      status=$?
      set -e
      [[ $status -le 1 ]] || { echo "certify: the $profile run with $force failed (exit $status)" >&2; exit "$status"; }
      c=$(isa_class_of "$b")
      if [[ "$c" != "$want" ]]; then
        echo "certify: with $force this CPU is ISA class '${c:-none}', not $want: baseline-$profile.$want.json not recorded" >&2
        continue
      fi
      mv "$b" "$dir/baseline-$profile.$want.json"
      echo "certify: $dir/baseline-$profile.$want.json (ISA class $want, $force)"
    done
  done
fi
seconds=$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')

named=()
[[ -n "$short" ]] && named+=(--short-name "$short" --record-file "$stem.json")
[[ -n "$method" ]] && named+=(--method-file "$method")
"$PY" "$out_dir/combine_runs.py" --out "$record" --library "$lib" \
  --library-source "$lib_source" --command "$command" --seconds "$seconds" \
  --source-commit "$source_commit" --relative-to "$root" "${named[@]}" \
  "onnx=$tmp/onnx.json" "sonnx=$tmp/sonnx.json"
details=()
for profile in onnx sonnx; do
  detail="$stem-$profile"
  "$cli" report "$record" --profile "$profile" \
    --html "$out_dir/$detail.html" --md "$out_dir/$detail.md" \
    --requirements vectors/requirements.json --spec-notes docs/spec-notes.md
  details+=(--detail "$profile=$detail.md")
done
"$PY" "$out_dir/render_conformance_md.py" "$record" "$out_dir/$stem.md" "${details[@]}"
echo "certify: $stem certified in $seconds s (both profiles); wrote $record and $out_dir/$stem*.md"
