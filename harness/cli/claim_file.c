/*
 * claim_file.c — reading a vendor's claim (claim_file.h).
 */
#include "claim_file.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/writers/json_util.h"

/* Every problem goes through the one field reader (json_fields.h) as
 * "<file>: <field>: <reason>"; the reasons are the ones this reader has
 * always written (docs/cli.md "Claims"), the field being the root ("")
 * or "claims[k]". */
static void add(sct_json_reader *rd, sct_claim *c, const char *op, const char *types,
                bool has_bound, uint32_t ulp)
{
    if (c->n == SCT_CLAIM_MAX) {
        sct_json_problem(rd, NULL, true, "more than %d claims", SCT_CLAIM_MAX);
        return;
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
}

/* "bound": "correctly rounded" or a count of ULP; false when neither. */
static bool read_bound(sct_json_reader *rd, const cJSON *b, bool *has, uint32_t *ulp)
{
    *has = false;
    *ulp = 0;
    if (b == NULL)
        return true;
    const char *s = cJSON_GetStringValue(b);
    if (s != NULL && strcasecmp(s, "correctly rounded") == 0) {
        *has = true;
        return true;
    }
    if (cJSON_IsNumber(b) && b->valuedouble >= 0 && b->valuedouble <= 1e9 &&
        b->valuedouble == (double)(uint32_t)b->valuedouble) {
        *has = true;
        *ulp = (uint32_t)b->valuedouble;
        return true;
    }
    sct_json_problem(rd, NULL, true,
                     "\"bound\" must be \"correctly rounded\" or a number of ULP");
    return false;
}

/* "level": a named set of claims, or a problem. */
static void read_level(sct_json_reader *rd, sct_claim *out, const cJSON *level)
{
    const char *name = cJSON_GetStringValue(level);
    if (name == NULL)
        sct_json_problem(rd, NULL, true, "\"level\" is not a string");
    else if (strcmp(name, "float32-only") == 0)
        add(rd, out, "*", "float32", false, 0);
    else if (strcmp(name, "full") == 0)
        add(rd, out, "*", "*", false, 0);
    else
        sct_json_problem(rd, NULL, true, "\"level\": unknown level \"%s\" (the profile "
                         "defines \"float32-only\" and \"full\")", name);
}

/* claims[k]: {"op", "types", "bound"?}; stops at the first problem. */
static void read_claims(sct_json_reader *rd, sct_claim *out, const cJSON *claims)
{
    if (!cJSON_IsArray(claims)) {
        sct_json_problem(rd, NULL, true, "\"claims\" is not an array");
        return;
    }
    int k = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, claims) {
        char name[32];
        snprintf(name, sizeof name, "claims[%d]", k++);
        size_t mark = sct_json_enter(rd, name);
        const char *op = cJSON_GetStringValue(sct_json_member(it, "op"));
        const char *types = cJSON_GetStringValue(sct_json_member(it, "types"));
        bool has;
        uint32_t ulp;
        if (op == NULL || types == NULL || op[0] == '\0' || types[0] == '\0')
            sct_json_problem(rd, NULL, true, "needs \"op\" and \"types\" (strings)");
        else if (read_bound(rd, sct_json_member(it, "bound"), &has, &ulp))
            add(rd, out, op, types, has, ulp);
        sct_json_leave(rd, mark);
        if (rd->failed)
            return;
    }
}

int sct_claim_load(const char *path, sct_claim *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    cJSON *root = sct_json_read_file(path, err, err_cap);
    if (root == NULL)
        return 1;
    sct_json_reader rd = {.file = path, .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .err = err, .err_cap = err_cap};
    const char *schema = cJSON_GetStringValue(sct_json_member(root, "schema"));
    const cJSON *level = sct_json_member(root, "level");
    const cJSON *claims = sct_json_member(root, "claims");
    if (schema == NULL || strcmp(schema, "sonnx-cts-claim") != 0)
        sct_json_problem(&rd, NULL, true, "\"schema\" must be \"sonnx-cts-claim\"");
    else if (level == NULL && claims == NULL)
        sct_json_problem(&rd, NULL, true, "neither \"level\" nor \"claims\": claims nothing");
    else if (level != NULL)
        read_level(&rd, out, level);
    if (!rd.failed && claims != NULL)
        read_claims(&rd, out, claims);
    cJSON_Delete(root);
    return rd.failed ? 1 : 0;
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
