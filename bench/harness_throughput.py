#!/usr/bin/python3
"""harness_throughput.py — the measurements behind bench/harness_throughput.sh
(throughput and peak memory, isolation ratio, flat
peak memory).  Run it through the shell script, which checks the build.

    harness_throughput.py CLI PLUGIN VECTORS REPS DUP

Every figure comes from one `sonnx-cts run` per measurement, started and
reaped here (under /usr/bin/time) with os.wait4, so that one call gives
  wall time   perf_counter around the whole command (start-up, manifest,
              sha256 checks, all cases, JSON report),
  CPU time    user + system of the command and of every child it waited for
              (the isolated worker): what the run costs whatever else runs,
  peak RSS    GNU time's %M (/usr/bin/time, Debian package `time`): the
              ru_maxrss of the command and of the children it waited for --
              the largest single process (CLI or isolated worker), not their
              sum.  Not wait4's ru_maxrss here: Linux keeps a process's peak
              across execve, so a command forked by this Python would report
              at least the interpreter's own ~16 MiB; /usr/bin/time is small
              and forks the command itself.
Cases and compared elements come from the run's own JSON report
(summary.cases: cases run; summary.elements: elements compared); every run
must conform (exit 0, overall CONFORMS), else its figures mean nothing and
the benchmark fails.  Modes and profiles alternate inside each repetition so
a change of machine load hits them alike; the median is the typical figure,
the minimum the least disturbed one.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from duplicate_vectors import duplicate  # noqa: E402

PROFILES = ("onnx", "sonnx")
GOAL_WHOLE_SET_S = 1.0      # the whole vector set checked in < 1 s
GOAL_ISOLATION_RATIO = 1.5  # isolated < 1.5x in-process
# No number is set for "flat": we call peak RSS flat when the DUPx set
# needs at most 10 % more than the 1x set (the process image and one case's
# tensors dominate; a per-case leak or an all-cases-in-memory loader would
# show as growth proportional to the case count).
FLAT_RSS_TOLERANCE = 0.10


class RunFailed(Exception):
    pass


def measure(argv):
    """Runs argv; returns (exit code, wall s, CPU s, peak RSS KiB, stderr)."""
    with tempfile.NamedTemporaryFile("r", prefix="sonnx-rss-") as rss_file:
        t0 = time.perf_counter()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss_file.name] + argv,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # wait4 (not p.wait) to get the CPU time of the whole tree (time, the
        # command, its worker); stderr is small (--quiet), so the pipe cannot
        # fill up before the command ends.
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        err = p.stderr.read().decode(errors="replace")
        p.stderr.close()
        # the last line: time first notes a non-zero exit status on its own line
        lines = rss_file.read().split()
    return p.returncode, wall, ru.ru_utime + ru.ru_stime, int(lines[-1]), err


def run_once(cli, vectors, profile, extra, out):
    rc, wall, cpu, rss, err = measure(
        [cli, "run", "--vectors", vectors, "--profile", profile, "--json", out, "--quiet"] + extra)
    if rc != 0:
        raise RunFailed("%s --profile %s %s: exit %d\n%s" % (vectors, profile, " ".join(extra), rc, err))
    with open(out, encoding="utf-8") as fh:
        rep = json.load(fh)
    s = rep["summary"]
    if s["overall"] != "CONFORMS" or s["verdicts"]["PASS"] != s["cases"]:
        raise RunFailed("%s --profile %s %s: %s, %s" % (vectors, profile, " ".join(extra),
                                                         s["overall"], s["verdicts"]))
    return {"wall": wall, "cpu": cpu, "rss": rss, "run": rep["timing"]["seconds"],
            "cases": s["cases"], "elements": s["elements"]}


def series(cli, vectors, modes, reps, tmp):
    """reps alternating repetitions of every profile x mode; returns
    {(profile, mode): [run dicts]}."""
    got = {(p, m): [] for p in PROFILES for m in modes}
    for _ in range(reps):
        for p in PROFILES:
            for m, extra in modes.items():
                got[(p, m)].append(run_once(cli, vectors, p, extra, os.path.join(tmp, "r.json")))
    for key, runs in got.items():
        # every repetition of one thing must have run the same cases
        if len({(r["cases"], r["elements"]) for r in runs}) != 1:
            raise RunFailed("%s: case or element counts differ between repetitions" % (key,))
    return got


def med(runs, k):
    return statistics.median(r[k] for r in runs)


def mib(kib):
    return kib / 1024.0


def throughput_table(got, modes):
    print("| profile | mode | cases | elements | wall median s | wall min s | CPU median s "
          "| run (report) median s | cases/s | elements/s | peak RSS MiB |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for p in PROFILES:
        for m in modes:
            r = got[(p, m)]
            w = med(r, "wall")
            print("| %s | %s | %d | %d | %.3f | %.3f | %.3f | %.3f | %.0f | %.3g | %.1f |" % (
                p, m, r[0]["cases"], r[0]["elements"], w, min(x["wall"] for x in r),
                med(r, "cpu"), med(r, "run"), r[0]["cases"] / w, r[0]["elements"] / w,
                mib(med(r, "rss"))))


def totals(got, modes):
    """Both profiles together: the whole vector set; returns the in-process
    and isolated sums of medians."""
    tot = {}
    print()
    print("| whole vector set (both profiles) | cases | elements | wall s (sum of medians) "
          "| CPU s | cases/s | elements/s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for m in modes:
        cases = sum(got[(p, m)][0]["cases"] for p in PROFILES)
        elems = sum(got[(p, m)][0]["elements"] for p in PROFILES)
        w = sum(med(got[(p, m)], "wall") for p in PROFILES)
        c = sum(med(got[(p, m)], "cpu") for p in PROFILES)
        tot[m] = (w, c)
        print("| %s | %d | %d | %.3f | %.3f | %.0f | %.3g |" % (m, cases, elems, w, c, cases / w, elems / w))
    return tot


def ratios(got, tot):
    print()
    print("| isolated / in-process | wall median | wall min | CPU median |")
    print("|---|---:|---:|---:|")
    for p in PROFILES:
        a, b = got[(p, "in-process")], got[(p, "isolated")]
        print("| %s | %.2fx | %.2fx | %.2fx |" % (
            p, med(b, "wall") / med(a, "wall"),
            min(x["wall"] for x in b) / min(x["wall"] for x in a), med(b, "cpu") / med(a, "cpu")))
    rw = tot["isolated"][0] / tot["in-process"][0]
    rc = tot["isolated"][1] / tot["in-process"][1]
    print("| both profiles | %.2fx | | %.2fx |" % (rw, rc))
    return rw


def memory_table(one, many, modes, dup, manifest_cases):
    """Peak RSS of the 1x set against the DUPx set; returns the worst growth.
    Growth is given per added manifest case: every case of the manifest is
    loaded and checked, including those of the other profile."""
    print("| profile | mode | 1x cases | 1x peak RSS MiB | %dx cases | %dx peak RSS MiB "
          "| growth | growth per added manifest case | %dx wall median s |" % (dup, dup, dup))
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    worst = 0.0
    for p in PROFILES:
        for m in modes:
            a, b = one[(p, m)], many[(p, m)]
            if b[0]["cases"] != dup * a[0]["cases"] or b[0]["elements"] != dup * a[0]["elements"]:
                raise RunFailed("%dx set %s %s: %d cases / %d elements, expected %d / %d" % (
                    dup, p, m, b[0]["cases"], b[0]["elements"],
                    dup * a[0]["cases"], dup * a[0]["elements"]))
            ra, rb = med(a, "rss"), med(b, "rss")
            g = (rb - ra) / ra
            worst = max(worst, g)
            added = (dup - 1) * manifest_cases
            print("| %s | %s | %d | %.1f | %d | %.1f | %+.1f%% | %.0f bytes | %.3f |" % (
                p, m, a[0]["cases"], mib(ra), b[0]["cases"], mib(rb), 100 * g,
                (rb - ra) * 1024.0 / added if added else 0.0, med(b, "wall")))
    return worst


def main(argv):
    cli, plugin, vectors, reps, dup = argv[1], argv[2], argv[3], int(argv[4]), int(argv[5])
    # The same cases both ways: the isolation is measured, not the fresh
    # sample a plugin's certification run adds (docs/cli.md "Fresh sample").
    modes = {"in-process": [], "isolated": ["--vendor", plugin, "--no-fresh-sample"]}
    tmp = tempfile.mkdtemp(prefix="sonnx-throughput-")
    try:
        print("## Throughput: the whole vector set, built-in kernels (%d repetitions)" % reps)
        print()
        print("vectors: %s; isolated = `--vendor %s` (child process)" % (vectors, plugin))
        print()
        got = series(cli, vectors, modes, reps, tmp)
        throughput_table(got, modes)
        tot = totals(got, modes)
        rw = ratios(got, tot)

        # Flat memory: the same set duplicated DUP times, in a temporary
        # directory (never in the repository).
        dup_dir = os.path.join(tmp, "vectors-x%d" % dup)
        n = duplicate(vectors, dup_dir, dup)
        mreps = min(reps, 3)
        print()
        print("## Peak memory: 1x against %dx the vector set (%d cases in the %dx manifest, "
              "%d repetitions)" % (dup, n, dup, mreps))
        print()
        # The README's main job writes every report format: measured too, as
        # a third mode (text, JUnit, Markdown and HTML besides the JSON).
        mem_modes = dict(modes)
        mem_modes["in-process, every report"] = [
            "--text", os.path.join(tmp, "r.txt"), "--junit", os.path.join(tmp, "r.xml"),
            "--md", os.path.join(tmp, "r.md"), "--html", os.path.join(tmp, "r.html")]
        one = dict(got)
        every = {"in-process, every report": mem_modes["in-process, every report"]}
        one.update(series(cli, vectors, every, mreps, tmp))
        many = series(cli, dup_dir, mem_modes, mreps, tmp)
        worst = memory_table(one, many, mem_modes, dup, n // dup)

        print()
        w = tot["in-process"][0]
        print("goal: whole vector set (both profiles) in-process < %.1f s: %.3f s, %s" % (
            GOAL_WHOLE_SET_S, w, "MET" if w < GOAL_WHOLE_SET_S else "NOT MET"))
        print("goal: isolated < %.1fx in-process (wall, both profiles): %.2fx, %s" % (
            GOAL_ISOLATION_RATIO, rw, "MET" if rw < GOAL_ISOLATION_RATIO else "NOT MET"))
        print("goal: peak RSS flat from 1x to %dx cases (growth <= %d%%): worst %+.1f%%, %s" % (
            dup, int(FLAT_RSS_TOLERANCE * 100), 100 * worst,
            "MET" if worst <= FLAT_RSS_TOLERANCE else "NOT MET"))
        return 0
    except RunFailed as e:
        print("harness_throughput: a run did not conform, no figures: %s" % e, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
