#!/usr/bin/python3
"""generators.selftest: unit tests of the rounding code, the requirement
catalogue's structure, the structure of the written vectors,
and an independent recomputation (reference.py) of every golden.

    /usr/bin/python3 generators/tests/selftest.py [--vectors DIR]
"""

import argparse
import hashlib
import math
import os
import random
import re
import sys
import unittest
from fractions import Fraction

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)
sys.path.insert(0, HERE)

from generators import dtypes, floatfmt as ff, op_registry, requirements  # noqa: E402
import reference  # noqa: E402
import vecio  # noqa: E402

ARGS = argparse.Namespace(vectors=os.path.join(REPO, "vectors"))


class RoundingTests(unittest.TestCase):
    """floatfmt.round_rational against numpy's casts (which round once,
    RNE) on random doubles, and hand-checked encodings."""

    def _random_doubles(self, n, seed):
        rng = np.random.default_rng(seed)
        bits = rng.integers(0, 1 << 63, size=n, dtype=np.uint64) | \
            (rng.integers(0, 2, size=n, dtype=np.uint64) << np.uint64(63))
        vals = bits.view(np.float64)
        return vals[np.isfinite(vals)]

    def _check(self, dt, np_type, view, values):
        with np.errstate(all="ignore"):
            ref = values.astype(np_type).view(view)
        for v, r in zip(values, ref):
            bits, _ = ff.round_rational(dt.fmt, Fraction(float(v)), 1 if np.signbit(v) else 0)
            self.assertEqual(bits, int(r), "%s: %r" % (dt.name, float(v)))

    def test_to_float32(self):
        vals = self._random_doubles(20000, 1)
        # also values scaled into float32's subnormal/overflow region
        near = np.ldexp(np.random.default_rng(2).random(20000) + 1.0,
                        np.random.default_rng(3).integers(-160, 130, 20000))
        self._check(dtypes.FLOAT32, np.float32, np.uint32, np.concatenate([vals, near]))

    def test_to_float16(self):
        near = np.ldexp(np.random.default_rng(4).random(20000) + 1.0,
                        np.random.default_rng(5).integers(-30, 18, 20000))
        self._check(dtypes.FLOAT16, np.float16, np.uint16, near)

    def test_to_float64_identity(self):
        for v in self._random_doubles(5000, 6):
            bits, flags = ff.round_rational(dtypes.FLOAT64.fmt, Fraction(float(v)),
                                            1 if np.signbit(v) else 0)
            self.assertEqual(bits, int(np.float64(v).view(np.uint64)))
            self.assertFalse(flags & {"inexact"})

    def test_to_bfloat16(self):
        rng = np.random.default_rng(7)
        b32 = rng.integers(0, 1 << 32, size=20000, dtype=np.uint64).astype(np.uint32)
        f32 = b32.view(np.float32)
        for b, v in zip(b32, f32):
            if not np.isfinite(v):
                continue
            b = int(b)
            ref = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
            bits, _ = ff.round_rational(dtypes.BFLOAT16.fmt, Fraction(float(v)), b >> 31)
            self.assertEqual(bits, ref, hex(b))

    def test_hand_checked(self):
        f = dtypes.FLOAT16.fmt
        ms = Fraction(1, 1 << 24)
        cases = [(ms / 2, 0x0000, {"tie", "to-zero"}), (ms * 3 / 2, 0x0002, {"tie"}),
                 (ms * 5 / 2, 0x0002, {"tie"}), (Fraction(65520), 0x7C00, {"overflow"}),
                 (Fraction(65519), 0x7BFF, set()), (-Fraction(1, 3), 0xB555, set()),
                 (Fraction(1), 0x3C00, set()), (Fraction(1) + Fraction(1, 2048), 0x3C00, {"tie"}),
                 (Fraction(1) + Fraction(3, 2048), 0x3C02, {"tie"}),
                 (Fraction(1, 1 << 14) - ms / 2, 0x0400, {"tie"})]
        for q, bits, must in cases:
            got, flags = ff.round_rational(f, q)
            self.assertEqual(got, bits, str(q))
            self.assertTrue(must <= flags, (str(q), flags))
        self.assertEqual(ff.round_rational(f, Fraction(0), 1)[0], 0x8000)


