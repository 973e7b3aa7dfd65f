/*
 * fp_format.c — class, sign and exact double value of float16, bfloat16,
 * float32 and float64 bit patterns (IEEE754-2019 §3.4 binary interchange
 * encoding; bfloat16 is binary32 with the low 16 fraction bits dropped).
 */
#include "sct/check/fp_format.h"

#include <math.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

const sct_fp_format *sct_fp_format_of(int32_t type)
{
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return d != NULL && d->kind == SCT_KIND_FLOAT ? d : NULL;
}

static uint64_t exp_field(const sct_fp_format *f, uint64_t bits)
{
    return (bits >> f->mant_bits) & ((UINT64_C(1) << f->exp_bits) - 1u);
}

static uint64_t mant_field(const sct_fp_format *f, uint64_t bits)
{
    return bits & ((UINT64_C(1) << f->mant_bits) - 1u);
}

sct_fp_class sct_fp_classify(const sct_fp_format *f, uint64_t bits)
{
    uint64_t e = exp_field(f, bits), m = mant_field(f, bits);
    uint64_t e_max = (UINT64_C(1) << f->exp_bits) - 1u;
    if (e == 0)
        return m == 0 ? SCT_FP_ZERO : SCT_FP_SUBNORMAL;
    if (e == e_max)
        return m == 0 ? SCT_FP_INF : SCT_FP_NAN;
    return SCT_FP_NORMAL;
}

bool sct_fp_is_signaling(const sct_fp_format *f, uint64_t bits)
{
    uint64_t quiet = UINT64_C(1) << (f->mant_bits - 1u);
    return sct_fp_classify(f, bits) == SCT_FP_NAN && (mant_field(f, bits) & quiet) == 0;
}

bool sct_fp_signbit(const sct_fp_format *f, uint64_t bits)
{
    return ((bits >> (f->bits - 1u)) & 1u) != 0;
}

uint64_t sct_fp_magnitude(const sct_fp_format *f, uint64_t bits)
{
    uint64_t sign = UINT64_C(1) << (f->bits - 1u);
    return bits & (sign - 1u);
}

double sct_fp_to_double(const sct_fp_format *f, uint64_t bits)
{
    bool neg = sct_fp_signbit(f, bits);
    if (f->bits == 64) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    int bias = (1 << (f->exp_bits - 1u)) - 1;
    int e = (int)exp_field(f, bits);
    uint64_t m = mant_field(f, bits);
    double mag;
    switch (sct_fp_classify(f, bits)) {
    case SCT_FP_ZERO: mag = 0.0; break;
    case SCT_FP_SUBNORMAL:
        mag = ldexp((double)m, 1 - bias - (int)f->mant_bits);
        break;
    case SCT_FP_NORMAL:
        mag = ldexp((double)(m | (UINT64_C(1) << f->mant_bits)),
                    e - bias - (int)f->mant_bits);
        break;
    case SCT_FP_INF: mag = INFINITY; break;
    default: mag = NAN; break;
    }
    return neg ? -mag : mag;
}
