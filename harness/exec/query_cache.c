/* query_cache.c — query() answers kept by the isolated backend (see
 * query_cache.h). */
#include "query_cache.h"

#include <stdio.h>
#include <string.h>

/* Cache key of a query: everything the plugin is told. */
static bool query_key(const sonnx_op *op, const int32_t *types, size_t n,
                      char *key, size_t cap)
{
    /* An op with attributes (ABI 1.1) is asked every time: the plugin's
     * answer may depend on their values (e.g. an fmod it does not
     * implement), and a key of bounded length cannot hold them all. */
    if (op->n_attributes != 0)
        return false;
    int len = snprintf(key, cap, "%s|%s|%d|%s|", op->op_type ? op->op_type : "",
                       op->domain ? op->domain : "", (int)op->opset,
                       op->profile ? op->profile : "");
    for (size_t i = 0; len >= 0 && (size_t)len < cap && i < n; i++)
        len += snprintf(key + len, cap - (size_t)len, "%d,", (int)types[i]);
    return len >= 0 && (size_t)len < cap;
}

bool sct_query_cache_get(const sct_query_cache *c, const sonnx_op *op,
                         const int32_t *input_types, size_t n_inputs,
                         sct_exec_result *answer)
{
    char key[SCT_QUERY_KEY_CAP];
    if (!query_key(op, input_types, n_inputs, key, sizeof key))
        return false;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->slots[i].key, key) == 0) {
            *answer = c->slots[i].answer;
            answer->seconds = 0;
            return true;
        }
    return false;
}

bool sct_query_cache_put(sct_query_cache *c, const sonnx_op *op,
                         const int32_t *input_types, size_t n_inputs,
                         const sct_exec_result *answer)
{
    char key[SCT_QUERY_KEY_CAP];
    if (c->n >= SCT_QUERY_CACHE_SLOTS ||
        !query_key(op, input_types, n_inputs, key, sizeof key))
        return false;
    memcpy(c->slots[c->n].key, key, sizeof key);
    c->slots[c->n].answer = *answer;
    c->n++;
    return true;
}
