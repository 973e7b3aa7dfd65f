/*
 * merge_sweep.c — see merge_sweep.h.  The shards are checked as one run
 * (merge.h: implementation, harness, options, selection) and as one sweep
 * with ranges that tile it (sweep_merge.h); the result is written by the
 * writer of `sweep --json` itself (sct_sweep_write_json).
 */
#include "merge_sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/writers/json_util.h"
#include "sct/merge/merge.h"
#include "sct/results/report_read.h"
#include "sct/sweep/sweep_merge.h"
#include "sct/sweep/sweep_report.h"

typedef struct loaded {
    cJSON **roots;
    sct_run_report *reports;
    sct_sweep_shard *shards;
    size_t *order;
    size_t n_roots, n_reports, n_shards;
} loaded;

static void unload(loaded *l)
{
    for (size_t i = 0; i < l->n_roots; i++)
        cJSON_Delete(l->roots[i]);
    for (size_t i = 0; i < l->n_reports; i++)
        sct_run_report_free(&l->reports[i]);
    for (size_t i = 0; i < l->n_shards; i++)
        sct_sweep_shard_free(&l->shards[i]);
    free(l->roots);
    free(l->reports);
    free(l->shards);
    free(l->order);
}

/* The merged report's identity and options: shard 1's (by range), with the
 * fields documented to differ set here (docs/reports.md). */
static int fill_merged(loaded *l, size_t n, const char *command_line,
                       sct_run_report *out)
{
    sct_run_report *first = &l->reports[l->order[0]];
    char *hosts = sct_merge_hosts(l->reports, l->order, n);
    char *cmd = sct_strdup(command_line);
    if (hosts == NULL || cmd == NULL) {
        free(hosts);
        free(cmd);
        return -1;
    }
    out->identity = first->identity;
    memset(&first->identity, 0, sizeof first->identity);
    out->options = first->options;
    memset(&first->options, 0, sizeof first->options);
    free(out->identity.host);
    out->identity.host = hosts;
    free(out->identity.command_line);
    out->identity.command_line = cmd;
    out->shard_index = 1;
    out->shard_count = 1;
    out->shard_total = 1;
    out->merged_from = (uint32_t)n;
    return 0;
}

int sct_merge_sweep_reports(const char *const *paths, size_t n,
                            const char *command_line, const char *json_out,
                            sct_run_report *merged, char *err, size_t err_cap)
{
    loaded l = {0};
    sct_run_report_init(merged);
    l.roots = calloc(n, sizeof *l.roots);
    l.reports = calloc(n, sizeof *l.reports);
    l.shards = calloc(n, sizeof *l.shards);
    l.order = calloc(n, sizeof *l.order);
    int rc = 0;
    if (l.roots == NULL || l.reports == NULL || l.shards == NULL || l.order == NULL) {
        snprintf(err, err_cap, "out of memory");
        rc = -1;
    }
    /* Sweep or not is decided by the first report; a mixture is refused. */
    for (size_t i = 0; rc == 0 && i < n; i++, l.n_roots++) {
        l.roots[i] = sct_json_read_file(paths[i], err, err_cap);
        if (l.roots[i] == NULL)
            rc = i == 0 ? 1 : -1; /* the run merge names an unreadable first file */
        else if (sct_sweep_report_is_sweep(l.roots[i]) != sct_sweep_report_is_sweep(l.roots[0])) {
            snprintf(err, err_cap, "%s is %sa sweep report but %s is %s", paths[0],
                     sct_sweep_report_is_sweep(l.roots[0]) ? "" : "not ",
                     paths[i], sct_sweep_report_is_sweep(l.roots[i]) ? "one" : "not");
            rc = -1;
        }
    }
    if (rc == 0 && !sct_sweep_report_is_sweep(l.roots[0]))
        rc = 1;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (sct_report_read_all(paths[i], &l.reports[i], err, err_cap) != 0)
            rc = -1;
        l.n_reports = i + 1;
    }
    if (rc == 0)
        rc = sct_merge_check_same_run(paths, l.reports, n, false, err, err_cap) ? -1 : 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (l.reports[i].merged_from > 0) {
            snprintf(err, err_cap, "%s is already a merged report", paths[i]);
            rc = -1;
        } else if (sct_sweep_shard_load(paths[i], l.roots[i], &l.reports[i], &l.shards[i],
                                        err, err_cap) != 0) {
            rc = -1;
        } else {
            l.n_shards = i + 1;
        }
    }
    sct_sweep_result total;
    memset(&total, 0, sizeof total);
    if (rc == 0 && sct_sweep_shards_combine(l.shards, n, l.order, &total, err, err_cap) != 0)
        rc = -1;
    if (rc == 0 && fill_merged(&l, n, command_line, merged) != 0) {
        snprintf(err, err_cap, "out of memory");
        rc = -1;
    }
    if (rc == 0) {
        sct_sweep_spec spec = l.shards[l.order[0]].spec; /* shard 1 of 1 */
        if (sct_sweep_write_json(json_out, merged, &spec, l.shards[0].opset, &total,
                                 sct_sweep_final_verdict(&total), NULL, err,
                                 err_cap) != 0) {
            remove(json_out);
            rc = -1;
        }
    }
    sct_sweep_result_free(&total);
    unload(&l);
    if (rc != 0)
        sct_run_report_free(merged);
    return rc;
}
