#!/bin/sh
# bench/run-all.sh — THE benchmark command: every benchmark of the project in
# sequence, in one run on one machine state, then their headline figures side
# by side with the goals they answer to.
#
#   1. harness throughput, isolation ratio, peak memory 1x vs 10x
#                              bench/harness_throughput.sh  
#   2. isolation overhead      bench/isolation_overhead.sh  
#   3. sweeps                  bench/sweep.sh, QUICK=1 unless FULL=1
#   4. a sweep on a private Slurm cluster, unsharded vs job-array shards
#                              bench/slurm_sweep.sh, QUICK=1 unless FULL=1
#                              (skipped, exit 77, without Slurm)
#   6. sampled float32/float64 sweeps vs numpy, default sample count, ORT
#      plugin pairs/s       bench/sweep_sampled.sh, QUICK=1 unless FULL=1
#                                                            
#   5. ONNX Runtime certification time
#                              bench/ort_certify.sh         
#      only when the ORT plugin is built and the pinned library is already in
#      the cache (run scripts/fetch-onnxruntime.sh once): nothing is downloaded
#   5. certification time per runtime, side by side
#                              bench/runtimes_certify.sh    
#      built-in, ORT, ORT-Web, oneDNN, PoCL; a runtime not built is skipped
#   7. a certification bundle against run, side by side
#                              bench/certify_vs_run.sh
#
# usage: bench/run-all.sh [BUILD_DIR]      (default: build)
#   FULL=1   full sweeps (adds the 2^32-pair float16 Div sweeps, ~1 min more)
#   REPS=N   repetitions for 1 and 2 (default 9); REPEAT=N for 4 (default 5)
# Each section prints its own machine line and load; this script prints the
# machine and the load at its start and end.  The full output is also kept in
# $TMPDIR (path printed at the end) for copying into docs/benchmarks.md.
# Exit status: 0 every benchmark ran, 1 one of them failed (named at the end).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-"$root/build"}
build=$(cd "$build" 2>/dev/null && pwd) || { echo "run-all: no build directory $1" >&2; exit 2; }
reps=${REPS:-9}
log=$(mktemp -d "${TMPDIR:-/tmp}/sonnx-bench.XXXXXX")
failed=""

echo "# sonnx-cts benchmarks (bench/run-all.sh), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
echo "kernel: $(uname -sr); compiler: $(cc --version | head -n 1)"
echo "build: $build ($(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null)); sonnx-cts $(git -C "$root" describe --always --dirty 2>/dev/null || echo '?')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: FULL=${FULL:-0} REPS=$reps bench/run-all.sh $build"
echo

# section NAME LOGFILE COMMAND...: runs one benchmark, output to the screen
# and to LOGFILE; a failure is remembered, the next benchmark still runs.
section() {
  name=$1; file=$2; shift 2
  echo "=================================================================="
  echo "== $name"
  echo "=================================================================="
  # the exit status of the benchmark, not of tee
  { "$@" 2>&1; echo "$?" >"$file.rc"; } | tee "$file"
  rc=$(cat "$file.rc")
  if [ "$rc" = 77 ]; then
    echo "== $name: skipped (exit 77, reason above)"
  elif [ "$rc" != 0 ]; then
    failed="$failed $name(exit $rc)"; echo "!! $name failed, exit $rc"
  fi
  echo
}

section throughput "$log/throughput.txt" env REPS="$reps" "$here/harness_throughput.sh" "$build"
section isolation "$log/isolation.txt" "$here/isolation_overhead.sh" "$build" "$root/vectors" "$reps"
if [ "${FULL:-0}" = 1 ]; then
  section sweeps "$log/sweeps.txt" env QUICK=0 "$here/sweep.sh" "$build"
else
  section sweeps "$log/sweeps.txt" env QUICK=1 "$here/sweep.sh" "$build"
fi
if [ "${FULL:-0}" = 1 ]; then
  section slurm "$log/slurm.txt" env QUICK=0 "$here/slurm_sweep.sh" "$build"
else
  section slurm "$log/slurm.txt" env QUICK=1 "$here/slurm_sweep.sh" "$build"
fi
if [ "${FULL:-0}" = 1 ]; then
  section sampled "$log/sampled.txt" env QUICK=0 "$here/sweep_sampled.sh" "$build"
else
  section sampled "$log/sampled.txt" env QUICK=1 "$here/sweep_sampled.sh" "$build"
fi
# The library's place as scripts/fetch-onnxruntime.sh computes it (checked
# here so that a benchmark never downloads anything).
ort_lib="${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}/onnxruntime-1.30.0/libonnxruntime.so.1"
if [ -f "$build/vendors/onnxruntime/sonnx_ort_plugin.so" ] && [ -f "$ort_lib" ]; then
  section ort "$log/ort.txt" "$here/ort_certify.sh" "$build"
else
  echo "== ort: skipped (needs $build/vendors/onnxruntime/sonnx_ort_plugin.so and $ort_lib)"
  echo "ort: skipped" >"$log/ort.txt"
  echo
fi

section runtimes "$log/runtimes.txt" env REPEAT="${REPEAT:-5}" "$here/runtimes_certify.sh" "$build"
section certify "$log/certify.txt" env REPEAT="${REPEAT:-7}" "$here/certify_vs_run.sh" "$build"

# Headline figures, side by side: the lines each benchmark prints for its goals.
pick() { grep -E "$2" "$log/$1.txt" 2>/dev/null || echo "($1: no figure)"; }
echo "=================================================================="
echo "== summary (details above)"
echo "=================================================================="
echo "harness throughput, isolation, flat memory:"
pick throughput '^\| (in-process|isolated) \| [0-9]+ \| [0-9]+ \|' | sed 's/^/  whole set /'
pick throughput '^goal:' | sed 's/^/  /'
echo "isolation overhead (bench/isolation_overhead.sh, default profile):"
pick isolation '^ratio|^verdicts' | sed 's/^/  /'
echo "sweeps ($( [ "${FULL:-0}" = 1 ] && echo full || echo 'QUICK: no 2^32 sweeps' )):"
pick sweeps '^\| (Div float16 full|sonnx-cts sweep|numpy)' | sed 's/^/  /'
echo "sweeps on a Slurm job array ($( [ "${FULL:-0}" = 1 ] && echo 'full Pow' || echo 'QUICK: fixed cost only' )):"
pick slurm '^\| (Pow|Div int8)' | sed 's/^/  /'
echo "sampled sweeps (bench/sweep_sampled.sh):"
pick sampled '^\| (Div|Mul) \| [0-9]' | sed 's/^/  float32 vs numpy /'
echo "ONNX Runtime certification:"
pick ort '^median|^ort: skipped' | sed 's/^/  /'
echo "certification time per runtime, median wall s of both profiles:"
pick runtimes '^\| (built-in|ORT|ORT-Web|oneDNN|PoCL) \|' | sed 's/^/  /'
echo "certification bundle vs run, median wall s (bench/certify_vs_run.sh):"
pick certify '^\| (built-in|ORT) \| (run|certify)' | sed 's/^/  /'
pick certify '^goal:' | sed 's/^/  /'
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "full output of each benchmark: $log/"
if [ -n "$failed" ]; then
  echo "FAILED:$failed"
  exit 1
fi
exit 0
