#!/bin/sh
# bench/sweep-vendor.sh — full sweeps of one implementation over every
# 16/8-bit space sonnx-cts sweeps (Div, Mul, Less: float16 bfloat16 int16
# uint16 int8 uint8; Pow: float16 bfloat16), one JSON report per sweep, then
# a Markdown summary (bench/sweep_summary.py) of what the plugin supports.
#
# usage: bench/sweep-vendor.sh OUT_DIR PLUGIN.so [VENDOR_OPTIONS]
#   SONNX_CTS=path  the sonnx-cts binary (default build/harness/cli/sonnx-cts)
#   OPS="Div Mul"   restrict the ops; TYPES="float16" restrict the types
# Long: run it under `nice -n 19` on a shared machine.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$1; plugin=$2; vopts=${3:-}
cts=${SONNX_CTS:-"$here/../build/harness/cli/sonnx-cts"}
mkdir -p "$out"
for op in ${OPS:-Div Mul Less Pow}; do
  for t in ${TYPES:-float16 bfloat16 int16 uint16 int8 uint8}; do
    case "$op:$t" in Pow:*int*) continue ;; esac
    echo "== $op $t ($(date -u +%H:%M:%S))"
    "$cts" sweep --op "$op" --type "$t" --vendor "$plugin" --vendor-options "$vopts" \
        --first 10 --timeout 600 --json "$out/sweep-$op-$t.json" > "$out/sweep-$op-$t.txt" 2>&1
    echo "   exit $? $(grep -E '^verdict' "$out/sweep-$op-$t.txt")"
  done
done
/usr/bin/python3 "$here/sweep_summary.py" "$out"/sweep-*.json > "$out/summary.md"
echo "summary: $out/summary.md"
