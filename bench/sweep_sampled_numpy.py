#!/usr/bin/python3
"""The sampled float32 Div/Mul sweep check written in numpy: the baseline of
bench/sweep_sampled.sh (the C sweep must run at least 20x the
pairs per second).  It does the SAME check as `sonnx-cts sweep --op Div|Mul
--type float32 --samples N --seed S` with the built-in kernels:

- the same pairs: generator v5 of harness/sweep/sweep_sample.h re-written
  with numpy arrays — counter-based splitmix64, the mix by slot i mod 256
  (96 uniform, 64 special-value crosses, 48 near-midpoint constructions with
  the block's 8 odd significands and their inverses mod 2^64 by Newton
  iteration, 24 subnormal-range, 24 overflow-threshold), vectorised over
  whole blocks of 256 samples (`--dump` prints the pairs so that the
  identity with the C generator can be checked: bench/README.md); the
  near-midpoint search as fast as numpy does it: Div from per-block
  candidate tables (the C sweep's method), Mul by tries on shrinking index
  arrays (the tables are slower in numpy there; both measured,
  docs/benchmarks.md §8);
- the same verdict logic: the implementation (numpy float32 a / b or a * b)
  against a correctly rounded reference (the float64 operation rounded once
  to float32: exact for binary32 Div and Mul, 53 >= 2*24 + 2, Figueroa
  1995), bit patterns compared, a NaN matching any NaN, mismatches counted.

Prints "numpy <op> <pairs> <s> <pairs/s> <mismatches>".

usage: sweep_sampled_numpy.py Div|Mul [N [SEED]]   (default N = 2^24; N is
       rounded up to whole blocks of 256)
       sweep_sampled_numpy.py --dump Div|Mul N [SEED]   (hex a b per line)
"""
import sys
import time

import numpy as np

U = np.uint64
M1, M2 = U(0xBF58476D1CE4E5B9), U(0x94D049BB133111EB)
GOLDEN = U(0x9E3779B97F4A7C15)
STREAM = U(0xD1B54A32D192ED03)  # sample i's stream state: key ^ i * STREAM
GEN_VERSION = 5
P, EMIN, EMAX = 24, -126, 127
SIGN, EXP_MASK, FRAC = U(1 << 31), U(0x7F800000), U(0x7FFFFF)
TOP = U(1 << (P - 1))
OP_CODE = {"Div": 1, "Mul": 2}  # sct_op_id (the registry id)
FLOAT = 1  # SONNX_DT_FLOAT


def mix64(z):
    z = (z ^ (z >> U(30))) * M1
    z = (z ^ (z >> U(27))) * M2
    return z ^ (z >> U(31))


def key_of(op, seed):
    k = mix64(U(0x534F4E4E58435453 + GEN_VERSION))
    k = mix64(k ^ U(OP_CODE[op]))
    k = mix64(k ^ U(FLOAT))
    k = mix64(k ^ U(FLOAT << 8))
    return mix64(k ^ U(seed))


def pick(bits32, lo, hi):
    """lo + floor(bits * span / 2^32) (sct_sample_pick); int64 result."""
    span = (np.asarray(hi, dtype=np.int64) - np.asarray(lo, dtype=np.int64) + 1).astype(U)
    return np.asarray(lo, dtype=np.int64) + ((bits32 & U(0xFFFFFFFF)) * span >> U(32)).astype(np.int64)


def make(neg, exp, sig):
    return ((neg.astype(U) << U(31)) | ((exp + EMAX).astype(U) << U(P - 1)) | (sig & FRAC))


def nudge(bits, k):
    sign, mag = bits & SIGN, (bits & ~SIGN).astype(np.int64)
    mag = np.clip(mag + k, 0, int(EXP_MASK))
    return sign | mag.astype(U)


def special_table():
    one = U(EMAX << (P - 1))
    finite = [U(0), U(1), FRAC, TOP, one - TOP, one, one + TOP, EXP_MASK - U(1)]
    t = []
    for m in finite:
        t += [int(m), max(int(m) - 1, 0), min(int(m) + 1, int(EXP_MASK))]
    t += [int(EXP_MASK), int(EXP_MASK | U(1 << (P - 2)))] * 4
    return np.array(t, dtype=U)


SPECIAL = special_table()


def first_fit_table():
    """FIRST_FIT[m, start]: the distance from start (mod 8) of the first
    set bit of the 8-bit mask m, 8 when m is 0."""
    t = np.full((256, 8), 8, dtype=np.int64)
    for m in range(256):
        for start in range(8):
            for k in range(8):
                if m >> ((start + k) % 8) & 1:
                    t[m, start] = k
                    break
    return t


FIRST_FIT = first_fit_table()


def inverse(m):
    x = (U(3) * m) ^ U(2)
    for _ in range(4):
        x = x * (U(2) - m * x)
    return x


