/*
 * sweep_sample_special.c — encodings, uniform bit patterns and the
 * special-value crosses of the sample generator (sweep_sample.h).
 *
 * Special values (IEEE754-2019 §3.4, the boundaries of the encoding):
 * +-0, +-min subnormal, +-max subnormal, +-min normal, +-0.5, +-1, +-2,
 * +-max finite, each also moved by -1 or +1 unit in the last place (its
 * neighbours; 1/3 each), +-inf, quiet NaN of both signs: a table of 32
 * magnitudes built once (v5), picked by 5 random bits and a sign bit.
 * Integer inputs: 32 edges of the range (int_edges); Pow's integer
 * exponents: 18 values around the float formats' thresholds.
 */
#include "sweep_sample_parts.h"

uint64_t sct_sample_uniform(const sct_sample_operand *o, sct_sample_rng *r)
{
    uint64_t x = sct_sample_next(r);
    return o->size == 4 ? (x >> 32) : x;
}

/* Integer inputs: 32 edges of a w-bit range, as encodings modulo 2^w.
 * H = 2^(w/2) (products around 2^w), Q = 2^(w-2), P = 2^24 or 2^53 (the
 * integers above P are not all exact in binary32 / binary64, where a
 * runtime computing through floats first loses one). */
static void int_edges(sct_sample_operand *o)
{
    unsigned w = (unsigned)(8 * o->size);
    uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    uint64_t h = UINT64_C(1) << (w / 2), q = UINT64_C(1) << (w - 2);
    uint64_t p = UINT64_C(1) << (w == 64 ? 53 : 24);
    uint64_t fives = UINT64_C(0x5555555555555555) & mask;
    if (o->is_signed) {
        uint64_t max = mask >> 1, min = max + 1u;
        const uint64_t v[32] = {0, 1, -1, 2, -2, 3, -3, 10, -10,
                                max, max - 1u, max - 2u, min, min + 1u, min + 2u,
                                h, h - 1u, h + 1u, -h, -(h - 1u), h / 2u, -(h / 2u),
                                q, q - 1u, -q, p, p - 1u, p + 1u, -(p + 1u),
                                fives, -fives, max / 3u};
        memcpy(o->special, v, sizeof v);
    } else {
        uint64_t half = UINT64_C(1) << (w - 1);
        const uint64_t v[32] = {0, 1, 2, 3, 4, 7, 10, 255, 256,
                                mask, mask - 1u, mask - 2u, mask - 7u, mask - 10u,
                                half, half - 1u, half + 1u, half - 2u, half + 2u,
                                h, h - 1u, h + 1u, h / 2u, 2u * h - 1u,
                                q, q - 1u, q + 1u, p, p - 1u, p + 1u,
                                fives, fives << 1};
        memcpy(o->special, v, sizeof v);
    }
    for (unsigned k = 0; k < 32; k++)
        o->special[k] &= mask;
    o->n_special = 32;
}

void sct_sample_special_table(sct_sample_operand *o, bool exponent)
{
    if (!o->is_float && !exponent) {
        int_edges(o);
        return;
    }
    if (!o->is_float) {
        /* Pow exponents: 0, +-1, +-2, +-3 and exponents around the binary32
         * / binary64 overflow and underflow thresholds, and the extremes. */
        static const int64_t small[] = {0, 1, -1, 2, -2, 3, -3, 127, 128, -126,
                                        -149, -150, 1023, 1024, -1074, -1075};
        for (unsigned k = 0; k < 16; k++)
            o->special[k] = o->size == 4 ? (uint64_t)(uint32_t)(int32_t)small[k]
                                         : (uint64_t)small[k];
        o->special[16] = o->size == 4 ? (uint64_t)INT32_MAX : (uint64_t)INT64_MAX;
        o->special[17] = o->size == 4 ? (uint64_t)(uint32_t)INT32_MIN
                                      : (uint64_t)INT64_MIN;
        o->n_special = 18;
        return;
    }
    const sct_sample_fmt *f = &o->fmt;
    const uint64_t one_exp = (uint64_t)f->emax << (f->prec - 1);
    const uint64_t unit = UINT64_C(1) << (f->prec - 1);
    const uint64_t finite[8] = {
        0, 1, f->frac_mask, unit,                /* 0, subnormals, min normal */
        one_exp - unit, one_exp, one_exp + unit, /* 0.5, 1, 2 */
        f->exp_mask - 1};                        /* max finite */
    unsigned n = 0;
    for (unsigned k = 0; k < 8; k++) { /* each, and its neighbours */
        o->special[n++] = finite[k];
        o->special[n++] = sct_sample_nudge(f, finite[k], -1);
        o->special[n++] = sct_sample_nudge(f, finite[k], 1);
    }
    for (unsigned k = 0; k < 4; k++) {
        o->special[n++] = f->exp_mask;                                   /* inf */
        o->special[n++] = f->exp_mask | (UINT64_C(1) << (f->prec - 2)); /* qNaN */
    }
}

uint64_t sct_sample_special(const sct_sample_operand *o, sct_sample_rng *r)
{
    return sct_sample_special_of(o, (uint32_t)(sct_sample_next(r) >> 32));
}
