/*
 * json_fields.c — the strict JSON field reader (json_fields.h): members
 * read into C values, problems as "<file>: <field>: <reason>".
 */
#include "sct/jsonstream/json_fields.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/text/name_table.h"
#include "sct/text/owned.h"

/* What a typed reader expects, and the words of its two problems. */
typedef enum kind { K_STRING, K_INTEGER, K_BOOLEAN, K_NUMBER, K_HEX, K_NAME } kind;

static const struct {
    const char *mistyped;   /* SCT_JSON_NAME_IN_PATH: "<field>.x: must be ..." */
    const char *named;      /* SCT_JSON_NAME_IN_REASON: "<field>: ... \"x\"" */
} k_words[] = {
    [K_STRING] = {"must be a string", "missing string"},
    [K_INTEGER] = {"must be an integer", "missing or non-integer"},
    [K_BOOLEAN] = {"must be a boolean", "missing boolean"},
    [K_NUMBER] = {"must be a number", "missing number"},
    [K_HEX] = {"must be a 0x hex string", "missing or malformed"},
    [K_NAME] = {"must be a string", "missing or unknown"},
};

size_t sct_json_enter(sct_json_reader *rd, const char *name)
{
    size_t mark = strlen(rd->where);
    snprintf(rd->where + mark, sizeof rd->where - mark, "%s%s", mark ? "." : "", name);
    return mark;
}

void sct_json_leave(sct_json_reader *rd, size_t mark)
{
    if (mark < sizeof rd->where)
        rd->where[mark] = '\0';
}

const cJSON *sct_json_member(const cJSON *o, const char *name)
{
    return cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, name) : NULL;
}

static int compare_key_ptr(const void *pa, const void *pb)
{
    const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
    return strcmp(a ? a : "", b ? b : "");
}

const char *sct_json_duplicate_key(const cJSON *obj)
{
    size_t n = 0;
    for (const cJSON *a = obj ? obj->child : NULL; a; a = a->next)
        n++;
    if (n < 2)
        return NULL;
    /* Sorted, so that a hostile object with many keys costs n log n. */
    const char **keys = malloc(n * sizeof *keys);
    if (keys == NULL)
        return NULL;
    size_t i = 0;
    for (const cJSON *a = obj->child; a; a = a->next)
        keys[i++] = a->string;
    qsort(keys, n, sizeof *keys, compare_key_ptr);
    const char *dup = NULL;
    for (i = 1; i < n && dup == NULL; i++)
        if (keys[i] && keys[i - 1] && strcmp(keys[i], keys[i - 1]) == 0)
            dup = keys[i];
    free(keys);
    return dup;
}

void sct_json_problem(sct_json_reader *rd, const char *name, bool present,
                      const char *reason_fmt, ...)
{
    bool strict = rd->mode == SCT_JSON_STRICT;
    if (strict ? rd->failed : !present || rd->warn == NULL) {
        rd->failed = rd->failed || strict;
        return;
    }
    char reason[1200], field[1600];
    va_list ap;
    va_start(ap, reason_fmt);
    vsnprintf(reason, sizeof reason, reason_fmt, ap);
    va_end(ap);
    bool has_name = name != NULL && name[0] != '\0';
    snprintf(field, sizeof field, "%s%s%s%s", rd->label ? rd->label : "", rd->where,
             rd->where[0] && has_name ? "." : "", has_name ? name : "");
    if (strict) {
        if (field[0] != '\0')
            snprintf(rd->err, rd->err_cap, "%s: %s: %s", rd->file, field, reason);
        else
            snprintf(rd->err, rd->err_cap, "%s: %s", rd->file, reason);
        rd->failed = true;
        return;
    }
    char msg[2900];
    snprintf(msg, sizeof msg, "%s%s%s", field, field[0] ? ": " : "", reason);
    rd->warn(rd->user, msg);
}

/* Member `name` of `o` is missing (it == NULL) or not of kind `k`. */
static void type_problem(sct_json_reader *rd, const cJSON *it, const char *name, kind k)
{
    if (rd->naming == SCT_JSON_NAME_IN_REASON)
        sct_json_problem(rd, NULL, it != NULL, "%s \"%s\"", k_words[k].named, name);
    else
        sct_json_problem(rd, name, it != NULL, "%s", it ? k_words[k].mistyped : "missing");
}

/* `ok`: member `it` is of kind `k`; else the problem is said. */
static bool checked(sct_json_reader *rd, const cJSON *it, const char *name, kind k, bool ok)
{
    if (!ok)
        type_problem(rd, it, name, k);
    return ok;
}

