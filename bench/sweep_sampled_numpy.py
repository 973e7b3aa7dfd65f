#!/usr/bin/python3
"""The sampled float32 sweep check written in numpy: the baseline of
bench/sweep_sampled.sh (issue 14: the C sweep must be at least 20x faster).
For samples [0, N) it does what a sampled sweep batch does for the uniform
part of the mix: derive each sample's operand bit patterns from (seed, i)
with splitmix64 (counter-based, vectorised), compute the implementation's
result (numpy float32 Div or Mul) and the reference's (float64 operation
rounded once to float32: exact for binary32 Div and Mul, since 53 >= 2*24+2,
Figueroa 1995), compare bit patterns (NaN matches NaN) and count
mismatches.  It draws uniform bit patterns only (cheaper than the C
generator's special crosses and hard-case constructions), which favours
numpy.  Prints "numpy <op> <pairs> <s> <pairs/s> <mismatches>".

usage: sweep_sampled_numpy.py Div|Mul [N [SEED]]   (default N = 2^24)
"""
import sys
import time

import numpy as np

M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def mix64(z):
    z = (z ^ (z >> np.uint64(30))) * M1
    z = (z ^ (z >> np.uint64(27))) * M2
    return z ^ (z >> np.uint64(31))


def check(op, first, n, key):
    i = np.arange(first, first + n, dtype=np.uint64)
    s = mix64(key ^ mix64(i))
    r = mix64(s + GOLDEN)
    a = (r >> np.uint64(32)).astype(np.uint32).view(np.float32)
    b = (r & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.float32)
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
    op = sys.argv[1] if len(sys.argv) > 1 else "Div"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 24
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    batch = 1 << 20
    t0 = time.perf_counter()
    mism = 0
    with np.errstate(over="ignore"):  # uint64 products wrap on purpose
        key = mix64(np.uint64(seed) ^ np.uint64(0x534F4E4E58435453))
        for first in range(0, n, batch):
            mism += check(op, first, min(batch, n - first), key)
    s = time.perf_counter() - t0
    print(f"numpy {op} {n} {s:.3f} {n / s:.4g} {mism}")


if __name__ == "__main__":
    main()
