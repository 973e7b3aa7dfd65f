#!/usr/bin/python3
"""The sweep comparison written in numpy, as the baseline the C sweep must
beat (at least 10x faster).  For a slice of the float16 Div space
(pairs p = (a << 16) | b for p in [first, first + count)) it does what one
sweep batch does: generate the inputs, compute the implementation's result
(numpy float16 division) and the reference's (float64 division, one
rounding to float16: exact for Div, docs/sweeps.md), compare bit patterns
(NaN matches NaN), count mismatches.  Prints one line "numpy <pairs> <s>
<pairs/s> <mismatches>".

usage: sweep_numpy.py [COUNT [FIRST]]   (defaults: 2^26 pairs from 0x3c000000)
"""
import sys
import time

import numpy as np


def sweep_slice(first, count, batch=1 << 20):
    mismatches = 0
    p0 = first
    end = first + count
    while p0 < end:
        n = min(batch, end - p0)
        p = np.arange(p0, p0 + n, dtype=np.uint64)
        a = (p >> np.uint64(16)).astype(np.uint16).view(np.float16)
        b = (p & np.uint64(0xFFFF)).astype(np.uint16).view(np.float16)
        with np.errstate(all="ignore"):
            got = a / b
            want = (a.astype(np.float64) / b.astype(np.float64)).astype(np.float16)
        gb, wb = got.view(np.uint16), want.view(np.uint16)
        nan = np.isnan(got) & np.isnan(want)
        mismatches += int(np.count_nonzero((gb != wb) & ~nan))
        p0 += n
    return mismatches


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 26
    first = int(sys.argv[2], 0) if len(sys.argv) > 2 else 0x3C000000
    t0 = time.perf_counter()
    mism = sweep_slice(first, count)
    s = time.perf_counter() - t0
    print(f"numpy {count} {s:.3f} {count / s:.4g} {mism}")


if __name__ == "__main__":
    main()
