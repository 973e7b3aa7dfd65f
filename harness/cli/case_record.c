/*
 * case_record.c — case declaration -> report record (case_record.h).
 */
#include "case_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/results/attributes_text.h"
#include "sct/results/run_summary.h"

static void copy_shape(sct_tensor_shape *dst, const sct_tensor_decl *src)
{
    dst->elem_type = src->elem_type;
    dst->rank = src->rank < 0 ? 0 : (src->rank > SONNX_MAX_RANK ? SONNX_MAX_RANK : src->rank);
    for (int32_t d = 0; d < dst->rank; d++)
        dst->dims[d] = src->dims[d];
}

void sct_case_types_text(const sct_case *c, char *buf, size_t cap)
{
    int32_t t[SCT_MAX_INPUTS] = {0};
    size_t n = c->n_inputs > SCT_MAX_INPUTS ? SCT_MAX_INPUTS : c->n_inputs;
    for (size_t k = 0; k < n; k++)
        t[k] = c->inputs[k].elem_type;
    sct_types_label(n, t, c->n_outputs > 0 ? c->outputs[0].elem_type : 0, buf, cap);
}

void sct_case_record_init(sct_case_result *out, const sct_case *c)
{
    out->id = sct_strdup(c->id);
    out->op_type = sct_strdup(c->op_type);
    out->opset = c->opset;
    out->n_inputs = c->n_inputs > SCT_MAX_INPUTS ? SCT_MAX_INPUTS : c->n_inputs;
    for (size_t k = 0; k < out->n_inputs; k++)
        copy_shape(&out->inputs[k], &c->inputs[k]);
    if (c->n_outputs > 0)
        copy_shape(&out->output, &c->outputs[0]);
    out->tags = sct_strvdup(c->tags, c->n_tags);
    out->n_tags = out->tags ? c->n_tags : 0;
    out->requirements = sct_strvdup(c->requirements, c->n_requirements);
    out->n_requirements = out->requirements ? c->n_requirements : 0;
    out->satisfies = sct_strvdup(c->satisfies, c->n_satisfies);
    out->n_satisfies = out->satisfies ? c->n_satisfies : 0;
    /* The case's attributes in its report (docs/report-format.md); NULL
     * when it has none, so the report is as it was. */
    out->attributes = sct_attributes_text(c->attributes, c->n_attributes, NULL);
    out->expectation = sct_strdup(sct_expectation_name(c->expectation));
    out->tolerance_ulp = c->max_ulp;
    out->exec_status = sct_strdup("");
    out->message = sct_strdup("");
}

void sct_case_record_message(sct_case_result *out, const char *a, const char *b)
{
    a = a ? a : "";
    b = b ? b : "";
    size_t n = strlen(a) + strlen(b) + 3;
    char *m = malloc(n);
    if (m == NULL)
        return;
    if (a[0] && b[0])
        snprintf(m, n, "%s: %s", a, b);
    else
        snprintf(m, n, "%s%s", a, b);
    free(out->message);
    out->message = m;
}
