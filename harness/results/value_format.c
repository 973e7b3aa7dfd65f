/*
 * value_format.c — decimal and hex text of element values (value_format.h).
 */
#include "sct/results/value_format.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

static int float_digits(const sct_fp_format *f)
{
    switch (f->mant_bits) {
    case 10: return 5;  /* binary16 */
    case 7: return 4;   /* bfloat16 */
    case 23: return 9;  /* binary32 */
    default: return 17; /* binary64 */
    }
}

void sct_format_value(int32_t type, uint64_t bits, char *buf, size_t cap)
{
    const sct_fp_format *f = sct_fp_format_of(type);
    if (f != NULL) {
        double v = sct_fp_to_double(f, bits);
        if (isnan(v))
            snprintf(buf, cap, "%snan", signbit(v) ? "-" : "");
        else if (isinf(v))
            snprintf(buf, cap, "%sinf", v < 0 ? "-" : "");
        else
            snprintf(buf, cap, "%.*g", float_digits(f), v);
        return;
    }
    if (type == SONNX_DT_BOOL) {
        if (bits <= 1u)
            snprintf(buf, cap, "%s", bits ? "true" : "false");
        else
            snprintf(buf, cap, "invalid-bool(%" PRIu64 ")", bits);
        return;
    }
    if (sct_type_is_unsigned_int(type))
        snprintf(buf, cap, "%" PRIu64, bits);
    else if (sct_type_is_signed_int(type))
        snprintf(buf, cap, "%" PRId64, sct_bits_to_int64(type, bits));
    else
        snprintf(buf, cap, "?");
}

void sct_format_bits(int32_t type, uint64_t bits, char *buf, size_t cap)
{
    unsigned w = sct_elem_width(type);
    int digits = w == 0 ? 16 : (int)((w + 3u) / 4u);
    snprintf(buf, cap, "0x%0*" PRIx64, digits, bits);
}
