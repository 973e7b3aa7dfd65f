/*
 * run_tier.h — what a report looked at (docs/cli.md "Tiers"): the tier
 * every report states beside its verdict, and whether a certificate can
 * rest on it.  Derived from the report (its selection, shard and cases),
 * never stored apart, so a merged report states its own tier.
 *
 *   full profile       every case of the vector set in the profile    valid
 *   subset             --op/--type/--tag/--case selected part of it   not valid
 *   shard              one shard of a selection (--shard I/N)         not valid
 *   claimed scope      every case of the vendor's --claim             valid for the claim
 *   exhaustive sweep   every pair of a 16-bit op x types              valid
 *   sweep slice        part of a sweep space (--shard, --limit)       not valid
 *   sampled sweep      N sampled pairs from a seed                    not valid
 */
#ifndef SCT_RESULTS_RUN_TIER_H
#define SCT_RESULTS_RUN_TIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum sct_tier_kind {
    SCT_TIER_FULL_PROFILE = 0,
    SCT_TIER_SUBSET,
    SCT_TIER_SHARD,
    SCT_TIER_CLAIMED_SCOPE,
    SCT_TIER_SWEEP_EXHAUSTIVE,
    SCT_TIER_SWEEP_SLICE,
    SCT_TIER_SWEEP_SAMPLED,
    SCT_TIER_COUNT
} sct_tier_kind;

typedef struct sct_run_tier {
    sct_tier_kind kind;
    bool certifiable;            /* false: "not valid for certification" */
    char detail[320];            /* e.g. "--op Div --type float32", "pairs 0..499999
                                    of 4294967296 (shard 301/1000)" */
} sct_run_tier;

/* What the tier rule needs, gathered by the run summary in its one pass
 * over the cases (run_summary.c). */
typedef struct sct_tier_facts {
    size_t cases;
    size_t sweep_cases;          /* cases tagged "sweep" */
    size_t sampled_cases;        /* of those, tagged "sampled" */
    uint64_t pairs;              /* pairs the sweep cases looked at */
    uint64_t space;              /* pairs in their spaces (0: too large to count) */
} sct_tier_facts;

/* "full profile", "subset", "shard", "exhaustive sweep", "sweep slice",
 * "sampled sweep". */
const char *sct_tier_name(sct_tier_kind k);

/* The tier named `name` (a report's summary.tier.name) into *out; false
 * when no tier has that name. */
bool sct_tier_from_name(const char *name, sct_tier_kind *out);

/* A sweep's tier: its pairs came from a sweep space, not from a vector
 * set. */
bool sct_tier_is_sweep(sct_tier_kind k);

/* The one tier rule.  `filters` is the report's selection text ("" or NULL
 * when none); `excluded` the cases of the profile the filters left out. */
void sct_tier_decide(const sct_tier_facts *f, const char *filters, const char *claim,
                     size_t excluded,
                     uint32_t shard_index, uint32_t shard_count, size_t shard_total,
                     sct_run_tier *out);

/* "not valid for certification": the mark every format carries below the
 * certification tiers. */
#define SCT_TIER_NOT_CERTIFIABLE "not valid for certification"

#endif /* SCT_RESULTS_RUN_TIER_H */
