/* case_attributes.c — a case entry's "attributes", checked against its
 * op's registry declarations (case_attributes.h; docs/vector-format.md,
 * docs/plugin-abi.md §2.1). */
#include "case_attributes.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/text/owned.h"
#include "sct/text/utf8_check.h"

/* The registry's spelling of a kind, as a refusal names it. */
static const char *type_word(int32_t kind)
{
    switch (kind) {
    case SONNX_ATTR_INT:
        return "an int";
    case SONNX_ATTR_FLOAT:
        return "a float";
    case SONNX_ATTR_STRING:
        return "a string";
    case SONNX_ATTR_INTS:
        return "ints";
    default:
        return "floats";
    }
}

static const sct_op_attr_decl *find_decl(const sct_op_attr_decl *decls, size_t n,
                                         const char *name)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(decls[k].name, name) == 0)
            return &decls[k];
    return NULL;
}

static bool is_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t len = sct_utf8_sequence_length(p);
        if (len == 0)
            return false;
        p += len;
    }
    return true;
}

/* An integer exact in int64 (json_exact.h reads the literal digit by
 * digit: 2^63 is refused, not rounded). */
static bool read_int(sct_json_reader *rd, const cJSON *v, const char *field,
                     const char *why_type, int64_t *out)
{
    if (!cJSON_IsNumber(v)) {
        sct_json_problem(rd, field, true, "must be an integer (%s)", why_type);
        return false;
    }
    if (!sct_json_i64(v, out)) {
        const char *lit = sct_json_number_literal(v);
        sct_json_problem(rd, field, true, "%s is not an integer in [-2^63, 2^63-1]",
                         lit ? lit : "the value");
        return false;
    }
    return true;
}

/* A number rounded once to float32 from its literal (ONNX stores attribute
 * floats as float32, onnx.proto AttributeProto.f); one beyond float32's
 * range is refused, not made infinite. */
static bool read_float(sct_json_reader *rd, const cJSON *v, const char *field,
                       const char *why_type, float *out)
{
    if (!cJSON_IsNumber(v)) {
        sct_json_problem(rd, field, true, "must be a number (%s)", why_type);
        return false;
    }
    const char *lit = sct_json_number_literal(v);
    float f = lit ? strtof(lit, NULL) : (float)v->valuedouble;
    if (isinf(f)) {
        sct_json_problem(rd, field, true, "%s is beyond float32's range",
                         lit ? lit : "the value");
        return false;
    }
    *out = f;
    return true;
}

/* Counts `add` bytes against the wire's bound (SCT_OP_ATTR_BYTES). */
static bool charge(sct_json_reader *rd, size_t *used, size_t add)
{
    if (add > SCT_OP_ATTR_BYTES - *used) {
        sct_json_problem(rd, "", true,
                         "names and values exceed %d bytes, what the isolated worker's "
                         "request carries (docs/plugin-abi.md §2.1)", SCT_OP_ATTR_BYTES);
        return false;
    }
    *used += add;
    return true;
}

static bool read_list(sct_json_reader *rd, const cJSON *v, const sct_op_attr_decl *d,
                      const char *why_type, size_t *used, sonnx_attribute *a)
{
    bool ints = d->kind == SONNX_ATTR_INTS;
    if (!cJSON_IsArray(v)) {
        sct_json_problem(rd, d->name, true, "must be an array of %s (%s)",
                         ints ? "integers" : "numbers", why_type);
        return false;
    }
    size_t n = (size_t)cJSON_GetArraySize(v);
    size_t elem = ints ? sizeof(int64_t) : sizeof(float);
    /* A list longer than the bound is charged past it without multiplying. */
    size_t bytes = n > SCT_OP_ATTR_BYTES / elem ? (size_t)SCT_OP_ATTR_BYTES + 1 : n * elem;
    if (!charge(rd, used, bytes))
        return false;
    a->n = n;
    if (n == 0)
        return true;
    void *buf = calloc(n, elem);
    if (buf == NULL) {
        sct_json_problem(rd, d->name, true, "out of memory");
        return false;
    }
    if (ints)
        a->ints = buf;
    else
        a->floats = buf;
    size_t k = 0;
    for (const cJSON *e = v->child; e; e = e->next, k++) {
        char field[96];
        snprintf(field, sizeof field, "%s[%zu]", d->name, k);
        if (ints ? !read_int(rd, e, field, why_type, &((int64_t *)buf)[k])
                 : !read_float(rd, e, field, why_type, &((float *)buf)[k]))
            return false;
    }
    return true;
}

