/*
 * loader_fixture.c — plugins the loader must refuse, one per build flavour
 * (FIXTURE_* defined by CMake): no entry symbol, ABI major too old, ABI
 * major too new, a truncated function table, a NULL required member.
 */
#include <stddef.h>

#include "sonnx_cts/plugin.h"

static sonnx_status q(const sonnx_op *op, const int32_t *t, size_t n, char *m,
                      size_t c)
{
    (void)op; (void)t; (void)n; (void)m; (void)c;
    return SONNX_STATUS_UNSUPPORTED;
}

#if !defined(FIXTURE_MISSING_RUN)
static sonnx_status r(const sonnx_op *op, const sonnx_tensor *i, size_t ni,
                      sonnx_tensor *o, size_t no, char *m, size_t c)
{
    (void)op; (void)i; (void)ni; (void)o; (void)no; (void)m; (void)c;
    return SONNX_STATUS_ERROR;
}
#endif

#if defined(FIXTURE_NO_ENTRY)
/* Exports something, but under the wrong name (a typical adapter mistake). */
SONNX_PLUGIN_EXPORT const sonnx_plugin_entry my_runtime_plugin_entry = {
#else
SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1 = {
#endif
#if defined(FIXTURE_ABI_OLD)
    .abi_major = SONNX_PLUGIN_ABI_MAJOR - 1,
#elif defined(FIXTURE_ABI_NEW)
    .abi_major = SONNX_PLUGIN_ABI_MAJOR + 1,
#else
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
#endif
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
#if defined(FIXTURE_SMALL_STRUCT)
    .struct_size = 16,
#else
    .struct_size = sizeof(sonnx_plugin_entry),
#endif
    .vendor = "sonnx-cts tests",
    .runtime_name = "loader fixture",
    .runtime_version = "0",
    .query = q,
#if !defined(FIXTURE_MISSING_RUN)
    .run = r,
#endif
};
