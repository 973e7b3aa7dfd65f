#!/bin/sh
# out_of_tree_adapter.sh BUILD_DIR SOURCE_DIR PROBE CMAKE CC
# Installs the build tree into a temporary prefix (cmake --install --prefix),
# then builds examples/adapter against the INSTALLED header twice: with CMake
# (find_package(SonnxCts), SonnxCts::abi) and with pkg-config
# (sonnx-cts-abi.pc), and loads each result with the harness's loader.
set -eu
build=$1 src=$2 probe=$3 cmake=$4 cc=$5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sonnx-oot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; exit 1; }
test -f "$tmp/prefix/include/sonnx_cts/plugin.h"

# 1. CMake package, in a directory outside the source tree.
cp -r "$src/examples/adapter" "$tmp/adapter"
"$cmake" -S "$tmp/adapter" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
    -DCMAKE_C_COMPILER="$cc" >"$tmp/cfg.log" 2>&1 || { cat "$tmp/cfg.log"; exit 1; }
# The header must come from the install tree, not from the source checkout.
if grep -rq -- "$src/include" "$tmp/build/CMakeFiles" 2>/dev/null; then
    echo "adapter build used the source tree's include directory"; exit 1
fi
"$cmake" --build "$tmp/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
"$probe" "$tmp/build/example_adapter.so"

# 2. pkg-config, relocatable .pc file.
PKG_CONFIG_PATH="$tmp/prefix/share/pkgconfig"
export PKG_CONFIG_PATH
cflags=$(pkg-config --cflags sonnx-cts-abi)
echo "pkg-config --cflags sonnx-cts-abi: $cflags"
test "$(pkg-config --variable=abi_major sonnx-cts-abi)" -ge 1
"$cc" -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden $cflags \
    -o "$tmp/example_pc.so" "$tmp/adapter/example_adapter.c"
"$probe" "$tmp/example_pc.so"
echo "out-of-tree adapter: OK"
