/*
 * case_walk.c — filters, then the shard, case by case (case_walk.h).
 */
#include "sct/select/case_walk.h"

sct_case_walk sct_case_walk_begin(const sct_vector_set *set, const sct_case_filter *filter,
                                  sct_shard_spec shard)
{
    sct_case_walk w = {set, filter, shard, 0, 0, 0, 0};
    return w;
}

const sct_case *sct_case_walk_next(sct_case_walk *w)
{
    while (w->next < w->set->n_cases) {
        const sct_case *c = sct_vector_set_case(w->set, w->next++);
        switch (sct_case_select(w->filter, c)) {
        case SCT_NOT_IN_PROFILE:
            w->n_not_in_profile++;
            continue;
        case SCT_EXCLUDED_BY_FILTER:
            w->n_excluded++;
            continue;
        default:
            break;
        }
        /* --shard I/N: the k-th filtered case belongs to shard k mod N + 1
         * (shard.h); other shards' cases are neither run nor counted as
         * excluded, so every shard reports the same selection counts. */
        if (sct_shard_selects(&w->shard, w->filtered++))
            return c;
    }
    return NULL;
}

size_t sct_case_walk_count(const sct_vector_set *set, const sct_case_filter *filter,
                           sct_shard_spec shard)
{
    sct_case_walk w = sct_case_walk_begin(set, filter, shard);
    size_t n = 0;
    while (sct_case_walk_next(&w) != NULL)
        n++;
    return n;
}
