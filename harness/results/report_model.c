/*
 * report_model.c — the run report model (report_model.h): identity,
 * options and the cases, kept in the spool (case_spool.h).
 */
#include "sct/results/report_model.h"

#include <stdlib.h>
#include <string.h>

#include "case_spool.h"

void sct_run_report_init(sct_run_report *r)
{
    memset(r, 0, sizeof *r);
    r->shard_index = 1;
    r->shard_count = 1;
}

void sct_run_report_free(sct_run_report *r)
{
    sct_run_identity *id = &r->identity;
    char *strs[] = {id->harness_version, id->command_line, id->host,
                    id->date_utc, id->profile, id->vectors_dir,
                    id->vector_set_sha256, id->vector_format_version,
                    id->vendor, id->runtime_name, id->runtime_version,
                    id->plugin_path, id->isolation,
                    r->options.vendor_options, r->options.filters, r->options.claim,
                    r->shard_source,
                    r->baseline.path};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
        free(strs[i]);
    for (size_t i = 0; i < r->n_waivers; i++) {
        sct_waiver_note *w = &r->waivers[i];
        char *ws[] = {w->what, w->runtime, w->reason, w->link, w->owner, w->expires};
        for (size_t k = 0; k < sizeof ws / sizeof ws[0]; k++)
            free(ws[k]);
    }
    free(r->waivers);
    if (r->spool != NULL)
        sct_case_spool_free(r->spool);
    memset(r, 0, sizeof *r);
}

const char *sct_run_report_error(const sct_run_report *r)
{
    if (r->spool != NULL && sct_case_spool_error(r->spool)[0] != '\0')
        return sct_case_spool_error(r->spool);
    return r->spool_oom ? "out of memory" : "";
}

sct_case_result *sct_run_report_add_case(sct_run_report *r)
{
    if (r->spool == NULL) {
        r->spool = sct_case_spool_new();
        if (r->spool == NULL) {
            r->spool_oom = true;
            return NULL;
        }
    }
    sct_case_result *c = sct_case_spool_add(r->spool);
    if (c != NULL)
        r->n_cases++;
    return c;
}

int sct_run_report_flush(const sct_run_report *r)
{
    if (r->spool == NULL)
        return r->spool_oom ? -1 : 0;
    return sct_case_spool_flush(r->spool);
}

const sct_case_result *sct_run_report_case(const sct_run_report *r, size_t i)
{
    if (r->spool == NULL)
        return NULL;
    return sct_case_spool_read(r->spool, i, r->n_cases);
}
