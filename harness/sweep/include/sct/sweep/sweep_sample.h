/*
 * sweep_sample.h — the sample generator of sampled sweeps: the
 * 32- and 64-bit input spaces are too large to sweep exhaustively, so a
 * sampled sweep runs N pairs drawn by a counter-based generator.
 *
 * Reproducibility: sample i is a pure function of (seed, i, op, a_type,
 * b_type, SCT_SAMPLE_GEN_VERSION): its random words come from splitmix64
 * (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014), key a hash of the other arguments: a uniform sample's bits
 * are the splitmix64 sequence of the key at position i,
 * mix64(key + (i+1) * golden) (one more mix64 of it for 64-bit operands);
 * the other samples' words a splitmix64 stream started at
 * key ^ i * 0xd1b54a32d192ed03 (v5; a bijection of i) and the Mul/Div
 * near-midpoints also the per-block significands (SCT_SAMPLE_BLOCK_SIGS).  So any index range — a shard i/N of a sampled sweep is the
 * contiguous range [i*S/N, (i+1)*S/N) like an exhaustive shard — is
 * regenerated identically without generating the samples before it.
 *
 * Mix, by the slot i mod 256 (so every aligned block of 256 indices holds
 * exactly these counts; docs/sweeps.md):
 *   96/256 (37.5%) uniform bit patterns of both operands;
 *   64/256 (25%)   special-value crosses (sweep_sample_special.c);
 *   96/256 (37.5%) op-specific hard cases (sweep_sample_hard.c):
 *     Mul, Div: 48 near-midpoint results in the normal range, 24 results in
 *               the subnormal range (near its midpoints), 24 at the
 *               overflow threshold;
 *     Pow:      48 near exact results, 48 near overflow / underflow;
 *     Less:     96 near-equal operands (a, a +- k ulp, +-0).
 * Every hard case is perturbed by a small random amount (+- a few units in
 * the last place or in the rounding remainder).
 */
#ifndef SCT_SWEEP_SWEEP_SAMPLE_H
#define SCT_SWEEP_SWEEP_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/ops/op_registry.h"
#include "sct/sweep/sweep_sample_types.h"

/* Bump when the stream of any (seed, i, op, types) changes: recorded in the
 * JSON report so results name the generator that drew their pairs. */
#define SCT_SAMPLE_GEN_VERSION 5

/* Can (op, a_type, b_type) be sampled: a float32/float64 first operand;
 * b the same type (Div, Mul, Less) or, for Pow, float32, float64, int32 or
 * int64.  On false, `why` says why. */
bool sct_sample_supported(const char *op_type, int32_t a_type, int32_t b_type,
                          char *why, size_t why_cap);
/* The construction an entry's sweep.sampler names; SCT_CONSTRUCT_NONE when
 * it names none (or one this sweep does not have). */
sct_sample_construction sct_sample_construction_of(const sct_op_entry *e);
/* As sct_sample_supported, for a registry entry: refused, naming the op
 * and the facet, when the entry has no sweep.sampler (ops/operators.json). */
bool sct_sample_supported_by(const sct_op_entry *e, int32_t a_type, int32_t b_type,
                             char *why, size_t why_cap);

/* 0, or -1 when unsupported. */
int sct_sample_gen_init(sct_sample_gen *g, const char *op_type, int32_t a_type,
                        int32_t b_type, uint64_t seed);

/* Sample i: its raw operand encodings and which generator drew it. */
sct_sample_kind sct_sample_at(const sct_sample_gen *g, uint64_t i,
                              uint64_t *a_bits, uint64_t *b_bits);

/* Writes samples [first, first + n) into arrays of a.size / b.size-byte
 * elements. */
void sct_sample_fill(const sct_sample_gen *g, uint64_t first, size_t n,
                     void *a, void *b);

const char *sct_sample_kind_name(sct_sample_kind k);

#endif /* SCT_SWEEP_SWEEP_SAMPLE_H */
