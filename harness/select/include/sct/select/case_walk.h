/*
 * case_walk.h — the cases one run executes, in manifest order: the filters
 * (case_filter.h) then the shard (shard.h), applied in one place so that
 * the runner, its progress total and the report's selection counts agree.
 */
#ifndef SCT_SELECT_CASE_WALK_H
#define SCT_SELECT_CASE_WALK_H

#include <stddef.h>

#include "sct/model/case.h"
#include "sct/select/case_filter.h"
#include "sct/select/shard.h"

typedef struct sct_case_walk {
    const sct_vector_set *set;
    const sct_case_filter *filter;
    sct_shard_spec shard;
    size_t next;                  /* manifest index of the next case to look at */
    size_t filtered;              /* cases the filters kept so far (every shard) */
    size_t n_not_in_profile;      /* cases of another profile */
    size_t n_excluded;            /* in the profile, excluded by the filters */
} sct_case_walk;

/* A walk over `set` (borrowed; must outlive the walk) from its first case. */
sct_case_walk sct_case_walk_begin(const sct_vector_set *set, const sct_case_filter *filter,
                                  sct_shard_spec shard);

/* The next case of the run, or NULL at the end (then `filtered` is the
 * number of cases the filters kept, before sharding).  The case is valid
 * until the next sct_vector_set_case() call (harness/model/case.h). */
const sct_case *sct_case_walk_next(sct_case_walk *w);

/* How many cases a whole walk yields (a second pass over the manifest). */
size_t sct_case_walk_count(const sct_vector_set *set, const sct_case_filter *filter,
                           sct_shard_spec shard);

#endif /* SCT_SELECT_CASE_WALK_H */
