/*
 * sweep_space.h — internal: the pair space of a sweep and the in-process
 * generation of its inputs.
 */
#ifndef SCT_SWEEP_SPACE_H
#define SCT_SWEEP_SPACE_H

#include <stddef.h>
#include <stdint.h>

#include "sct/sweep/sweep_sample.h"

typedef struct sct_sweep_space {
    int32_t a_type, b_type, out_type;
    size_t a_size, b_size, out_size; /* bytes per element: 1, 2, 4 or 8 */
    unsigned a_bits, b_bits;         /* value widths: 8 or 16 (exhaustive) */
    /* Sampled sweep: the generator of the pairs (pair index = sample index). */
    const sct_sample_gen *sampler;
} sct_sweep_space;

/* Writes the operands of pairs [first, first+n): a[i] = (first+i) >> b_bits,
 * b[i] = (first+i) mod 2^b_bits, as raw encodings; sampled: the samples
 * first..first+n-1 of `sampler`. */
void sct_sweep_space_fill(const sct_sweep_space *s, uint64_t first, size_t n,
                          void *a, void *b);

/* Raw bits of element i of an array of `size`-byte elements. */
static inline uint64_t sct_sweep_elem_bits(const void *p, size_t size, size_t i)
{
    switch (size) {
    case 1: return ((const uint8_t *)p)[i];
    case 2: return ((const uint16_t *)p)[i];
    case 4: return ((const uint32_t *)p)[i];
    default: return ((const uint64_t *)p)[i];
    }
}

/* Writes the raw bits of element i (the inverse of sct_sweep_elem_bits). */
static inline void sct_sweep_elem_put(void *p, size_t size, size_t i, uint64_t bits)
{
    switch (size) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)bits; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)bits; break;
    case 4: ((uint32_t *)p)[i] = (uint32_t)bits; break;
    default: ((uint64_t *)p)[i] = bits; break;
    }
}

#endif /* SCT_SWEEP_SPACE_H */
