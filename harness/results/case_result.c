/*
 * case_result.c — owned strings and the release of a case record
 * (case_result.h).
 */
#include "sct/results/case_result.h"

#include <stdlib.h>
#include <string.h>

char *sct_report_strdup(const char *s)
{
    if (s == NULL)
        s = "";
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

char **sct_report_strvdup(char *const *v, size_t n)
{
    if (n == 0)
        return NULL;
    char **d = calloc(n, sizeof *d);
    if (d == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        d[i] = sct_report_strdup(v[i]);
    return d;
}

static void free_strv(char **v, size_t n)
{
    for (size_t i = 0; i < n && v != NULL; i++)
        free(v[i]);
    free(v);
}

void sct_case_result_free(sct_case_result *c)
{
    free(c->id);
    free(c->op_type);
    free_strv(c->tags, c->n_tags);
    free_strv(c->requirements, c->n_requirements);
    free(c->expectation);
    free(c->exec_status);
    free(c->message);
    free(c->samples);
    memset(c, 0, sizeof *c);
}

