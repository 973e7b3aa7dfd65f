/*
 * sample_keeper.c — capped element samples with the worst always shown
 * ("capped per case by --max-errors with the worst element always
 * shown").
 */
#include "sct/results/sample_keeper.h"

#include <stdlib.h>
#include <string.h>

#include "sct/check/bcast_index.h"

int sct_sample_keeper_init(sct_sample_keeper *k, uint32_t max_errors,
                           int32_t out_rank, const int64_t *out_dims)
{
    memset(k, 0, sizeof *k);
    k->max_errors = max_errors;
    k->rank = out_rank < 0 ? 0 : (out_rank > SONNX_MAX_RANK ? SONNX_MAX_RANK : out_rank);
    for (int32_t d = 0; d < k->rank; d++)
        k->dims[d] = out_dims[d];
    k->cap_kept = max_errors < 16u ? (size_t)max_errors + 1u : 16u;
    k->kept = calloc(k->cap_kept, sizeof *k->kept);
    return k->kept == NULL;
}

static void to_sample(const sct_sample_keeper *k, const sct_mismatch *m,
                      sct_sample *s)
{
    memset(s, 0, sizeof *s);
    s->index = m->index;
    s->rank = k->rank;
    sct_unflatten(m->index, k->rank, k->dims, s->coords);
    s->n_inputs = m->n_inputs;
    memcpy(s->in_types, m->in_types, sizeof s->in_types);
    memcpy(s->in_bits, m->in_bits, sizeof s->in_bits);
    s->out_type = m->out_type;
    s->expected_bits = m->expected_bits;
    s->actual_bits = m->actual_bits;
    s->ulp = m->ulp;
    s->deviation = m->deviation;
}

void sct_sample_keeper_add(void *user, const sct_mismatch *m)
{
    sct_sample_keeper *k = user;
    bool kept_now = false;
    /* Room for the next sample plus the worst appended at the end. */
    if (k->n_kept < k->max_errors && k->n_kept + 2u > k->cap_kept) {
        size_t cap = k->cap_kept * 2u;
        if (cap > (size_t)k->max_errors + 1u)
            cap = (size_t)k->max_errors + 1u;
        sct_sample *n = realloc(k->kept, cap * sizeof *n);
        if (n != NULL) {
            k->kept = n;
            k->cap_kept = cap;
        } else {
            k->oom = true;
        }
    }
    if (k->n_kept < k->max_errors && k->n_kept + 2u <= k->cap_kept) {
        to_sample(k, m, &k->kept[k->n_kept]);
        kept_now = true;
        k->n_kept++;
    }
    /* SCT_ULP_NONE is UINT64_MAX: unmeasurable sorts as the worst. */
    if (!k->have_worst || m->ulp > k->worst.ulp) {
        to_sample(k, m, &k->worst);
        k->have_worst = true;
        k->worst_kept = kept_now;
        k->worst_pos = k->n_kept - 1u;
    }
}

sct_sample *sct_sample_keeper_take(sct_sample_keeper *k, size_t *n)
{
    if (k->have_worst) {
        if (k->worst_kept) {
            k->kept[k->worst_pos].worst = true;
        } else {
            k->kept[k->n_kept] = k->worst;
            k->kept[k->n_kept].worst = true;
            k->n_kept++;
        }
    }
    sct_sample *s = k->kept;
    *n = k->n_kept;
    if (*n == 0) {
        free(s);
        s = NULL;
    }
    k->kept = NULL;
    k->n_kept = 0;
    k->have_worst = false;
    return s;
}

void sct_sample_keeper_free(sct_sample_keeper *k)
{
    free(k->kept);
    memset(k, 0, sizeof *k);
}
