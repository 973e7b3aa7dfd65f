#!/bin/sh
# numpy_same_pairs.sh — the numpy baseline of bench/sweep_sampled.sh draws
# exactly the pairs of the C sampled sweep (generator v5), so the benchmark
# compares like with like: 2^17 samples of float32 Div and Mul, seed 3.
# Skipped (77) when numpy is missing.
# usage: numpy_same_pairs.sh SAMPLE_DUMP PYTHON BENCH_SCRIPT WORKDIR
set -eu
dump=$1; py=$2; script=$3; work=$4
"$py" -c 'import numpy' 2>/dev/null || { echo "numpy missing: skipped"; exit 77; }
mkdir -p "$work"
for op in Div Mul; do
  "$dump" "$op" 131072 3 > "$work/c-$op.txt"
  "$py" "$script" --dump "$op" 131072 3 > "$work/np-$op.txt"
  if ! cmp "$work/c-$op.txt" "$work/np-$op.txt"; then
    echo "FAIL: $op: the numpy baseline draws other pairs than the C generator"
    exit 1
  fi
  echo "ok: $op: $(wc -l < "$work/c-$op.txt") pairs identical"
done
