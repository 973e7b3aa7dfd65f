/* wire_attributes.c — an op's attributes on the worker's socket (see
 * wire_attributes.h; docs/plugin-abi.md §2.1). */
#include "wire_attributes.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(sct_wire_attribute) % 8 == 0,
               "descriptors keep the pool 8-byte aligned");
_Static_assert((uint64_t)SCT_WIRE_MAX_ATTRIBUTES * sizeof(sct_wire_attribute) <
                   SCT_WIRE_ATTR_CAP,
               "the descriptors alone fit the payload");
_Static_assert(SCT_WIRE_ATTR_CAP <= UINT32_MAX, "offsets are 32-bit");

__attribute__((format(printf, 3, 4)))
static int refuse(char *why, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return -1;
}

static size_t align_up(size_t x, size_t a)
{
    return (x + a - 1) / a * a;
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

/* ---- harness side ---- */

/* Where attribute a's name and value go in the pool, from `*at` on (moved
 * past them); false when they do not fit `room` bytes of pool.  Every size
 * is bounded by `room` before it is added, so nothing overflows. */
static bool place(const sonnx_attribute *a, size_t room, size_t *at, sct_wire_attribute *d,
                  size_t k, char *why, size_t cap)
{
    size_t name_len = strnlen(a->name, room);
    if (name_len >= room || *at > room - name_len - 1) {
        refuse(why, cap, "attribute %zu: the name does not fit the %d bytes the "
               "worker's request carries", k, SCT_WIRE_ATTR_CAP);
        return false;
    }
    d->name_len = (uint32_t)name_len;
    d->name_off = (uint32_t)*at;
    *at += name_len + 1;
    size_t elem = a->kind == SONNX_ATTR_INTS ? sizeof(int64_t) : sizeof(float);
    switch (a->kind) {
    case SONNX_ATTR_INT:
        d->i = a->i;
        return true;
    case SONNX_ATTR_FLOAT:
        d->f = a->f;
        return true;
    case SONNX_ATTR_STRING: {
        size_t len = strnlen(a->s, room);
        if (len >= room || *at > room - len - 1)
            break;
        d->n = len;
        d->value_off = (uint32_t)*at;
        *at += len + 1;
        return true;
    }
    default: /* INTS, FLOATS: checked by the caller */
        if (a->n == 0)
            return true;
        size_t start = align_up(*at, elem);
        if (start > room || a->n > (room - start) / elem)
            break;
        d->n = a->n;
        d->value_off = (uint32_t)start;
        *at = start + (size_t)a->n * elem;
        return true;
    }
    refuse(why, cap, "attribute %zu ('%s'): its %s value does not fit the %d bytes the "
           "worker's request carries", k, a->name, kind_name(a->kind), SCT_WIRE_ATTR_CAP);
    return false;
}

int sct_wire_attributes_encode(const sonnx_op *op, unsigned char *buf, size_t cap,
                               uint32_t *n_out, uint32_t *bytes, char *why, size_t why_cap)
{
    *n_out = 0;
    *bytes = 0;
    size_t n = op->n_attributes;
    if (n == 0)
        return 0;
    if (op->attributes == NULL)
        return refuse(why, why_cap, "%zu attributes but no attribute array", n);
    if (n > SCT_WIRE_MAX_ATTRIBUTES)
        return refuse(why, why_cap, "%zu attributes, more than the %d the worker's "
                      "request carries", n, SCT_WIRE_MAX_ATTRIBUTES);
    if (cap > SCT_WIRE_ATTR_CAP)
        cap = SCT_WIRE_ATTR_CAP;
    size_t desc = n * sizeof(sct_wire_attribute);
    if (desc > cap)
        return refuse(why, why_cap, "no room for %zu attributes", n);
    sct_wire_attribute d[SCT_WIRE_MAX_ATTRIBUTES];
    memset(d, 0, sizeof d);
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        const sonnx_attribute *a = &op->attributes[k];
        if (a->name == NULL)
            return refuse(why, why_cap, "attribute %zu has no name", k);
        if (kind_name(a->kind) == NULL)
            return refuse(why, why_cap, "attribute %zu ('%s'): unknown kind %d (the ABI "
                          "defines FLOAT 1, INT 2, STRING 3, FLOATS 6, INTS 7)", k, a->name,
                          (int)a->kind);
        if ((a->kind == SONNX_ATTR_STRING && a->s == NULL) ||
            (a->kind == SONNX_ATTR_INTS && a->n > 0 && a->ints == NULL) ||
            (a->kind == SONNX_ATTR_FLOATS && a->n > 0 && a->floats == NULL))
            return refuse(why, why_cap, "attribute %zu ('%s'): %s value missing (NULL)", k,
                          a->name, kind_name(a->kind));
        d[k].kind = a->kind;
        if (!place(a, cap - desc, &at, &d[k], k, why, why_cap))
            return -1;
    }
    /* every byte sent is written: padding between values is zero */
    memset(buf, 0, desc + at);
    memcpy(buf, d, desc);
    unsigned char *pool = buf + desc;
    for (size_t k = 0; k < n; k++) {
        const sonnx_attribute *a = &op->attributes[k];
        memcpy(pool + d[k].name_off, a->name, d[k].name_len);
        if (a->kind == SONNX_ATTR_STRING)
            memcpy(pool + d[k].value_off, a->s, (size_t)d[k].n);
        else if (a->kind == SONNX_ATTR_INTS && d[k].n)
            memcpy(pool + d[k].value_off, a->ints, (size_t)d[k].n * sizeof(int64_t));
        else if (a->kind == SONNX_ATTR_FLOATS && d[k].n)
            memcpy(pool + d[k].value_off, a->floats, (size_t)d[k].n * sizeof(float));
    }
    *n_out = (uint32_t)n;
    *bytes = (uint32_t)(desc + at);
    return 0;
}

