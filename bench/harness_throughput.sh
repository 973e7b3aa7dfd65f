#!/bin/sh
# bench/harness_throughput.sh — how fast and how lean `sonnx-cts run` is on the
# whole vector set, all figures from one invocation (same machine load):
#   1. built-in kernels in-process, profiles onnx and sonnx: wall and CPU time
#      (median of REPS), cases/s and compared elements/s (counts from the JSON
#      report), peak RSS                     (goal: whole set < 1 s)
#   2. the same through --vendor sonnx_builtin_plugin.so (isolated child
#      process) and its ratio to in-process   (goal: < 1.5x; the
#      detailed breakdown and the verdict-by-verdict comparison are
#      bench/isolation_overhead.sh's, which bench/run-all.sh also runs)
#   3. peak RSS of the set against the set duplicated DUP times in a temporary
#      directory                               (goal: flat)
# Measurements: bench/harness_throughput.py; duplication: bench/duplicate_vectors.py.
#
# usage: bench/harness_throughput.sh [--smoke] [BUILD_DIR]   (default: build)
#   REPS=9        repetitions (median); the DUPx runs take min(REPS, 3)
#   DUP=10        copies of the vector set for the memory comparison
#   VECTORS=DIR   another vector set (default: the repository's vectors/)
#   --smoke       REPS=1, DUP=2: only checks that the benchmark works (ctest)
# Exit status: 0 figures printed (goals MET or NOT MET alike), 1 a run did not
# conform (no figures), 2 missing build or vectors.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; fi
build=${1:-"$root/build"}
vectors=${VECTORS:-"$root/vectors"}
reps=${REPS:-9}
dup=${DUP:-10}
if [ "$smoke" = 1 ]; then reps=1; dup=2; fi
cli="$build/harness/cli/sonnx-cts"
plugin="$build/kernels/plugin/sonnx_builtin_plugin.so"
for f in "$cli" "$plugin" "$vectors/manifest.json" /usr/bin/time; do
  [ -e "$f" ] || { echo "harness_throughput: missing $f (build, generate vectors; /usr/bin/time: Debian package time)" >&2; exit 2; }
done

echo "# sonnx-cts harness throughput benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $cli ($(git -C "$root" describe --always --dirty 2>/dev/null || echo "?"))"
echo
rc=0
/usr/bin/python3 "$here/harness_throughput.py" "$cli" "$plugin" "$vectors" "$reps" "$dup" || rc=$?
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$rc"
