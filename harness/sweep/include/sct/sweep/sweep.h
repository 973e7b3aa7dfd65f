/*
 * sweep.h — exhaustive sweeps of small input spaces: every pair
 * (a, b) of two element types of at most 16 bits each, run through an
 * implementation and compared element by element with the built-in
 * reference kernels (kernels.h, sct_kernel_contiguous), whose correctness
 * over the whole space is argued and verified in docs/sweeps.md.
 *
 * Pair space: 2^(wa+wb) pairs, pair index p = (a_bits << wb) | b_bits, so
 * a shard i/N is the contiguous index range [i*S/N, (i+1)*S/N).  Inputs are
 * generated in-process, never stored.  Library target `sct_sweep`.
 *
 * Unary ops (the registry's arity 1, b_type SONNX_DT_UNDEFINED, b NULL):
 * the space is the 2^w encodings of the one input (w <= 32), pair index =
 * the encoding.
 *
 * Sampled sweeps (spec.samples > 0): float32/float64 spaces are
 * too large, so the pairs are samples 0..S-1 of a counter-based generator
 * (sweep_sample.h) and a shard i/N is again the contiguous index range
 * [floor(i*S/N), floor((i+1)*S/N)).
 */
#ifndef SCT_SWEEP_SWEEP_H
#define SCT_SWEEP_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/check/compare.h"
#include "sct/check/compare_tensors.h"
#include "sct/kernels/kernels.h"
#include "sct/sweep/sweep_impl.h"

/* ULP histogram buckets for float outputs: [0] = 0 ULP (bitwise equal, or
 * NaN vs NaN), [1] = 1 ULP, [k] = (2^(k-2), 2^(k-1)] ULP for 2 <= k <= 65
 * (a 64-bit format has fewer than 2^64 ordered steps between -inf and
 * +inf), then SCT_SWEEP_HIST_NONE for pairs whose distance is not
 * measurable (NaN against a number).  A 16-bit output never reaches bucket
 * 18 (at most 2^16 - 1 steps), and its bucket 17 is labelled ">32768" as
 * before the histogram was extended for the sampled 32/64-bit sweeps, so
 * exhaustive sweep reports keep their bytes. */
#define SCT_SWEEP_HIST_BUCKETS 67
#define SCT_SWEEP_HIST_NONE (SCT_SWEEP_HIST_BUCKETS - 1)

/* What to sweep. */
typedef struct sct_sweep_spec {
    const char *op_type;      /* "Div", "Mul", "Pow", "Less" */
    int32_t a_type, b_type;   /* SONNX_DT_*, byte-addressable, <= 16 bits;
                                 sampled: float32/float64 (sweep_sample.h) */
    /* Sampled sweep when > 0: the space is the sample indices
     * [0, samples), sample i drawn by sweep_sample.h from (seed, i, op,
     * types); shards are contiguous sample-index ranges.  0: exhaustive. */
    uint64_t samples;
    uint64_t seed;
    uint32_t shard_index;     /* 0 .. shard_count-1 (the CLI's --shard I/N
                                 is 1-based like `run`: index = I - 1) */
    uint32_t shard_count;     /* >= 1 */
    /* Restrict the shard to its first `limit_pairs` pairs (0: no limit);
     * for quick runs and tests. */
    uint64_t limit_pairs;
    uint32_t max_ulp;         /* tolerance (docs/architecture.md policy) */
    unsigned threads;         /* >= 1 */
    size_t keep_mismatches;   /* how many of the first mismatches to keep */
    /* Pairs per implementation call: small for in-process loops (cache),
     * large (e.g. 2^20) for vendor plugins (isolation overhead). 0: auto. */
    uint64_t batch_pairs;
    /* Called about 5 times per second from the calling thread while the
     * sweep runs (NULL: none). */
    void (*progress)(void *user, uint64_t done, uint64_t total);
    void *progress_user;
} sct_sweep_spec;

/* A batch the implementation did not complete (crash, error status...). */
typedef struct sct_sweep_failure {
    uint64_t first_pair, n_pairs;
    sct_exec_status status;
    char message[512];       /* sct_exec_result.message */
} sct_sweep_failure;

#define SCT_SWEEP_MAX_FAILURES 16

