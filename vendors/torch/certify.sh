#!/usr/bin/env bash
# certify.sh — certify PyTorch 1.13 (Debian libtorch-dev, libtorch_cpu)
# against every vector under both profiles and regenerate
# docs/conformance/torch-VERSION.* (vendors/common/certify-runtime.sh says
# what and how).  With --write-baselines also the baselines per ISA class,
# vendors/torch/baseline-{onnx,sonnx}.<class>.json: this CPU's class
# (ATen's default dispatch, avx2 on x86-64 with AVX2) and, forced down with
# ATEN_CPU_CAPABILITY=default, the scalar kernels' class `default`.
#
# usage: vendors/torch/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libtorch_cpu.so.1.13 2>/dev/null || true)
[[ -f "$lib" ]] || { echo "certify: libtorch_cpu.so.1.13 not found (scripts/setup.sh)" >&2; exit 2; }
pkg=$(dpkg-query -W -f='${Version}' libtorch1.13 2>/dev/null || echo unknown)
version=$(awk '/define TORCH_VERSION_(MAJOR|MINOR|PATCH)/ { v = v (v ? "." : "") $3 } END { print v }' \
  /usr/include/torch/csrc/api/include/torch/version.h)
exec vendors/common/certify-runtime.sh --stem "torch-$version" \
  --dir vendors/torch --target sonnx_torch_plugin \
  --plugin vendors/torch/sonnx_torch_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_TORCH=ON \
  --library "$lib" \
  --library-source "$(basename "$lib") of Debian bookworm libtorch1.13 $pkg" \
  --short-name PyTorch --method-file vendors/torch/method.txt \
  --isa-class default:ATEN_CPU_CAPABILITY=default \
  --command "vendors/torch/certify.sh" "$@"