def split(bits32, div, total):
    lo = np.maximum(total + EMIN if div else total - EMAX, EMIN)
    hi = np.minimum(total + EMAX if div else total - EMIN, EMAX)
    ea = pick(bits32, lo, hi)
    return ea, (ea - total if div else total - ea)


def mid_div_tables(w, sig, inv, nb):
    """Div: the first fit of each sample from per-block candidate tables."""
    start = (w >> U(48)) & U(7)
    # The search "first of the block's 8 significands, from `start`, that
    # fits" depends on the sample only through (offset, start): per block,
    # every (offset, significand) candidate is computed once (arrays of
    # shape (nb, 16, 8)) and kept as a bit mask over the significands per
    # offset; a sample's first fit is then FIRST_FIT[mask, start] (as the C
    # sweep does, harness/sweep/sweep_sample_fill32.c).  Faster in numpy
    # than the tries on shrinking index arrays for Div (32 tries), slower
    # for Mul (8 tries, most samples fit at the first: mid_mul_tries).
    srow = np.arange(nb, dtype=np.int64)[:, None]
    e = np.arange(16, dtype=np.int64) * 2 - 15
    q = ((U(0) - e.astype(U))[None, :, None] * inv[:, None, :]) & U((1 << (P + 1)) - 1)
    cand = (q * sig[:, None, :] + e.astype(U)[None, :, None]) >> U(P + 1)
    fit = (q >> U(P)) & (cand >> U(P - 1)) & U(1)
    n_off = 16
    sel_t = np.full(w.shape, 8, dtype=np.int64)
    sel_o = np.zeros(w.shape, dtype=np.int64)
    fits = (fit << np.arange(8, dtype=U)).sum(axis=2)  # (nb, 16) masks
    for rnd in (3, 2, 1, 0):  # the lowest round with a fit wins
        o = ((w >> U(4 * rnd)) & U(15)).astype(np.int64)
        t = FIRST_FIT[fits[srow, o].astype(np.intp), start.astype(np.intp)]
        hit = t < 8
        sel_t = np.where(hit, t, sel_t)
        sel_o = np.where(hit, o, sel_o)
    j = (start.astype(np.int64) + sel_t) & 7
    ma = cand.reshape(nb, n_off * 8)[srow, sel_o * 8 + j]
    return ma, sig[srow, j], sel_t < 8


def mid_mul_tries(w, sig, inv, nb):
    """Mul: the first fit of each sample by tries over the block's 8
    significands, on the samples not yet solved only (index arrays shrink
    each round: numpy's best for this data-dependent loop)."""
    start = ((w >> U(48)) % U(8)).astype(np.int64).ravel()
    row = np.repeat(np.arange(nb), 48)
    wf = w.ravel()
    ma = np.zeros(wf.shape, dtype=U)
    mb = np.zeros(wf.shape, dtype=U)
    found = np.zeros(wf.shape, dtype=bool)
    todo = np.arange(wf.size)
    d = pick(wf, -16, 16)
    big = U(1 << (2 * P - 1))
    m1, m2 = U((1 << (P - 1)) - 1), U((1 << P) - 1)
    t1 = (U(1 << (P - 2)) + d.astype(U)) & m1
    t2 = (U(1 << (P - 1)) + d.astype(U)) & m2
    for t in range(8):
        if todo.size == 0:
            break
        j = (start[todo] + t) % 8
        bb, iv = sig[row[todo], j], inv[row[todo], j]
        a1 = TOP | ((t1[todo] * iv) & m1)
        a2 = (t2[todo] * iv) & m2
        ok1 = a1 * bb < big
        ok2 = ~ok1 & ((a2 >> U(P - 1)) != U(0)) & (a2 * bb >= big)
        ok = ok1 | ok2
        hit = todo[ok]
        ma[hit], mb[hit], found[hit] = np.where(ok1, a1, a2)[ok], bb[ok], True
        todo = todo[~ok]
    return ma.reshape(w.shape), mb.reshape(w.shape), found.reshape(w.shape)


