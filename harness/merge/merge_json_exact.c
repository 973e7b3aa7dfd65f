/*
 * merge_json_exact.c — JSON parsing that keeps 64-bit integers exact
 * (merge_json_exact.h).
 */
#include "sct/merge/merge_json_exact.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "sct/jsonstream/json_index.h"

#define BIG_MARK "\001u64:"
#define BIG_DIGITS 16 /* 10^15 < 2^53 < 10^16: shorter literals are exact */

/* Digits after these are a negative number, a fraction or an exponent:
 * never a big unsigned integer, left alone. */
static bool starts_no_integer(char prev)
{
    return prev == '-' || prev == '+' || prev == '.' || prev == 'e' ||
           prev == 'E' || (prev >= '0' && prev <= '9');
}

/* Copies `text`, quoting long unsigned integer literals outside strings. */
static char *quote_big_ints(const char *text)
{
    size_t len = strlen(text);
    /* Worst case every 16 digits gain 2 quotes + 5 marker bytes; *2 is ample. */
    char *out = malloc(len * 2 + 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    bool in_str = false;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (in_str) {
            out[o++] = c;
            if (c == '\\' && i + 1 < len) {
                out[o++] = text[i + 1];
                i += 2;
                continue;
            }
            if (c == '"')
                in_str = false;
            i++;
            continue;
        }
        if (c == '"') {
            in_str = true;
            out[o++] = c;
            i++;
            continue;
        }
        if (c >= '0' && c <= '9' && (i == 0 || !starts_no_integer(text[i - 1]))) {
            size_t j = i;
            while (j < len && text[j] >= '0' && text[j] <= '9')
                j++;
            bool integer = j >= len || (text[j] != '.' && text[j] != 'e' &&
                                        text[j] != 'E');
            if (integer && j - i >= BIG_DIGITS) {
                o += (size_t)sprintf(out + o, "\"\\u0001u64:");
                memcpy(out + o, text + i, j - i);
                o += j - i;
                out[o++] = '"';
                i = j;
                continue;
            }
            memcpy(out + o, text + i, j - i);
            o += j - i;
            i = j;
            continue;
        }
        out[o++] = c;
        i++;
    }
    out[o] = '\0';
    return out;
}

cJSON *sct_jx_parse(const char *text, char *err, size_t err_cap)
{
    char *q = quote_big_ints(text);
    if (q == NULL) {
        snprintf(err, err_cap, "out of memory");
        return NULL;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(q, &end, 1);
    if (root == NULL)
        snprintf(err, err_cap, "invalid JSON near byte %ld",
                 end ? (long)(end - q) : -1L);
    free(q);
    return root;
}

cJSON *sct_jx_index_element(const sct_json_index *ix, size_t i, char *err,
                            size_t err_cap)
{
    char *buf = sct_json_index_element_text(ix, i, err, err_cap);
    if (buf == NULL)
        return NULL;
    cJSON *o = sct_jx_parse(buf, err, err_cap);
    free(buf);
    return o;
}

bool sct_jx_item_u64(const cJSON *it, uint64_t *v)
{
    if (cJSON_IsString(it) &&
        strncmp(it->valuestring, BIG_MARK, sizeof BIG_MARK - 1) == 0) {
        const char *digits = it->valuestring + sizeof BIG_MARK - 1;
        char *end;
        errno = 0;
        unsigned long long x = strtoull(digits, &end, 10);
        if (errno != 0 || *end != '\0' || end == digits)
            return false;
        *v = (uint64_t)x;
        return true;
    }
    if (!cJSON_IsNumber(it) || it->valuedouble < 0 ||
        it->valuedouble >= 9007199254740992.0 ||
        it->valuedouble != (double)(uint64_t)it->valuedouble)
        return false;
    *v = (uint64_t)it->valuedouble;
    return true;
}

bool sct_jx_get_u64(const cJSON *obj, const char *name, uint64_t *v)
{
    return sct_jx_item_u64(cJSON_GetObjectItemCaseSensitive(obj, name), v);
}

bool sct_jx_get_i64(const cJSON *obj, const char *name, int64_t *v)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsNumber(it) || it->valuedouble <= -9007199254740992.0 ||
        it->valuedouble >= 9007199254740992.0 ||
        it->valuedouble != (double)(int64_t)it->valuedouble)
        return false;
    *v = (int64_t)it->valuedouble;
    return true;
}

const char *sct_jx_get_str(const cJSON *obj, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

bool sct_jx_get_bool(const cJSON *obj, const char *name, bool *v)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsBool(it))
        return false;
    *v = cJSON_IsTrue(it);
    return true;
}
