/* exec_status_name.c — report names of sct_exec_status (docs/report-format.md),
 * one table read both ways (sct/text/name_table.h): a report, a sweep shard
 * or a bundle reads back exactly the names this table writes. */
#include "sct/exec/backend.h"

#include "sct/text/name_table.h"

static const char *const k_names[SCT_EXEC_STATUS_COUNT] = {
    [SCT_EXEC_OK] = "OK",
    [SCT_EXEC_UNSUPPORTED] = "UNSUPPORTED",
    [SCT_EXEC_INVALID_ARGUMENT] = "INVALID_ARGUMENT",
    [SCT_EXEC_ERROR] = "ERROR",
    [SCT_EXEC_BAD_STATUS] = "BAD_STATUS",
    [SCT_EXEC_CRASH] = "CRASH",
    [SCT_EXEC_TIMEOUT] = "TIMEOUT",
    [SCT_EXEC_WRITE_PAST_OUTPUT] = "WRITE_PAST_OUTPUT",
    [SCT_EXEC_WRITE_TO_INPUT] = "WRITE_TO_INPUT",
    [SCT_EXEC_BAD_OUTPUT_META] = "BAD_OUTPUT_META",
    [SCT_EXEC_HARNESS_ERROR] = "HARNESS_ERROR",
    [SCT_EXEC_SANDBOX] = "SANDBOX",
};

const char *sct_exec_status_name(sct_exec_status s)
{
    return sct_name_of(k_names, SCT_EXEC_STATUS_COUNT, (int)s, "UNKNOWN");
}

sct_exec_status sct_exec_status_from_name(const char *name)
{
    return (sct_exec_status)sct_name_find(k_names, SCT_EXEC_STATUS_COUNT, name);
}