class CatalogueTests(unittest.TestCase):
    """vectors/requirements.json's own structure.  Its agreement with the
    spec documents' labels and statements is generators/tests/
    spec_catalogue.py (a separate ctest, skipped when the documents are not
    given)."""

    def test_ids_unique_and_notes_numbered(self):
        cat = requirements.catalogue(REPO)
        by_id = {r["id"]: r for r in cat}
        self.assertEqual(len(by_id), len(cat), "duplicate ids")
        notes = [r for r in cat if r["doc"] == "spec-notes"]
        self.assertEqual([r["id"] for r in notes],
                         ["spec-notes:SN-%d" % i for i in range(1, len(notes) + 1)])


class VectorTests(unittest.TestCase):
    """Structure of the written vectors and an independent recomputation of
    every golden."""

    @classmethod
    def setUpClass(cls):
        cls.manifest = vecio.load_manifest(ARGS.vectors)

    def test_files_and_models(self):
        for c in self.manifest["cases"]:
            for rel, digest in c["files"].items():
                with open(os.path.join(ARGS.vectors, c["path"], rel), "rb") as fh:
                    self.assertEqual(hashlib.sha256(fh.read()).hexdigest(), digest, c["id"])
            m = onnx.load(os.path.join(ARGS.vectors, c["path"], "model.onnx"))
            self.assertEqual(m.ir_version, 8)
            self.assertEqual([(o.domain, o.version) for o in m.opset_import], [("", c["opset"])])
            # the node's tensors are the manifest's, inputs in the registry's
            # arity and names (ops/operators.json; Pow keeps A, B)
            names = [t["name"] for t in c["inputs"]]
            self.assertEqual(len(names), len(op_registry.facet(c["op"], "inputs")), c["id"])
            if c["op"] != "Pow":
                self.assertEqual(names, op_registry.facet(c["op"], "inputs"), c["id"])
            self.assertEqual([(n.op_type, list(n.input), list(n.output)) for n in m.graph.node],
                             [(c["op"], names, [c["outputs"][0]["name"]])])
            if len(names) == 1:         # the ONNX schema's names of a unary op (X -> Y)
                schema = onnx.defs.get_schema(c["op"], c["opset"])
                self.assertEqual((names, c["outputs"][0]["name"]),
                                 ([schema.inputs[0].name], schema.outputs[0].name), c["id"])
            declared = [(v.name, v.type.tensor_type.elem_type,
                         [d.dim_value for d in v.type.tensor_type.shape.dim])
                        for v in list(m.graph.input) + list(m.graph.output)]
            self.assertEqual(declared, [(t["name"], vecio.CODES[t["dtype"]], t["shape"])
                                        for t in c["inputs"] + c["outputs"]], c["id"])
            has_out = "test_data_set_0/output_0.pb" in c["files"]
            self.assertEqual(has_out, c["expectation"] == "values" or
                             (c["expectation"] == "reject" and "reject-broadcast" in c["tags"]),
                             c["id"])
            if "onnx" in c["profiles"]:
                onnx.checker.check_model(m)   # ONNX-profile models are valid ONNX

    def test_goldens_independently(self):
        mismatches, checked, undefined = [], 0, 0
        for c in self.manifest["cases"]:
            if c["expectation"] == "reject" and "reject-broadcast" not in c["tags"]:
                continue
            ins, out = vecio.case_inputs(ARGS.vectors, c)
            if len(ins) == 1:
                pairs, b_dt = [(x,) for x in ins[0]], None
            else:
                pairs = vecio.broadcast_pairs(c["inputs"][0]["shape"], c["inputs"][1]["shape"],
                                              ins[0], ins[1])
                b_dt = c["inputs"][1]["dtype"]
            a_dt = c["inputs"][0]["dtype"]
            ref = reference.reference(c["op"], a_dt, b_dt, pairs)
            if c["expectation"] == "no-crash":
                self.assertIsNone(out, c["id"])
                bad = [i for i, r in enumerate(ref) if r is not None]
                if bad:
                    mismatches.append("%s: elements %s are defined (%s)" % (
                        c["id"], bad[:5], [ref[i] for i in bad[:5]]))
                undefined += len(ref)
                continue
            for i, (r, g) in enumerate(zip(ref, out)):
                checked += 1
                if r is None:
                    mismatches.append("%s[%d]: undefined in the reference" % (c["id"], i))
                elif r == "nan":
                    if not _is_nan(c["outputs"][0]["dtype"], g):
                        mismatches.append("%s[%d]: golden %#x, reference NaN" % (c["id"], i, g))
                elif int(r) != g:
                    mismatches.append("%s[%d]: inputs %s golden %#x reference %#x" % (
                        c["id"], i, ["%#x" % (v & (2**64 - 1)) for v in pairs[i]],
                        g & (2**64 - 1), int(r) & (2**64 - 1)))
        print("\ncross-check: %d golden elements agree with the reference, %d undefined "
              "elements confirmed undefined, %d mismatches" % (checked - len(mismatches),
                                                             undefined, len(mismatches)))
        self.assertEqual(mismatches, [], "\n".join(mismatches[:40]))


