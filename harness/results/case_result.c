/*
 * case_result.c — the release of a case record (case_result.h).
 */
#include "sct/results/case_result.h"

#include <stdlib.h>
#include <string.h>

#include "sct/text/owned.h"

const char *sct_input_key(size_t k)
{
    static const char *const keys[SCT_CHECK_MAX_INPUTS] = {"a", "b", "c"};
    return k < SCT_CHECK_MAX_INPUTS ? keys[k] : NULL;
}

void sct_case_result_free(sct_case_result *c)
{
    free(c->id);
    free(c->op_type);
    sct_strv_free(c->tags, c->n_tags);
    sct_strv_free(c->requirements, c->n_requirements);
    sct_strv_free(c->satisfies, c->n_satisfies);
    free(c->attributes);
    free(c->expectation);
    free(c->exec_status);
    free(c->message);
    free(c->samples);
    memset(c, 0, sizeof *c);
}

