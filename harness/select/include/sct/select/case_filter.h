/*
 * case_filter.h — which cases of a vector set a command selects:
 * the profile first (cases outside it are "not in profile", counted but
 * never run), then the filters (values of one filter OR'ed, different
 * filters AND'ed).  An unusable manifest entry (case->error) whose fields
 * are unknown is always selected, so broken vectors surface as ERROR
 * instead of disappearing.
 */
#ifndef SCT_SELECT_CASE_FILTER_H
#define SCT_SELECT_CASE_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/model/case.h"

#define SCT_FILTER_MAX 64

typedef struct sct_case_filter {
    unsigned profile_bit;               /* SCT_PROFILE_*; 0: any profile */
    const char *ops[SCT_FILTER_MAX]; size_t n_ops;     /* case-insensitive */
    int32_t types[SCT_FILTER_MAX]; size_t n_types;     /* any input/output */
    const char *tags[SCT_FILTER_MAX]; size_t n_tags;
    const char *cases[SCT_FILTER_MAX]; size_t n_cases; /* id or fnmatch glob */
} sct_case_filter;

typedef enum sct_selection {
    SCT_SELECTED = 0,
    SCT_NOT_IN_PROFILE,
    SCT_EXCLUDED_BY_FILTER
} sct_selection;

sct_selection sct_case_select(const sct_case_filter *f, const sct_case *c);

/* "--op Div --type float32" style text of the filters ("" when none). */
void sct_case_filter_describe(const sct_case_filter *f, char *buf, size_t cap);

/* Before anything runs (docs/cli.md "Usage errors"): one pass over the set.
 * 0 when every --op, --type, --tag and --case value names something some
 * case of the set has (in any profile) and the selection is not empty; else
 * non-zero with `err` naming the user's value ("--op Foo: no case of the
 * vector set has this op (Div, Less, Mul, Pow)") or the empty selection.
 * *n_selected receives the number of cases selected (before sharding). */
int sct_case_filter_check(const sct_vector_set *set, const sct_case_filter *f,
                          size_t *n_selected, char *err, size_t err_cap);

#endif /* SCT_SELECT_CASE_FILTER_H */