typedef struct sct_sweep_result {
    int32_t out_type;
    uint64_t first_pair, n_pairs;   /* the swept index range */
    uint64_t undefined;      /* spec leaves the value undefined: not compared
                                (integer Div by zero, INT_MIN / -1) */
    /* The undefined pairs are taken out of the compared batches (a runtime
     * may reject a whole batch for one division by zero) and run together
     * in one separate call: its outcome (OK, or an orderly ERROR /
     * INVALID_ARGUMENT, or a CRASH / TIMEOUT / other defect).  OK when there
     * are none. */
    sct_exec_status undefined_status;
    char undefined_message[512];
    uint64_t compared;       /* pairs with a defined value that were run */
    uint64_t exact;          /* bitwise equal (floats: or both NaN) */
    uint64_t within_tolerance; /* not equal but within max_ulp */
    uint64_t mismatches;     /* outside tolerance */
    uint64_t unmeasurable;   /* mismatches without a ULP distance (NaN vs
                                number; every integer/bool mismatch) */
    uint64_t not_run;        /* pairs in failed batches (never passed) */
    /* Arbitrated spaces (sct_sweep_arbitrated): pairs judged against MPFR's
     * correctly rounded value because the implementation differed from the
     * reference, and how many of those had a reference that was not the
     * correctly rounded value (their expected value is MPFR's). */
    uint64_t arbitrated, reference_corrected;
    uint64_t deviation_counts[SCT_DEV_COUNT]; /* over mismatches */
    /* Float outputs: over every compared pair (matches included). */
    uint64_t ulp_histogram[SCT_SWEEP_HIST_BUCKETS];
    bool has_ulp;            /* float output: max_ulp_seen is meaningful */
    uint64_t max_ulp_seen;   /* largest measurable ULP distance */
    uint64_t max_ulp_pair;   /* lowest pair index where it occurs */
    uint64_t max_ulp_expected, max_ulp_actual;
    uint64_t max_ulp_a, max_ulp_b; /* its inputs' encodings */
    sct_mismatch *first_mismatches; /* ascending pair index; owned */
    size_t n_first_mismatches;
    sct_sweep_failure failures[SCT_SWEEP_MAX_FAILURES]; /* first ones */
    size_t n_failures;       /* total failed batches (may exceed the array) */
    double seconds;
} sct_sweep_result;

/* Is op_type unary (the registry's arity 1)?  Its sweeps take b_type
 * SONNX_DT_UNDEFINED, a NULL second input, and their space is the 2^w
 * encodings of the one input (pair index = the input's encoding). */
bool sct_sweep_unary(const char *op_type);

/* Is the pair space of (op_type, a_type, b_type) sweepable: both types
 * byte-addressable with at most 16 bits (a unary op: its one input with
 * at most 32 bits, b_type UNDEFINED) and the reference kernels have a
 * contiguous loop.  On false, `why` says why. */
bool sct_sweep_supported(const char *op_type, int32_t a_type, int32_t b_type,
                         char *why, size_t why_cap);

/* Can (op_type, a_type, b_type) be swept by sampling (spec.samples > 0):
 * sweep_sample.h's types and a reference loop.  On false, `why` says why. */
bool sct_sweep_sampled_supported(const char *op_type, int32_t a_type,
                                 int32_t b_type, char *why, size_t why_cap);

/* Is the reference of this space verified correctly rounded (docs/sweeps.md:
 * proof, exact check or MPFR with 0 disagreements)?  False for sampled Pow
 * with a float64 operand, whose glibc-based reference MPFR shows up to 1 ULP
 * off; the sweep then judges the pairs that differ from it against MPFR
 * (sct_sweep_arbitrated) and says so (text and JSON). */
bool sct_sweep_reference_exact(const sct_sweep_spec *spec);

/* Are the pairs where an implementation differs from this space's
 * reference judged against MPFR (sweep_arbiter.h)?  True for the spaces
 * whose reference is not exact when this build has MPFR: the verdict is
 * then "within the tolerance of the correctly rounded result" for every
 * pair (docs/sweeps.md). */
bool sct_sweep_arbitrated(const sct_sweep_spec *spec);

/* Runs the sweep of `spec` through `impl` (sweep_impl.h).  Returns 0 and
 * fills `out` (free with sct_sweep_result_free), or non-zero with `err` set
 * when the sweep cannot start (unsupported space, bad shard, allocation). */
int sct_sweep_run(const sct_sweep_spec *spec, sct_sweep_impl *impl,
                  sct_sweep_result *out, char *err, size_t err_cap);

void sct_sweep_result_free(sct_sweep_result *r);

/* Did every defined pair run and match?  (Undefined pairs are reported,
 * never counted as passed; how their separate call ended, undefined_status,
 * is judged by the caller with the no-crash rule of `run`.) */
bool sct_sweep_passed(const sct_sweep_result *r);

/* The pair index range of shard i/N of a space of 2^bits pairs. */
void sct_sweep_shard_range(unsigned bits, uint32_t shard_index,
                           uint32_t shard_count, uint64_t *first,
                           uint64_t *count);

/* The index range of shard i/N of `total` indices (a sampled sweep):
 * [floor(i*total/N), floor((i+1)*total/N)), exact for every total < 2^64. */
void sct_sweep_shard_range_of(uint64_t total, uint32_t shard_index,
                              uint32_t shard_count, uint64_t *first,
                              uint64_t *count);

/* Histogram bucket of a ULP distance (SCT_ULP_NONE -> SCT_SWEEP_HIST_NONE)
 * and its printable label ("0", "1", "2", "3-4", ..., "n/a"). */
unsigned sct_sweep_hist_bucket(uint64_t ulp);
const char *sct_sweep_hist_label(unsigned bucket);
/* The bucket of a label sct_sweep_hist_label gives; SCT_SWEEP_HIST_BUCKETS
 * for NULL or any other text. */
unsigned sct_sweep_hist_bucket_of_label(const char *label);
/* The label for an output of `out_bits` bits: as sct_sweep_hist_label but
 * bucket 17 reads ">32768" for outputs of at most 16 bits (see above). */
const char *sct_sweep_hist_label_for(unsigned bucket, unsigned out_bits);

#endif /* SCT_SWEEP_SWEEP_H */
