/*
 * merge_extensions.c — case members the run model does not know, carried
 * from the shard reports into the merged one (merge_extensions.h).
 */
#include "sct/merge/merge_extensions.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_index.h"
#include "sct/writers/json_util.h"

/* Where a shard case is: 16 bytes per case. */
typedef struct id_ref {
    uint64_t hash;     /* FNV-1a 64 of the id */
    uint32_t shard;
    uint32_t index;    /* element of the shard's "cases" */
} id_ref;

struct sct_merge_carry {
    sct_json_index *ix; size_t n;
    id_ref *refs; size_t n_refs;
};


static int ref_cmp(const void *a, const void *b)
{
    const id_ref *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    if (x->shard != y->shard)
        return x->shard < y->shard ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

#define REPORT_MAX_BYTES (UINT64_C(1) << 40)
#define CASE_MAX_BYTES (UINT64_C(1) << 30)

void sct_merge_carry_close(sct_merge_carry *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; c->ix != NULL && i < c->n; i++)
        sct_json_index_free(&c->ix[i]);
    free(c->ix);
    free(c->refs);
    free(c);
}

int sct_merge_carry_open(const char *const *paths, size_t n, sct_merge_carry **out,
                         char *err, size_t err_cap)
{
    *out = NULL;
    sct_merge_carry *c = calloc(1, sizeof *c);
    if (c == NULL || (c->ix = calloc(n ? n : 1, sizeof *c->ix)) == NULL) {
        snprintf(err, err_cap, "out of memory");
        sct_merge_carry_close(c);
        return 1;
    }
    size_t cap = 0;
    char why[512];
    for (size_t s = 0; s < n; s++) {
        if (sct_json_index_file(paths[s], "cases", REPORT_MAX_BYTES, CASE_MAX_BYTES, NULL,
                                NULL, &c->ix[s], why, sizeof why) != 0) {
            snprintf(err, err_cap, "%s: %s", paths[s], why);
            sct_merge_carry_close(c);
            return 1;
        }
        c->n = s + 1;
        for (size_t i = 0; i < c->ix[s].n_spans; i++) {
            cJSON *e = sct_json_index_element(&c->ix[s], i, why, sizeof why);
            if (e == NULL) {
                snprintf(err, err_cap, "%s: cases[%zu]: %s", paths[s], i, why);
                sct_merge_carry_close(c);
                return 1;
            }
            const char *id = sct_json_get_str(e, "id");
            if (id != NULL && c->n_refs == cap) {
                cap = cap ? 2 * cap : 256;
                id_ref *grown = realloc(c->refs, cap * sizeof *grown);
                if (grown == NULL) {
                    cJSON_Delete(e);
                    snprintf(err, err_cap, "out of memory");
                    sct_merge_carry_close(c);
                    return 1;
                }
                c->refs = grown;
            }
            if (id != NULL)
                c->refs[c->n_refs++] = (id_ref){sct_json_fnv1a_str(id), (uint32_t)s, (uint32_t)i};
            cJSON_Delete(e);
        }
    }
    if (c->n_refs > 0)
        qsort(c->refs, c->n_refs, sizeof *c->refs, ref_cmp);
    *out = c;
    return 0;
}

/* Copies the members of `src` that `dst` lacks, integers as their exact
 * literals (json_exact.h: cJSON would print the double). */
static int copy_missing(cJSON *dst, const cJSON *src)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, src) {
        if (cJSON_GetObjectItemCaseSensitive(dst, m->string) != NULL)
            continue;
        cJSON *dup = cJSON_Duplicate(m, 1);
        if (dup == NULL)
            return 1;
        sct_json_keep_integer_literals(dup);
        if (!cJSON_AddItemToObject(dst, m->string, dup)) {
            cJSON_Delete(dup);
            return 1;
        }
    }
    return 0;
}

int sct_merge_carry_case(void *carry, size_t i, cJSON *case_obj, char *err,
                         size_t err_cap)
{
    (void)i;
    const sct_merge_carry *c = carry;
    const char *id = sct_json_get_str(case_obj, "id");
    if (id == NULL || c->n_refs == 0)
        return 0;
    uint64_t h = sct_json_fnv1a_str(id);
    /* First ref with this hash, then each of them until the id matches. */
    size_t lo = 0, hi = c->n_refs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->refs[mid].hash < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    char why[512];
    for (size_t k = lo; k < c->n_refs && c->refs[k].hash == h; k++) {
        const id_ref *ref = &c->refs[k];
        cJSON *e = sct_json_index_element(&c->ix[ref->shard], ref->index, why, sizeof why);
        if (e == NULL) {
            snprintf(err, err_cap, "shard %u, cases[%u]: %s", ref->shard + 1u,
                     ref->index, why);
            return 1;
        }
        const char *eid = sct_json_get_str(e, "id");
        int rc = 0;
        bool same = eid != NULL && strcmp(eid, id) == 0;
        if (same && copy_missing(case_obj, e) != 0) {
            snprintf(err, err_cap, "out of memory while carrying case members");
            rc = 1;
        }
        cJSON_Delete(e);
        if (same || rc != 0)
            return rc;
    }
    return 0;
}
