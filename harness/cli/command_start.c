/*
 * command_start.c — see command_start.h.
 */
#include "command_start.h"

#include <stdio.h>
#include <string.h>

#include "run_options.h"
#include "subcommands.h"

int sct_command_start(const char *name, int argc, char **argv, bool for_run,
                      sct_run_config *cfg, sct_vector_set *set)
{
    bool profile_given;
    switch (sct_parse_run_options(argc, argv, for_run, cfg, &profile_given)) {
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
    memset(set, 0, sizeof *set);
    if (sct_vector_set_open(cfg->vectors_dir, set, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts %s: %s\n", name, err);
        return SCT_EXIT_USAGE;
    }
    return -1;
}
