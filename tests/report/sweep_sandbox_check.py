#!/usr/bin/python3
"""sweep_sandbox_check.py — `sweep` takes the sandbox options of `run`
(sandbox_options.h): the identity of a sweep through a plugin states the
memory limit and the declared helper program it was given, and the options
are refused without --vendor or with --no-isolate.

usage: sweep_sandbox_check.py SONNX_CTS PLUGIN.so WORKDIR
"""
import json
import os
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def main():
    tool, plugin, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "sweep.json")
    base = [tool, "sweep", "--op", "Div", "--type", "float16", "--limit", "65536"]
    p = run(base + ["--vendor", plugin, "--memory-limit", "1G", "--cpu-limit", "7",
                    "--sandbox-helper", "/bin/true", "--json", out])
    if p.returncode != 0:
        sys.exit("FAIL: sweep with sandbox options: exit %d\n%s" % (p.returncode, p.stderr))
    with open(out, encoding="utf-8") as fh:
        iso = json.load(fh)["identity"]["backend"]["isolation"]
    helper = os.path.realpath("/bin/true")
    # Under AddressSanitizer no address-space limit can be set (its shadow
    # memory): the identity says so instead of the limit.
    asan = "no address-space limit under AddressSanitizer" in iso
    for want in ([] if asan else ["memory limit 1024 MiB"]) + [
            "CPU limit 7 s per call", "may run helper program " + helper, "seccomp filter"]:
        if want not in iso:
            sys.exit("FAIL: the sweep's isolation does not say %r: %r" % (want, iso))
    print("ok: the sweep's identity states the sandbox options given")
    for extra in (["--memory-limit", "1G"], ["--vendor", plugin, "--no-isolate",
                                             "--sandbox-helper", "/bin/true"]):
        p = run(base + extra)
        if p.returncode != 2 or "need --vendor, and not --no-isolate" not in p.stderr:
            sys.exit("FAIL: %s: exit %d, %s" % (extra, p.returncode, p.stderr))
    print("ok: refused without --vendor and with --no-isolate")
    print("PASS")


if __name__ == "__main__":
    main()
