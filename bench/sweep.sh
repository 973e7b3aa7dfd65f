#!/bin/sh
# bench/sweep.sh — the sweep benchmarks, all in one run so the
# figures are side by side under the same machine load (docs/sweeps.md):
#   1. full float16 Div sweep (2^32 pairs), built-in kernels       (goal < 10 s)
#   2. the same through the built-in plugin (--vendor, isolated)    (goal < 20 s)
#   3. pairs per second for every op x 16/8-bit type (built-in kernels, a slice)
#   4. the same comparison in numpy on a 2^24-pair slice vs the C sweep on the
#      2^28-pair slice around it, 1 thread and all threads           (goal >= 10x)
#
# usage: bench/sweep.sh [BUILD_DIR]     (default: build)
#   SONNX_CTS=path overrides the sonnx-cts binary; QUICK=1 skips 1 and 2.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
cts=${SONNX_CTS:-"$build/harness/cli/sonnx-cts"}
plugin="$build/kernels/plugin/sonnx_builtin_plugin.so"
py=/usr/bin/python3
[ -x "$cts" ] || { echo "no sonnx-cts at $cts (build first, or set SONNX_CTS)" >&2; exit 2; }

echo "# sonnx-cts sweep benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc=$(nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $cts ($(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo

# Runs one sweep and prints "label | wall s | CPU s | pairs/s (wall) |
# pairs per CPU-second | verdict".  CPU time (user + sys of the whole
# process tree, /usr/bin/time) is what the sweep costs whatever the load;
# on an idle machine wall ~ CPU / nproc.
tf=$(mktemp)
trap 'rm -f "$tf"' EXIT
row() {
  label=$1; shift
  out=$(/usr/bin/time -f '%e %U %S' -o "$tf" "$cts" sweep "$@" --first 0 2>/dev/null) || true
  v=$(printf '%s\n' "$out" | sed -n 's/^verdict: //p')
  n=$(printf '%s\n' "$out" | sed -n 's/^pairs [0-9]*\.\.[0-9]* (\([0-9]*\)).*/\1/p')
  awk -v l="$label" -v v="$v" -v n="${n:-0}" '{ cpu = $2 + $3;
      w = $1 > 0 ? sprintf("%10.3g", n / $1) : "(< 0.01 s)";
      c = cpu > 0 ? sprintf("%10.3g", n / cpu) : "(< 0.01 s)";
      printf "| %-48s | %7.2f | %7.2f | %s | %s | %s |\n", l, $1, cpu, w, c, v }' "$tf"
}

echo "| sweep | wall s | CPU s | pairs/s (wall) | pairs per CPU-s | verdict |"
echo "|---|---|---|---|---|---|"
if [ "${QUICK:-0}" != 1 ]; then
  row "Div float16 full 2^32, built-in kernels" --op Div --type float16
  if [ -f "$plugin" ]; then
    row "Div float16 full 2^32, built-in plugin (isolated)" --op Div --type float16 --vendor "$plugin"
  else
    echo "| (no $plugin: plugin sweep skipped) | | | | | |"
  fi
fi
for op in Div Mul Less Pow; do
  for t in float16 bfloat16 int16 uint16 int8 uint8; do
    case "$op:$t" in Pow:*int*) continue ;; esac
    case "$t" in
      *8) row "$op $t full 2^16" --op "$op" --type "$t" ;;
      *) if [ "$op" = Pow ]; then s=93/256; n=2^24; else s=24/64; n=2^26; fi
         row "$op $t shard $s ($n pairs)" --op "$op" --type "$t" --shard "$s" ;;
    esac
  done
done
echo

# numpy on a 2^24-pair slice of float16 Div (a = 0x3c00..0x3cff) vs the C
# sweep on the 2^28-pair slice holding it (a = 0x3000..0x3fff, --shard 4/16:
# long enough to time well); both as pairs per second.
np_out=$("$py" "$here/sweep_numpy.py" 16777216 0x3c000000)
np_rate=$(echo "$np_out" | cut -d' ' -f4)
c1=$("$cts" sweep --op Div --type float16 --shard 4/16 --threads 1 --first 0 |
     sed -n 's/^time .*s, \([0-9.e+]*\) pairs\/s.*/\1/p')
cn=$("$cts" sweep --op Div --type float16 --shard 4/16 --first 0 |
     sed -n 's/^time .*s, \([0-9.e+]*\) pairs\/s.*/\1/p')
echo "| float16 Div, pairs per second (wall) | pairs/s | vs numpy |"
echo "|---|---|---|"
echo "| numpy 1.24, 1 thread, slice 0x3c000000 + 2^24, $(echo "$np_out" | cut -d' ' -f5) mismatches | $np_rate | 1.0x |"
awk -v c="$c1" -v n="$np_rate" 'BEGIN { printf "| sonnx-cts sweep, 1 thread, slice 0x30000000 + 2^28 | %s | %.1fx |\n", c, c / n }'
awk -v c="$cn" -v n="$np_rate" -v k="$(nproc)" 'BEGIN { printf "| sonnx-cts sweep, %d threads, slice 0x30000000 + 2^28 | %s | %.1fx |\n", k, c, c / n }'
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
