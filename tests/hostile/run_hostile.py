#!/usr/bin/python3
"""run_hostile.py -- one hostile plugin through `sonnx-cts run --vendor`.

    run_hostile.py --cli sonnx-cts --vectors DIR --plugin H.so --test NAME --workdir DIR

Runs the Div and Mul float32 cases twice: the built-in kernels (reference)
and the hostile plugin (sandboxed worker), each with --json.  The plugin
attacks on its first Div float32 call (hostile.c).  Asserts, per EXPECT:
  1. the exit status (1: the attack is blamed; 0 where the attack is
     allowed or harmless; 2 for --sandbox require without a protection);
  2. the JSON report parses and lists exactly the reference's cases;
  3. exactly one case, a div/float32 one, differs from the reference, with
     the expected exec status and a message matching the expected pattern
     (or none differs, where the attack must change nothing);
  4. every other case has the reference's verdict: the run went on;
  5. no process is left whose environment carries this test's token (a
     random SONNX_HOSTILE_TOKEN given to the harness and inherited by the
     worker and anything it starts), scanned in /proc after the run;
  6. nothing was written outside the scratch directory (the target the
     write attacks aim at does not exist), and the scratch directory is gone.
Exit 0 = all hold, 1 = a violation (listed), 77 = skipped (reason printed:
no vector set, or a protection the test relies on is not available here).
"""

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import sys

SEL = ["--case", "div/float32/*", "--case", "mul/float32/*"]

# What the identity's isolation must say besides, per test.
ISOLATION = {"spin": "CPU limit 3 s per call"}

# name: (plugin, SONNX_CTS_SANDBOX_OMIT, extra args, exit, exec_status or None, message regex)
EXPECT = {
    "kill-parent": ("kill-parent", "", [], 1, "SANDBOX", r"sandbox violation: kill: signal 9 SIGKILL to process "),
    # without the filter the PID namespace still hides the harness: the
    # signals reach nothing outside, the run completes unharmed
    "kill-parent.no-seccomp": ("kill-parent", "seccomp", [], 0, None, None),
    "kill-all": ("kill-all", "", [], 1, "SANDBOX", r"sandbox violation: kill: signal 9 SIGKILL to process -1"),
    "setsid-fork": ("setsid-fork", "", [], 1, "SANDBOX", r"sandbox violation: clone: creating a process"),
    # without the filter: three detached processes, then a hang; the timeout
    # kills the worker and the PID namespace takes its descendants along
    "fork-hang.no-seccomp": ("fork-hang", "seccomp", ["--timeout", "3"], 1, "TIMEOUT",
                             r"no answer within the timeout"),
    # finding the harness's pid through /proc is already refused: /proc of
    # other processes is not readable (the read watch names the path) ...
    "ptrace-parent": ("ptrace-parent", "", [], 1, "SANDBOX",
                      r"sandbox violation: opened /proc/[0-9]+/stat for reading, outside what the plugin may read"),
    # ... and without the read watch (Landlock refuses the read quietly) the
    # attach itself is trapped
    "ptrace-parent.no-readwatch": ("ptrace-parent", "readwatch", [], 1, "SANDBOX",
                                   r"sandbox violation: ptrace\(request 16, "),
    "write-vectors": ("write-outside", "", [], 1, "SANDBOX",
                      r"sandbox violation: opened .*/hostile-[0-9a-f]+ for writing, outside the scratch directory"),
    "write-report": ("write-outside", "", [], 1, "SANDBOX",
                     r"sandbox violation: opened .*/hostile\.json for writing, outside the scratch directory"),
    # without the write watch (and filter) Landlock alone refuses the write
    "write-vectors.landlock-only": ("write-outside", "seccomp,writewatch", [], 0, None, None),
    "socket": ("socket", "", [], 1, "SANDBOX", r"sandbox violation: socket\(domain 2\): a socket other than AF_UNIX"),
    "huge-alloc": ("huge-alloc", "", ["--memory-limit", "1G"], 1, "SANDBOX",
                   r"sandbox violation: mmap of 21474[0-9]{5} bytes, beyond the memory limit"),
    # without the filter the address-space limit refuses it: malloc fails
    "huge-alloc.rlimit-only": ("huge-alloc", "seccomp", ["--memory-limit", "1G"], 1, "ERROR",
                               r"malloc\(2147483648\) returned NULL"),
    "cpu-burn": ("cpu-burn", "", ["--cpu-limit", "1", "--timeout", "120"], 1, "SANDBOX",
                 r"sandbox violation: used [0-9.]+ s of CPU time in one call, beyond the CPU limit of 1 s"),
    # one thread spinning under the default CPU limit (the timeout + 1 s):
    # a TIMEOUT on every run, never a CPU-limit violation by a race
    "spin": ("spin", "", ["--timeout", "2"], 1, "TIMEOUT", r"no answer within the timeout of 2 s"),
    "fork-bomb": ("fork-bomb", "", [], 1, "SANDBOX", r"sandbox violation: clone: creating a process"),
    "exec": ("exec", "", [], 1, "SANDBOX", r"sandbox violation: execve: running another program"),
    # a declared helper program allows that program only, not /bin/sh
    "exec.other-program": ("exec", "", ["--sandbox-helper", "/usr/bin/ld"], 1, "SANDBOX",
                           r"sandbox violation: execve: running another program \(/.*; "
                           r"blocked: not a declared --sandbox-helper\)"),
    "close-fds": ("close-fds", "", [], 1, "SANDBOX",
                  r"sandbox violation: close on the worker's own connection to the harness"),
    # allowed: output goes to the harness's stderr, never into a report
    "garbage-output": ("garbage-output", "", [], 0, None, None),
    # ill-formed UTF-8 in the message: replaced byte by byte with '?' (the
    # report must parse as UTF-8 JSON at all), markup kept as text
    "bad-utf8": ("bad-utf8", "", [], 1, "ERROR", r"bad \?\?</testcase>\?\?\?\?\? end \?\?$"),
    "exit-midcall": ("exit-midcall", "", [], 1, "CRASH",
                     r"plugin process exited with code 0 during the call"),
    # the harness under valgrind memcheck: the worker is exec'd, so it runs
    # natively with every protection but the watches (valgrind cannot
    # answer seccomp notifications: the identity says so); memcheck clean
    "valgrind.kill-parent": ("kill-parent", "", [], 1, "SANDBOX",
                             r"sandbox violation: kill: signal 9 SIGKILL to process "),
    "valgrind.fork-hang": ("fork-hang", "", ["--timeout", "5"], 1, "SANDBOX",
                           r"sandbox violation: clone: creating a process"),
    # --sandbox require when a protection is missing: no run at all
    "require": ("exit-midcall", "landlock", ["--sandbox", "require"], 2, None, None),
}


