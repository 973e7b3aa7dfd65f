"""Second, independent computation of every golden, used by selftest.py.

None of this uses the generator's arithmetic (arith.py, pow_golden.py) or its
rounding (floatfmt.py):
- float32/float64 Div, Mul, Less: numpy's native IEEE operations (correctly
  rounded, RNE).
- float16: numpy float32 operation, then numpy's float32->float16 cast.
  Double rounding is harmless: for +,-,*,/ rounding to p' >= 2p+2 bits and
  then to p bits equals direct rounding (Figueroa 1995); 24 >= 2*11+2.
- bfloat16: float32 operation, then RNE on the bit pattern (24 >= 2*8+2).
- Pow, finite non-zero operands: mpmath (ordinary, non-interval) power at
  400 bits, rounded once (RNE) at the target type's quantum; special operands: the C library's pow (numpy float64), which
  implements C99 Annex F.
- Integers: Fraction/trunc for Div, numpy's wrapping multiply in the real
  width (int4/uint4: masks) for Mul, Python integers for Pow.
- Add, Sub, Sqrt: numpy's native operations as Div and Mul (the same
  double-rounding argument holds for +, - and sqrt); Abs: numpy's abs;
  integers: numpy's wrapping add / subtract in the real width, abs with
  the signed minimum undefined.
Returns per element an int (bits / value), "nan" for any NaN, or None for
undefined."""

import math
from fractions import Fraction

import mpmath
import numpy as np

FLOATS = ("float16", "bfloat16", "float32", "float64")
# (precision, emin, emax) of the float types, for rounding Pow results once
POW_FORMATS = {"float16": (11, -14, 15), "bfloat16": (8, -126, 127),
               "float32": (24, -126, 127), "float64": (53, -1022, 1023)}
WIDTH = {"int4": 4, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
         "uint4": 4, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}
NPINT = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
         "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64}


def int_range(dt):
    w = WIDTH[dt]
    return (-(1 << (w - 1)), (1 << (w - 1)) - 1) if dt.startswith("int") else (0, (1 << w) - 1)


def to_wide(dt, bits):
    """Bit patterns -> numpy array of float32 (16-bit types, exact) or the
    native type."""
    with np.errstate(all="ignore"):
        return _to_wide(dt, bits)


def _to_wide(dt, bits):
    a = np.array(bits, dtype=np.uint64)
    if dt == "float16":
        return a.astype(np.uint16).view(np.float16).astype(np.float32)
    if dt == "bfloat16":
        return (a.astype(np.uint32) << np.uint32(16)).view(np.float32)
    if dt == "float32":
        return a.astype(np.uint32).view(np.float32)
    return a.view(np.float64)


def from_wide(dt, arr):
    """Native/float32 result -> bit patterns of dt, "nan" for NaN."""
    if dt == "float16":
        with np.errstate(all="ignore"):
            out = arr.astype(np.float16).view(np.uint16)
    elif dt == "bfloat16":
        b = arr.astype(np.float32).view(np.uint32).astype(np.uint64)
        out = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    elif dt == "float32":
        out = arr.astype(np.float32).view(np.uint32)
    else:
        out = arr.astype(np.float64).view(np.uint64)
    nan = np.isnan(arr)
    return ["nan" if n else int(v) for v, n in zip(out, nan)]


def float_binary(op, dt, pairs):
    a = to_wide(dt, [p[0] for p in pairs])
    b = to_wide(dt, [p[1] for p in pairs])
    with np.errstate(all="ignore"):
        if op == "Div":
            r = a / b
        elif op == "Mul":
            r = a * b
        elif op == "Add":
            r = a + b
        elif op == "Sub":
            r = a - b
        elif op == "Less":
            return [bool(v) for v in np.less(a, b)]
        else:
            raise ValueError("no float reference for op %r" % op)
    if dt == "float64":
        assert r.dtype == np.float64
    elif dt != "float64":
        assert r.dtype == np.float32
    return from_wide(dt, r)


def int_binary(op, dt, pairs):
    lo, hi = int_range(dt)
    out = []
    if op == "Less":
        return [a < b for a, b in pairs]
    if op == "Div":
        for a, b in pairs:
            if b == 0:
                out.append(None)
                continue
            q = math.trunc(Fraction(a, b))
            out.append(q if lo <= q <= hi else None)
        return out
    if op not in ("Mul", "Add", "Sub"):
        raise ValueError("no integer reference for op %r" % op)
    if dt in ("int4", "uint4"):
        for a, b in pairs:
            v = (a * b) & 0xF
            out.append(v - 16 if dt == "int4" and v >= 8 else v)
        return out
    t = NPINT[dt]
    a = np.array([p[0] for p in pairs], dtype=t)
    b = np.array([p[1] for p in pairs], dtype=t)
    with np.errstate(all="ignore"):
        r = a * b if op == "Mul" else a + b if op == "Add" else a - b
        return [int(v) for v in r]


