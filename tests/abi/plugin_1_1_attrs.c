/*
 * plugin_1_1_attrs.c — a plugin declaring ABI 1.1 that reports, as its
 * query's (and run's) UNSUPPORTED message, every attribute it was given:
 * `<op>: <n> attributes` then `; <name> <KIND> <value>` per attribute
 * (INT as %lld, FLOAT as %a, STRING quoted with its length, lists as
 * `[n]` and their elements, or for more than 8 elements their sum, first
 * and last).  It also checks what the ABI promises (plugin.h,
 * docs/plugin-abi.md §2.1): members of other kinds 0 / NULL, reserved
 * members 0, a list's pointer non-NULL and aligned exactly when it has
 * elements, strings NUL-terminated; a broken promise is reported as
 * `BAD attribute k: ...` instead.  test_attribute_rule runs it in-process
 * and isolated: the two must print the same.
 */
#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

typedef struct text_out {
    char *at;
    size_t cap;
    size_t len;
} text_out;

__attribute__((format(printf, 2, 3)))
static void put(text_out *o, const char *fmt, ...)
{
    if (o->len >= o->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->at + o->len, o->cap - o->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static const char *kind_name(int32_t kind)
{
    switch (kind) {
    case SONNX_ATTR_FLOAT:
        return "FLOAT";
    case SONNX_ATTR_INT:
        return "INT";
    case SONNX_ATTR_STRING:
        return "STRING";
    case SONNX_ATTR_FLOATS:
        return "FLOATS";
    case SONNX_ATTR_INTS:
        return "INTS";
    default:
        return NULL;
    }
}

/* What the ABI promises about one attribute; NULL when it holds. */
static const char *broken_promise(const sonnx_attribute *a)
{
    float zero = 0.0f;
    bool is_list = a->kind == SONNX_ATTR_INTS || a->kind == SONNX_ATTR_FLOATS;
    if (a->name == NULL)
        return "name is NULL";
    if (kind_name(a->kind) == NULL)
        return "unknown kind";
    if (a->reserved0 != 0 || a->reserved1 != 0)
        return "reserved member set";
    if (a->kind != SONNX_ATTR_INT && a->i != 0)
        return "i set for another kind";
    if (a->kind != SONNX_ATTR_FLOAT && memcmp(&a->f, &zero, sizeof zero) != 0)
        return "f set for another kind";
    if ((a->kind == SONNX_ATTR_STRING) != (a->s != NULL))
        return "s set for another kind, or NULL for STRING";
    if (!is_list && a->n != 0)
        return "n set for a kind without a list";
    if ((a->kind == SONNX_ATTR_INTS && a->n > 0) != (a->ints != NULL))
        return "ints NULL with elements, or set without";
    if ((a->kind == SONNX_ATTR_FLOATS && a->n > 0) != (a->floats != NULL))
        return "floats NULL with elements, or set without";
    if (a->ints && (uintptr_t)a->ints % alignof(int64_t) != 0)
        return "ints misaligned";
    if (a->floats && (uintptr_t)a->floats % alignof(float) != 0)
        return "floats misaligned";
    return NULL;
}

static void put_value(text_out *o, const sonnx_attribute *a)
{
    switch (a->kind) {
    case SONNX_ATTR_INT:
        put(o, " %lld", (long long)a->i);
        break;
    case SONNX_ATTR_FLOAT:
        put(o, " %a", (double)a->f);
        break;
    case SONNX_ATTR_STRING:
        put(o, " \"%.40s\" (%zu)", a->s, strlen(a->s));
        break;
    case SONNX_ATTR_INTS:
        put(o, " [%llu]", (unsigned long long)a->n);
        if (a->n <= 8) {
            for (uint64_t k = 0; k < a->n; k++)
                put(o, " %lld", (long long)a->ints[k]);
        } else {
            long long sum = 0;
            for (uint64_t k = 0; k < a->n; k++)
                sum += (long long)a->ints[k];
            put(o, " sum %lld first %lld last %lld", sum, (long long)a->ints[0],
                (long long)a->ints[a->n - 1]);
        }
        break;
    default: /* FLOATS */
        put(o, " [%llu]", (unsigned long long)a->n);
        if (a->n <= 8) {
            for (uint64_t k = 0; k < a->n; k++)
                put(o, " %a", (double)a->floats[k]);
        } else {
            double sum = 0;
            for (uint64_t k = 0; k < a->n; k++)
                sum += (double)a->floats[k];
            put(o, " sum %a first %a last %a", sum, (double)a->floats[0],
                (double)a->floats[a->n - 1]);
        }
        break;
    }
}

static sonnx_status attrs_query(const sonnx_op *op, const int32_t *types, size_t n,
                                char *message, size_t cap)
{
    (void)types;
    (void)n;
    text_out o = {message, cap, 0};
    put(&o, "%s: %zu attributes", op->op_type, op->n_attributes);
    if ((op->n_attributes == 0) != (op->attributes == NULL)) {
        put(&o, "; BAD: attributes %s", op->attributes ? "set without any" : "NULL");
        return SONNX_STATUS_UNSUPPORTED;
    }
    for (size_t k = 0; k < op->n_attributes; k++) {
        const sonnx_attribute *a = &op->attributes[k];
        const char *bad = broken_promise(a);
        if (bad) {
            snprintf(message, cap, "BAD attribute %zu: %s", k, bad);
            return SONNX_STATUS_UNSUPPORTED;
        }
        put(&o, "; %s %s", a->name, kind_name(a->kind));
        put_value(&o, a);
    }
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status attrs_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                              sonnx_tensor *out, size_t n_out, char *message, size_t cap)
{
    (void)in;
    (void)n_in;
    (void)out;
    (void)n_out;
    return attrs_query(op, NULL, 0, message, cap);
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_1,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "sonnx-cts tests",
    .runtime_name = "ABI 1.1 attribute probe",
    .runtime_version = "1.1",
    .query = attrs_query,
    .run = attrs_run,
};
