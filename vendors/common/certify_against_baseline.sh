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
set -uo pipefail
[[ $# -ge 7 ]] || { echo "usage: $0 NAME CLI PLUGIN VECTORS BASELINE PROFILE VENDOR_OPTIONS [REQUIRED_FILE]" >&2; exit 2; }
name=$1 cli=$2 plugin=$3 vectors=$4 baseline=$5 profile=$6 vopts=$7 required=${8:-}
shift $(( $# < 8 ? $# : 8 ))
if [[ -n "$required" && ! -r "$required" ]]; then
  echo "SKIP: $name: $required not found (scripts/setup.sh)"
  exit 77
fi
[[ -f "$vectors/manifest.json" ]] || { echo "FAIL: $vectors/manifest.json missing"; exit 1; }
[[ -f "$baseline" ]] || { echo "FAIL: baseline $baseline missing (certify.sh --write-baselines)"; exit 1; }
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
