/*
 * mutant_elems.c — element access for the mutants: written independently
 * of harness/check (the code whose classification the mutants test).
 */
#include <math.h>
#include <string.h>

#include "mutant.h"

uint64_t sct_mutant_nelem(const sonnx_tensor *t)
{
    uint64_t n = 1;
    for (int32_t d = 0; d < t->rank; d++)
        n *= (uint64_t)t->dims[d];
    return n;
}

unsigned sct_mutant_width(int32_t type)
{
    switch (type) {
    case SONNX_DT_UINT8: case SONNX_DT_INT8: case SONNX_DT_BOOL: return 8;
    case SONNX_DT_UINT16: case SONNX_DT_INT16: case SONNX_DT_FLOAT16:
    case SONNX_DT_BFLOAT16: return 16;
    case SONNX_DT_INT32: case SONNX_DT_UINT32: case SONNX_DT_FLOAT: return 32;
    case SONNX_DT_INT64: case SONNX_DT_UINT64: case SONNX_DT_DOUBLE: return 64;
    default: return 0;
    }
}

uint64_t sct_mutant_get(const sonnx_tensor *t, uint64_t i)
{
    const unsigned char *p = t->data;
    switch (sct_mutant_width(t->elem_type)) {
    case 8: return p[i];
    case 16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return v; }
    case 32: { uint32_t v; memcpy(&v, p + 4 * i, 4); return v; }
    case 64: { uint64_t v; memcpy(&v, p + 8 * i, 8); return v; }
    default: return 0;
    }
}

void sct_mutant_set(sonnx_tensor *t, uint64_t i, uint64_t bits)
{
    unsigned char *p = t->data;
    switch (sct_mutant_width(t->elem_type)) {
    case 8: p[i] = (unsigned char)bits; break;
    case 16: { uint16_t v = (uint16_t)bits; memcpy(p + 2 * i, &v, 2); break; }
    case 32: { uint32_t v = (uint32_t)bits; memcpy(p + 4 * i, &v, 4); break; }
    case 64: memcpy(p + 8 * i, &bits, 8); break;
    default: break;
    }
}

int64_t sct_mutant_get_signed(const sonnx_tensor *t, uint64_t i)
{
    uint64_t v = sct_mutant_get(t, i);
    switch (t->elem_type) {
    case SONNX_DT_INT8: return (int8_t)(uint8_t)v;
    case SONNX_DT_INT16: return (int16_t)(uint16_t)v;
    case SONNX_DT_INT32: return (int32_t)(uint32_t)v;
    case SONNX_DT_INT64: return (int64_t)v;
    default: return (int64_t)v; /* unsigned: callers treat as such */
    }
}

uint64_t sct_mutant_in_index(const sonnx_tensor *out, const sonnx_tensor *in,
                             uint64_t i)
{
    int64_t coord[SONNX_MAX_RANK];
    for (int32_t d = out->rank - 1; d >= 0; d--) {
        uint64_t n = (uint64_t)out->dims[d];
        coord[d] = n ? (int64_t)(i % n) : 0;
        i = n ? i / n : 0;
    }
    uint64_t idx = 0;
    int32_t shift = out->rank - in->rank;
    for (int32_t d = 0; d < in->rank; d++) {
        int64_t c = in->dims[d] == 1 ? 0 : coord[d + shift];
        idx = idx * (uint64_t)in->dims[d] + (uint64_t)c;
    }
    return idx;
}

bool sct_mutant_float_fmt(int32_t type, sct_mutant_fmt *f)
{
    switch (type) {
    case SONNX_DT_FLOAT16: *f = (sct_mutant_fmt){16, 5, 10}; return true;
    case SONNX_DT_BFLOAT16: *f = (sct_mutant_fmt){16, 8, 7}; return true;
    case SONNX_DT_FLOAT: *f = (sct_mutant_fmt){32, 8, 23}; return true;
    case SONNX_DT_DOUBLE: *f = (sct_mutant_fmt){64, 11, 52}; return true;
    default: return false;
    }
}

static uint64_t exp_field(const sct_mutant_fmt *f, uint64_t bits)
{
    return (bits >> f->mant_bits) & ((UINT64_C(1) << f->exp_bits) - 1);
}

static uint64_t mant_field(const sct_mutant_fmt *f, uint64_t bits)
{
    return bits & ((UINT64_C(1) << f->mant_bits) - 1);
}

bool sct_mutant_bits_nan(const sct_mutant_fmt *f, uint64_t bits)
{
    return exp_field(f, bits) == (UINT64_C(1) << f->exp_bits) - 1 && mant_field(f, bits);
}

bool sct_mutant_bits_subnormal(const sct_mutant_fmt *f, uint64_t bits)
{
    return exp_field(f, bits) == 0 && mant_field(f, bits);
}

bool sct_mutant_bits_zero(const sct_mutant_fmt *f, uint64_t bits)
{
    return exp_field(f, bits) == 0 && !mant_field(f, bits);
}

uint64_t sct_mutant_sign_bit(const sct_mutant_fmt *f)
{
    return UINT64_C(1) << (f->width - 1);
}

double sct_mutant_get_double(const sonnx_tensor *t, uint64_t i)
{
    sct_mutant_fmt f;
    if (!sct_mutant_float_fmt(t->elem_type, &f))
        return 0.0;
    uint64_t bits = sct_mutant_get(t, i);
    if (f.width == 64) {
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    bool neg = (bits & sct_mutant_sign_bit(&f)) != 0;
    uint64_t e = exp_field(&f, bits), m = mant_field(&f, bits);
    int bias = (1 << (f.exp_bits - 1)) - 1;
    double v;
    if (e == (UINT64_C(1) << f.exp_bits) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - bias - (int)f.mant_bits);
    else
        v = ldexp((double)(m | (UINT64_C(1) << f.mant_bits)), (int)e - bias - (int)f.mant_bits);
    return neg ? -v : v;
}
