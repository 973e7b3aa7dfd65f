/*
 * run_backend.h — opening the built-in kernels or the --vendor plugin with
 * the isolation, timeout and sandbox options of a run configuration.
 */
#ifndef SCT_CLI_RUN_BACKEND_H
#define SCT_CLI_RUN_BACKEND_H

#include <stddef.h>

#include "run_config.h"
#include "sct/exec/backend.h"

/* NULL with `err` (plugin not found, refused by the loader, sandbox
 * required but unavailable). */
sct_backend *sct_open_run_backend(const sct_run_config *cfg, char *err, size_t cap);

#endif /* SCT_CLI_RUN_BACKEND_H */
