/*
 * f16_add.c — Add for float16 (sonnx-add E_ADD_FLOAT_FUNC_0010: IEEE 754
 * addition).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode both operands exactly to binary64 and compute a + b there.
 * Every finite float16 is an integer multiple of 2^-24 (the smallest
 * subnormal) of magnitude < 2^16, so a + b is an integer multiple of 2^-24
 * of magnitude < 2^17: at most 41 significant bits, EXACT in binary64's
 * 53.  The encode to float16 (numeric/fp16.h) is the only rounding, so no
 * double rounding can occur.
 *
 * Special cases (by the IEEE operation, carried exactly through
 * decode/encode): infinities of opposite effective signs
 * (inf + (-inf), inf - inf) give NaN (§7.2);
 * a NaN operand propagates, quieted (§6.2.3); an exact zero result is +0
 * under roundTiesToEven unless both terms are zeros of the same effective
 * sign (-0 + -0 = -0) (§6.3); overflow (|exact result| >= 65520) gives ±inf (§7.4);
 * subnormal results are exact (multiples of 2^-24), never flushed.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/fp16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_add_f16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f64_to_f16(sct_f16_to_f64(x[i]) + sct_f16_to_f64(y[i]));
}
