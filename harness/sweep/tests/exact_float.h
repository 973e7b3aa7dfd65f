/*
 * exact_float.h — test-only: binary32/binary64 encodings decoded to exact
 * integers, M * 2^E, written independently of the generator and of
 * numeric/, for the exact checks of test_sweep_sample.c and
 * test_sweep_exact.c (IEEE754-2019 §3.4: biased exponent, hidden bit,
 * subnormals on the fixed grid 2^(emin-p+1)).
 */
#ifndef SCT_TEST_EXACT_FLOAT_H
#define SCT_TEST_EXACT_FLOAT_H

#include <stdint.h>

#include "sonnx_cts/plugin.h"

__extension__ typedef unsigned __int128 u128;

typedef struct exact_fmt {
    int32_t type;
    unsigned p, width;
    int emin, emax;
} exact_fmt;

static const exact_fmt exact_f32 = {SONNX_DT_FLOAT, 24, 32, -126, 127};
static const exact_fmt exact_f64 = {SONNX_DT_DOUBLE, 53, 64, -1022, 1023};

static inline uint64_t exact_sign_bit(const exact_fmt *f)
{
    return UINT64_C(1) << (f->width - 1);
}

static inline uint64_t exact_inf_bits(const exact_fmt *f)
{
    return ((UINT64_C(1) << (f->width - f->p)) - 1u) << (f->p - 1);
}

/* Magnitude bits (sign cleared) -> M * 2^E (M = 0 for zero); the infinity
 * encoding -> 2^(emax+1), the value rounding treats as the one above max
 * finite. */
static inline void exact_value(const exact_fmt *f, uint64_t mag, u128 *m, int *e)
{
    if (mag >= exact_inf_bits(f)) {
        *m = 1;
        *e = f->emax + 1;
        return;
    }
    uint64_t frac = mag & ((UINT64_C(1) << (f->p - 1)) - 1u);
    uint64_t biased = mag >> (f->p - 1);
    if (biased == 0) {
        *m = frac;
        *e = f->emin - (int)f->p + 1;
    } else {
        *m = frac | (UINT64_C(1) << (f->p - 1));
        *e = (int)biased - f->emax - (int)f->p + 1;
    }
}

static inline unsigned exact_bitlen(u128 x)
{
    unsigned n = 0;
    for (; x; x >>= 1)
        n++;
    return n;
}

#endif
