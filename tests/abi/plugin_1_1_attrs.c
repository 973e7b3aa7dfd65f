/*
 * plugin_1_1_attrs.c — a plugin declaring ABI 1.1 that reports, as its
 * query's UNSUPPORTED message, the attributes it was given (the count and
 * the first name and INT value).  test_attribute_rule uses it to see that a
 * harness of 1.1 passes a case's attributes to a 1.1 plugin in-process
 * (docs/plugin-abi.md §2.1), where a 1.0 plugin gets the case declined.
 */
#include <stdio.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

static sonnx_status attrs_query(const sonnx_op *op, const int32_t *types, size_t n,
                                char *message, size_t cap)
{
    (void)types;
    (void)n;
    if (op->n_attributes == 0) {
        snprintf(message, cap, "%s: 0 attributes", op->op_type);
        return SONNX_STATUS_UNSUPPORTED;
    }
    const sonnx_attribute *a = &op->attributes[0];
    snprintf(message, cap, "%s: %zu attributes, first %s kind %d i %lld", op->op_type,
             op->n_attributes, a->name, (int)a->kind, (long long)a->i);
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
