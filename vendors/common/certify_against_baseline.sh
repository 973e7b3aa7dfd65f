#!/usr/bin/env bash
# certify_against_baseline.sh — the ctests <adapter>_certify_baseline_<profile>:
# certifies one runtime against every vector under one profile and passes
# only when no verdict differs from the committed baseline
# (vendors/<adapter>/baseline-<profile>.json, written by
# `vendors/<adapter>/certify.sh --write-baselines`).
# usage: certify_against_baseline.sh NAME CLI PLUGIN VECTORS BASELINE PROFILE
#          VENDOR_OPTIONS [REQUIRED_FILE [RUN_ARG...]]
# Exit 77 (skipped) only when REQUIRED_FILE (the runtime's library; "" for
# none) is absent.  RUN_ARGs are passed to `sonnx-cts run` (e.g.
# --memory-limit for a runtime the sandbox must give more address space).
#
# ISA classes (vendors/common/README.md): when the adapter's identity
# carries "isa_class=C" (the instruction-set class its verdicts depend on,
# e.g. oneDNN's bf16 primitives exist only with AVX-512), the baseline
# compared is BASELINE with ".C" before ".json"
# (baseline-<profile>.C.json): one probe run of a single case reads the
# class first.  SCT_EXPECT_ISA_CLASS=C (the tests that force a runtime's
# dispatch down, e.g. ONEDNN_MAX_CPU_ISA=AVX2) skips (77) when this CPU
# cannot reach class C.
set -uo pipefail
[[ $# -ge 7 ]] || { echo "usage: $0 NAME CLI PLUGIN VECTORS BASELINE PROFILE VENDOR_OPTIONS [REQUIRED_FILE]" >&2; exit 2; }
name=$1 cli=$2 plugin=$3 vectors=$4 baseline=$5 profile=$6 vopts=$7 required=${8:-}
shift $(( $# < 8 ? $# : 8 ))
if [[ -n "$required" && ! -r "$required" ]]; then
  echo "SKIP: $name: $required not found (scripts/setup.sh)"
  exit 77
fi
[[ -f "$vectors/manifest.json" ]] || { echo "FAIL: $vectors/manifest.json missing"; exit 1; }

# The probe: the first float32 Mul case of the set under this profile
# (any case would do; the identity is written at init).
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
probe=$("$cli" list --vectors "$vectors" --profile "$profile" --op Mul --type float32 --ids 2>/dev/null \
        | awk 'NF && $1 ~ /^mul\// { print $1; exit }')
class=""
if [[ -n "$probe" ]]; then
  "$cli" run --vectors "$vectors" --profile "$profile" --vendor "$plugin" \
    --vendor-options "$vopts" --case "$probe" --json "$tmp/probe.json" --quiet "$@" \
    >/dev/null 2>"$tmp/probe.err"
  if [[ ! -s "$tmp/probe.json" ]]; then
    echo "FAIL: $name: the identity probe (case $probe) wrote no report:"; cat "$tmp/probe.err"
    exit 1
  fi
  class=$(grep -o 'isa_class=[A-Za-z0-9_]*' "$tmp/probe.json" | head -n 1 | cut -d= -f2)
fi
if [[ -n "${SCT_EXPECT_ISA_CLASS:-}" && "$class" != "$SCT_EXPECT_ISA_CLASS" ]]; then
  echo "SKIP: $name: ISA class '${class:-none}' on this CPU, not $SCT_EXPECT_ISA_CLASS"
  exit 77
fi
if [[ -n "$class" ]]; then
  baseline="${baseline%.json}.$class.json"
fi
[[ -f "$baseline" ]] || { echo "FAIL: baseline $baseline missing (certify.sh --write-baselines${class:+ on a CPU of ISA class $class})"; exit 1; }
"$cli" run --vectors "$vectors" --profile "$profile" --vendor "$plugin" \
  --vendor-options "$vopts" --baseline "$baseline" --max-errors 0 --quiet "$@"
status=$?
# --quiet keeps the per-case text off stdout; the baseline lines (one per
# difference, naming the case) are still printed.
if [[ $status -ne 0 ]]; then
  echo "FAIL: $name $profile run differs from $baseline (exit $status)"
  exit 1
fi
echo "PASS: $name $profile run matches $baseline"
