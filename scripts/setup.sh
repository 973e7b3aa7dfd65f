#!/usr/bin/env bash
# setup.sh — install everything sonnx-cts needs on a fresh Debian bookworm
# machine, then fetch the ONNX Runtime library used by the ORT certification.
# Idempotent; non-interactive (works as root in CI, or through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PACKAGES=(
  # build
  build-essential cmake pkg-config git
  # C libraries: unit tests, protobuf (C code generated from onnx.proto), JSON
  check libprotobuf-c-dev protobuf-c-compiler libcjson-dev libonnx-dev
  # CommonMark for the spec statements and notes in the HTML report
  libcmark-dev
  # SHA-256 and Ed25519 from OpenSSL's EVP (vector hashes, certification
  # bundles): never hand-written cryptography
  libssl-dev
  # the other runtimes certified: oneDNN, PoCL (OpenCL on the CPU)
  libdnnl-dev pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo
  # the runtimes people deploy: Eigen 3.4 (TensorFlow's CPU expressions),
  # PyTorch 1.13 (ATen), XNNPACK, OpenCV DNN 4.6
  libeigen3-dev libtorch-dev libxnnpack-dev libpthreadpool-dev libopencv-dnn-dev
  # the plugin sandbox: seccomp filter and write watch
  libseccomp-dev
  # generators (run with Debian's /usr/bin/python3)
  python3 python3-onnx python3-numpy python3-mpmath
  # official ONNX node tests, cross-checked against our goldens
  libonnx-testdata
  # fuzzers (libFuzzer) and sanitizers with clang; MPFR for the Pow proof
  clang libclang-rt-14-dev libmpfr-dev
  # zlib: the gzip-compressed CORE-MATH pow worst-case list (kernels/tests)
  zlib1g-dev
  # memcheck run; headless browser for the HTML report test
  valgrind chromium
  # /usr/bin/time: peak RSS and CPU time in the benchmarks
  time
  # a private single-node Slurm cluster: the `slurm` ctest and
  # bench/slurm_sweep.sh (docs/cluster.md); installed without recommends
  slurmctld slurmd slurm-client munge
  ca-certificates
)
# npm fetches onnxruntime-node (ORT's C library); the image may already ship
# Node.js with its own npm, which Debian's npm package would conflict with.
command -v npm >/dev/null 2>&1 || PACKAGES+=(nodejs npm)

export DEBIAN_FRONTEND=noninteractive
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Slurm's recommended packages are not needed by the private cluster
# (scripts/slurm/private-cluster.sh): installed without them.
NO_RECOMMENDS=(slurmctld slurmd slurm-client munge)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -q
  plain=(); bare=()
  for p in "${missing[@]}"; do
    if [[ " ${NO_RECOMMENDS[*]} " == *" $p "* ]]; then bare+=("$p"); else plain+=("$p"); fi
  done
  [ "${#plain[@]}" -eq 0 ] || $SUDO apt-get install -y -q "${plain[@]}"
  [ "${#bare[@]}" -eq 0 ] || $SUDO apt-get install -y -q --no-install-recommends "${bare[@]}"
else
  echo "setup: all Debian packages present"
fi

# ONNX Runtime 1.30.0 (C library from npm, cached outside the tree) and
# onnxruntime-web 1.30.0 (its WebAssembly build, run under node) beside it.
if command -v npm >/dev/null 2>&1; then
  scripts/fetch-onnxruntime.sh
  scripts/fetch-onnxruntime.sh --web
  # TensorFlow.js 4.22 (cpu and wasm backends, run under node: vendors/tfjs)
  scripts/fetch-tfjs.sh
else
  echo "setup: npm missing; the ONNX Runtime certification will not be built" >&2
fi
