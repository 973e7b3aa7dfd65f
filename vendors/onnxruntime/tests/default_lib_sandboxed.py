#!/usr/bin/python3
"""default_lib_sandboxed.py — `sonnx-cts run --vendor sonnx_ort_plugin.so`
with no vendor options, the sandbox on (the default): the adapter finds
ONNX Runtime in ~/.cache/sonnx-cts, where scripts/fetch-onnxruntime.sh puts
it, although the sandbox moves the plugin's HOME to its scratch directory
(the harness passes the real cache in SONNX_CTS_CACHE).

usage: default_lib_sandboxed.py SONNX_CTS PLUGIN ORT_LIB VECTORS
Exit 77 (skipped) when ORT_LIB is not <home>/.cache/sonnx-cts/... .
"""
import os
import subprocess
import sys

TAIL = os.path.join(".cache", "sonnx-cts", "onnxruntime-1.30.0", "libonnxruntime.so.1")


def main():
    tool, plugin, lib, vectors = sys.argv[1:5]
    lib = os.path.abspath(lib)
    if not lib.endswith(os.sep + TAIL) or not os.path.exists(lib):
        print("skip: %s is not a fetched ~/%s" % (lib, TAIL))
        return 77
    home = lib[: -len(os.sep + TAIL)]
    env = {k: v for k, v in os.environ.items()
           if k not in ("SONNX_CTS_ORT_LIB", "SONNX_CTS_CACHE", "XDG_CACHE_HOME")}
    env["HOME"] = home
    p = subprocess.run([tool, "run", "--vectors", vectors, "--vendor", plugin,
                        "--op", "Div", "--type", "float32"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=600)
    if p.returncode not in (0, 1) or "overall:" not in p.stdout:
        sys.exit("FAIL: exit %d\n%s" % (p.returncode, p.stderr[-3000:]))
    if "isolation: " not in p.stdout or "sandbox" not in p.stdout:
        sys.exit("FAIL: not run in the sandbox:\n" + p.stdout[:2000])
    print("ok: ONNX Runtime found from ~/.cache with the sandbox on, no options")
    return 0


if __name__ == "__main__":
    sys.exit(main())
