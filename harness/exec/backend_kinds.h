/*
 * backend_kinds.h — constructors of the two backend kinds behind backend.h.
 */
#ifndef SCT_EXEC_BACKEND_KINDS_H
#define SCT_EXEC_BACKEND_KINDS_H

#include <stdbool.h>

#include "backend_impl.h"

/* In-process backend over an already negotiated and initialised table.
 * `trusted` (the built-in kernels): inputs and the caller's output buffers
 * are handed over directly, for speed.  Untrusted (--no-isolate): inputs are
 * passed as copies compared after the call and outputs get canary bytes
 * after their end, so the commonest corruptions are still reported (without
 * guard pages: a wild write can still corrupt or crash the harness).
 * Takes ownership of `dl_handle` (may be NULL).  `isolation` is a literal. */
sct_backend *sct_backend_open_inproc(const sonnx_plugin_entry *e,
                                     void *dl_handle, bool trusted,
                                     const char *plugin_path,
                                     const char *isolation, char *err,
                                     size_t err_cap);

/* Isolated backend: forks a worker that loads `path` and runs every plugin
 * call; see isolated_backend.c. */
sct_backend *sct_backend_open_isolated(const char *path,
                                       const sct_backend_options *opt,
                                       char *err, size_t err_cap);

#include "sct/exec/monotonic_clock.h" /* sct_monotonic_seconds */

#endif /* SCT_EXEC_BACKEND_KINDS_H */