def fail(errors, text):
    errors.append(text)


def leftovers(token):
    """Processes whose environment or command line carries `token`."""
    found = []
    needle = token.encode()
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        for what in ("environ", "cmdline"):
            try:
                with open("/proc/%s/%s" % (pid, what), "rb") as fh:
                    if needle in fh.read():
                        with open("/proc/%s/stat" % pid) as st:
                            found.append("%s: %s" % (pid, st.read().strip()[:120]))
                        break
            except OSError:
                pass
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--test", required=True, choices=sorted(EXPECT))
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    plugin, omit, extra, want_rc, want_status, want_msg = EXPECT[a.test]
    if not os.path.exists(os.path.join(a.vectors, "manifest.json")):
        print("SKIP: no vector set in %s (generate it first)" % a.vectors)
        return 77
    # An AddressSanitizer build (static or shared runtime) carries the note
    # that only such a build compiles in (harness/exec/worker_sandbox.c).
    with open(a.cli, "rb") as fh:
        asan = b"no address-space limit under AddressSanitizer" in fh.read()
    if a.test == "huge-alloc.rlimit-only" and asan:
        print("SKIP: AddressSanitizer build: the worker has no address-space limit "
              "(ASan's shadow memory takes terabytes of address space); the seccomp "
              "rule on single mappings is tested by hostile.huge-alloc")
        return 77
    valgrind = shutil.which("valgrind")
    if a.test.startswith("valgrind.") and (valgrind is None or asan):
        print("SKIP: %s" % ("no valgrind on PATH" if valgrind is None else
                            "AddressSanitizer build: valgrind cannot run it"))
        return 77
    work = os.path.join(a.workdir, a.test)
    shutil.rmtree(work, ignore_errors=True)
    tmp = os.path.join(work, "tmp")
    os.makedirs(tmp)
    token = secrets.token_hex(12)
    env = dict(os.environ, SONNX_HOSTILE_TOKEN=token, TMPDIR=tmp,
               SONNX_CTS_SANDBOX_OMIT=omit)
    ref_json = os.path.join(work, "reference.json")
    hostile_json = os.path.join(work, "hostile.json")
    target = os.path.join(a.vectors, "hostile-" + token)
    if a.test == "write-report":
        target = hostile_json
    env["SONNX_HOSTILE_TARGET"] = target
    errors = []

    ref = subprocess.run([a.cli, "run", "--vectors", a.vectors, "--json", ref_json, "--quiet"]
                         + SEL, capture_output=True, text=True)
    if ref.returncode != 0:
        print("reference run failed (exit %d): %s" % (ref.returncode, ref.stderr))
        return 1
    cmd = ([a.cli, "run", "--vectors", a.vectors, "--json", hostile_json,
            "--vendor", os.path.join(a.plugin_dir, "hostile_%s.so" % plugin.replace("-", "_"))]
           + SEL + extra)
    if a.test.startswith("valgrind."):
        cmd = [valgrind, "--quiet", "--error-exitcode=99", "--leak-check=full",
               "--errors-for-leak-kinds=definite,indirect,possible"] + cmd
    print("$ SONNX_CTS_SANDBOX_OMIT=%s %s" % (omit, " ".join(cmd)))
    # Output to files, not pipes: a process left behind would hold a pipe
    # open and hang this script (as it would hold a CI job open).
    with open(os.path.join(work, "stdout"), "w+b") as out, \
         open(os.path.join(work, "stderr"), "w+b") as err:
        rc = subprocess.run(cmd, env=env, stdout=out, stderr=err, timeout=600).returncode
        out.seek(0)
        err.seek(0)
        p = subprocess.CompletedProcess(cmd, rc, out.read().decode(errors="replace"),
                                        err.read().decode(errors="replace"))
    left = leftovers(token)
    for line in left:  # never leave them running: they were started by this test
        try:
            os.kill(int(line.split(":")[0]), 9)
        except OSError:
            pass
    print("exit %d; stderr (last 600 chars): %s" % (p.returncode, p.stderr[-600:]))
    if p.returncode != want_rc:
        fail(errors, "exit status %d, expected %d" % (p.returncode, want_rc))
    if left:
        fail(errors, "processes left behind: %s" % "; ".join(left))
    if os.path.exists(target) and a.test != "write-report":
        fail(errors, "the plugin wrote %s outside its scratch directory" % target)
        os.unlink(target)
    if os.listdir(tmp):
        fail(errors, "the scratch directory was not removed: %s" % os.listdir(tmp))
    if want_rc == 2:
        if "--sandbox=require" not in p.stderr:
            fail(errors, "no --sandbox=require error on stderr")
        if os.path.exists(hostile_json):
            fail(errors, "a report was written although the plugin was refused")
    else:
        check_report(errors, ref_json, hostile_json, want_status, want_msg, p, a.test)
    for e in errors:
        print("FAIL: " + e)
    if not errors:
        print("OK: %s" % a.test)
    return 1 if errors else 0


