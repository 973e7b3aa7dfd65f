/*
 * case_filter_check.c — a selection that names nothing the set has is a
 * usage error before any case runs (case_filter.h, docs/cli.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sct/numeric/dtype.h"
#include "sct/select/case_filter.h"
#include "sct/text/bounded_append.h"

typedef struct seen {
    bool op[SCT_FILTER_MAX], type[SCT_FILTER_MAX], tag[SCT_FILTER_MAX], id[SCT_FILTER_MAX];
    char op_names[16][32];        /* the ops of the set, for the message */
    size_t n_op_names;
} seen;

static bool case_has_type(const sct_case *c, int32_t t)
{
    for (size_t k = 0; k < c->n_inputs && k < SCT_MAX_INPUTS; k++)
        if (c->inputs[k].elem_type == t)
            return true;
    for (size_t k = 0; k < c->n_outputs && k < SCT_MAX_OUTPUTS; k++)
        if (c->outputs[k].elem_type == t)
            return true;
    return false;
}

/* The distinct ops of the set (the case strings live only until the next
 * case is read: copied), for the message naming the ones that exist. */
static void note_op(seen *s, const char *op)
{
    for (size_t i = 0; i < s->n_op_names; i++)
        if (strcmp(s->op_names[i], op) == 0)
            return;
    if (s->n_op_names < sizeof s->op_names / sizeof s->op_names[0])
        snprintf(s->op_names[s->n_op_names++], sizeof s->op_names[0], "%s", op);
}

static void join_ops(const seen *s, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (size_t i = 0; i < s->n_op_names; i++)
        sct_bounded_appendf(buf, cap, "%s%s", i ? ", " : "", s->op_names[i]);
}

static void note(seen *s, const sct_case_filter *f, const sct_case *c)
{
    if (c->op_type != NULL && c->op_type[0] != '\0')
        note_op(s, c->op_type);
    for (size_t i = 0; i < f->n_ops; i++)
        s->op[i] = s->op[i] || (c->op_type != NULL && strcasecmp(f->ops[i], c->op_type) == 0);
    for (size_t i = 0; i < f->n_types; i++)
        s->type[i] = s->type[i] || case_has_type(c, f->types[i]);
    for (size_t i = 0; i < f->n_tags; i++)
        for (size_t t = 0; t < c->n_tags && !s->tag[i]; t++)
            s->tag[i] = strcmp(f->tags[i], c->tags[t]) == 0;
    if (f->n_cases > 0) {
        sct_case_filter one = {0};
        one.n_cases = 1;
        for (size_t i = 0; i < f->n_cases; i++) {
            one.cases[0] = f->cases[i];
            s->id[i] = s->id[i] || (c->id != NULL && sct_case_select(&one, c) != SCT_EXCLUDED_BY_FILTER);
        }
    }
}

int sct_case_filter_check(const sct_vector_set *set, const sct_case_filter *f,
                          size_t *n_selected, char *err, size_t err_cap)
{
    seen s;
    memset(&s, 0, sizeof s);
    size_t selected = 0, not_in_profile = 0, excluded = 0;
    for (size_t i = 0; i < set->n_cases; i++) {
        const sct_case *c = sct_vector_set_case(set, i);
        if (c == NULL)
            continue;
        note(&s, f, c);
        switch (sct_case_select(f, c)) {
        case SCT_SELECTED: selected++; break;
        case SCT_NOT_IN_PROFILE: not_in_profile++; break;
        default: excluded++; break;
        }
    }
    *n_selected = selected;
    /* The first value the set does not know, in option order. */
    for (size_t i = 0; i < f->n_ops; i++)
        if (!s.op[i]) {
            char ops[600];
            join_ops(&s, ops, sizeof ops);
            snprintf(err, err_cap, "--op %s: no case of the vector set has this op (it has %s)",
                     f->ops[i], ops);
            return 1;
        }
    for (size_t i = 0; i < f->n_types; i++)
        if (!s.type[i]) {
            snprintf(err, err_cap, "--type %s: no case of the vector set has this type",
                     sct_dtype_name(f->types[i]));
            return 1;
        }
    for (size_t i = 0; i < f->n_tags; i++)
        if (!s.tag[i]) {
            snprintf(err, err_cap, "--tag %s: no case of the vector set has this tag "
                     "(`sonnx-cts list` shows the tags)", f->tags[i]);
            return 1;
        }
    for (size_t i = 0; i < f->n_cases; i++)
        if (!s.id[i]) {
            snprintf(err, err_cap, "--case %s: no case of the vector set has this id",
                     f->cases[i]);
            return 1;
        }
    if (selected == 0) {
        snprintf(err, err_cap, "no case selected (%zu not in the profile, %zu excluded by "
                 "filters)", not_in_profile, excluded);
        return 1;
    }
    return 0;
}
