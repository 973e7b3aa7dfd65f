/*
 * sweep16.h — test-only: drives a 16-bit kernel loop over sets of pairs in
 * blocks (A fixed, B over a list) and checks each block with a callback.
 * SCT_EXHAUSTIVE=1 in the environment widens the sampled sweeps of the
 * tests to all 2^32 pairs (minutes; not run by default in ctest).
 */
#ifndef SCT_TEST_SWEEP16_H
#define SCT_TEST_SWEEP16_H

#include <stdbool.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"

typedef void (*sweep16_check_fn)(void *ctx, const uint16_t *a,
                                 const uint16_t *b, const uint16_t *c,
                                 uint32_t n);

bool sweep16_exhaustive(void);

/* Encodings worth crossing with everything: for each sign and exponent
 * field, significands 0, 1, 2, max, max-1, mid, and alternating bits. */
uint32_t sweep16_interesting(int mant_bits, uint16_t *out, uint32_t cap);

/* Runs loop on (a_i, all 65536 b) for each a_i in as[], and on
 * (all 65536 a, b_i) for each b_i in bs[]; calls check per block.
 * Output elements are 16-bit (Div/Mul) — for Less use out_bytes = 1. */
void sweep16_rows(sct_kernel_loop loop, const uint16_t *as, uint32_t na,
                  const uint16_t *bs, uint32_t nb, int out_bytes,
                  sweep16_check_fn check, void *ctx);

/* n pseudo-random pairs (deterministic), in blocks. */
void sweep16_random(sct_kernel_loop loop, uint64_t n, uint64_t seed,
                    int out_bytes, sweep16_check_fn check, void *ctx);

/* All 2^32 pairs. */
void sweep16_all(sct_kernel_loop loop, int out_bytes, sweep16_check_fn check,
                 void *ctx);

#endif /* SCT_TEST_SWEEP16_H */
