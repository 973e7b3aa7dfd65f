/*
 * query_cache.h — the isolated backend's memory of query() answers.
 *
 * The runner asks once per case, and half the round trips of a run would
 * otherwise be spent asking the worker the same question again (plugin.h:
 * query is a capability question, answered by OK/UNSUPPORTED).  The key is
 * everything the plugin is told: op_type, domain, opset, profile and the
 * input types; an op with attributes is never kept (asked every time).  A
 * full cache keeps the answers it has and stores no more:
 * a later question is simply asked every time (never a wrong answer).
 */
#ifndef SCT_EXEC_QUERY_CACHE_H
#define SCT_EXEC_QUERY_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"

#define SCT_QUERY_CACHE_SLOTS 128
#define SCT_QUERY_KEY_CAP 256

typedef struct sct_query_cache {
    struct {
        char key[SCT_QUERY_KEY_CAP];
        sct_exec_result answer;
    } slots[SCT_QUERY_CACHE_SLOTS];
    size_t n;
} sct_query_cache;

/* The stored answer to this question (seconds = 0: nothing was run), or
 * false when it was not asked before (or cannot be keyed: names too long,
 * attributes). */
bool sct_query_cache_get(const sct_query_cache *c, const sonnx_op *op,
                         const int32_t *input_types, size_t n_inputs,
                         sct_exec_result *answer);

/* Stores the plugin's answer; false when it is not stored (cache full, or
 * the question cannot be keyed). */
bool sct_query_cache_put(sct_query_cache *c, const sonnx_op *op,
                         const int32_t *input_types, size_t n_inputs,
                         const sct_exec_result *answer);

#endif /* SCT_EXEC_QUERY_CACHE_H */
