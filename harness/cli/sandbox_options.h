/*
 * sandbox_options.h — the options of the plugin sandbox, the same for `run`
 * and `sweep` (docs/cli.md): --sandbox auto|require, --memory-limit SIZE,
 * --cpu-limit SEC, --sandbox-omit, --sandbox-read, --sandbox-helper.  Kept apart from run_options.c so that the sandbox's
 * options are parsed and explained in one place.
 */
#ifndef SCT_CLI_SANDBOX_OPTIONS_H
#define SCT_CLI_SANDBOX_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "option_parse.h"
#include "sct/exec/backend.h"

typedef struct sct_sandbox_options {
    bool require;          /* --sandbox require */
    uint64_t memory_limit; /* bytes; 0: the default */
    double cpu_limit;      /* seconds per call; 0: the timeout */
    const char *omit;      /* --sandbox-omit LIST (validated); NULL: none */
    const char *read[16];  /* --sandbox-read DIR, each (existing directories) */
    size_t n_read;
    const char *helper[8]; /* --sandbox-helper PROGRAM, each (existing files) */
    size_t n_helper;
    bool given;            /* any of them appeared */
} sct_sandbox_options;

/* The sandbox's options as one table of the one option parser, shared by
 * `run` and `sweep` (a command lists it among its tables); each row has the
 * id SCT_OPT_SANDBOX_ID: above every command's own ids and below the extra
 * ids of commands built on `run` (SCT_RUN_EXTRA_ID, run_options.h). */
#define SCT_OPT_SANDBOX_ID 900
extern const sct_option sct_sandbox_option_table[];

/* Parses the value of --sandbox, --memory-limit, --cpu-limit,
 * --sandbox-omit, --sandbox-read or --sandbox-helper (`name`
 * without the dashes).  false, with the reason on stderr, when invalid. */
bool sct_sandbox_option(const char *name, const char *value, sct_sandbox_options *o);

/* "SIZE": bytes, or with a K, M, G or T suffix (powers of 1024). */
bool sct_parse_size(const char *s, uint64_t *bytes);

void sct_print_sandbox_help(FILE *out);

/* Sets the sandbox members of `o` (sandbox, memory and CPU limits, omit,
 * read, helpers) from `s`; `s` must outlive `o`'s use. */
void sct_sandbox_apply(const sct_sandbox_options *s, sct_backend_options *o);

#endif /* SCT_CLI_SANDBOX_OPTIONS_H */
