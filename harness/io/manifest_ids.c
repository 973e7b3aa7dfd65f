/* manifest_ids.c — the duplicate case ids of a manifest (manifest_ids.h):
 * one 64-bit hash per case, a hash match confirmed on the real ids. */
#include "manifest_ids.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_error.h"
#include "set_build.h"
#include "sct/jsonstream/json_fields.h"

#define ERR_CAP 1024

/* The id slot i is known by, exactly as sct_manifest_case names it: the
 * "id" string when parse_case keeps it (an object without duplicate keys
 * whose id is a non-empty string), else "cases[i]".  Returns a malloc'ed
 * copy, NULL on out of memory. */
static char *slot_id(const sct_manifest *m, size_t i)
{
    char why[256], fallback[32];
    snprintf(fallback, sizeof fallback, "cases[%zu]", i);
    cJSON *entry = sct_json_index_element(&m->ix, i, why, sizeof why);
    const char *id = fallback;
    if (cJSON_IsObject(entry) && sct_json_duplicate_key(entry) == NULL) {
        const cJSON *v = sct_json_member(entry, "id");
        if (cJSON_IsString(v) && v->valuestring != NULL && v->valuestring[0] != '\0')
            id = v->valuestring;
    }
    char *copy = sct_strdup(id);
    cJSON_Delete(entry);
    return copy;
}

typedef struct id_key {
    uint64_t hash;
    size_t slot;
} id_key;

static int compare_id_key(const void *pa, const void *pb)
{
    const id_key *a = pa, *b = pb;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return (a->slot > b->slot) - (a->slot < b->slot);
}

static int compare_dup(const void *pa, const void *pb)
{
    const sct_manifest_dup *a = pa, *b = pb;
    return (a->slot > b->slot) - (a->slot < b->slot);
}

void sct_manifest_duplicate_message(const sct_manifest *m, size_t slot, size_t first, const char *id,
                              char *msg, size_t cap)
{
    char field[64];
    snprintf(field, sizeof field, "cases[%zu].id", slot);
    sct_io_error(msg, cap, m->display, field, "duplicate id \"%s\" (first used by cases[%zu])",
                 id, first);
}

/* Within a run of equal hashes (sorted by slot), the ids that differ are
 * "leaders"; a later slot equal to a leader is a duplicate of it. */
static int resolve_run(sct_manifest *m, const id_key *run, size_t n, sct_manifest_dup **dups,
                       size_t *n_dups, size_t *cap_dups)
{
    char **leader_id = calloc(n, sizeof *leader_id);
    size_t *leader_slot = calloc(n, sizeof *leader_slot);
    size_t n_leaders = 0;
    int rc = 0;
    if (leader_id == NULL || leader_slot == NULL)
        rc = -1;
    for (size_t k = 0; k < n && rc == 0; k++) {
        char *id = slot_id(m, run[k].slot);
        if (id == NULL) {
            rc = -1;
            break;
        }
        size_t l = 0;
        while (l < n_leaders && strcmp(leader_id[l], id) != 0)
            l++;
        if (l == n_leaders) {
            leader_id[n_leaders] = id;
            leader_slot[n_leaders++] = run[k].slot;
            continue;
        }
        free(id);
        if (*n_dups == *cap_dups) {
            size_t cap = *cap_dups ? *cap_dups * 2 : 16;
            sct_manifest_dup *grown = realloc(*dups, cap * sizeof *grown);
            if (grown == NULL) {
                rc = -1;
                break;
            }
            *dups = grown;
            *cap_dups = cap;
        }
        (*dups)[(*n_dups)++] = (sct_manifest_dup){run[k].slot, leader_slot[l]};
    }
    for (size_t l = 0; l < n_leaders; l++)
        free(leader_id[l]);
    free(leader_id);
    free(leader_slot);
    return rc;
}

/* Every later occurrence of an id gets `error` (at materialisation) and a
 * set-level message; the first keeps running.  Memory: one 16-byte key per
 * case while this runs, one parsed element at a time. */
int sct_manifest_find_duplicate_ids(sct_manifest *m, sct_manifest_id_hash_fn hash, sct_vector_set *set,
                              char *err, size_t err_cap)
{
    size_t n = m->ix.n_spans;
    if (n < 2)
        return 0;
    id_key *keys = malloc(n * sizeof *keys);
    if (keys == NULL)
        return sct_io_error(err, err_cap, m->display, "cases", "%s", sct_oom_text);
    for (size_t i = 0; i < n; i++) {
        char *id = slot_id(m, i);
        if (id == NULL) {
            free(keys);
            return sct_io_error(err, err_cap, m->display, "cases", "%s", sct_oom_text);
        }
        keys[i] = (id_key){hash(id), i};
        free(id);
    }
    qsort(keys, n, sizeof *keys, compare_id_key);
    size_t cap_dups = 0;
    int rc = 0;
    for (size_t start = 0, end; start < n && rc == 0; start = end) {
        end = start + 1;
        while (end < n && keys[end].hash == keys[start].hash)
            end++;
        if (end - start > 1)
            rc = resolve_run(m, keys + start, end - start, &m->dups, &m->n_dups, &cap_dups);
    }
    free(keys);
    if (rc != 0)
        return sct_io_error(err, err_cap, m->display, "cases", "%s", sct_oom_text);
    if (m->n_dups > 1) /* qsort's pointer must not be NULL, even for 0 items */
        qsort(m->dups, m->n_dups, sizeof *m->dups, compare_dup);
    /* Set-level messages in slot order. */
    for (size_t d = 0; d < m->n_dups; d++) {
        char *id = slot_id(m, m->dups[d].slot);
        char msg[ERR_CAP];
        sct_manifest_duplicate_message(m, m->dups[d].slot, m->dups[d].first, id ? id : "", msg, sizeof msg);
        free(id);
        sct_strlist_add(&set->errors, &set->n_errors, msg);
    }
    return 0;
}

const sct_manifest_dup *sct_manifest_find_dup(const sct_manifest *m, size_t slot)
{
    size_t lo = 0, hi = m->n_dups;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->dups[mid].slot == slot)
            return &m->dups[mid];
        if (m->dups[mid].slot < slot)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}