def unary(op, dt, xs):
    """Abs and Sqrt; None where undefined (Abs of the signed minimum)."""
    if dt in FLOATS:
        x = to_wide(dt, xs)
        with np.errstate(all="ignore"):
            if op == "Abs":
                r = np.abs(x)
            elif op == "Sqrt":
                r = np.sqrt(x)
            else:
                raise ValueError("no float reference for op %r" % op)
        return from_wide(dt, r)
    if op != "Abs":
        raise ValueError("no integer reference for op %r" % op)
    lo, _ = int_range(dt)
    return [None if dt.startswith("int") and x == lo else abs(x) for x in xs]


# ------------------------------------------------------------------- Pow
def _exp_value(dt, raw):
    """Exponent as float64 (float types) or Python int."""
    if dt in FLOATS:
        with np.errstate(all="ignore"):
            return float(to_wide(dt, [raw]).astype(np.float64)[0])
    return raw


def _target_from_float64(dt, v):
    arr = np.array([v], dtype=np.float64)
    with np.errstate(all="ignore"):
        if dt in ("float16", "float64"):
            return from_wide(dt, arr)[0]   # numpy's double->half cast rounds once (RNE)
        return from_wide(dt, arr.astype(np.float32))[0]


def pow_float_ref(a_dt, b_dt, x_bits, y_raw):
    with np.errstate(all="ignore"):
        x = float(to_wide(a_dt, [x_bits]).astype(np.float64)[0])
    y = _exp_value(b_dt, y_raw)
    special = (not math.isfinite(x) or x == 0 or x == 1 or
               (isinstance(y, float) and (not math.isfinite(y) or y == 0)) or y == 0)
    if special:
        yf = float(y)
        with np.errstate(all="ignore"):
            r = float(np.power(np.float64(x), np.float64(yf)))
        if isinstance(y, int) and abs(y) >= 1 << 53 and y % 2 == 1 and math.copysign(1, x) < 0:
            r = -abs(r) if not math.isnan(r) else r
        return "nan" if math.isnan(r) else _target_from_float64(a_dt, r)
    y_int = isinstance(y, int) or float(y).is_integer()
    if x < 0 and not y_int:
        return "nan"
    with mpmath.workprec(400):
        r = mpmath.power(mpmath.mpf(abs(x)), mpmath.mpf(y))
        neg = x < 0 and int(y) % 2 == 1
        # Round the 400-bit value ONCE to the target's quantum (going
        # through float64 first would round twice: the published binary32
        # pow worst cases lie within 2^-44 ULP of a boundary).
        prec, emin, emax = POW_FORMATS[a_dt]
        e = max(int(mpmath.frexp(r)[1]) - 1, emin)    # r = m * 2^(e+1), m in [1/2, 1)
        s = mpmath.ldexp(r, prec - 1 - e)
        f = int(mpmath.floor(s))
        d = s - f
        if d > 0.5 or (d == 0.5 and f % 2 == 1):
            f += 1
        if e > emax or f.bit_length() + e - prec + 1 > emax + 1:
            v = math.inf                                # at or beyond 2^(emax+1)
        else:
            v = math.ldexp(f, e - prec + 1)
        v = -v if neg else v
    return _target_from_float64(a_dt, v)


def pow_int_ref(a_dt, b_dt, x, y_raw):
    lo, hi = int_range(a_dt)
    y = _exp_value(b_dt, y_raw)
    if isinstance(y, int):
        if y < 0:
            return None
        if abs(x) <= 1:
            r = 1 if y == 0 else x ** (1 + (y + 1) % 2)
        elif y > 200:
            return None
        else:
            r = x ** y
        return r if lo <= r <= hi else None
    if y == 0 or x == 1:
        return 1
    if math.isnan(y) or math.isinf(y):
        return None
    if x == 0:
        return 0 if y > 0 else None
    if x < 0 and not y.is_integer():
        return None
    with mpmath.workprec(300):
        r = mpmath.power(mpmath.mpf(x), mpmath.mpf(y))
        if abs(r) > 2 ** 70:
            return None
        t = int(mpmath.floor(r)) if r >= 0 else int(mpmath.ceil(r))
    return t if lo <= t <= hi else None


def reference(op, a_dt, b_dt, pairs):
    """pairs: the input elements of each output element (1-tuples for a
    unary op, whose b_dt is None)."""
    if b_dt is None:
        return unary(op, a_dt, [p[0] for p in pairs])
    if op == "Pow":
        if a_dt in FLOATS:
            return [pow_float_ref(a_dt, b_dt, x, y) for x, y in pairs]
        return [pow_int_ref(a_dt, b_dt, x, y) for x, y in pairs]
    if a_dt in FLOATS:
        return float_binary(op, a_dt, pairs)
    return int_binary(op, a_dt, pairs)
