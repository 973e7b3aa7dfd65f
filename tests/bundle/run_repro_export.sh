#!/usr/bin/env bash
# run_repro_export.sh — `sonnx-cts repro` on a case ONNX Runtime fails, then
# the exported one-element folder loaded by sonnx-cts (its manifest) and by
# ONNX Runtime itself (ort_load_export: model.onnx as a session).
#
#   run_repro_export.sh SONNX_CTS ORT_PLUGIN ORT_LIB VECTORS LOADER WORKDIR
#
# The case and element are fixed here (pow/float32_int64/hard_sign: ORT
# 1.30.0 computes (-1)^(2^53+1) as +1, docs/conformance/), never taken from
# the output under test.
set -euo pipefail
cli="$1"; plugin="$2"; lib="$3"; vectors="$4"; loader="$5"; work="$6"
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -f "$vectors/manifest.json" ]] || { echo "SKIP: no vector set"; exit 77; }
rm -rf "$work"; mkdir -p "$work"
ort=(--vendor "$plugin" --vendor-options "lib=$lib")
id=pow/float32_int64/hard_sign

set +e
"$cli" repro "${ort[@]}" --vectors "$vectors" --case "$id" >"$work/repro.txt" 2>&1
rc=$?
set -e
cat "$work/repro.txt"
[[ $rc -eq 1 ]] || fail "repro of a failing case exited $rc, not 1"
grep -q '^Pow float32,int64->float32 elem 24 a 0xbf800000 -1 b 0x0020000000000001 9007199254740993 expected 0xbf800000 -1 got 0x3f800000 1 ulp [0-9]* sign-flip$' \
  "$work/repro.txt" || fail "repro does not print element 24's line"

set +e
"$cli" repro "${ort[@]}" --vectors "$vectors" --case "$id" --element 24 --export "$work/export" \
  >"$work/export.txt" 2>&1
rc=$?
set -e
cat "$work/export.txt"
[[ $rc -eq 1 ]] || fail "repro --element 24 --export exited $rc, not 1"
dir="$work/export/test_pow_float32_int64_hard_sign_e24"
for f in manifest.json; do [[ -f "$work/export/$f" ]] || fail "no $f"; done
for f in model.onnx test_data_set_0/input_0.pb test_data_set_0/input_1.pb test_data_set_0/output_0.pb; do
  [[ -f "$dir/$f" ]] || fail "the export lacks $f"
done

# sonnx-cts loads it: the built-in kernels conform on it, ORT fails it again.
"$cli" run --vectors "$work/export" --quiet --json "$work/builtin.json" ||
  fail "the built-in kernels do not pass the exported element"
set +e
"$cli" run --vectors "$work/export" --quiet --json "$work/ort.json" "${ort[@]}"
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "ORT through sonnx-cts on the export exited $rc, not 1"
grep -Eq '"id":[[:space:]]*"pow/float32_int64/hard_sign/e24"' "$work/ort.json" || fail "the export's case id"
# and without the manifest (ONNX backend-test layout scanned: the onnx profile)
rm "$work/export/manifest.json"
"$cli" run --vectors "$work/export" --profile onnx --quiet || fail "the scanned export does not load"

# ONNX Runtime itself loads model.onnx and runs the .pb inputs.
"$loader" "$lib" "$dir"
echo "PASS"
