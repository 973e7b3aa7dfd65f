/*
 * fp_format.h — bit-level view of the four IEEE 754 binary formats the
 * suite compares (float16 = binary16, bfloat16, float32 = binary32,
 * float64 = binary64): class, sign and exact conversion to double.
 * Works on raw bits so that comparison never depends on the host's
 * handling of NaN payloads or subnormals (IEEE754-2019 §3.4).
 */
#ifndef SCT_CHECK_FP_FORMAT_H
#define SCT_CHECK_FP_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "sct/numeric/dtype.h"

/* A float entry of the one dtype table (numeric/include/sct/numeric/dtype.h): `bits`
 * (16, 32, 64), `exp_bits` (5, 8, 8, 11), `mant_bits` (explicit fraction
 * bits: 10, 7, 23, 52). */
typedef sct_dtype_info sct_fp_format;

typedef enum sct_fp_class {
    SCT_FP_ZERO = 0,
    SCT_FP_SUBNORMAL,
    SCT_FP_NORMAL,
    SCT_FP_INF,
    SCT_FP_NAN
} sct_fp_class;

/* The format of a SONNX_DT_* float type; NULL for any other type. */
const sct_fp_format *sct_fp_format_of(int32_t type);

sct_fp_class sct_fp_classify(const sct_fp_format *f, uint64_t bits);
bool sct_fp_signbit(const sct_fp_format *f, uint64_t bits);
/* A NaN whose quiet bit (the fraction's top bit, IEEE754-2019 §6.2.1) is
 * clear. */
bool sct_fp_is_signaling(const sct_fp_format *f, uint64_t bits);
/* Bits without the sign bit. */
uint64_t sct_fp_magnitude(const sct_fp_format *f, uint64_t bits);
/* Exact value as a double (every value of the four formats is a double);
 * NaN keeps its sign, not its payload. */
double sct_fp_to_double(const sct_fp_format *f, uint64_t bits);

#endif /* SCT_CHECK_FP_FORMAT_H */
