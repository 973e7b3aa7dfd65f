/*
 * json_member.c — a member found in the raw text of one JSON object
 * (json_exact.h, sct_json_find_string_member), for readers that list one
 * field of many elements without parsing them.
 */
#include "sct/jsonstream/json_exact.h"

#include <string.h>

/* The end of the JSON value starting at t[i] (validated text: no error
 * cases), skipping strings and nested containers. */
static size_t value_end(const char *t, size_t n, size_t i)
{
    int depth = 0;
    for (; i < n; i++) {
        char c = t[i];
        if (c == '"') {
            for (i++; i < n && t[i] != '"'; i++)
                if (t[i] == '\\')
                    i++;
            if (depth == 0)
                return i + 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return i; /* the end of the container holding a scalar */
            if (--depth == 0)
                return i + 1;
        } else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\t' ||
                                  c == '\r')) {
            return i;
        }
    }
    return n;
}

static size_t skip_ws(const char *t, size_t n, size_t i)
{
    while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r'))
        i++;
    return i;
}

bool sct_json_find_member(const char *t, size_t n, const char *name, size_t *off,
                          size_t *len)
{
    size_t name_len = strlen(name);
    size_t i = skip_ws(t, n, 0);
    if (i >= n || t[i] != '{')
        return false;
    for (i = skip_ws(t, n, i + 1); i < n && t[i] == '"';) {
        size_t k = value_end(t, n, i);
        /* A key with escapes never matches: cJSON's lookup compares the
         * decoded name, and the first match must be the same member. */
        if (memchr(t + i, '\\', k - i) != NULL)
            return false;
        bool hit = k - i == name_len + 2 && memcmp(t + i + 1, name, name_len) == 0;
        i = skip_ws(t, n, k);
        if (i >= n || t[i] != ':')
            return false;
        size_t v = skip_ws(t, n, i + 1), e = value_end(t, n, v);
        if (hit) {
            *off = v;
            *len = e - v;
            return v < n;
        }
        i = skip_ws(t, n, e);
        if (i >= n || t[i] != ',')
            return false;
        i = skip_ws(t, n, i + 1);
    }
    return false;
}

bool sct_json_find_string_member(const char *t, size_t n, const char *name, size_t *off,
                                 size_t *len)
{
    size_t v, l;
    if (!sct_json_find_member(t, n, name, &v, &l) || t[v] != '"' || l < 2 ||
        memchr(t + v, '\\', l) != NULL)
        return false;
    *off = v + 1;
    *len = l - 2;
    return true;
}