/* ---- worker side: nothing of the payload is trusted ---- */

/* A NUL-terminated string of `len` bytes at `off` of the pool, no NUL
 * inside; NULL when it is not one. */
static const char *string_at(const unsigned char *pool, size_t pool_len, uint64_t off,
                             uint64_t len)
{
    if (off > pool_len || len >= pool_len - off)
        return NULL;
    const unsigned char *s = pool + off;
    if (s[len] != '\0' || memchr(s, '\0', (size_t)len) != NULL)
        return NULL;
    return (const char *)s;
}

/* `n` elements of `elem` bytes at `off`, aligned for the type; NULL for an
 * empty list (offset 0), `bad` set when the list is not one. */
static const void *list_at(const unsigned char *pool, size_t pool_len, uint64_t off,
                           uint64_t n, size_t elem, bool *bad)
{
    *bad = false;
    if (n == 0) {
        *bad = off != 0;
        return NULL;
    }
    if (off % elem != 0 || off > pool_len || n > (pool_len - off) / elem) {
        *bad = true;
        return NULL;
    }
    return pool + off;
}

int sct_wire_attributes_decode(const void *payload, size_t received, uint32_t n,
                               uint32_t bytes, sonnx_attribute out[SCT_WIRE_MAX_ATTRIBUTES],
                               char *why, size_t why_cap)
{
    if (received != bytes)
        return refuse(why, why_cap, "the request announces %u attribute bytes, %zu arrived",
                      (unsigned)bytes, received);
    if (bytes > SCT_WIRE_ATTR_CAP)
        return refuse(why, why_cap, "%u attribute bytes, more than %d", (unsigned)bytes,
                      SCT_WIRE_ATTR_CAP);
    if (n > SCT_WIRE_MAX_ATTRIBUTES)
        return refuse(why, why_cap, "%u attributes, more than %d", (unsigned)n,
                      SCT_WIRE_MAX_ATTRIBUTES);
    if ((uintptr_t)payload % 8 != 0)
        return refuse(why, why_cap, "attribute payload not 8-byte aligned");
    size_t desc = (size_t)n * sizeof(sct_wire_attribute);
    if (desc > bytes || (n == 0 && bytes != 0))
        return refuse(why, why_cap, "%u attributes do not match the %u attribute bytes",
                      (unsigned)n, (unsigned)bytes);
    const unsigned char *pool = (const unsigned char *)payload + desc;
    size_t pool_len = bytes - desc;
    for (uint32_t k = 0; k < n; k++) {
        sct_wire_attribute d;
        memcpy(&d, (const unsigned char *)payload + k * sizeof d, sizeof d);
        sonnx_attribute *a = &out[k];
        memset(a, 0, sizeof *a);
        uint32_t fbits;
        memcpy(&fbits, &d.f, sizeof fbits);
        const char *kind = kind_name(d.kind);
        if (kind == NULL)
            return refuse(why, why_cap, "attribute %u: unknown kind %d", (unsigned)k,
                          (int)d.kind);
        a->kind = d.kind;
        a->name = string_at(pool, pool_len, d.name_off, d.name_len);
        if (a->name == NULL)
            return refuse(why, why_cap, "attribute %u: name (offset %u, %u bytes) outside "
                          "the %zu-byte pool or not a NUL-terminated string", (unsigned)k,
                          (unsigned)d.name_off, (unsigned)d.name_len, pool_len);
        bool scalar = d.kind == SONNX_ATTR_INT || d.kind == SONNX_ATTR_FLOAT;
        bool other_set = d.reserved != 0 || (d.kind != SONNX_ATTR_INT && d.i != 0) ||
                         (d.kind != SONNX_ATTR_FLOAT && fbits != 0) ||
                         (scalar && (d.n != 0 || d.value_off != 0));
        if (other_set)
            return refuse(why, why_cap, "attribute %u ('%s', %s): a member of another kind "
                          "is set", (unsigned)k, a->name, kind);
        bool bad = false;
        switch (d.kind) {
        case SONNX_ATTR_INT:
            a->i = d.i;
            break;
        case SONNX_ATTR_FLOAT:
            a->f = d.f;
            break;
        case SONNX_ATTR_STRING:
            a->s = string_at(pool, pool_len, d.value_off, d.n);
            bad = a->s == NULL;
            break;
        case SONNX_ATTR_INTS:
            a->ints = list_at(pool, pool_len, d.value_off, d.n, sizeof(int64_t), &bad);
            a->n = d.n;
            break;
        default: /* FLOATS */
            a->floats = list_at(pool, pool_len, d.value_off, d.n, sizeof(float), &bad);
            a->n = d.n;
            break;
        }
        if (bad)
            return refuse(why, why_cap, "attribute %u ('%s', %s): value (offset %u, count "
                          "%llu) outside the %zu-byte pool or misaligned", (unsigned)k,
                          a->name, kind, (unsigned)d.value_off, (unsigned long long)d.n,
                          pool_len);
    }
    return 0;
}
