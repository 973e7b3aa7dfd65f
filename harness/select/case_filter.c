/*
 * case_filter.c — case selection (case_filter.h).
 */
#include "sct/select/case_filter.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sct/numeric/dtype.h"
#include "sct/text/bounded_append.h"

static bool any_op(const sct_case_filter *f, const sct_case *c)
{
    if (f->n_ops == 0)
        return true;
    for (size_t i = 0; i < f->n_ops; i++)
        if (c->op_type != NULL && strcasecmp(f->ops[i], c->op_type) == 0)
            return true;
    return false;
}

static bool any_type(const sct_case_filter *f, const sct_case *c)
{
    if (f->n_types == 0)
        return true;
    for (size_t i = 0; i < f->n_types; i++) {
        for (size_t k = 0; k < c->n_inputs && k < SCT_MAX_INPUTS; k++)
            if (c->inputs[k].elem_type == f->types[i])
                return true;
        for (size_t k = 0; k < c->n_outputs && k < SCT_MAX_OUTPUTS; k++)
            if (c->outputs[k].elem_type == f->types[i])
                return true;
    }
    return false;
}

static bool any_tag(const sct_case_filter *f, const sct_case *c)
{
    if (f->n_tags == 0)
        return true;
    for (size_t i = 0; i < f->n_tags; i++)
        for (size_t t = 0; t < c->n_tags; t++)
            if (strcmp(f->tags[i], c->tags[t]) == 0)
                return true;
    return false;
}

static bool any_case(const sct_case_filter *f, const sct_case *c)
{
    if (f->n_cases == 0)
        return true;
    for (size_t i = 0; i < f->n_cases; i++)
        if (c->id != NULL && (strcmp(f->cases[i], c->id) == 0 ||
                              fnmatch(f->cases[i], c->id, 0) == 0))
            return true;
    return false;
}

sct_selection sct_case_select(const sct_case_filter *f, const sct_case *c)
{
    bool unknown_profile = c->error != NULL && c->profiles == 0;
    if (f->profile_bit != 0 && !unknown_profile && !(c->profiles & f->profile_bit))
        return SCT_NOT_IN_PROFILE;
    if (!any_case(f, c))
        return SCT_EXCLUDED_BY_FILTER;
    /* A broken entry may lack op/types/tags: the id filter alone decides. */
    if (c->error != NULL && (c->op_type == NULL || c->op_type[0] == '\0'))
        return SCT_SELECTED;
    if (!any_op(f, c) || !any_type(f, c) || !any_tag(f, c))
        return SCT_EXCLUDED_BY_FILTER;
    return SCT_SELECTED;
}

/* " --op X" after the first: the words a user would type. */
static void append(char *buf, size_t cap, const char *opt, const char *val)
{
    sct_bounded_appendf(buf, cap, "%s%s %s", buf[0] != '\0' ? " " : "", opt, val);
}

void sct_case_filter_describe(const sct_case_filter *f, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (size_t i = 0; i < f->n_ops; i++)
        append(buf, cap, "--op", f->ops[i]);
    for (size_t i = 0; i < f->n_types; i++)
        append(buf, cap, "--type", sct_dtype_name(f->types[i]));
    for (size_t i = 0; i < f->n_tags; i++)
        append(buf, cap, "--tag", f->tags[i]);
    for (size_t i = 0; i < f->n_cases; i++)
        append(buf, cap, "--case", f->cases[i]);
}
