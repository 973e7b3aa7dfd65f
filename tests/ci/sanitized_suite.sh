#!/usr/bin/env bash
# Rebuilds the project with ASan+UBSan in BUILD and runs its whole ctest suite
# (minus the ci-nested tests, which would recurse).  Any sanitizer report
# aborts the test that triggered it (-fno-sanitize-recover=all), so a clean
# exit here means no report.
set -euo pipefail
src="$1"; build="$2"; shift 2
# Further arguments are CMake cache settings carried over from the outer
# build (warnings as errors, the specification directory).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
# Sanitized code runs several times slower: stretch Check's per-test
# timeouts (they exist to catch hangs, not to measure speed).
export CK_TIMEOUT_MULTIPLIER="${CK_TIMEOUT_MULTIPLIER:-10}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cmake -S "$src" -B "$build" -DSONNX_CTS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug "$@" >/dev/null
cmake --build "$build" -j"$(nproc)" >"$build.log" 2>&1 || { tail -50 "$build.log"; exit 1; }
ctest --test-dir "$build" -LE ci-nested --output-on-failure -j"$(nproc)"
