/*
 * sweep_space.c — the pair space: which spaces are sweepable, shard ranges,
 * input generation.
 */
#include <stdio.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "sct/sweep/sweep.h"
#include "sweep_space.h"
#include "sct/sweep/sweep_arbiter.h"

/* The reference kernels have a contiguous loop for the space. */
static bool has_reference(const char *op_type, int32_t a_type, int32_t b_type,
                          char *why, size_t why_cap)
{
    if (sct_kernel_contiguous(op_type, a_type, b_type) == NULL ||
        sct_kernel_output_type(op_type, a_type, b_type) == SONNX_DT_UNDEFINED) {
        snprintf(why, why_cap, "the reference kernels have no %s loop for %s x %s",
                 op_type, sct_dtype_name(a_type), sct_dtype_name(b_type));
        return false;
    }
    return true;
}

bool sct_sweep_unary(const char *op_type)
{
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL && e->n_inputs == 1;
}

bool sct_sweep_supported(const char *op_type, int32_t a_type, int32_t b_type,
                         char *why, size_t why_cap)
{
    /* A unary op's space is one-dimensional (its second type UNDEFINED):
     * 2^w inputs, so a 32-bit input is swept exhaustively too (2^32, as a
     * binary 16-bit space); a binary op's two inputs have at most 16 bits. */
    bool unary = sct_sweep_unary(op_type);
    const int32_t types[2] = {a_type, b_type};
    if (unary && b_type != SONNX_DT_UNDEFINED) {
        snprintf(why, why_cap, "%s takes one input (no second type)", op_type);
        return false;
    }
    for (int k = 0; k < (unary ? 1 : 2); k++) {
        const sct_dtype_info *d = sct_dtype_by_code(types[k]);
        size_t size = sct_dtype_elem_size(types[k]);
        if (d == NULL || d->kind == SCT_KIND_BOOL || size == 0 || size > (unary ? 4u : 2u)) {
            snprintf(why, why_cap,
                     unary ? "%s is not a byte-addressable 8-, 16- or 32-bit numeric type"
                           : "%s is not a byte-addressable 8- or 16-bit numeric type",
                     sct_dtype_name(types[k]));
            return false;
        }
    }
    return has_reference(op_type, a_type, b_type, why, why_cap);
}

bool sct_sweep_sampled_supported(const char *op_type, int32_t a_type,
                                 int32_t b_type, char *why, size_t why_cap)
{
    return sct_sample_supported(op_type, a_type, b_type, why, why_cap) &&
           has_reference(op_type, a_type, b_type, why, why_cap);
}

bool sct_sweep_reference_exact(const sct_sweep_spec *spec)
{
    /* The registry's sweep.reference_inexact_with (ops/operators.json).
     * MPFR on the sampled Pow spaces (tools/mpfr-verify/results/s4-*):
     * float32^float32 and float32^int32 0 disagreements; a float64 base or
     * exponent: 0.009-0.16 % of the samples 1-2 ULP off. */
    const sct_op_entry *e = sct_op_find(spec->op_type);
    const sct_dtype_info *t = e != NULL && e->sweep_inexact_with != NULL
                                  ? sct_dtype_by_name(e->sweep_inexact_with) : NULL;
    return !(spec->samples > 0 && t != NULL &&
             (spec->a_type == t->code || spec->b_type == t->code));
}

bool sct_sweep_arbitrated(const sct_sweep_spec *spec)
{
    return !sct_sweep_reference_exact(spec) && sct_sweep_arbiter_name() != NULL;
}

void sct_sweep_shard_range(unsigned bits, uint32_t shard_index,
                           uint32_t shard_count, uint64_t *first,
                           uint64_t *count)
{
    /* S <= 2^32 and N < 2^32: the products fit in 64 bits. */
    uint64_t total = UINT64_C(1) << bits;
    uint64_t lo = total * shard_index / shard_count;
    uint64_t hi = total * (shard_index + UINT64_C(1)) / shard_count;
    *first = lo;
    *count = hi - lo;
}

void sct_sweep_shard_range_of(uint64_t total, uint32_t shard_index,
                              uint32_t shard_count, uint64_t *first,
                              uint64_t *count)
{
    /* floor(i*T/N) = i*q + floor(i*r/N) with T = q*N + r: no overflow
     * (i*r < N^2 < 2^64). */
    uint64_t q = total / shard_count, r = total % shard_count;
    uint64_t lo = q * shard_index + r * shard_index / shard_count;
    uint64_t hi = q * (shard_index + UINT64_C(1)) +
                  r * (shard_index + UINT64_C(1)) / shard_count;
    *first = lo;
    *count = hi - lo;
}

/* One row segment: a constant, b consecutive (vectorises; a sweep spends
 * only a fraction of a nanosecond per pair here). */
static void fill_segment(const sct_sweep_space *s, uint64_t av, uint64_t b0,
                         size_t n, void *a, void *b)
{
    if (s->b_size == 0) { /* unary: the input index is the encoding */
        if (s->a_size == 1)
            for (size_t i = 0; i < n; i++)
                ((uint8_t *)a)[i] = (uint8_t)(b0 + i);
        else if (s->a_size == 2)
            for (size_t i = 0; i < n; i++)
                ((uint16_t *)a)[i] = (uint16_t)(b0 + i);
        else
            for (size_t i = 0; i < n; i++)
                ((uint32_t *)a)[i] = (uint32_t)(b0 + i);
        return;
    }
    if (s->a_size == 1) {
        uint8_t *x = a;
        for (size_t i = 0; i < n; i++)
            x[i] = (uint8_t)av;
    } else {
        uint16_t *x = a;
        for (size_t i = 0; i < n; i++)
            x[i] = (uint16_t)av;
    }
    if (s->b_size == 1) {
        uint8_t *y = b;
        for (size_t i = 0; i < n; i++)
            y[i] = (uint8_t)(b0 + i);
    } else {
        uint16_t *y = b;
        for (size_t i = 0; i < n; i++)
            y[i] = (uint16_t)(b0 + i);
    }
}

void sct_sweep_space_fill(const sct_sweep_space *s, uint64_t first, size_t n,
                          void *a, void *b)
{
    if (s->sampler != NULL) {
        sct_sample_fill(s->sampler, first, n, a, b);
        return;
    }
    if (s->b_size == 0) { /* unary: one row, pair index = the input */
        fill_segment(s, 0, first, n, a, b);
        return;
    }
    uint64_t row = UINT64_C(1) << s->b_bits;
    size_t done = 0;
    while (done < n) {
        uint64_t p = first + done;
        uint64_t b0 = p & (row - 1u);
        size_t seg = (size_t)(row - b0) < n - done ? (size_t)(row - b0) : n - done;
        fill_segment(s, p >> s->b_bits, b0, seg, (char *)a + done * s->a_size,
                     (char *)b + done * s->b_size);
        done += seg;
    }
}
