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
 * required but unavailable).  `vectors` is the vector set's root: it and
 * every report path of `cfg` are hidden from the plugin's reads. */
sct_backend *sct_open_run_backend(const sct_run_config *cfg, const char *vectors,
                                  char *err, size_t cap);

#endif /* SCT_CLI_RUN_BACKEND_H */
