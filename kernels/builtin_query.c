/*
 * builtin_query.c — query() of the built-in plugin (plugin.h): OK when
 * run() can process (op, input types), UNSUPPORTED otherwise.
 *
 * Mixed input types of Div/Mul/Less whose types are each implemented answer
 * OK: run() then rejects them with INVALID_ARGUMENT naming the rule
 * (sonnx-*:R2 / the onnx type constraint T), which is the answer a
 * SONNX-profile reject case expects, rather than "unsupported".
 */
#include <stddef.h>

#include "builtin_check.h"
#include "builtin_entry.h"
#include "message.h"

sonnx_status sct_builtin_query(const sonnx_op *op, const int32_t *input_types,
                               size_t n_inputs, char *message,
                               size_t message_cap)
{
    sonnx_status st = sct_check_op(op, message, message_cap);
    if (st != SONNX_STATUS_OK)
        return SONNX_STATUS_UNSUPPORTED; /* query answers OK/UNSUPPORTED */
    /* The registry's arity, whatever the op (no branch on its name). */
    unsigned arity = sct_kernel_op_arity(op->op_type);
    if (input_types == NULL || n_inputs != arity)
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                        "%s takes exactly %u input%s, %zu given", op->op_type,
                        arity, arity == 1 ? "" : "s", n_inputs);
    st = sct_check_input_types(op->op_type, input_types[0],
                               arity > 1 ? input_types[1] : SONNX_DT_UNDEFINED,
                               message, message_cap);
    if (st != SONNX_STATUS_OK)
        return st;
    if (message != NULL && message_cap > 0)
        message[0] = '\0';
    return SONNX_STATUS_OK;
}
