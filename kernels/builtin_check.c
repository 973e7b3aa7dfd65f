/* builtin_check.c — op/type checks shared by query() and run(). */
#include "builtin_check.h"

#include <string.h>

#include "message.h"
#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"

sonnx_status sct_check_op(const sonnx_op *op, char *message, size_t cap)
{
    if (op == NULL || op->op_type == NULL)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                        "no operator given (op or op_type is NULL)");
    if (!sct_kernel_op_known(op->op_type))
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                        "operator '%s' is not implemented (%s only)",
                        op->op_type, sct_op_names());
    if (op->domain != NULL && op->domain[0] != '\0' &&
        strcmp(op->domain, "ai.onnx") != 0)
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                        "domain '%s' is not implemented (only the default "
                        "ONNX domain)", op->domain);
    if (op->opset < SCT_MIN_OPSET)
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                        "%s opset %d is not implemented: opsets before 7 "
                        "use the legacy broadcast attribute",
                        op->op_type, (int)op->opset);
    return SONNX_STATUS_OK;
}

sonnx_status sct_check_input_types(const char *op_type, int32_t a_type,
                                   int32_t b_type, char *message, size_t cap)
{
    if (!sct_kernel_input_type_known(op_type, 0, a_type))
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                        "%s: input A of type %s (%d) is not implemented",
                        op_type, sct_dtype_name(a_type), (int)a_type);
    if (!sct_kernel_input_type_known(op_type, 1, b_type))
        return sct_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                        "%s: input B of type %s (%d) is not implemented",
                        op_type, sct_dtype_name(b_type), (int)b_type);
    return SONNX_STATUS_OK;
}

/* The requirement a refusal cites is the registry's (ops/operators.json
 * "shape_rule", "type_rule"); callers ask only for an op the kernels know. */
const char *sct_shape_rule(const char *op_type)
{
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL && e->shape_rule != NULL ? e->shape_rule : "no registry entry";
}

const char *sct_type_rule(const char *op_type)
{
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL && e->type_rule != NULL ? e->type_rule : "no registry entry";
}
