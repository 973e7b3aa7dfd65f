#!/bin/sh
# bench/sweep_sampled.sh — the sampled-sweep benchmarks, in one
# run so the figures are side by side under the same machine load
# (docs/sweeps.md, docs/benchmarks.md):
#   1. float32 Div and Mul: pairs per second of `sonnx-cts sweep --samples`
#      with the built-in kernels (1 thread and all threads) against the same
#      check in numpy (bench/sweep_sampled_numpy.py, 1 thread: the same pairs,
#      generator v5 in numpy, the same verdict), run in turn REPS times,
#      medians                                                 (goal >= 20x)
#      and, robust to machine load, the 1-thread runs as pairs per second of
#      user CPU time (whole process, startup included: getrusage)
#   2. the default sample count (2^28) of every op x float32/float64, and
#      of every op x 32/64-bit integer type that is sampled, with the
#      built-in kernels: wall time                               (goal < 60 s)
#   3. pairs per second through the ONNX Runtime plugin (float32 Div, Mul,
#      Pow, Less), when the plugin is built and the pinned library is in the
#      cache (scripts/fetch-onnxruntime.sh; nothing is downloaded here)
#
# usage: bench/sweep_sampled.sh [BUILD_DIR]     (default: build)
#   SONNX_CTS=path overrides the sonnx-cts binary; REPS=N (default 3);
#   QUICK=1 skips 2.  The AVX2 code on a machine with AVX-512: build with
#   -DSONNX_CTS_CLONES_MAX=avx2 (docs/benchmarks.md §8.1) and pass that build
#   directory or SONNX_CTS=build-avx2/harness/cli/sonnx-cts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
cts=${SONNX_CTS:-"$build/harness/cli/sonnx-cts"}
ort_plugin="$build/vendors/onnxruntime/sonnx_ort_plugin.so"
ort_lib="${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts/onnxruntime-1.30.0/libonnxruntime.so.1"
py=/usr/bin/python3
reps=${REPS:-3}
n=${SAMPLES:-67108864} # 2^26 pairs per timed run
ucpu_rows=""
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first, or set SONNX_CTS)" >&2; exit 2; }

echo "# sonnx-cts sampled sweep benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $cts ($(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo '?'))"
# Which vector clones the binary holds (SONNX_CTS_CLONES_MAX): the AVX-512
# one carries "arch_x86_64_v4" in its symbol names.
if grep -q arch_x86_64_v4 "$cts" 2>/dev/null; then clones="AVX-512 (x86-64-v4), AVX2, baseline"
else clones="AVX2, baseline (no AVX-512 clone)"; fi
echo "vector clones: $clones; CPU flags: $(grep -m1 -o -w 'avx512f' /proc/cpuinfo || echo 'no avx512f') $(grep -m1 -o -w 'avx2' /proc/cpuinfo || echo 'no avx2')"
echo "numpy: $("$py" -c 'import numpy; print(numpy.__version__)')"
echo

rate_of() { sed -n 's/^time .*s, \([0-9.e+]*\) pairs\/s.*/\1/p'; }
# ucpu CMD...: CMD's output, then "ucpu S", S its user CPU seconds.
ucpu() {
  "$py" -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=False)
print("ucpu", resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime)' "$@"
}
ucpu_of() { sed -n 's/^ucpu //p'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| float32 $n pairs, median of $reps (in turn) | numpy pairs/s | sweep 1 thread | x numpy | sweep $(nproc) threads | x numpy |"
echo "|---|---|---|---|---|---|"
for op in Div Mul; do
  np=""; c1=""; cn=""; unp=""; uc1=""
  for r in $(seq "$reps"); do
    out=$(ucpu "$py" "$here/sweep_sampled_numpy.py" "$op" "$n" 0)
    np="$np $(printf '%s\n' "$out" | sed -n 's/^numpy //p' | cut -d' ' -f4)"
    unp="$unp $(printf '%s\n' "$out" | ucpu_of)"
    out=$(ucpu "$cts" sweep --op "$op" --type float32 --samples "$n" --threads 1 --first 0)
    c1="$c1 $(printf '%s\n' "$out" | rate_of)"
    uc1="$uc1 $(printf '%s\n' "$out" | ucpu_of)"
    cn="$cn $("$cts" sweep --op "$op" --type float32 --samples "$n" --first 0 | rate_of)"
  done
  np=$(printf '%s\n' $np | median); c1=$(printf '%s\n' $c1 | median); cn=$(printf '%s\n' $cn | median)
  unp=$(printf '%s\n' $unp | median); uc1=$(printf '%s\n' $uc1 | median)
  awk -v o="$op" -v n="$np" -v a="$c1" -v b="$cn" 'BEGIN {
      printf "| %s | %.3g | %.3g | %.1fx | %.3g | %.1fx |\n", o, n, a, a / n, b, b / n }'
  ucpu_rows="$ucpu_rows$(awk -v o="$op" -v N="$n" -v n="$unp" -v a="$uc1" 'BEGIN {
      printf "| %s | %.3g (%.3f s) | %.3g (%.3f s) | %.1fx |", o, N / n, n, N / a, a, n / a }')
"
done
echo
echo "| 1 thread, per user-CPU second (whole process, median of $reps) | numpy pairs/s (user s) | sweep pairs/s (user s) | x numpy |"
echo "|---|---|---|---|"
printf '%s' "$ucpu_rows"
echo

# default_row OP T: one row of section 2.
default_row() {
  out=$("$cts" sweep --op "$1" --type "$2" --first 0) || true
  printf '%s\n' "$out" | awk -v l="$1 $2" '
      /^time / { s = $2; r = $4; sub(",", "", r) }
      /^verdict: / { v = $2 }
      END { printf "| %s | %s | %s | %s |\n", l, s, r, v }'
}

if [ "${QUICK:-0}" != 1 ]; then
  echo "| default sample count (2^28), built-in kernels | wall s | pairs/s | verdict |"
  echo "|---|---|---|---|"
  for op in Div Mul Pow Less; do
    for t in float32 float64; do
      default_row "$op" "$t"
    done
  done
  for op in Add Sub Mul Div Less Abs; do
    for t in int32 int64 uint32 uint64; do
      case $op:$t in Abs:*32) continue ;; esac # 32-bit unary: exhaustive
      default_row "$op" "$t"
    done
  done
  echo
fi

if [ -f "$ort_plugin" ] && [ -f "$ort_lib" ]; then
  echo "| ONNX Runtime 1.30.0 plugin (isolated), float32, 2^24 samples | pairs/s | verdict |"
  echo "|---|---|---|"
  for op in Div Mul Pow Less; do
    out=$("$cts" sweep --op "$op" --type float32 --samples 16777216 --first 0 \
          --vendor "$ort_plugin" --vendor-options "lib=$ort_lib") || true # FAIL: exit 1
    printf '%s\n' "$out" | awk -v l="$op" '
        /^time / { r = $4; sub(",", "", r) }
        /^verdict: / { v = $2 }
        END { printf "| %s | %s | %s |\n", l, r, v }'
  done
else
  echo "(ONNX Runtime plugin or library not present: plugin rows skipped)"
fi
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
