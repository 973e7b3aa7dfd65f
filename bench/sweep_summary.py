#!/usr/bin/python3
"""Markdown summary of `sonnx-cts sweep --json` reports (one sweep each):
per sweep the verdict, counts, mismatches per deviation class, the max ULP
pair, and the first mismatching pairs.  Used by bench/sweep-vendor.sh for
docs/conformance/sweeps-*.md.

usage: sweep_summary.py REPORT.json...
"""
import json
import sys


def load(paths):
    reports = []
    for p in paths:
        try:
            with open(p, encoding="utf-8") as f:
                reports.append((p, json.load(f)))
        except (OSError, ValueError) as e:
            print(f"<!-- {p}: unreadable: {e} -->")
    return reports


def value(s, name):
    return f"{s.get(name + '_bits', '?')} ({s.get(name, '?')})"


def main(paths):
    reports = load(paths)
    if not reports:
        print("no reports")
        return 1
    ident = reports[0][1].get("identity", {})
    be = ident.get("backend", {})
    print(f"Implementation: **{be.get('runtime_name', '?')} {be.get('runtime_version', '?')}** "
          f"({be.get('vendor', '?')}), plugin `{be.get('plugin_path', '?')}`, "
          f"isolation: {be.get('isolation', '?')}; sonnx-cts {ident.get('harness_version', '?')}, "
          f"host {ident.get('host', '?')}, {ident.get('date_utc', '?')}.")
    print()
    print("| op | type | shard | verdict | pairs | exact | within tol. | mismatches | undefined (not compared): separate call | not run | max ULP (a, b: reference vs got) | classes | s |")
    print("|----|------|-------|---------|-------|-------|-------------|------------|------------|---------|---------|---------|---|")
    details = []
    for path, r in reports:
        for c in r.get("cases", []):
            sw = c.get("sweep")
            types = "x".join(sorted(set(c.get("input_types", [])), key=c["input_types"].index))
            shard = c["id"].rsplit("/", 1)[-1].replace("shard-", "").replace("-of-", "/")
            if sw is None:
                print(f"| {c['op']} | {types} | {shard} | {c['verdict']} | – | – | – | – | – | – | – | {c.get('message', '')} | |")
                continue
            und = str(sw["undefined_not_compared"])
            if sw["undefined_not_compared"]:
                ur = sw.get("undefined_run", {})
                und += f": {ur.get('status', '?')}" + (f" ({ur['message']})" if ur.get("message") else "")
            classes = ", ".join(f"{k} {v}" for k, v in c.get("deviation_counts", {}).items() if v)
            mu = sw.get("max_ulp")
            if mu is None:
                mtxt = "–"
            elif not mu:
                mtxt = "0"
            else:
                mtxt = f"{mu['ulp']} (a={mu['a_bits']}, b={mu['b_bits']}: {mu['expected_bits']} vs {mu['actual_bits']})"
            print(f"| {c['op']} | {types} | {shard} | {c['verdict']} | {sw['pairs']} | {sw['exact']} | "
                  f"{sw['within_tolerance']} | {sw['mismatches']} | {und} | "
                  f"{sw['not_run']} | {mtxt} | {classes or '–'} | {sw['seconds']:.0f} |")
            if c.get("samples") or sw.get("failures"):
                details.append((c, sw))
    for c, sw in details:
        types = "x".join(sorted(set(c["input_types"]), key=c["input_types"].index))
        print()
        print(f"### {c['op']} {types}, {c['id']}: first mismatching pairs, and the max-ULP pair")
        print()
        print("| pair | a | b | expected (reference) | got | ULP | class |")
        print("|------|---|---|----------------------|-----|-----|-------|")
        for s in c.get("samples", []):
            tag = " (max ULP)" if s.get("worst") else ""
            print(f"| {s['index']}{tag} | {value(s, 'a')} | {value(s, 'b')} | {value(s, 'expected')} | "
                  f"{value(s, 'actual')} | {s.get('ulp') if s.get('ulp') is not None else '–'} | {s.get('class')} |")
        for f in sw.get("failures", []):
            print(f"\nFailed batch at pair {f['first_pair']} ({f['pairs']} pairs): {f['status']}: {f['message']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
