#!/usr/bin/env bash
# fetch-tfjs.sh — install TensorFlow.js 4.22.0 (npm @tensorflow/tfjs-core,
# tfjs-backend-cpu, tfjs-backend-wasm) into the sonnx-cts cache, outside the
# source tree, for vendors/tfjs; print the install directory:
#   ${cache}/tfjs-4.22.0   (node_modules/@tensorflow/... inside)
# `npm install --ignore-scripts` (no install scripts run); the files that
# compute — the wasm backend's tfjs-backend-wasm-simd.wasm and the cpu
# backend's dist/tf-backend-cpu.node.js — must have the sha256 recorded at
# the first download, else they are removed and the script fails (a
# certification names exactly what it certified).  Never committed.
# Idempotent, non-interactive.
#
# Environment: SONNX_CTS_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts)
set -euo pipefail
VERSION="4.22.0"
# recorded at the first download (2026-11-28)
WASM_SHA256="77ebb28a6d34f371dbbf2086b7f2de8994acd8ea5a3cf1fa24d2c26c840cac7b"
CPU_SHA256="647bbae169aa72269da63dc0cc78ea34317f2795e28222e118f71da1516ecc1e"
cache_root="${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}"
root="${cache_root}/tfjs-${VERSION}"
mods="${root}/node_modules/@tensorflow"
wasm="${mods}/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm"
cpu="${mods}/tfjs-backend-cpu/dist/tf-backend-cpu.node.js"
sha_of() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }
if [[ "$(sha_of "$wasm")" != "$WASM_SHA256" || "$(sha_of "$cpu")" != "$CPU_SHA256" ]]; then
  command -v npm >/dev/null 2>&1 || { echo "fetch-tfjs: npm not found" >&2; exit 1; }
  mkdir -p "$root"
  tmpc="$(mktemp -d "${TMPDIR:-/tmp}/sonnx-tfjs.XXXXXX")"
  trap 'rm -rf "$tmpc"' EXIT
  npm install --prefix "$root" "@tensorflow/tfjs-core@${VERSION}" \
    "@tensorflow/tfjs-backend-cpu@${VERSION}" "@tensorflow/tfjs-backend-wasm@${VERSION}" \
    --ignore-scripts --no-audit --no-fund --silent --cache "$tmpc" </dev/null >&2 ||
    { echo "fetch-tfjs: npm install @tensorflow/*@${VERSION} failed" >&2; exit 1; }
  for pair in "$wasm:$WASM_SHA256" "$cpu:$CPU_SHA256"; do
    f=${pair%:*} want=${pair##*:} got=$(sha_of "${pair%:*}")
    if [[ "$got" != "$want" ]]; then
      rm -rf "${root}/node_modules"
      echo "fetch-tfjs: $f has sha256 ${got:-none}, expected $want; removed" >&2
      exit 1
    fi
  done
fi
echo "$root"
