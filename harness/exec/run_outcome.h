/*
 * run_outcome.h — turning what a plugin returned into an sct_exec_result;
 * the same rules for in-process and isolated backends.
 */
#ifndef SCT_EXEC_RUN_OUTCOME_H
#define SCT_EXEC_RUN_OUTCOME_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/exec/backend.h"

/* Byte written over output buffers before each call, so that a plugin that
 * returns OK without writing its output is not credited with the previous
 * case's values (0xA5 is not a valid bool and an unlikely float). */
#define SCT_OUTPUT_POISON 0xA5

/* Maps the raw value a plugin member returned: the four sonnx_status values
 * to their SCT_EXEC_* counterpart (message = the plugin's), anything else to
 * SCT_EXEC_BAD_STATUS with a message naming the value and `member`. */
sct_exec_result sct_exec_from_plugin_status(int raw_status,
                                            const char *plugin_message,
                                            const char *member);

/* Checks the metadata a plugin reported for output `k` against what was
 * expected (elem_type, rank, dims) and that it left data/nbytes as given.
 * true when it matches; else false with `msg` saying what differs. */
bool sct_output_meta_matches(const sonnx_tensor *expected,
                             const sonnx_tensor *produced, size_t k,
                             bool data_pointer_kept, char *msg, size_t cap);

#endif /* SCT_EXEC_RUN_OUTCOME_H */
