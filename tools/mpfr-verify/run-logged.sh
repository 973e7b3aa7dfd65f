#!/bin/sh
# run-logged.sh — runs sct-mpfr-verify (or sct-mpfr-sampled) once and writes a provenance log
# (tools/mpfr-verify/results/README.md): date, git commit and
# `git status --short kernels` of the source tree, sha256 of the kernel
# sources and of the verifier binary, the command, the tool's output, its
# exit status and the end date.
#
#   tools/mpfr-verify/run-logged.sh BINARY LOG [sct-mpfr-verify options...]
#
# Runs at nice 19 so that a long verification leaves the machine usable.
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 BINARY LOG [sct-mpfr-verify options...]" >&2
    exit 2
fi
bin="$1"; log="$2"; shift 2
src="$(cd "$(dirname "$0")/../.." && pwd)"
{
    date -u
    git -C "$src" rev-parse HEAD
    git -C "$src" status --short kernels
    (cd "$src" && sha256sum kernels/div/*.c kernels/mul/*.c kernels/less/*.c \
        kernels/pow/*.c kernels/pow/*.h numeric/include/sct/numeric/fp16.h \
        numeric/include/sct/numeric/bf16.h kernels/include/sct/kernels/simd.h)
    echo "binary: $(sha256sum "$bin")"
    echo "command: $(basename "$bin") $*"
} > "$log"
nice -n 19 "$bin" "$@" >> "$log" 2>&1
status=$?
echo "exit $status" >> "$log"
date -u >> "$log"
exit $status
