/*
 * merge_extensions.c — case members the run model does not know, carried
 * from the shard reports into the merged one (merge_extensions.h).
 */
#include "merge_extensions.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_util.h"
#include "merge_json_exact.h"

#define BIG_MARK "\001u64:"

/* Big integers read by merge_json_exact.h are marked strings; turn them
 * back into the exact integer literals they were before writing. */
static void unmark_big_integers(cJSON *item)
{
    for (; item != NULL; item = item->next) {
        if (cJSON_IsString(item) &&
            strncmp(item->valuestring, BIG_MARK, sizeof BIG_MARK - 1) == 0) {
            char *s = item->valuestring;
            memmove(s, s + sizeof BIG_MARK - 1, strlen(s + sizeof BIG_MARK - 1) + 1);
            item->type = cJSON_Raw;
        }
        unmark_big_integers(item->child);
    }
}

typedef struct case_ref {
    const char *id;
    const cJSON *obj;
} case_ref;

static int ref_cmp(const void *a, const void *b)
{
    return strcmp(((const case_ref *)a)->id, ((const case_ref *)b)->id);
}

/* Does any shard case have a member the merged case lacks? */
static bool copy_missing(cJSON *dst, const cJSON *src, bool *failed)
{
    bool copied = false;
    const cJSON *m;
    cJSON_ArrayForEach(m, src) {
        if (cJSON_GetObjectItemCaseSensitive(dst, m->string) != NULL)
            continue;
        cJSON *dup = cJSON_Duplicate(m, 1);
        if (dup == NULL || !cJSON_AddItemToObject(dst, m->string, dup)) {
            cJSON_Delete(dup);
            *failed = true;
            return copied;
        }
        copied = true;
    }
    return copied;
}

int sct_merge_carry_extensions(const char *const *paths, size_t n,
                               const char *merged_path, char *err,
                               size_t err_cap)
{
    cJSON **shards = calloc(n, sizeof *shards);
    cJSON *merged = NULL;
    case_ref *refs = NULL;
    size_t n_refs = 0, cap = 0;
    int rc = shards == NULL;
    if (rc)
        snprintf(err, err_cap, "out of memory");
    for (size_t i = 0; rc == 0 && i < n; i++) {
        shards[i] = sct_jx_read_file(paths[i], err, err_cap);
        if (shards[i] == NULL) {
            rc = 1;
            break;
        }
        const cJSON *c;
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(shards[i], "cases")) {
            const char *id = sct_jx_get_str(c, "id");
            if (id == NULL)
                continue;
            if (n_refs == cap) {
                cap = cap ? 2 * cap : 256;
                case_ref *grown = realloc(refs, cap * sizeof *refs);
                if (grown == NULL) {
                    snprintf(err, err_cap, "out of memory");
                    rc = 1;
                    break;
                }
                refs = grown;
            }
            refs[n_refs].id = id;
            refs[n_refs].obj = c;
            n_refs++;
        }
    }
    if (rc == 0) {
        qsort(refs, n_refs, sizeof *refs, ref_cmp);
        merged = sct_jx_read_file(merged_path, err, err_cap);
        rc = merged == NULL;
    }
    bool changed = false, failed = false;
    if (rc == 0) {
        cJSON *c;
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(merged, "cases")) {
            case_ref key = {sct_jx_get_str(c, "id"), NULL};
            if (key.id == NULL || n_refs == 0)
                continue;
            const case_ref *hit = bsearch(&key, refs, n_refs, sizeof *refs, ref_cmp);
            if (hit != NULL)
                changed |= copy_missing(c, hit->obj, &failed);
        }
        if (failed) {
            snprintf(err, err_cap, "%s: out of memory while carrying case members",
                     merged_path);
            rc = 1;
        }
    }
    if (rc == 0 && changed) {
        unmark_big_integers(merged);
        rc = sct_json_write_file(merged_path, merged, err, err_cap);
    }
    cJSON_Delete(merged);
    for (size_t i = 0; shards != NULL && i < n; i++)
        cJSON_Delete(shards[i]);
    free(shards);
    free(refs);
    return rc;
}
