/* exec_status_name.c — report names of sct_exec_status (docs/report-format.md). */
#include "sct/exec/backend.h"

const char *sct_exec_status_name(sct_exec_status s)
{
    switch (s) {
    case SCT_EXEC_OK: return "OK";
    case SCT_EXEC_UNSUPPORTED: return "UNSUPPORTED";
    case SCT_EXEC_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case SCT_EXEC_ERROR: return "ERROR";
    case SCT_EXEC_BAD_STATUS: return "BAD_STATUS";
    case SCT_EXEC_CRASH: return "CRASH";
    case SCT_EXEC_TIMEOUT: return "TIMEOUT";
    case SCT_EXEC_WRITE_PAST_OUTPUT: return "WRITE_PAST_OUTPUT";
    case SCT_EXEC_WRITE_TO_INPUT: return "WRITE_TO_INPUT";
    case SCT_EXEC_BAD_OUTPUT_META: return "BAD_OUTPUT_META";
    case SCT_EXEC_HARNESS_ERROR: return "HARNESS_ERROR";
    case SCT_EXEC_SANDBOX: return "SANDBOX";
    }
    return "UNKNOWN";
}
