/*
 * claim_file.c — reading a vendor's claim (claim_file.h).
 */
#include "claim_file.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sct/writers/json_util.h"

static int add(sct_claim *c, const char *op, const char *types, bool has_bound, uint32_t ulp,
               const char *path, char *err, size_t err_cap)
{
    if (c->n == SCT_CLAIM_MAX) {
        snprintf(err, err_cap, "%s: more than %d claims", path, SCT_CLAIM_MAX);
        return 1;
    }
    sct_claim_entry *e = &c->entries[c->n++];
    snprintf(e->op, sizeof e->op, "%s", op);
    snprintf(e->types, sizeof e->types, "%s", types);
    e->has_bound = has_bound;
    e->bound_ulp = ulp;
    size_t len = strlen(c->description);
    char bound[48] = "";
    if (has_bound && ulp == 0)
        snprintf(bound, sizeof bound, " (correctly rounded)");
    else if (has_bound)
        snprintf(bound, sizeof bound, " (%u ULP)", (unsigned)ulp);
    snprintf(c->description + len, sizeof c->description - len, "%s%s %s%s",
             len ? "; " : "", op, types, bound);
    return 0;
}

/* "bound": "correctly rounded" or a count of ULP. */
static int read_bound(const cJSON *b, bool *has, uint32_t *ulp, const char *where, char *err,
                      size_t err_cap)
{
    *has = false;
    *ulp = 0;
    if (b == NULL)
        return 0;
    if (cJSON_IsString(b) && strcasecmp(b->valuestring, "correctly rounded") == 0) {
        *has = true;
        return 0;
    }
    if (cJSON_IsNumber(b) && b->valuedouble >= 0 && b->valuedouble <= 1e9 &&
        b->valuedouble == (double)(uint32_t)b->valuedouble) {
        *has = true;
        *ulp = (uint32_t)b->valuedouble;
        return 0;
    }
    snprintf(err, err_cap, "%s: \"bound\" must be \"correctly rounded\" or a number of ULP",
             where);
    return 1;
}

int sct_claim_load(const char *path, sct_claim *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    cJSON *root = sct_json_read_file(path, err, err_cap);
    if (root == NULL)
        return 1;
    int rc = 0;
    const char *schema = sct_json_get_str(root, "schema");
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(root, "level");
    const cJSON *claims = cJSON_GetObjectItemCaseSensitive(root, "claims"), *it;
    if (schema == NULL || strcmp(schema, "sonnx-cts-claim") != 0) {
        snprintf(err, err_cap, "%s: \"schema\" must be \"sonnx-cts-claim\"", path);
        rc = 1;
    } else if (level == NULL && claims == NULL) {
        snprintf(err, err_cap, "%s: neither \"level\" nor \"claims\": claims nothing", path);
        rc = 1;
    } else if (level != NULL && !cJSON_IsString(level)) {
        snprintf(err, err_cap, "%s: \"level\" is not a string", path);
        rc = 1;
    } else if (level != NULL && strcmp(level->valuestring, "float32-only") == 0) {
        rc = add(out, "*", "float32", false, 0, path, err, err_cap);
    } else if (level != NULL && strcmp(level->valuestring, "full") == 0) {
        rc = add(out, "*", "*", false, 0, path, err, err_cap);
    } else if (level != NULL) {
        snprintf(err, err_cap, "%s: \"level\": unknown level \"%s\" (the profile defines "
                 "\"float32-only\" and \"full\")", path, level->valuestring);
        rc = 1;
    }
    if (rc == 0 && claims != NULL && !cJSON_IsArray(claims)) {
        snprintf(err, err_cap, "%s: \"claims\" is not an array", path);
        rc = 1;
    }
    int k = 0;
    const cJSON *list = rc == 0 ? claims : NULL;
    cJSON_ArrayForEach(it, list) {
        char where[1100];
        snprintf(where, sizeof where, "%s: claims[%d]", path, k++);
        const char *op = sct_json_get_str(it, "op");
        const char *types = sct_json_get_str(it, "types");
        bool has;
        uint32_t ulp;
        if (op == NULL || types == NULL || op[0] == '\0' || types[0] == '\0') {
            snprintf(err, err_cap, "%s: needs \"op\" and \"types\" (strings)", where);
            rc = 1;
        } else if (read_bound(cJSON_GetObjectItemCaseSensitive(it, "bound"), &has, &ulp, where,
                              err, err_cap) == 0) {
            rc = add(out, op, types, has, ulp, path, err, err_cap);
        } else {
            rc = 1;
        }
        if (rc != 0)
            break;
    }
    cJSON_Delete(root);
    return rc;
}

static bool matches(const char *want, const char *have, bool nocase)
{
    return strcmp(want, "*") == 0 || (nocase ? strcasecmp(want, have) : strcmp(want, have)) == 0;
}

const sct_claim_entry *sct_claim_find(const sct_claim *c, const char *op, const char *types)
{
    const sct_claim_entry *best = NULL;
    int best_score = -1;
    for (size_t i = 0; i < c->n; i++) {
        const sct_claim_entry *e = &c->entries[i];
        if (!matches(e->op, op, true) || !matches(e->types, types, false))
            continue;
        int score = (strcmp(e->op, "*") != 0) + (strcmp(e->types, "*") != 0);
        if (score > best_score) {
            best = e;
            best_score = score;
        }
    }
    return best;
}
