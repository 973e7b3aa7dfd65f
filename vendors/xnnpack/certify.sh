#!/usr/bin/env bash
# certify.sh — certify XNNPACK (Debian libxnnpack0, operator API) against
# every vector under both profiles and regenerate docs/conformance/
# xnnpack-VERSION.* (vendors/common/certify-runtime.sh says what and how).
# With --write-baselines also vendors/xnnpack/baseline-{onnx,sonnx}.json.
#
# usage: vendors/xnnpack/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libXNNPACK.so.0 2>/dev/null || true)
[[ -f "$lib" ]] || { echo "certify: libXNNPACK.so.0 not found (scripts/setup.sh)" >&2; exit 2; }
pkg=$(dpkg-query -W -f='${Version}' libxnnpack0 2>/dev/null || echo unknown)
version=${pkg%%-*}; version=${version#0.0~}
exec vendors/common/certify-runtime.sh --stem "xnnpack-$version" \
  --dir vendors/xnnpack --target sonnx_xnnpack_plugin \
  --plugin vendors/xnnpack/sonnx_xnnpack_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_XNNPACK=ON \
  --library "$lib" \
  --library-source "$(basename "$lib") of Debian bookworm libxnnpack0 $pkg" \
  --short-name XNNPACK --method-file vendors/xnnpack/method.txt \
  --command "vendors/xnnpack/certify.sh" "$@"