def check_report(errors, ref_json, hostile_json, want_status, want_msg, p, test):
    try:
        with open(ref_json, encoding="utf-8") as fh:
            ref = json.load(fh)
        with open(hostile_json, encoding="utf-8") as fh:
            rep = json.load(fh)
    except (OSError, ValueError) as e:
        fail(errors, "report unreadable: %s" % e)
        return
    iso = rep["identity"]["backend"]["isolation"]
    print("isolation: " + iso)
    if "valgrind" in p.args[0] and "no write or read watch (the harness runs under valgrind" not in iso:
        fail(errors, "under valgrind the identity must say which protections are missing")
    if not iso.startswith("sandboxed child process ("):
        fail(errors, "the identity does not list the sandbox: %r" % iso)
    if ISOLATION.get(test, "") not in iso:
        fail(errors, "the isolation does not say %r: %r" % (ISOLATION[test], iso))
    rcases = {c["id"]: c for c in ref["cases"]}
    hcases = {c["id"]: c for c in rep["cases"]}
    if list(rcases) != list(hcases):
        fail(errors, "the report lists other cases than the reference run")
        return
    differ = [i for i in hcases if (hcases[i]["verdict"], hcases[i].get("exec_status"))
              != (rcases[i]["verdict"], rcases[i].get("exec_status"))]
    if want_status is None:
        if differ:
            fail(errors, "cases changed although the attack must change nothing: %s"
                 % ["%s %s %s" % (i, hcases[i]["verdict"], hcases[i].get("exec_status"))
                    for i in differ])
        if "\x1b[2J" in p.stdout or "\ufffd" in p.stdout:
            fail(errors, "the plugin's output reached the harness's stdout")
        return
    if len(differ) != 1:
        fail(errors, "expected exactly one blamed case, got %d: %s" % (len(differ), differ))
        return
    c = hcases[differ[0]]
    msg = c.get("message") or ""
    print("blamed: %s verdict %s exec_status %s: %s" % (c["id"], c["verdict"],
                                                       c.get("exec_status"), msg))
    if not c["id"].startswith("div/float32/"):
        fail(errors, "the blamed case %s is not the attacked Div float32 call" % c["id"])
    if c.get("exec_status") != want_status:
        fail(errors, "exec_status %s, expected %s" % (c.get("exec_status"), want_status))
    if not re.search(want_msg, msg):
        fail(errors, "message %r does not match %r" % (msg, want_msg))


if __name__ == "__main__":
    sys.exit(main())
