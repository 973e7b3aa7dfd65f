/*
 * run_options.h — command-line parsing shared by `run` and `list`
 * (vectors directory, profile, filters) and the `run`-only options.
 */
#ifndef SCT_CLI_RUN_OPTIONS_H
#define SCT_CLI_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "run_config.h"

typedef enum sct_parse_outcome {
    SCT_PARSE_OK = 0,
    SCT_PARSE_HELP,   /* --help was given: print help, exit 0 */
    SCT_PARSE_ERROR   /* message already printed: exit 2 */
} sct_parse_outcome;

/* `for_run`: accept the run-only options.  `profile_given` tells whether
 * --profile appeared (list shows every profile otherwise). */
sct_parse_outcome sct_parse_run_options(int argc, char **argv, bool for_run,
                                        sct_run_config *cfg, bool *profile_given);

void sct_print_run_help(FILE *out);
void sct_print_list_help(FILE *out);

#endif /* SCT_CLI_RUN_OPTIONS_H */
