/*
 * command_start.h — the start `run` and `list` share: parse the options,
 * answer --help, open the vector set, each with the same messages.
 */
#ifndef SCT_CLI_COMMAND_START_H
#define SCT_CLI_COMMAND_START_H

#include <stdbool.h>

#include "sct/model/case.h"
#include "run_config.h"

/* `name` is the subcommand ("run", "list") for messages and help; `for_run`
 * accepts the run-only options.  Returns -1 when the subcommand goes on
 * with `cfg` and the open `set` (the caller frees it), else the exit status
 * to return: 0 after --help, SCT_EXIT_USAGE after a usage error or a set
 * that cannot be opened (message printed, nothing to free). */
int sct_command_start(const char *name, int argc, char **argv, bool for_run,
                      sct_run_config *cfg, sct_vector_set *set);

#endif /* SCT_CLI_COMMAND_START_H */
