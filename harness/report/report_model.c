/*
 * report_model.c — allocation and release of the run report model.
 */
#include "report_model.h"

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

void sct_run_report_init(sct_run_report *r)
{
    memset(r, 0, sizeof *r);
    r->shard_index = 1;
    r->shard_count = 1;
}

static void free_strv(char **v, size_t n)
{
    for (size_t i = 0; i < n && v != NULL; i++)
        free(v[i]);
    free(v);
}

static void free_case(sct_case_result *c)
{
    free(c->id);
    free(c->op_type);
    free_strv(c->tags, c->n_tags);
    free_strv(c->requirements, c->n_requirements);
    free(c->expectation);
    free(c->exec_status);
    free(c->message);
    free(c->samples);
}

void sct_run_report_free(sct_run_report *r)
{
    sct_run_identity *id = &r->identity;
    char *strs[] = {id->harness_version, id->command_line, id->host,
                    id->date_utc, id->profile, id->vectors_dir,
                    id->vector_set_sha256, id->vector_format_version,
                    id->vendor, id->runtime_name, id->runtime_version,
                    id->plugin_path, id->isolation,
                    r->options.vendor_options, r->options.filters};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
        free(strs[i]);
    for (size_t i = 0; i < r->n_cases; i++)
        free_case(&r->cases[i]);
    free(r->cases);
    memset(r, 0, sizeof *r);
}

sct_case_result *sct_run_report_add_case(sct_run_report *r)
{
    if (r->n_cases == r->cap_cases) {
        size_t cap = r->cap_cases ? 2 * r->cap_cases : 64;
        sct_case_result *n = realloc(r->cases, cap * sizeof *n);
        if (n == NULL)
            return NULL;
        r->cases = n;
        r->cap_cases = cap;
    }
    sct_case_result *c = &r->cases[r->n_cases++];
    memset(c, 0, sizeof *c);
    c->exit_code = -1;
    return c;
}
