#!/usr/bin/env bash
# certify.sh — certify Eigen 3.4's Tensor expressions (Debian libeigen3-dev,
# header-only: the certified binary is this build's plugin) against every
# vector under both profiles and regenerate docs/conformance/eigen-VERSION.*
# (vendors/common/certify-runtime.sh says what and how).  With
# --write-baselines also vendors/eigen/baseline-{onnx,sonnx}.json.
#
# usage: vendors/eigen/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
hdr=/usr/include/eigen3/Eigen/src/Core/util/Macros.h
[[ -f "$hdr" ]] || { echo "certify: Eigen headers not found (scripts/setup.sh)" >&2; exit 2; }
version=$(awk '/define EIGEN_(WORLD|MAJOR|MINOR)_VERSION/ { v = v (v ? "." : "") $3 } END { print v }' "$hdr")
pkg=$(dpkg-query -W -f='${Version}' libeigen3-dev 2>/dev/null || echo unknown)
BUILD_DIR="${BUILD_DIR:-build}"
exec vendors/common/certify-runtime.sh --stem "eigen-$version" \
  --dir vendors/eigen --target sonnx_eigen_plugin \
  --plugin vendors/eigen/sonnx_eigen_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_EIGEN=ON \
  --library "$BUILD_DIR/vendors/eigen/sonnx_eigen_plugin.so" \
  --library-source "this build's adapter compiled against Debian bookworm libeigen3-dev $pkg (header-only; compiler, flags and SIMD in the identity)" \
  --short-name Eigen --method-file vendors/eigen/method.txt \
  --command "vendors/eigen/certify.sh" "$@"
