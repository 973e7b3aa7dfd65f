/*
 * command_start.c — see command_start.h.
 */
#include "command_start.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

#include "run_options.h"
#include "waiver_file.h"
#include "sct/select/case_filter.h"
#include "sct/text/atomic_file.h"
#include "subcommands.h"

/* Every report path of `run`: its directory exists and is writable. */
static bool outputs_writable(const char *name, const sct_run_config *cfg)
{
    const struct { const char *option, *path; } outs[] = {
        {"--text", cfg->text_path}, {"--json", cfg->json_path},
        {"--junit", cfg->junit_path}, {"--html", cfg->html_path},
        {"--md", cfg->md_path}, {"--write-baseline", cfg->write_baseline_path}};
    bool ok = true;
    char err[1024];
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
        if (outs[i].path != NULL &&
            sct_output_path_check(outs[i].option, outs[i].path, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts %s: %s\n", name, err);
            ok = false;
        }
    if (cfg->baseline_path != NULL && access(cfg->baseline_path, R_OK) != 0) {
        fprintf(stderr, "sonnx-cts %s: --baseline %s: cannot read: %s\n", name,
                cfg->baseline_path, strerror(errno));
        ok = false;
    }
    return ok;
}

int sct_command_start(const char *name, int argc, char **argv, bool for_run,
                      sct_run_config *cfg, sct_vector_set *set)
{
    bool profile_given;
    switch (sct_parse_run_options(name, argc, argv, for_run, NULL, cfg,
                                  &profile_given)) {
    case SCT_PARSE_HELP:
        if (for_run)
            sct_print_run_help(stdout);
        else
            sct_print_list_help(stdout);
        return SCT_EXIT_OK;
    case SCT_PARSE_ERROR:
        return SCT_EXIT_USAGE;
    default:
        break;
    }
    char err[1024];
    /* Usage errors before anything runs or is written (docs/cli.md "Usage
     * errors"): every report path first, naming the user's path. */
    if (for_run && !outputs_writable(name, cfg))
        return SCT_EXIT_USAGE;
    if (cfg->waivers_path != NULL) {
        /* Expired waivers are refused now: their expiry is the UTC date. */
        char today[16];
        time_t now = time(NULL);
        struct tm tm;
        strftime(today, sizeof today, "%Y-%m-%d", gmtime_r(&now, &tm));
        if ((cfg->waivers = malloc(sizeof *cfg->waivers)) == NULL ||
            sct_waivers_load(cfg->waivers_path, today, cfg->waivers, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts %s: --waivers: %s\n", name,
                    cfg->waivers ? err : "out of memory");
            free(cfg->waivers);
            cfg->waivers = NULL;
            return SCT_EXIT_USAGE;
        }
    }
    if (cfg->claim_path != NULL &&
        sct_claim_load(cfg->claim_path, &cfg->claim, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts %s: --claim: %s\n", name, err);
        return SCT_EXIT_USAGE;
    }
    memset(set, 0, sizeof *set);
    if (sct_vector_set_open(cfg->vectors_dir, set, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts %s: %s\n", name, err);
        return SCT_EXIT_USAGE;
    }
    /* Then the selection: an --op, --type, --tag or --case value the set
     * does not have, or nothing selected, is a mistake to report now, not
     * a run of nothing (`list` without filters lists the whole set). */
    const sct_case_filter *f = &cfg->filter;
    size_t selected;
    if ((for_run || f->n_ops + f->n_types + f->n_tags + f->n_cases > 0) &&
        sct_case_filter_check(set, f, &selected, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts %s: %s: %s\n", name, set->display_root ? set->display_root : set->root, err);
        sct_vector_set_free(set);
        return SCT_EXIT_USAGE;
    }
    return -1;
}
