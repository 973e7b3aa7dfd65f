/*
 * sweep_options.h — the options of `sonnx-cts sweep` (docs/cli.md,
 * docs/sweeps.md), one table for the one option parser (option_parse.h).
 */
#ifndef SCT_CLI_SWEEP_OPTIONS_H
#define SCT_CLI_SWEEP_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "option_parse.h"
#include "sandbox_options.h"

typedef struct sct_sweep_args {
    const char *op, *type, *exp_type, *vendor, *vendor_options, *json;
    bool isolate;
    double timeout;
    uint32_t shard_index, shard_count;
    const char *shard_source; /* --shard auto: what was found */
    uint64_t first, limit, batch;
    unsigned threads;
    bool has_max_ulp;
    uint32_t max_ulp;
    uint64_t samples, seed;  /* sampled sweeps; samples 0: not given */
    sct_sandbox_options sandbox; /* as `run` (sandbox_options.h) */
} sct_sweep_args;

/* Default sample count of a sampled sweep: under 60 s for the built-in
 * kernels on the 2-core reference machine (docs/sweeps.md, measured). */
#define SCT_SWEEP_DEFAULT_SAMPLES (UINT64_C(1) << 28)

/* Fills `a` (defaults first); --op and --type are required.  -1 to sweep,
 * else the exit status (help printed, or a usage error's message). */
int sct_parse_sweep_options(int argc, char **argv, sct_sweep_args *a);

void sct_print_sweep_help(FILE *out);

#endif /* SCT_CLI_SWEEP_OPTIONS_H */
