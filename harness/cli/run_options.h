/*
 * run_options.h — the options of `run` and `list` (vectors directory,
 * profile, filters) and the `run`-only options, shared by `certify` and
 * `repro` which add their own.
 */
#ifndef SCT_CLI_RUN_OPTIONS_H
#define SCT_CLI_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "option_parse.h"
#include "run_config.h"

/* The options a command adds to run's (certify: --out, --sign; repro:
 * --element, --export), parsed in the same pass by the one option parser
 * (option_parse.h); looked up before run's, so a command can also take one
 * of run's options away (certify refuses --json).  Their ids must be at
 * least SCT_RUN_EXTRA_ID. */
enum { SCT_RUN_EXTRA_ID = 1000 };
typedef struct sct_run_extra {
    const sct_option *options;
    sct_option_fn take;
    void *user;
} sct_run_extra;

/* `cmd` names the subcommand in messages; `for_run`: accept the run-only
 * options; `extra` may be NULL.  `profile_given` tells whether --profile
 * appeared (list shows every profile otherwise). */
sct_parse_outcome sct_parse_run_options(const char *cmd, int argc, char **argv,
                                        bool for_run, const sct_run_extra *extra,
                                        sct_run_config *cfg, bool *profile_given);

void sct_print_run_help(FILE *out);
void sct_print_list_help(FILE *out);

#endif /* SCT_CLI_RUN_OPTIONS_H */
