#!/usr/bin/env bash
# certify.sh — certify PoCL (Debian pocl-opencl-icd) against every vector
# under both profiles and regenerate docs/conformance/pocl-VERSION.{json,md}
# and the per-profile detail (vendors/common/certify-runtime.sh).  With
# --write-baselines also vendors/pocl/baseline-{onnx,sonnx}.json.
#
# usage: vendors/pocl/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libpocl.so.2 2>/dev/null || true)
[[ -f "$lib" ]] || { echo "certify: libpocl.so.2 not found (scripts/setup.sh)" >&2; exit 2; }
pkg=$(dpkg-query -W -f='${Version}' libpocl2 2>/dev/null || echo unknown)
version=${pkg%%-*}
exec vendors/common/certify-runtime.sh --stem "pocl-$version" \
  --dir vendors/pocl --target sonnx_pocl_plugin \
  --plugin vendors/pocl/sonnx_pocl_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_POCL=ON \
  --library "$lib" \
  --library-source "$(basename "$lib") of Debian bookworm libpocl2 $pkg (pocl-opencl-icd, CPU pthread device)" \
  --run-arg --sandbox-helper --run-arg /usr/bin/ld \
  --short-name PoCL --method-file vendors/pocl/method.txt \
  --command "vendors/pocl/certify.sh" "$@"
