#!/usr/bin/env bash
# build.sh — configure and build sonnx-cts into ./build (Release with debug info).
# Extra arguments go to the CMake configure step, e.g. -DSONNX_CTS_SANITIZE=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
cmake -S . -B "$BUILD_DIR" "$@"
cmake --build "$BUILD_DIR" -j"$(nproc)"