static bool read_value(sct_json_reader *rd, const cJSON *v, const char *op_type,
                       const sct_op_attr_decl *d, size_t *used, sonnx_attribute *a)
{
    char why_type[160];
    snprintf(why_type, sizeof why_type, "%s declares '%s' %s", op_type, d->name,
             type_word(d->kind));
    a->kind = d->kind;
    a->name = sct_strdup(d->name);
    if (a->name == NULL) {
        sct_json_problem(rd, d->name, true, "out of memory");
        return false;
    }
    if (!charge(rd, used, strlen(d->name) + 1))
        return false;
    switch (d->kind) {
    case SONNX_ATTR_INT:
        return read_int(rd, v, d->name, why_type, &a->i);
    case SONNX_ATTR_FLOAT:
        return read_float(rd, v, d->name, why_type, &a->f);
    case SONNX_ATTR_STRING:
        if (!cJSON_IsString(v) || v->valuestring == NULL) {
            sct_json_problem(rd, d->name, true, "must be a string (%s)", why_type);
            return false;
        }
        if (!is_utf8(v->valuestring)) {
            sct_json_problem(rd, d->name, true, "is not well-formed UTF-8");
            return false;
        }
        if (!charge(rd, used, strlen(v->valuestring) + 1))
            return false;
        a->s = sct_strdup(v->valuestring);
        if (a->s == NULL) {
            sct_json_problem(rd, d->name, true, "out of memory");
            return false;
        }
        return true;
    default:
        return read_list(rd, v, d, why_type, used, a);
    }
}

/* The object itself: an object, no repeated key, no undeclared member, not
 * more members than the wire carries. */
static bool check_members(sct_json_reader *rd, const cJSON *attrs, const char *op_type,
                          const sct_op_attr_decl *decls, size_t n_decls)
{
    if (!cJSON_IsObject(attrs)) {
        sct_json_problem(rd, "", true, "must be an object {\"<name>\": <value>}");
        return false;
    }
    const char *dup = sct_json_duplicate_key(attrs);
    if (dup != NULL) {
        sct_json_problem(rd, "", true, "duplicate key \"%s\"", dup);
        return false;
    }
    int count = cJSON_GetArraySize(attrs);
    if (count > SCT_OP_MAX_ATTRIBUTES) {
        sct_json_problem(rd, "", true,
                         "%d attributes; at most %d, what the isolated worker's request "
                         "carries (docs/plugin-abi.md §2.1)", count, SCT_OP_MAX_ATTRIBUTES);
        return false;
    }
    for (const cJSON *m = attrs->child; m; m = m->next) {
        if (find_decl(decls, n_decls, m->string) == NULL) {
            sct_json_problem(rd, m->string, true,
                             "%s declares no attribute '%s' (ops/operators.json)", op_type,
                             m->string);
            return false;
        }
    }
    return true;
}

int sct_case_attributes_parse(sct_json_reader *rd, const cJSON *attrs, const char *op_type,
                              const sct_op_attr_decl *decls, size_t n_decls,
                              sonnx_attribute **out, size_t *n_out)
{
    *out = NULL;
    *n_out = 0;
    size_t mark = sct_json_enter(rd, "attributes");
    sonnx_attribute *list = NULL;
    size_t n = 0, used = 0;
    bool ok = attrs == NULL || check_members(rd, attrs, op_type, decls, n_decls);
    if (ok && attrs != NULL && cJSON_GetArraySize(attrs) > 0) {
        list = calloc((size_t)cJSON_GetArraySize(attrs), sizeof *list);
        if (list == NULL) {
            sct_json_problem(rd, "", true, "out of memory");
            ok = false;
        }
    }
    for (size_t k = 0; ok && k < n_decls; k++) {
        const cJSON *v = sct_json_member(attrs, decls[k].name);
        if (v == NULL) {
            if (decls[k].required) {
                sct_json_problem(rd, decls[k].name, false,
                                 "missing; %s requires it (ops/operators.json)", op_type);
                ok = false;
            }
            continue;
        }
        ok = read_value(rd, v, op_type, &decls[k], &used, &list[n]);
        n++;
    }
    sct_json_leave(rd, mark);
    if (!ok) {
        sct_case_attributes_free(list, n);
        return -1;
    }
    *out = list;
    *n_out = n;
    return 0;
}

void sct_case_attributes_free(sonnx_attribute *attrs, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        free((void *)attrs[k].name);
        free((void *)attrs[k].s);
        free((void *)attrs[k].ints);
        free((void *)attrs[k].floats);
    }
    free(attrs);
}