def blocks(op, key, b0, nb):
    """Operand bit patterns of samples [256*b0, 256*(b0+nb)), shape (nb, 256)."""
    div = op == "Div"
    blk = np.arange(b0, b0 + nb, dtype=U)[:, None]
    i = blk * U(256) + np.arange(256, dtype=U)[None, :]
    a = np.empty((nb, 256), dtype=U)
    b = np.empty((nb, 256), dtype=U)
    # uniform: the splitmix64 sequence of the key at position i
    w = mix64(key + (i[:, :96] + U(1)) * GOLDEN)
    a[:, :96], b[:, :96] = w >> U(32), w & U(0xFFFFFFFF)
    # the other slots' streams: state key ^ i * STREAM, words mix64(s + k*GOLDEN)
    s = key ^ (i[:, 96:] * STREAM)
    word = lambda k, lo, hi: mix64(s[:, lo - 96:hi - 96] + U(k) * GOLDEN)
    # special crosses (96..159)
    w, u = word(1, 96, 160), word(2, 96, 160)
    how = w & U(3)
    sa = SPECIAL[((w >> U(2)) & U(31)).astype(np.intp)] | (((w >> U(7)) & U(1)) << U(31))
    sb = SPECIAL[((w >> U(34)) & U(31)).astype(np.intp)] | (((w >> U(39)) & U(1)) << U(31))
    a[:, 96:160] = np.where(how == U(3), u >> U(32), sa)
    b[:, 96:160] = np.where(how == U(2), u & U(0xFFFFFFFF), sb)
    # near-midpoints (160..207): the block's 8 odd significands
    r = mix64(key ^ mix64(~blk))
    sig = np.concatenate([TOP | (mix64(r + U(k) * GOLDEN) & (TOP - U(1))) | U(1)
                          for k in range(1, 9)], axis=1)
    inv = inverse(sig)
    w, v = word(1, 160, 208), word(2, 160, 208)
    ma, mb, found = (mid_div_tables if div else mid_mul_tries)(w, sig, inv, nb)
    if not found.all():  # rare: random significands from the next two words
        ma = np.where(found, ma, TOP | (word(3, 160, 208) & (TOP - U(1))))
        mb = np.where(found, mb, TOP | (word(4, 160, 208) & (TOP - U(1))))
    total = pick(v, EMIN + 2, EMAX - 2) + int(div)
    ea, eb = split(v >> U(32), div, total)
    a[:, 160:208] = make((w >> U(62)) & U(1), ea, ma)
    b[:, 160:208] = make(w >> U(63), eb, mb)
    # subnormal-range results (208..231)
    w, u, v, x = (word(k, 208, 232) for k in (1, 2, 3, 4))
    sub = pick(w, 1, P - 1)
    ma, mb = TOP | (u & (TOP - U(1))), TOP | (v & (TOP - U(1)))
    pow2 = (u >> U(63)) == U(1)
    low = (U(1) << sub.astype(U)) - U(1)
    dd = pick(w >> U(32), -4, 4)
    mid = ((U(1) << (sub - 1).astype(U)) + dd.astype(U)) & low
    ma = np.where(pow2, (ma & ~low) | mid, ma)
    mb = np.where(pow2, TOP, mb)
    ea, eb = split(x >> U(32), div, EMIN - sub - (~pow2).astype(np.int64))
    a[:, 208:232] = make((u >> U(62)) & U(1), ea, ma)
    b[:, 208:232] = make((v >> U(62)) & U(1), eb, mb)
    # overflow threshold (232..255)
    w, v = word(1, 232, 256), word(2, 232, 256)
    eb = pick(w, EMIN, -1) if div else pick(w, 0, EMAX - 1)
    bb = make(np.zeros_like(w), eb, TOP | (v & (TOP - U(1))))
    vb = bb.astype(np.uint32).view(np.float32).astype(np.float64)
    mx = np.float64(np.finfo(np.float32).max)
    with np.errstate(all="ignore"):
        aa = (mx * vb if div else mx / vb).astype(np.float32).view(np.uint32).astype(U)
    aa = nudge(aa, pick(w >> U(32), -2, 2))
    a[:, 232:256] = aa | (((v >> U(62)) & U(1)) << U(31))
    b[:, 232:256] = bb | ((v >> U(63)) << U(31))
    return a.astype(np.uint32).ravel(), b.astype(np.uint32).ravel()


def check(op, a32, b32):
    a, b = a32.view(np.float32), b32.view(np.float32)
    with np.errstate(all="ignore"):
        if op == "Div":
            got = a / b
            want = (a.astype(np.float64) / b.astype(np.float64)).astype(np.float32)
        else:
            got = a * b
            want = (a.astype(np.float64) * b.astype(np.float64)).astype(np.float32)
    nan = np.isnan(got) & np.isnan(want)
    return int(np.count_nonzero((got.view(np.uint32) != want.view(np.uint32)) & ~nan))


def main():
    args = sys.argv[1:]
    dump = bool(args) and args[0] == "--dump"
    if dump:
        args = args[1:]
    op = args[0] if args else "Div"
    n = int(args[1]) if len(args) > 1 else 1 << 24
    seed = int(args[2]) if len(args) > 2 else 0
    nblocks = (n + 255) // 256
    per_batch = 4096  # blocks: 2^20 samples per numpy batch
    t0 = time.perf_counter()
    mism = 0
    with np.errstate(over="ignore"):  # uint64 products wrap on purpose
        key = key_of(op, seed)
        for b0 in range(0, nblocks, per_batch):
            a, b = blocks(op, key, b0, min(per_batch, nblocks - b0))
            if dump:
                for x, y in zip(a.tolist(), b.tolist()):
                    print(f"{x:08x} {y:08x}")
                continue
            mism += check(op, a, b)
    s = time.perf_counter() - t0
    if not dump:
        print(f"numpy {op} {nblocks * 256} {s:.3f} {nblocks * 256 / s:.4g} {mism}")


if __name__ == "__main__":
    main()
