/*
 * exact_format.h — the two 16-bit float formats described independently of
 * numeric/ (the code under verification must not verify itself):
 * decoding to binary64 and encoding of values that are EXACTLY representable
 * (the MPFR result has already been rounded to the format), so no rounding
 * happens here; the encoder asserts exactness by decoding again.
 */
#ifndef SCT_MPFRV_EXACT_FORMAT_H
#define SCT_MPFRV_EXACT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sct_mpfrv_format {
    const char *name;     /* "float16", "bfloat16" */
    int32_t code;         /* SONNX_DT_FLOAT16 / SONNX_DT_BFLOAT16 */
    int precision;        /* p: 11 / 8 (with the hidden bit) */
    int exp_bits;         /* 5 / 8 */
    /* MPFR exponent range reproducing the format (MPFR writes x = 0.1f * 2^E):
     * largest finite < 2^emax, smallest subnormal 2^(emin-1). */
    long mpfr_emin, mpfr_emax;
} sct_mpfrv_format;

const sct_mpfrv_format *sct_mpfrv_format_by_name(const char *name);

/* Exact value of an encoding (NaN: some NaN). */
double sct_mpfrv_decode(const sct_mpfrv_format *f, uint16_t bits);

/* Encoding of a value representable in the format (±0, ±inf, finite on the
 * grid; NaN gives the positive quiet NaN).  Returns false if `x` is not
 * representable (a defect of the tool: it must never happen). */
bool sct_mpfrv_encode_exact(const sct_mpfrv_format *f, double x,
                            uint16_t *bits);

bool sct_mpfrv_is_nan(const sct_mpfrv_format *f, uint16_t bits);

/* Distance in representable values between two non-NaN encodings (through
 * the sign-magnitude to ordered-integer mapping; +0 and -0 both map to 0). */
uint32_t sct_mpfrv_ulp_distance(uint16_t x, uint16_t y);

#endif
