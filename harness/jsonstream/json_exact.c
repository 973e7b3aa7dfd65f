/*
 * json_exact.c — cJSON trees whose numbers keep their literals, and exact
 * integer readers (json_exact.h).
 *
 * cJSON parses the text (its grammar and its errors, as every other reader
 * of the project); then one lexer pass over the same text takes the number
 * literals in document order and a depth-first walk of the tree, which
 * keeps document order, gives each number item its literal.  cJSON reads a
 * number as the longest run of [0-9+-.eE] (then strtod must consume the
 * whole run, or the next byte is no JSON token and the parse fails), so the
 * lexer's tokens are exactly cJSON's numbers.
 */
#include "sct/jsonstream/json_exact.h"

#include <stdio.h>
#include <string.h>

/* 2^53: below it every integer is a double exactly (IEEE754-2019 §3.4). */
#define EXACT_DOUBLE_LIMIT 9007199254740992.0

typedef struct lexer {
    const char *p, *end;
} lexer;

static bool is_number_byte(char c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' ||
           c == 'E';
}

/* RFC 8259 §6: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)? — cJSON
 * (strtod) also takes "01", "1." or "+1"; the streaming index refuses
 * them, and so does this parser. */
static bool rfc_number(const char *p, size_t n)
{
    size_t i = 0;
#define DIGIT(k) ((k) < n && p[k] >= '0' && p[k] <= '9')
    if (i < n && p[i] == '-')
        i++;
    if (i < n && p[i] == '0')
        i++;
    else if (DIGIT(i))
        while (DIGIT(i))
            i++;
    else
        return false;
    if (i < n && p[i] == '.') {
        i++;
        if (!DIGIT(i))
            return false;
        while (DIGIT(i))
            i++;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            i++;
        if (!DIGIT(i))
            return false;
        while (DIGIT(i))
            i++;
    }
#undef DIGIT
    return i == n;
}

/* The next number literal outside strings, as a cJSON-owned string: 0;
 * -1 when there is none (the tree and the text disagree) or out of
 * memory; 1 when it is no RFC 8259 number (*bad: its offset). */
static int next_literal(lexer *lx, const char *text, char **out, size_t *bad)
{
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == '"') {
            for (lx->p++; lx->p < lx->end && *lx->p != '"'; lx->p++)
                if (*lx->p == '\\' && lx->p + 1 < lx->end)
                    lx->p++;
            lx->p++;
            continue;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            const char *start = lx->p;
            while (lx->p < lx->end && is_number_byte(*lx->p))
                lx->p++;
            size_t n = (size_t)(lx->p - start);
            if (!rfc_number(start, n)) {
                *bad = (size_t)(start - text);
                return 1;
            }
            *out = cJSON_malloc(n + 1);
            if (*out == NULL)
                return -1;
            memcpy(*out, start, n);
            (*out)[n] = '\0';
            return 0;
        }
        lx->p++; /* structure, white space, true/false/null */
    }
    return -1;
}

static int attach_literals(cJSON *item, lexer *lx, const char *text, size_t *bad)
{
    for (; item != NULL; item = item->next) {
        int rc = 0;
        if (cJSON_IsNumber(item))
            rc = next_literal(lx, text, &item->valuestring, bad);
        else if (item->child != NULL)
            rc = attach_literals(item->child, lx, text, bad);
        if (rc != 0)
            return rc;
    }
    return 0;
}

cJSON *sct_json_parse_exact(const char *text, size_t len, char *err, size_t err_cap)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (root != NULL) {
        /* Only white space may follow the value (RFC 8259 §2). */
        const char *q = end;
        while (q < text + len && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
            q++;
        if (q < text + len) {
            cJSON_Delete(root);
            root = NULL;
            end = q;
        }
    }
    if (root == NULL) {
        snprintf(err, err_cap, "invalid JSON near byte %ld",
                 end != NULL ? (long)(end - text) : -1L);
        return NULL;
    }
    lexer lx = {text, text + len};
    size_t bad = 0;
    int rc = attach_literals(root, &lx, text, &bad);
    if (rc != 0) {
        cJSON_Delete(root);
        if (rc > 0)
            snprintf(err, err_cap, "invalid JSON near byte %zu: not a JSON number", bad);
        else
            snprintf(err, err_cap, "out of memory");
        return NULL;
    }
    return root;
}

const char *sct_json_number_literal(const cJSON *item)
{
    return cJSON_IsNumber(item) ? item->valuestring : NULL;
}

/* The digits of `s` (no sign, at least one, nothing else) as a value,
 * false above 2^64-1. */
static bool digits_u64(const char *s, uint64_t *v)
{
    if (*s == '\0')
        return false;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *v = x;
    return true;
}

static bool only_integer_chars(const char *s)
{
    if (*s == '-')
        s++;
    if (*s == '\0')
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

bool sct_json_u64(const cJSON *item, uint64_t *v)
{
    if (!cJSON_IsNumber(item))
        return false;
    const char *lit = item->valuestring;
    if (lit != NULL && only_integer_chars(lit)) {
        if (lit[0] == '-')
            return digits_u64(lit + 1, v) && *v == 0; /* "-0" */
        return digits_u64(lit, v);
    }
    double d = item->valuedouble;
    if (!(d >= 0.0 && d < EXACT_DOUBLE_LIMIT) || d != (double)(uint64_t)d)
        return false;
    *v = (uint64_t)d;
    return true;
}

bool sct_json_i64(const cJSON *item, int64_t *v)
{
    if (!cJSON_IsNumber(item))
        return false;
    const char *lit = item->valuestring;
    if (lit != NULL && only_integer_chars(lit)) {
        bool neg = lit[0] == '-';
        uint64_t m;
        if (!digits_u64(neg ? lit + 1 : lit, &m))
            return false;
        if (neg ? m > (uint64_t)INT64_MAX + 1u : m > (uint64_t)INT64_MAX)
            return false;
        *v = neg ? (m == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)m) : (int64_t)m;
        return true;
    }
    double d = item->valuedouble;
    if (!(d > -EXACT_DOUBLE_LIMIT && d < EXACT_DOUBLE_LIMIT) || d != (double)(int64_t)d)
        return false;
    *v = (int64_t)d;
    return true;
}

bool sct_json_get_u64(const cJSON *obj, const char *name, uint64_t *v)
{
    return sct_json_u64(cJSON_GetObjectItemCaseSensitive(obj, name), v);
}

bool sct_json_get_i64(const cJSON *obj, const char *name, int64_t *v)
{
    return sct_json_i64(cJSON_GetObjectItemCaseSensitive(obj, name), v);
}

const char *sct_json_get_str(const cJSON *obj, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

bool sct_json_get_bool(const cJSON *obj, const char *name, bool *v)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsBool(it))
        return false;
    *v = cJSON_IsTrue(it);
    return true;
}

void sct_json_keep_integer_literals(cJSON *item)
{
    for (; item != NULL; item = item->next) {
        if (cJSON_IsNumber(item) && item->valuestring != NULL &&
            only_integer_chars(item->valuestring))
            item->type = cJSON_Raw | (item->type & ~0xFF);
        sct_json_keep_integer_literals(item->child);
    }
}
