/* op_registry.c — lookups in the operator registry (op_registry.h). */
#include "sct/ops/op_registry.h"

#include <string.h>

#include "op_table.h"

const sct_op_entry *sct_op_find(const char *op_type)
{
    if (op_type == NULL)
        return NULL;
    for (size_t i = 0; i < sct_op_table_len; i++)
        if (strcmp(sct_op_table[i].name, op_type) == 0)
            return &sct_op_table[i];
    return NULL;
}

sct_op_id sct_op_id_of(const char *op_type)
{
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL ? e->id : SCT_OP_ID_NONE;
}

const sct_op_entry *sct_op_by_id(sct_op_id id)
{
    if (id <= SCT_OP_ID_NONE || (size_t)id > sct_op_table_len)
        return NULL;
    return &sct_op_table[id - 1];
}

size_t sct_op_count(void)
{
    return sct_op_table_len;
}

const sct_op_entry *sct_op_at(size_t i)
{
    return i < sct_op_table_len ? &sct_op_table[i] : NULL;
}

const char *sct_op_names(void)
{
    return SCT_OP_NAMES_JOINED;
}

bool sct_op_has_classifier(const sct_op_entry *e, const char *name)
{
    if (e == NULL || name == NULL)
        return false;
    for (size_t i = 0; i < e->n_classifiers; i++)
        if (strcmp(e->classifiers[i], name) == 0)
            return true;
    return false;
}

bool sct_op_accepts_type(const sct_op_entry *e, const char *profile, int32_t elem_type)
{
    if (e == NULL || profile == NULL)
        return false;
    bool onnx = strcmp(profile, "onnx") == 0;
    const int32_t *t = onnx ? e->types_onnx : e->types_sonnx;
    size_t n = onnx ? e->n_types_onnx : e->n_types_sonnx;
    for (size_t i = 0; i < n; i++)
        if (t[i] == elem_type)
            return true;
    return false;
}
