#!/usr/bin/env bash
# Runs the harness over the full vector set under valgrind memcheck, both
# profiles, with the built-in kernels in-process: no memcheck error and no
# definite/indirect/possible leak is allowed (exit code 99 from valgrind).
set -euo pipefail
valgrind="$1"; cts="$2"; vectors="$3"; out="$4"
[ -n "$valgrind" ] && [ -x "$valgrind" ] || { echo "valgrind not found"; exit 1; }
mkdir -p "$out"
for profile in onnx sonnx; do
  set +e
  "$valgrind" --quiet --error-exitcode=99 --leak-check=full \
      --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
      "$cts" run --vectors "$vectors" --profile "$profile" --quiet \
      --json "$out/$profile.json" 2>"$out/$profile.valgrind.txt"
  rc=$?
  set -e
  if [ "$rc" -ne 0 ]; then
    echo "profile $profile: sonnx-cts under valgrind exited $rc"; cat "$out/$profile.valgrind.txt"; exit 1
  fi
  echo "profile $profile: valgrind memcheck clean"
done
