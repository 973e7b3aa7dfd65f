/*
 * abi_user.c — a complete adapter skeleton in C: the header must compile
 * cleanly under -std=c11 / -std=c17 -pedantic-errors -Wall -Wextra -Werror,
 * and the frozen v1 layout must hold.
 */
#include <string.h>

#include "sonnx_cts/plugin.h"
#include "abi_layout_v1.h"

static sonnx_status q(const sonnx_op *op, const int32_t *types, size_t n,
                      char *msg, size_t cap)
{
    (void)op; (void)types; (void)n;
    if (cap)
        msg[0] = '\0';
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status r(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                      sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
    (void)op; (void)in; (void)n_in; (void)out; (void)n_out;
    if (cap)
        strncpy(msg, "not implemented", cap - 1);
    return SONNX_STATUS_ERROR;
}

SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1 = {
    SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR, sizeof(sonnx_plugin_entry), 0,
    "abi test", "abi test", "0", NULL, NULL, q, r};
