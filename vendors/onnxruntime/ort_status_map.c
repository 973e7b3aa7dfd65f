/*
 * ort_status_map.c — ORT error → sonnx status (rules in ort_status_map.h).
 * We certify ORT as it is: the adapter never turns ORT's answer into a
 * better one; it only says whether ORT declined a type combination
 * (UNSUPPORTED, not counted as pass or fail) or failed (ERROR).
 */
#include "ort_status_map.h"

#include <stdio.h>
#include <string.h>

#include "ort_api.h"

/* Texts of ORT 1.30's kernel lookup and of ONNX's / ORT's type checks, as
 * observed from the library at session creation. */
static const char kernel_missing[] = "Could not find an implementation";
/* ONNX type inference refusing a type for an input:
 * "Type Error: Type 'tensor(int4)' of input parameter (A) of operator (Div)
 *  in node (n) is invalid." */
static const char type_error[] = "Type Error";
/* ORT refusing inputs of two different types where the operator's type
 * constraint binds both to one T (onnx-div, onnx-mul, onnx-less: A and B
 * are both T): "Type parameter (T) of Optype (Div) bound to different
 * types (tensor(float) and tensor(double) ...". */
static const char mixed_types[] = "bound to different types";

static int is_type_check_code(int ort_code)
{
    return ort_code == SCT_ORT_INVALID_ARGUMENT || ort_code == SCT_ORT_FAIL ||
           ort_code == SCT_ORT_INVALID_GRAPH;
}

sonnx_status sct_ort_map_session_error(int ort_code, const char *ort_message)
{
    const char *m = ort_message ? ort_message : "";
    if (ort_code == SCT_ORT_NOT_IMPLEMENTED || strstr(m, kernel_missing))
        return SONNX_STATUS_UNSUPPORTED;
    if (!is_type_check_code(ort_code))
        return SONNX_STATUS_ERROR;
    /* Mixed types: every type is one ORT supports, but ORT refuses the
     * combination because the spec forbids it.  That is ORT rejecting the
     * inputs (the answer sonnx-* R-clauses on same types require), not a
     * missing implementation; reporting it UNSUPPORTED would hide it. */
    if (strstr(m, mixed_types))
        return SONNX_STATUS_INVALID_ARGUMENT;
    if (strstr(m, type_error))
        return SONNX_STATUS_UNSUPPORTED;
    return SONNX_STATUS_ERROR;
}

sonnx_status sct_ort_map_run_error(int ort_code, const char *ort_message)
{
    (void)ort_code;
    (void)ort_message;
    return SONNX_STATUS_ERROR;
}

void sct_ort_format_error(char *out, size_t cap, const char *stage,
                          int ort_code, const char *ort_message)
{
    if (cap == 0)
        return;
    snprintf(out, cap, "ONNX Runtime %s failed [%s]: %s", stage,
             sct_ort_error_code_name(ort_code),
             ort_message ? ort_message : "(no message)");
}

int sct_ort_take_status(const sct_ort_api *api, sct_ort_status st, char *msg,
                        size_t msg_cap)
{
    int code = api->get_error_code(st);
    const char *text = api->get_error_message(st);
    if (msg_cap > 0)
        snprintf(msg, msg_cap, "%s", text ? text : "(no message)");
    api->release_status(st);
    return code;
}
