#!/bin/sh
# isolation_overhead.sh — what process isolation costs (goal < 1.5x).
#
#   bench/isolation_overhead.sh [BUILD_DIR [VECTORS_DIR [REPS]]]
#
# Runs the whole vector set REPS times (default 9) each way, alternating:
#   in-process:  sonnx-cts run                                     (built-in)
#   isolated:    sonnx-cts run --vendor .../sonnx_builtin_plugin.so (child process)
# and prints, for both, the median and minimum of the command's wall time and
# of the run time the report records (timing.seconds: loading + running all
# cases), the median user+system CPU time (CLI plus worker), and the
# isolated/in-process ratios.  Both figures come from the same
# invocation of this script, on the same machine state.  The minimum is the
# least disturbed by other load on the machine; the median is the typical.
# The reports are also compared: the isolated run must give the same verdict
# for every case.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
vectors=${2:-$here/vectors}
reps=${3:-9}
cli=$build/harness/cli/sonnx-cts
plugin=$build/kernels/plugin/sonnx_builtin_plugin.so
for f in "$cli" "$plugin" "$vectors/manifest.json"; do
    [ -e "$f" ] || { echo "isolation_overhead: missing $f (build, generate vectors)" >&2; exit 2; }
done
exec /usr/bin/python3 - "$cli" "$plugin" "$vectors" "$reps" <<'PY'
import json, os, resource, statistics, subprocess, sys, tempfile, time
cli, plugin, vectors, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
tmp = tempfile.mkdtemp(prefix="sonnx-bench-")
modes = {"in-process": [], "isolated": ["--vendor", plugin, "--no-fresh-sample"]}
wall = {m: [] for m in modes}
run = {m: [] for m in modes}
cpu = {m: [] for m in modes}
verdicts = {}
for i in range(reps):
    for m, extra in modes.items():
        out = os.path.join(tmp, m + ".json")
        t0 = time.perf_counter()
        u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([cli, "run", "--vectors", vectors, "--json", out, "--quiet"] + extra,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall[m].append(time.perf_counter() - t0)
        u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # user+system CPU of the CLI and (isolated) its worker: insensitive
        # to other load on the machine, unlike wall time
        cpu[m].append(u1.ru_utime - u0.ru_utime + u1.ru_stime - u0.ru_stime)
        with open(out) as fh:
            rep = json.load(fh)
        run[m].append(rep["timing"]["seconds"])
        verdicts[m] = {c["id"]: c["verdict"] for c in rep["cases"]}
n = len(verdicts["in-process"])
same = verdicts["in-process"] == verdicts["isolated"]
print("vector set: %s (%d cases run), %d repetitions each" % (vectors, n, reps))
print("%-11s %12s %12s %12s %12s %12s" % ("", "wall median", "wall min", "run median",
                                           "run min", "cpu median"))
for m in modes:
    print("%-11s %11.3fs %11.3fs %11.3fs %11.3fs %11.3fs" % (
        m, statistics.median(wall[m]), min(wall[m]), statistics.median(run[m]), min(run[m]),
        statistics.median(cpu[m])))
r = lambda f, d: f(d["isolated"]) / f(d["in-process"])
print("ratio isolated/in-process: wall median %.2fx, wall min %.2fx, run median %.2fx, run min %.2fx"
      % (r(statistics.median, wall), r(min, wall), r(statistics.median, run), r(min, run)))
print("ratio isolated/in-process: cpu median %.2fx" % r(statistics.median, cpu))
print("per-case overhead (run median): %.0f us" %
      ((statistics.median(run["isolated"]) - statistics.median(run["in-process"])) / max(n, 1) * 1e6))
print("verdicts identical: %s" % ("yes" if same else "NO"))
sys.exit(0 if same else 1)
PY
