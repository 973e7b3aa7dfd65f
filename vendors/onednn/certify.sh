#!/usr/bin/env bash
# certify.sh — certify oneDNN (Debian libdnnl2) against every vector under
# both profiles and regenerate docs/conformance/onednn-VERSION.{json,md} and
# the per-profile detail (vendors/common/certify-runtime.sh says what and
# how).  ONE command regenerates the record and, with --write-baselines, the
# baselines the ctests compare to: vendors/onednn/baseline-{onnx,sonnx}.<class>.json
# for this CPU's ISA class and, forced down with ONEDNN_MAX_CPU_ISA, for
# avx2 (vendors/common/README.md "ISA classes").
#
# usage: vendors/onednn/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libdnnl.so.2 2>/dev/null || true)
[[ -f "$lib" ]] || { echo "certify: libdnnl.so.2 not found (scripts/setup.sh)" >&2; exit 2; }
hdr=/usr/include/oneapi/dnnl/dnnl_version.h
version=$(awk '/define DNNL_VERSION_(MAJOR|MINOR|PATCH)/ { v = v (v ? "." : "") $3 } END { print v }' "$hdr")
pkg=$(dpkg-query -W -f='${Version}' libdnnl2 2>/dev/null || echo unknown)
exec vendors/common/certify-runtime.sh --stem "onednn-$version" \
  --dir vendors/onednn --target sonnx_onednn_plugin \
  --plugin vendors/onednn/sonnx_onednn_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_ONEDNN=ON \
  --library "$lib" \
  --library-source "$(basename "$lib") of Debian bookworm libdnnl2 $pkg" \
  --short-name oneDNN --method-file vendors/onednn/method.txt \
  --isa-class avx2:ONEDNN_MAX_CPU_ISA=AVX2 \
  --command "vendors/onednn/certify.sh" "$@"
