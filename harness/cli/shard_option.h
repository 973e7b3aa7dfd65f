/*
 * shard_option.h — the value of `--shard` for `run` and `sweep`: "I/N"
 * (shard.h) or "auto" (the job array's environment, shard_auto.h).
 */
#ifndef SCT_CLI_SHARD_OPTION_H
#define SCT_CLI_SHARD_OPTION_H

#include "sct/select/shard.h"

/* Parses `text` for subcommand `cmd`.  "auto": the shard is read from the
 * environment and said on stderr ("sonnx-cts run: --shard auto: shard 3/4
 * from slurm job array: ..."); *source then points to a static copy of what
 * was found (else NULL).  0, or -1 after printing the error. */
int sct_shard_option(const char *cmd, const char *text, sct_shard_spec *spec,
                     const char **source);

#endif /* SCT_CLI_SHARD_OPTION_H */