def _val(dt, bits):
    return ff.value(dtypes.BY_NAME[dt].fmt, bits)


def _rn(fmt, q):
    if q is None:                                  # inf stays inf
        return None
    d = ff.decode(fmt, ff.round_rational(fmt, q)[0])
    return None if d.cls == ff.INF else (-d.mag if d.sign else d.mag)


class HardCaseTests(unittest.TestCase):
    """The issue-14 families hold what their tags claim, recomputed here
    from the written tensors with Fractions (independently of the
    generators' numpy searches and integer shortcuts)."""

    @classmethod
    def setUpClass(cls):
        cls.manifest = vecio.load_manifest(ARGS.vectors)

    def _cases(self, tag, ops):
        out = [c for c in self.manifest["cases"] if tag in c["tags"] and c["op"] in ops]
        self.assertTrue(out, tag)
        for c in out:
            a, b, g = vecio.case_tensors(ARGS.vectors, c)
            yield c, c["inputs"][0]["dtype"], a, b, g

    def test_hard_rounding_div_mul_next_to_a_midpoint(self):
        """Every element's exact result is within 2^(1-p) half-ulps of a
        midpoint (not on it), and both sides occur in every case."""
        for c, dt, a, b, _ in self._cases("hard-rounding", ("Div", "Mul")):
            fmt = dtypes.BY_NAME[dt].fmt
            p, sides = fmt.precision, set()
            for x, y in zip(a, b):
                va, vb = _val(dt, x), _val(dt, y)
                q = abs(va * vb if c["op"] == "Mul" else va / vb)
                e = max(ff._floor_log2(q.numerator, q.denominator), fmt.emin)
                u = q / Fraction(2) ** (e - p + 1)                 # in result ulps
                dist = u - (u.numerator // u.denominator) - Fraction(1, 2)
                self.assertNotEqual(dist, 0, c["id"])
                self.assertLessEqual(abs(dist), Fraction(1, 1 << (p - 1)),
                                     "%s: %#x, %#x is %s ulp from a midpoint" % (c["id"], x, y,
                                                                                  float(dist)))
                sides.add(dist > 0)
            self.assertEqual(sides, {True, False}, c["id"])

    def test_double_rounding_div_mul_are_witnesses(self):
        """Every element: at least one defect model (re-implemented here)
        gives another value than the golden."""
        x87, tf32, f32 = dtypes.FloatFormat(64, 15), dtypes.FloatFormat(11, 8), dtypes.FLOAT32.fmt
        f64 = dtypes.FLOAT64.fmt
        for c, dt, a, b, g in self._cases("double-rounding", ("Div", "Mul")):
            fmt = dtypes.BY_NAME[dt].fmt
            for x, y, gold in zip(a, b, g):
                va, vb = _val(dt, x), _val(dt, y)
                exact = va * vb if c["op"] == "Mul" else va / vb
                self.assertEqual(ff.round_rational(fmt, exact)[0], gold, c["id"])
                want = _rn(fmt, exact)
                got = [_rn(fmt, _rn(x87, exact)), _rn(fmt, _rn(tf32, exact))]
                e = max(ff._floor_log2(abs(exact.numerator), exact.denominator), fmt.emin)
                ulp = Fraction(2) ** (e - fmt.precision + 1)
                t = math.floor(abs(exact) / ulp * 4)              # sticky bit lost
                m = t // 4 + ((t % 4 == 3) or (t % 4 == 2 and (t // 4) % 2 == 1))
                sticky = m * ulp if m * ulp < Fraction(2) ** (fmt.emax + 1) else None
                got.append(sticky if sticky is None or exact > 0 else -sticky)
                if c["op"] == "Div":
                    for inner in (f32, fmt, x87, f64):
                        r = _rn(inner, 1 / vb)
                        got.append(_rn(fmt, _rn(inner, va * r)) if r is not None else None)
                self.assertTrue(any(v != want for v in got),
                                "%s: %#x, %#x is no witness" % (c["id"], x, y))

    def test_boundary_classes_in_their_windows(self):
        """boundary_classes: every element's exact result lies in the window
        its element range names (docs/coverage.md), the boundaries derived
        here from the format's parameters alone."""
        for c, dt, a, b, _ in self._cases("boundary-classes", ("Div", "Mul")):
            fmt = dtypes.BY_NAME[dt].fmt
            p, two = fmt.precision, Fraction(2)
            ms = two ** (fmt.emin - p + 1)
            mn = two ** fmt.emin
            top = two ** (fmt.emax - p + 1)
            mx = two ** (fmt.emax + 1) - top
            u1 = two ** (1 - p)
            mid = Fraction(3, 2) + u1 / 2
            bounds = {"underflow-threshold": (0, ms / 2, ms),
                      "between-subnormals": (ms, 3 * ms / 2, 2 * ms),
                      "subnormal-normal": (mn - ms, mn - ms / 2, mn),
                      "normal": (mid - u1 / 2, mid, mid + u1 / 2),
                      "largest-finite": (mx - top, mx - top / 2, mx),
                      "overflow-threshold": (mx, mx + top / 2, mx + top)}
            ranges = re.findall(r"\[(\d+), (\d+)\): ([a-z-]+) (below|on|above) the boundary",
                                c["description"])
            self.assertTrue(ranges, c["id"])
            covered = 0
            for i, j, cls, side in ranges:
                lo, t, hi = bounds[cls]
                signs = set()
                for k in range(int(i), int(j)):
                    va, vb = _val(dt, a[k]), _val(dt, b[k])
                    r = va * vb if c["op"] == "Mul" else va / vb
                    ok = {"below": lo < abs(r) < t, "on": abs(r) == t,
                          "above": t < abs(r) < hi}[side]
                    self.assertTrue(ok, "%s[%d]: %s is not %s %s" % (c["id"], k, r, side, cls))
                    signs.add(r < 0)
                    covered += 1
                self.assertEqual(signs, {True, False}, "%s: %s %s" % (c["id"], cls, side))
            self.assertEqual(covered, len(a), c["id"])

    def test_integer_criteria_families(self):
        """quotient_edges: a = q*b + d with |d| <= 1; wrap_boundaries: the
        exact product (Add, Sub: sum, difference) is MAX, MAX + 1, MIN or
        MIN - 1 of the type (Add, Sub: or outside the range)."""
        for c in self.manifest["cases"]:
            name = c["id"].rsplit("/", 1)[1]
            if name not in ("quotient_edges", "wrap_boundaries"):
                continue
            a, b, _ = vecio.case_tensors(ARGS.vectors, c)
            dt = dtypes.BY_NAME[c["inputs"][0]["dtype"]]
            lo = -(1 << (dt.bits - 1)) if dt.kind == "int" else 0
            hi = (1 << (dt.bits - 1)) - 1 if dt.kind == "int" else (1 << dt.bits) - 1
            for x, y in zip(a, b):
                if name == "quotient_edges":
                    self.assertNotEqual(y, 0, c["id"])
                    self.assertIn(min(x % abs(y), abs(y) - x % abs(y)) if abs(y) > 1 else 0,
                                  (0, 1), "%s: %d / %d" % (c["id"], x, y))
                elif c["op"] in ("Add", "Sub"):
                    # the exact sum / difference is at a wrap boundary or past it
                    r = x + y if c["op"] == "Add" else x - y
                    self.assertTrue(r in {lo, lo - 1, hi, hi + 1} or not lo <= r <= hi,
                                    "%s: %d, %d -> %d" % (c["id"], x, y, r))
                else:
                    self.assertIn(x * y, {lo, lo - 1, hi, hi + 1} if lo else {hi, hi + 1},
                                  "%s: %d * %d" % (c["id"], x, y))

    def test_pow_hard_exact_are_exact(self):
        """hard_exact: every golden equals the exact power (no rounding)."""
        for c, dt, a, b, g in self._cases("hard-rounding", ("Pow",)):
            if not c["id"].endswith("/hard_exact"):
                continue
            bdt = c["inputs"][1]["dtype"]
            for x, y, gold in zip(a, b, g):
                yv = _val(bdt, y) if bdt in reference.FLOATS else Fraction(y)
                xv = _val(dt, x)
                if yv.denominator == 1:
                    exact = xv ** int(yv)
                else:                                              # y = m/2: x a square
                    r = Fraction(math.isqrt(xv.numerator), math.isqrt(xv.denominator))
                    self.assertEqual(r * r, xv, c["id"])
                    exact = r ** yv.numerator
                self.assertEqual(ff.round_rational(dtypes.BY_NAME[dt].fmt, exact),
                                 (gold, frozenset()), "%s: %#x ** %r" % (c["id"], x, yv))

    def test_less_last_bit_pairs(self):
        """last_bit: operands one encoding apart (or +-0 / +-min subnormal)."""
        for c, dt, a, b, _ in self._cases("last-bit", ("Less",)):
            fmt = dtypes.BY_NAME[dt].fmt
            for x, y in zip(a, b):
                close = abs(x - y) == 1 or {x & ~ff.sign_bit(fmt), y & ~ff.sign_bit(fmt)} <= {0, 1}
                self.assertTrue(close, "%s: %#x, %#x" % (c["id"], x, y))


class PowAndPackingTests(unittest.TestCase):
    """Hand-checked Pow goldens (exact detection, ties, Ziv on huge
    exponents) and the 4-bit packing."""

    def test_pow_hand_checked(self):
        from generators import pow_golden as P
        F32, F16, F64 = dtypes.FLOAT32, dtypes.FLOAT16, dtypes.FLOAT64

        def f32(v):
            return int(np.float32(v).view(np.uint32))
        self.assertEqual(P.golden(F32, F32, f32(2.0), f32(0.5))[0], 0x3FB504F3)  # sqrt(2) RN
        self.assertEqual(P.golden(F32, F32, f32(4.0), f32(0.5)), (f32(2.0), set()))
        self.assertEqual(P.golden(F32, F32, f32(0.25), f32(-0.5))[0], f32(2.0))
        self.assertEqual(P.golden(F32, F32, f32(-8.0), f32(1 / 3))[0] & 0x7FC00000,
                         0x7FC00000)                                          # NaN
        self.assertEqual(P.golden(F32, dtypes.INT8, f32(-2.0), 3)[0], f32(-8.0))
        self.assertEqual(P.golden(F32, dtypes.INT8, f32(-0.0), -3)[0], 0xFF800000)  # -inf
        self.assertEqual(P.golden(F32, dtypes.INT8, f32(-0.0), -2)[0], 0x7F800000)  # +inf
        nan16 = 0x7E00
        self.assertEqual(P.golden(F16, F16, nan16, 0x8000)[0], 0x3C00)       # pow(NaN, -0) = 1
        self.assertEqual(P.golden(F16, F16, 0x3C00, nan16)[0], 0x3C00)       # pow(1, NaN) = 1
        self.assertEqual(P.golden(F16, F16, 0xBC00, 0xFC00)[0], 0x3C00)      # pow(-1, -inf) = 1
        # (47/32)^2 = 2209/1024 needs 12 bits: exactly halfway in float16
        bits, flags = P.golden(F16, dtypes.INT32, 0x3DE0, 2)
        self.assertIn("rounding-tie", flags)
        self.assertEqual(bits, 0x4050)                                        # 2.15625 (even)
        # (1 + 2^-52)^(2^64 - 1) = e^4096.000...: overflow, decided by the Ziv loop
        self.assertEqual(P.golden(F64, dtypes.UINT64, 0x3FF0000000000001, (1 << 64) - 1)[0],
                         0x7FF0000000000000)
        # (1 + 2^-52)^(2^53) = e^2 rounded: 7.38905609893065
        got = P.golden(F64, dtypes.UINT64, 0x3FF0000000000001, 1 << 53)[0]
        self.assertLessEqual(abs(int(np.float64(np.e ** 2).view(np.uint64)) - got), 1)
        self.assertEqual(P.golden(dtypes.INT32, dtypes.FLOAT32, 10, f32(2.5))[0], 316)
        self.assertEqual(P.golden(dtypes.INT32, dtypes.INT8, 2, 31), (None, {"pow-int-overflow"}))
        self.assertEqual(P.golden(dtypes.INT32, dtypes.INT8, -2, 31)[0], -(1 << 31))
        self.assertEqual(P.golden(dtypes.INT32, dtypes.INT8, 2, -1)[0], None)

    def test_int4_packing(self):
        from generators.tensorio import pack, unpack
        self.assertEqual(pack(dtypes.INT4, [-8, 7, -1]), bytes([0x78, 0x0F]))
        self.assertEqual(pack(dtypes.UINT4, [1, 2, 15, 0]), bytes([0x21, 0x0F]))
        self.assertEqual(unpack(dtypes.INT4, bytes([0x78, 0x0F]), 3), [-8, 7, -1])
        self.assertEqual(pack(dtypes.FLOAT16, [0x3C00]), bytes([0x00, 0x3C]))


class ToolTests(unittest.TestCase):
    """The --check comparison and the coverage rules can fail."""

    def test_compare_names_differences(self):
        import tempfile
        from generators.__main__ import compare
        with tempfile.TemporaryDirectory() as x, tempfile.TemporaryDirectory() as y:
            for root in (x, y):
                os.makedirs(os.path.join(root, "div", "c"))
                for name in ("same", "changed", "gone"):
                    with open(os.path.join(root, "div", "c", name), "w") as fh:
                        fh.write(name)
            with open(os.path.join(y, "div", "c", "changed"), "w") as fh:
                fh.write("other")
            os.remove(os.path.join(y, "div", "c", "gone"))
            with open(os.path.join(y, "div", "c", "new"), "w") as fh:
                fh.write("new")
            with open(os.path.join(y, "README.md"), "w") as fh:    # not owned: ignored
                fh.write("x")
            self.assertEqual(compare(x, y), (["div/c/changed"], ["div/c/gone"], ["div/c/new"]))

    def test_coverage_reports_missing_tag(self):
        import copy
        from generators import coverage
        manifest, catalogue = coverage.load(ARGS.vectors)
        self.assertEqual(coverage.analyse(manifest, catalogue)[1], [])
        broken = copy.deepcopy(manifest)
        broken["cases"] = [c for c in broken["cases"] if c["id"] != "div/float32/special_cross"]
        for c in broken["cases"]:
            if c["id"].startswith("less/int8/"):
                c["tags"] = [t for t in c["tags"] if t != "int-min"]
        problems = coverage.analyse(broken, catalogue)[1]
        self.assertIn("Less int8: tag int-min missing", problems)
        self.assertIn("Div float32: tag special-cross missing", problems)
        hard = copy.deepcopy(manifest)                     # hard cases required
        hard["cases"] = [c for c in hard["cases"]
                         if c["id"] not in ("div/float16/double_rounding", "less/float64/last_bit")]
        problems = coverage.analyse(hard, catalogue)[1]
        self.assertIn("Div float16: tag double-rounding missing", problems)
        self.assertIn("Less float64: tag last-bit missing", problems)


def _is_nan(dt, bits):
    if dt not in reference.FLOATS:
        return False
    return ff.decode(dtypes.BY_NAME[dt].fmt, bits).cls == ff.NAN


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--vectors", default=ARGS.vectors)
    ns, rest = ap.parse_known_args()
    ARGS.vectors = ns.vectors
    random.seed(0)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
