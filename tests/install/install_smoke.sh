#!/usr/bin/env bash
# install_smoke.sh — an installed sonnx-cts works on its own.
#
#   install_smoke.sh destdir BUILD_DIR SCRATCH [ORT_LIB]
#       `cmake --install BUILD_DIR` into SCRATCH/root (DESTDIR, prefix /usr)
#   install_smoke.sh deb BUILD_DIR SCRATCH [ORT_LIB]
#       `cpack -G DEB` in BUILD_DIR, checks the package's Depends, and
#       unpacks it into SCRATCH/root (dpkg-deb -x)
#
# then, on the tree under SCRATCH/root/usr, with the source tree out of
# reach (the tree is copied to a second prefix, so the checks also prove
# that a relocated prefix works):
#   - `sonnx-cts run` with no --vectors certifies the built-in kernels from
#     the installed share/sonnx-cts/vectors (exit 0, every case run);
#   - `--vendor builtin` (a bare name) runs the installed plugin;
#   - with the installed vectors removed, `run` refuses (exit 2) instead of
#     reaching back into the source tree;
#   - with ORT_LIB, the installed ORT adapter certifies ONNX Runtime
#     (exit 0 or 1: a finished certification; 2 would be a failure to run).
set -euo pipefail
mode="$1"; build="$2"; scratch="$3"; ort_lib="${4:-}"
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$scratch"
mkdir -p "$scratch/root"
case "$mode" in
  destdir)
    DESTDIR="$scratch/root" cmake --install "$build" --prefix /usr >"$scratch/install.log"
    ;;
  deb)
    cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/pkg" >"$scratch/cpack.log" 2>&1 ||
      { cat "$scratch/cpack.log"; fail "cpack -G DEB failed"; }
    deb=$(ls "$scratch"/pkg/sonnx-cts_*.deb 2>/dev/null | head -n 1)
    [[ -n "$deb" ]] || fail "cpack made no sonnx-cts_*.deb in $scratch/pkg"
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "package: $(basename "$deb"); Depends: $depends"
    for lib in libc6 libcjson1 libprotobuf-c1; do
      grep -q "\b$lib\b" <<<"$depends" || fail "Depends of $(basename "$deb") lacks $lib: $depends"
    done
    dpkg-deb -c "$deb" >"$scratch/contents.txt"
    grep -q '\./usr/bin/sonnx-cts$' "$scratch/contents.txt" || fail "the package has no /usr/bin/sonnx-cts"
    dpkg-deb -x "$deb" "$scratch/root"
    ;;
  *) fail "mode must be destdir or deb" ;;
esac

prefix="$scratch/root/usr"
for f in bin/sonnx-cts share/sonnx-cts/vectors/manifest.json share/doc/sonnx-cts/README.md \
         include/sonnx_cts/plugin.h; do
  [[ -e "$prefix/$f" ]] || fail "$f is not installed"
