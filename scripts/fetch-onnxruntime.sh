#!/usr/bin/env bash
# fetch-onnxruntime.sh — put ONNX Runtime 1.30.0's CPU library (the C API
# shared object) into the sonnx-cts cache, outside the source tree, and print
# its path.  Used by set-up/CI before the ORT certification.
#
# Source: the npm package onnxruntime-node@1.30.0, which ships the library at
# package/bin/napi-v6/linux/x64/libonnxruntime.so.1.  We `npm pack` the
# tarball into a temporary directory (npm pack never runs the package's
# install scripts; --ignore-scripts makes that explicit) and extract only
# that one file.  The library is never committed.
#
# Idempotent: when the cached file exists and its sha256 matches PINNED_SHA256
# nothing is downloaded.  A download whose sha256 differs is refused (a
# certification must name exactly the binary it certified).
#
# Non-interactive: works as root, with CI=true and no stdin.
#
# With --web it instead installs onnxruntime-web@1.30.0 (ORT compiled to
# WebAssembly, for vendors/onnxruntime-web) beside the library:
#   ${cache}/onnxruntime-web-1.30.0/node_modules/onnxruntime-web
# with `npm install --ignore-scripts` (its pure-JS dependencies come along),
# checks the sha256 of the wasm binary it runs, and prints the package dir.
#
# Environment:
#   SONNX_CTS_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts)
set -euo pipefail

ORT_VERSION="1.30.0"
NPM_PACKAGE="onnxruntime-node@${ORT_VERSION}"
MEMBER="package/bin/napi-v6/linux/x64/libonnxruntime.so.1"
# sha256 of libonnxruntime.so.1 from onnxruntime-node@1.30.0 (linux x64),
# recorded at the first download (2026-11-21).
PINNED_SHA256="ffb75a925ba05e47b235bb66e3e3911714a80b328a9c9425539feb204aa32a23"

cache_root="${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}"

if [[ "${1:-}" == "--web" ]]; then
  # sha256 of dist/ort-wasm-simd-threaded.wasm of onnxruntime-web@1.30.0
  # (the one build the wasm execution provider loads with one thread),
  # recorded at the first download (2026-11-24).
  WEB_WASM_SHA256="3398c10d07d229bd91b364548e130e0e51a8e5704b88c7c083ebbeb78842dee2"
  web_root="${cache_root}/onnxruntime-web-${ORT_VERSION}"
  pkg="${web_root}/node_modules/onnxruntime-web"
  wasm="${pkg}/dist/ort-wasm-simd-threaded.wasm"
  if [[ ! -f "$wasm" || "$(sha256sum "$wasm" | cut -d' ' -f1)" != "$WEB_WASM_SHA256" ]]; then
    command -v npm >/dev/null 2>&1 || { echo "fetch-onnxruntime: npm not found" >&2; exit 1; }
    mkdir -p "$web_root"
    tmpc="$(mktemp -d "${TMPDIR:-/tmp}/sonnx-ortweb.XXXXXX")"
    trap 'rm -rf "$tmpc"' EXIT
    npm install --prefix "$web_root" "onnxruntime-web@${ORT_VERSION}" --ignore-scripts \
      --no-audit --no-fund --silent --cache "$tmpc" </dev/null >&2 ||
      { echo "fetch-onnxruntime: npm install onnxruntime-web@${ORT_VERSION} failed" >&2; exit 1; }
    got="$(sha256sum "$wasm" | cut -d' ' -f1)"
    if [[ "$got" != "$WEB_WASM_SHA256" ]]; then
      rm -rf "${web_root}/node_modules"
      echo "fetch-onnxruntime: $wasm has sha256 $got, expected $WEB_WASM_SHA256; removed" >&2
      exit 1
    fi
  fi
  echo "$pkg"
  exit 0
fi
dest_dir="${cache_root}/onnxruntime-${ORT_VERSION}"
dest="${dest_dir}/libonnxruntime.so.1"

die() { echo "fetch-onnxruntime: $*" >&2; exit 1; }

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  die "only linux x86_64 is supported (this is $(uname -s)-$(uname -m))"
fi

if [[ -f "$dest" ]]; then
  have="$(sha_of "$dest")"
  if [[ "$have" == "$PINNED_SHA256" ]]; then
    echo "$dest"
    exit 0
  fi
  echo "fetch-onnxruntime: $dest has sha256 $have, expected $PINNED_SHA256; downloading again" >&2
fi

command -v npm >/dev/null 2>&1 || die "npm not found (Debian package: npm)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/sonnx-ort.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# A private npm cache keeps root's/CI's global cache untouched and avoids
# permission problems; stdin from /dev/null so nothing can prompt.
(
  cd "$tmp"
  npm pack "$NPM_PACKAGE" --ignore-scripts --silent \
    --cache "$tmp/npm-cache" --no-audit --no-fund </dev/null >pack.out
) || die "npm pack $NPM_PACKAGE failed"

tarball="$(ls "$tmp"/onnxruntime-node-*.tgz 2>/dev/null | head -n1)"
[[ -n "$tarball" ]] || die "npm pack produced no tarball"

tar -xzf "$tarball" -C "$tmp" "$MEMBER" || die "$MEMBER not found in $tarball"
got="$(sha_of "$tmp/$MEMBER")"
[[ "$got" == "$PINNED_SHA256" ]] ||
  die "downloaded library has sha256 $got, expected $PINNED_SHA256; refusing it"

mkdir -p "$dest_dir"
# Move into place atomically: a concurrent reader never sees half a file.
cp "$tmp/$MEMBER" "$dest.part.$$"
chmod 0644 "$dest.part.$$"
mv -f "$dest.part.$$" "$dest"
echo "$dest"
