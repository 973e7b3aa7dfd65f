/*
 * sweep_sample_int.c — the hard slots (160..255 of every 256) of sampled
 * sweeps over integer inputs (int32, int64, uint32, uint64): one
 * construction for every op whose inputs share the type (Add, Sub, Mul,
 * Div, Less; Abs alone takes a), because what is hard about integer
 * arithmetic is where the range ends, not the op.  Values are encodings
 * modulo 2^w (w = 32 or 64); signed types are two's complement.
 *
 *   x  0..31  wrap: a at an end of the range (MAX - k or MIN + k, k 0..7;
 *             unsigned: MAX - k or k), b small (+-0..7; unsigned 0..7 or
 *             MAX - k): sums, differences and products leave the range and
 *             wrap modulo 2^w (onnx Add/Sub/Mul on integers, SN-27), a
 *             saturating or widening runtime differs here; Abs of the
 *             values next to MIN; Div of the extremes by small divisors
 *             (MIN / -1 is undefined and never compared: sweep_undefined.h).
 *   x 32..63  product: |a| = 2^i moved by -2..+2 and |b| = 2^(w-1-i) or
 *             2^(w-i) moved by -2..+2 (1 <= i <= w-2): the exact product
 *             lies around 2^(w-1) or 2^w, where wraparound starts and where
 *             a product computed through a float type first loses bits.
 *   x 64..95  quotient: |b| of a random bit length, q of a bit length that
 *             keeps q*|b| in range, |a| = q*|b| + r with r in {0, 1, |b|-1}
 *             or q*|b| - 1, signs random: the boundaries of truncating
 *             division (onnx-div: toward zero, sonnx-div:int), beyond 2^24
 *             or 2^53 the quotients that a division through binary32 or
 *             binary64 rounds to the next integer; Less: a and b near equal
 *             for q = 1.
 */
#include "sweep_sample_parts.h"

/* Uniform random bits with exactly `len` significant bits (1 <= len <= 64). */
static uint64_t of_length(sct_sample_rng *r, unsigned len)
{
    uint64_t top = UINT64_C(1) << (len - 1);
    return (sct_sample_next(r) & (top | (top - 1u))) | top;
}

sct_sample_kind sct_sample_int_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits, uint64_t *b_bits)
{
    const bool sgn = g->a.is_signed;
    const unsigned w = (unsigned)(8 * g->a.size);
    const uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    const uint64_t max = sgn ? mask >> 1 : mask;
    uint64_t c = sct_sample_next(r);
    bool neg_a = sgn && (c & 1u), neg_b = sgn && ((c >> 1) & 1u);
    if (pick < 32) {
        uint64_t k = (c >> 2) & 7u, kb = (c >> 5) & 7u;
        bool high = (c >> 8) & 1u, b_high = (c >> 9) & 1u;
        /* signed: MIN + k is -(MAX + 1 - k) */
        *a_bits = high ? max - k : sgn ? (max + 1u + k) & mask : k;
        *b_bits = sgn ? (neg_b ? -kb : kb) & mask : b_high ? mask - kb : kb;
        return SCT_SAMPLE_INT_WRAP;
    }
    if (pick < 64) {
        unsigned i = (unsigned)sct_sample_range(r, 1, (int64_t)w - 2);
        unsigned j = w - i - ((c >> 2) & 1u ? 0u : 1u); /* 2^(w-i) or 2^(w-1-i) */
        uint64_t da = (uint64_t)sct_sample_range(r, -2, 2);
        uint64_t db = (uint64_t)sct_sample_range(r, -2, 2);
        uint64_t ma = (UINT64_C(1) << i) + da, mb = (UINT64_C(1) << j) + db;
        *a_bits = (neg_a ? -ma : ma) & mask;
        *b_bits = (neg_b ? -mb : mb) & mask;
        return SCT_SAMPLE_INT_PRODUCT;
    }
    /* |a| and |b| below 2^m: m = w - 1 for signed types (both signs fit) */
    unsigned m = sgn ? w - 1 : w;
    unsigned lb = (unsigned)sct_sample_range(r, 1, (int64_t)m);
    unsigned lq = (unsigned)sct_sample_range(r, 0, (int64_t)(m - lb));
    uint64_t b = of_length(r, lb);
    uint64_t q = lq == 0 ? 0 : of_length(r, lq);
    /* q < 2^(m-lb) and b < 2^lb, so (q + 1) * b <= 2^m: no sum below wraps */
    uint64_t prod = q * b, a;
    switch ((c >> 2) & 3u) {
    case 0: a = prod; break;                          /* exact quotient */
    case 1: a = prod + 1u; break;                     /* remainder 1 */
    case 2: a = prod + b - 1u; break;                 /* largest remainder */
    default: a = prod > 0 ? prod - 1u : 1u; break;    /* just below a multiple */
    }
    *a_bits = (neg_a ? -a : a) & mask;
    *b_bits = (neg_b ? -b : b) & mask;
    return SCT_SAMPLE_INT_QUOTIENT;
}
