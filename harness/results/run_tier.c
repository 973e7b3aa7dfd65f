/*
 * run_tier.c — the tier rule (run_tier.h).
 */
#include "sct/results/run_tier.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sct/text/name_table.h"

static const char *const k_tier_names[SCT_TIER_COUNT] = {
    [SCT_TIER_FULL_PROFILE] = "full profile",
    [SCT_TIER_SUBSET] = "subset",
    [SCT_TIER_SHARD] = "shard",
    [SCT_TIER_CLAIMED_SCOPE] = "claimed scope",
    [SCT_TIER_SWEEP_EXHAUSTIVE] = "exhaustive sweep",
    [SCT_TIER_SWEEP_SLICE] = "sweep slice",
    [SCT_TIER_SWEEP_SAMPLED] = "sampled sweep"};

const char *sct_tier_name(sct_tier_kind k)
{
    return sct_name_of(k_tier_names, SCT_TIER_COUNT, (int)k, "unknown");
}

bool sct_tier_from_name(const char *name, sct_tier_kind *out)
{
    size_t i = sct_name_find(k_tier_names, SCT_TIER_COUNT, name);
    if (i >= SCT_TIER_COUNT)
        return false;
    *out = (sct_tier_kind)i;
    return true;
}

bool sct_tier_is_sweep(sct_tier_kind k)
{
    return k == SCT_TIER_SWEEP_EXHAUSTIVE || k == SCT_TIER_SWEEP_SLICE ||
           k == SCT_TIER_SWEEP_SAMPLED;
}

void sct_tier_decide(const sct_tier_facts *f, const char *filters, const char *claim,
                     size_t excluded,
                     uint32_t shard_index, uint32_t shard_count, size_t shard_total,
                     sct_run_tier *out)
{
    memset(out, 0, sizeof *out);
    const char *sel = filters != NULL ? filters : "";
    bool sharded = shard_count > 1;
    if (f->cases > 0 && f->sweep_cases == f->cases) {
        /* A sweep: complete only when every pair of its space was looked at
         * (a sample never is: it bounds nothing it did not draw). */
        if (f->sampled_cases > 0) {
            out->kind = SCT_TIER_SWEEP_SAMPLED;
            snprintf(out->detail, sizeof out->detail, "%" PRIu64 " sampled pairs (%s)",
                     f->pairs, sel);
        } else if (sharded || f->space == 0 || f->pairs < f->space) {
            out->kind = SCT_TIER_SWEEP_SLICE;
            snprintf(out->detail, sizeof out->detail,
                     "%" PRIu64 " of %" PRIu64 " pairs, shard %" PRIu32 "/%" PRIu32 " (%s)",
                     f->pairs, f->space, shard_index, shard_count, sel);
        } else {
            out->kind = SCT_TIER_SWEEP_EXHAUSTIVE;
            out->certifiable = true;
            snprintf(out->detail, sizeof out->detail, "all %" PRIu64 " pairs (%s)",
                     f->pairs, sel);
        }
        return;
    }
    if (sharded) {
        out->kind = SCT_TIER_SHARD;
        snprintf(out->detail, sizeof out->detail,
                 "shard %" PRIu32 "/%" PRIu32 ": %zu of %zu selected cases%s%s", shard_index,
                 shard_count, f->cases, shard_total, sel[0] ? "; " : "", sel);
        return;
    }
    if (sel[0] != '\0' || excluded > 0) {
        out->kind = SCT_TIER_SUBSET;
        snprintf(out->detail, sizeof out->detail, "%s (%zu case(s) of the profile left out)",
                 sel[0] ? sel : "filtered", excluded);
        return;
    }
    if (claim != NULL && claim[0] != '\0') {
        /* Every case of the claim ran; what lies outside it is listed
         * OUT_OF_SCOPE: a certificate of the claim, not of the profile. */
        out->kind = SCT_TIER_CLAIMED_SCOPE;
        out->certifiable = true;
        snprintf(out->detail, sizeof out->detail, "%s", claim);
        return;
    }
    out->kind = SCT_TIER_FULL_PROFILE;
    out->certifiable = true;
    snprintf(out->detail, sizeof out->detail, "every case of the profile (%zu)", f->cases);
}
