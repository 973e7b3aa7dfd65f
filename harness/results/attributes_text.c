/* attributes_text.c — a case's attributes as the report's JSON object text
 * (attributes_text.h; docs/report-format.md). */
#include "sct/results/attributes_text.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"

typedef struct text {
    char *s;
    size_t len, cap;
    bool oom;
} text;

static void add(text *t, const char *piece)
{
    size_t n = strlen(piece);
    if (t->oom)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->len + n + 1) * 2;
        char *s = realloc(t->s, cap);
        if (s == NULL) {
            t->oom = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
    memcpy(t->s + t->len, piece, n + 1);
    t->len += n;
}

/* A string as cJSON escapes it, with its quotes. */
static void add_string(text *t, const char *s)
{
    cJSON *item = cJSON_CreateString(s);
    char *q = item ? cJSON_PrintUnformatted(item) : NULL;
    if (q == NULL)
        t->oom = true;
    else
        add(t, q);
    free(q);
    cJSON_Delete(item);
}

static void add_int(text *t, int64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%" PRId64, v);
    add(t, b);
}

static void add_float(text *t, float f)
{
    char b[48];
    snprintf(b, sizeof b, "%.9g", (double)f);
    add(t, b);
}

static char *finish(text *t, int *oom)
{
    if (t->oom) {
        free(t->s);
        if (oom)
            *oom = 1;
        return NULL;
    }
    return t->s;
}

char *sct_attributes_text(const sonnx_attribute *a, size_t n, int *oom)
{
    if (n == 0 || a == NULL)
        return NULL;
    text t = {0};
    add(&t, "{");
    for (size_t k = 0; k < n; k++) {
        if (k)
            add(&t, ",");
        add_string(&t, a[k].name ? a[k].name : "");
        add(&t, ":");
        switch (a[k].kind) {
        case SONNX_ATTR_INT:
            add_int(&t, a[k].i);
            break;
        case SONNX_ATTR_FLOAT:
            add_float(&t, a[k].f);
            break;
        case SONNX_ATTR_STRING:
            add_string(&t, a[k].s ? a[k].s : "");
            break;
        default: /* INTS, FLOATS */
            add(&t, "[");
            for (uint64_t e = 0; e < a[k].n; e++) {
                if (e)
                    add(&t, ",");
                if (a[k].kind == SONNX_ATTR_INTS)
                    add_int(&t, a[k].ints[e]);
                else
                    add_float(&t, a[k].floats[e]);
            }
            add(&t, "]");
            break;
        }
    }
    add(&t, "}");
    return finish(&t, oom);
}

/* A number: an integer literal as its digits (exact, json_exact.h), any
 * other as the float32 it names, as sct_attributes_text prints one. */
static bool add_number(text *t, const cJSON *v)
{
    int64_t i;
    const char *lit = sct_json_number_literal(v);
    if (lit != NULL && strpbrk(lit, ".eE") == NULL && sct_json_i64(v, &i)) {
        /* "-0" is the float -0.0 as "%.9g" prints it */
        if (lit[0] == '-' && i == 0)
            add(t, "-0");
        else
            add_int(t, i);
        return true;
    }
    add_float(t, (float)v->valuedouble);
    return true;
}

static bool add_value(text *t, const cJSON *v, bool in_list)
{
    if (cJSON_IsNumber(v))
        return add_number(t, v);
    if (cJSON_IsString(v) && !in_list) {
        add_string(t, v->valuestring);
        return true;
    }
    if (cJSON_IsArray(v) && !in_list) {
        add(t, "[");
        for (const cJSON *e = v->child; e; e = e->next) {
            if (e != v->child)
                add(t, ",");
            if (!cJSON_IsNumber(e))
                return false;
            add_number(t, e);
        }
        add(t, "]");
        return true;
    }
    return false;
}

char *sct_attributes_text_from_json(const cJSON *obj, char *why, size_t why_cap)
{
    if (!cJSON_IsObject(obj) || obj->child == NULL) {
        snprintf(why, why_cap, "must be a non-empty object {\"<name>\": <value>}");
        return NULL;
    }
    text t = {0};
    add(&t, "{");
    for (const cJSON *m = obj->child; m; m = m->next) {
        if (m != obj->child)
            add(&t, ",");
        add_string(&t, m->string ? m->string : "");
        add(&t, ":");
        if (!add_value(&t, m, false)) {
            snprintf(why, why_cap, "attribute \"%s\": must be a number, a string or an "
                     "array of numbers", m->string ? m->string : "");
            free(t.s);
            return NULL;
        }
    }
    add(&t, "}");
    if (t.oom)
        snprintf(why, why_cap, "out of memory");
    return finish(&t, NULL);
}