done
plugin_dir=""
for d in "$prefix"/lib/sonnx-cts "$prefix"/lib/*/sonnx-cts; do
  [[ -d "$d" ]] && { plugin_dir="${d#"$prefix"/}"; break; }
done
[[ -n "$plugin_dir" && -f "$prefix/$plugin_dir/sonnx_builtin_plugin.so" ]] ||
  fail "the built-in plugin is not installed under lib/sonnx-cts"

# A relocated prefix: the same tree somewhere else, outside the build tree
# (an executable inside its build tree may use the source tree's vectors).
elsewhere="$(mktemp -d "${TMPDIR:-/tmp}/sonnx-cts-installed.XXXXXX")"
trap 'rm -rf "$elsewhere"' EXIT
moved="$elsewhere/opt"
cp -a "$prefix" "$moved"
cli="$moved/bin/sonnx-cts"
cd "$elsewhere"   # not the source tree, not the build tree
unset SONNX_CTS_VECTORS

"$cli" run --quiet --json builtin.json --html builtin.html || fail "installed sonnx-cts run exited $? (want 0)"
# The report's spec notes and catalogue come from the installed tree.
grep -q "Spec notes</th><td>opt/share/sonnx-cts/vectors/../docs/spec-notes.md " builtin.html ||
  fail "the installed run's report did not read the installed spec notes: $(grep -o 'Spec notes</th><td>[^<]*' builtin.html)"
/usr/bin/python3 - "$moved" builtin.json <<'PY' || exit 1
import json, os, sys
moved, path = sys.argv[1], sys.argv[2]
doc = json.load(open(path))
vd = doc["identity"]["vectors_dir"]
want = os.path.realpath(os.path.join(moved, "share/sonnx-cts/vectors"))
if os.path.realpath(vd) != want:
    sys.exit("FAIL: the installed CLI used vectors %r, not the installed %r" % (vd, want))
s = doc["summary"]
v = s["verdicts"]
if s["overall"] != "CONFORMS" or v.get("PASS", 0) == 0 or v.get("PASS") != s["cases"]:
    sys.exit("FAIL: installed run: %r" % s)
print("installed run: %d cases, all PASS, vectors %s" % (s["cases"], vd))
PY

# A vector set with no docs/ beside it: the report falls back on the
# installed spec notes (install_layout.c), never on a path of the build host.
cp -a "$moved/share/sonnx-cts/vectors" lone-vectors
"$cli" run --quiet --vectors lone-vectors --op Div --type float16 --html lone.html ||
  fail "installed sonnx-cts run --vectors lone-vectors exited $?"
installed_notes="$(realpath "$moved/share/sonnx-cts/docs/spec-notes.md")"
grep -q "Spec notes</th><td>$installed_notes " lone.html ||
  fail "without docs beside the vectors, the report did not read the installed spec notes: $(grep -o 'Spec notes</th><td>[^<]*' lone.html)"

"$cli" run --quiet --vendor builtin --op Div --type float16 --json plugin.json ||
  fail "installed sonnx-cts run --vendor builtin exited $?"
grep -q 'sonnx_builtin_plugin.so' plugin.json || fail "--vendor builtin did not load the installed plugin"

mv "$moved/share/sonnx-cts/vectors" "$moved/share/sonnx-cts/vectors.away"
set +e
"$cli" run --quiet >none.out 2>&1
status=$?
set -e
[[ $status == 2 ]] || fail "with the installed vectors gone, run exited $status (want 2): $(cat none.out)"
grep -q "no vector set" none.out || fail "no clear message without vectors: $(cat none.out)"
mv "$moved/share/sonnx-cts/vectors.away" "$moved/share/sonnx-cts/vectors"

if [[ -n "$ort_lib" ]]; then
  if [[ ! -f "$moved/$plugin_dir/sonnx_ort_plugin.so" ]]; then
    fail "ORT library given but the ORT adapter is not installed"
  fi
  set +e
  "$cli" run --quiet --vendor sonnx_ort_plugin --vendor-options "lib=$ort_lib" --json ort.json
  status=$?
  set -e
  [[ $status -le 1 || $status -eq 3 ]] ||
    fail "installed ORT certification exited $status (want 0, 1 or 3)"
  echo "installed ORT adapter: certification finished (exit $status)"
fi
# The installed self-test: every seeded fault under lib/sonnx-cts/selftest
# detected by the installed vectors, each listed in its report.
[[ -f "$moved/$plugin_dir/selftest/faults.tsv" ]] || fail "no $plugin_dir/selftest/faults.tsv installed"
n_faults=$(grep -c '^[a-z]' "$moved/$plugin_dir/selftest/faults.tsv")
"$cli" selftest --report selftest.md >selftest.out 2>&1 ||
  { cat selftest.out; fail "installed sonnx-cts selftest exited $? (want 0)"; }
n_detected=$(grep -c '^| DETECTED |' selftest.md || true)
[[ "$n_detected" == "$n_faults" ]] ||
  { cat selftest.out; fail "selftest report lists $n_detected DETECTED faults, faults.tsv $n_faults"; }
grep -q "^\*\*$n_faults of $n_faults seeded faults detected: every seeded fault detected" selftest.md ||
  fail "selftest report lacks its conclusion"
echo "installed selftest: $n_detected of $n_faults seeded faults detected"
# The qualification kit is shipped.
for f in README.md tool-operational-requirements.md qualification-plan.md \
         configuration-index.md known-problems.md bundle.md; do
  [[ -f "$moved/share/doc/sonnx-cts/qualification/$f" ]] || fail "qualification/$f is not installed"
done
echo "PASS: $mode install works from a relocated prefix"
