/*
 * sandbox_setup.h — the isolated backend's plan for its worker's sandbox
 * (docs/plugin-abi.md §5.1), made once when the backend opens: what
 * --sandbox, --sandbox-omit (or SONNX_CTS_SANDBOX_OMIT), --memory-limit
 * and --cpu-limit ask, the private scratch directory, what the worker may
 * read and run, and the worker's exec prepared before any fork; then the
 * notes and the identity string of what held.  isolated_backend.c starts
 * workers with it.
 */
#ifndef SCT_EXEC_SANDBOX_SETUP_H
#define SCT_EXEC_SANDBOX_SETUP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "sct/exec/backend.h"
#include "sct/exec/worker_sandbox.h"
#include "worker_protocol.h"

typedef struct sct_sandbox_setup {
    sct_sandbox_plan plan;    /* what the worker sets up */
    bool require;             /* --sandbox=require */
    double cpu_limit;         /* CPU seconds per call; 0: not limited */
    char scratch[PATH_MAX];   /* the private scratch directory */
    sct_sandbox_reads reads;  /* what the worker may read */
    sct_worker_launch launch; /* its exec, prepared before any fork */
    char forced_note[160];    /* left out, not by the user's choice */
} sct_sandbox_setup;

/* Plans the sandbox of the plugin `path` (loaded as `load_path`, with
 * `options`; calls time out after `timeout` s): creates the scratch
 * directory, the read rules and the worker's exec.  0, or -1 with `err`
 * set and nothing left to free. */
int sct_sandbox_setup_plan(sct_sandbox_setup *sb, const char *path, const char *load_path,
                           const char *options, double timeout,
                           const sct_backend_options *opt, char *err, size_t err_cap);

/* Removes the scratch directory (whatever the plugin left in it) and frees
 * the plan. */
void sct_sandbox_setup_free(sct_sandbox_setup *sb);

/* Appends to `notes` what the plan itself left out: forced (valgrind), and
 * by the user's choice. */
void sct_sandbox_setup_notes(const sct_sandbox_setup *sb, char *notes, size_t cap);

/* The identity's isolation string: the protections `active` in a worker
 * (what could not be set up in `notes`), reading widened beyond the
 * defaults and the helper programs it may run. */
void sct_sandbox_setup_describe(const sct_sandbox_setup *sb, unsigned active,
                                const char *notes, char *isolation, size_t cap);

#endif /* SCT_EXEC_SANDBOX_SETUP_H */