const char *sct_json_read_str(sct_json_reader *rd, const cJSON *o, const char *name,
                              bool required)
{
    const cJSON *it = sct_json_member(o, name);
    if (cJSON_IsString(it) && it->valuestring != NULL)
        return it->valuestring;
    if (it != NULL || required)
        type_problem(rd, it, name, K_STRING);
    return NULL;
}

char *sct_json_read_own(sct_json_reader *rd, const char *s)
{
    char *d = sct_strdup(s);
    if (d == NULL) {
        rd->mode = SCT_JSON_STRICT; /* out of memory is never tolerated */
        sct_json_problem(rd, NULL, true, "out of memory");
    }
    return d;
}

char *sct_json_read_str_dup(sct_json_reader *rd, const cJSON *o, const char *name,
                            const char *dflt)
{
    const char *s = sct_json_read_str(rd, o, name, true);
    return sct_json_read_own(rd, s != NULL ? s : dflt);
}

uint64_t sct_json_read_u64(sct_json_reader *rd, const cJSON *o, const char *name)
{
    const cJSON *it = sct_json_member(o, name);
    uint64_t v = 0;
    return checked(rd, it, name, K_INTEGER, sct_json_u64(it, &v)) ? v : 0;
}

int64_t sct_json_read_i64(sct_json_reader *rd, const cJSON *o, const char *name)
{
    const cJSON *it = sct_json_member(o, name);
    int64_t v = 0;
    return checked(rd, it, name, K_INTEGER, sct_json_i64(it, &v)) ? v : 0;
}

bool sct_json_read_int_in(sct_json_reader *rd, const cJSON *item, const char *name,
                          double lo, double hi, int64_t *out)
{
    if (!cJSON_IsNumber(item)) {
        type_problem(rd, item, name, K_INTEGER);
        return false;
    }
    double d = item->valuedouble;
    if (!isfinite(d) || d != floor(d) || d < lo || d > hi) {
        sct_json_problem(rd, name, true, "%.17g is not an integer in the allowed range", d);
        return false;
    }
    *out = (int64_t)d;
    return true;
}

bool sct_json_read_bool(sct_json_reader *rd, const cJSON *o, const char *name)
{
    const cJSON *it = sct_json_member(o, name);
    return checked(rd, it, name, K_BOOLEAN, cJSON_IsBool(it)) && cJSON_IsTrue(it);
}

double sct_json_read_double(sct_json_reader *rd, const cJSON *o, const char *name)
{
    const cJSON *it = sct_json_member(o, name);
    return checked(rd, it, name, K_NUMBER, cJSON_IsNumber(it)) ? it->valuedouble : 0.0;
}

bool sct_json_read_hex(sct_json_reader *rd, const cJSON *o, const char *name, uint64_t *out)
{
    const cJSON *it = sct_json_member(o, name);
    const char *s = cJSON_IsString(it) ? it->valuestring : NULL;
    size_t n = s != NULL && s[0] == '0' && s[1] == 'x' ? strlen(s + 2) : 0;
    uint64_t v = 0;
    bool ok = n >= 1 && n <= 16;
    for (size_t i = 0; ok && i < n; i++) {
        char c = s[2 + i];
        int d = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        ok = d >= 0;
        v = v << 4 | (uint64_t)(d & 15);
    }
    if (!ok)
        type_problem(rd, it, name, K_HEX);
    else
        *out = v;
    return ok;
}

size_t sct_json_read_name(sct_json_reader *rd, const cJSON *o, const char *name,
                          const char *const *names, size_t n, const char *what)
{
    const cJSON *it = sct_json_member(o, name);
    if (!cJSON_IsString(it) || it->valuestring == NULL) {
        type_problem(rd, it, name, K_NAME);
        return n;
    }
    size_t k = sct_name_find(names, n, it->valuestring);
    if (k == n)
        sct_json_problem(rd, rd->naming == SCT_JSON_NAME_IN_PATH ? name : NULL, true,
                         "unknown %s \"%.100s\"", what, it->valuestring);
    return k;
}

bool sct_json_read_known(sct_json_reader *rd, const cJSON *o, const char *const *known,
                         size_t n)
{
    bool ok = true;
    const char *dup = sct_json_duplicate_key(o);
    if (dup != NULL) {
        sct_json_problem(rd, NULL, true, "duplicate key \"%.100s\"", dup);
        ok = false;
    }
    for (const cJSON *m = cJSON_IsObject(o) ? o->child : NULL; m; m = m->next)
        if (sct_name_find(known, n, m->string) == n) {
            sct_json_problem(rd, m->string, true, "unknown field");
            ok = false;
        }
    return ok;
}
