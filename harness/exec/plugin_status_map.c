/*
 * plugin_status_map.c — plugin status → exec status.  A value outside the
 * sonnx_status enum is a defect of the plugin in its own right (BAD_STATUS):
 * it is never guessed to mean OK or ERROR.
 */
#include "backend_impl.h"
#include "run_outcome.h"

sct_exec_result sct_exec_from_plugin_status(int raw_status,
                                            const char *plugin_message,
                                            const char *member)
{
    const char *m = plugin_message ? plugin_message : "";
    switch (raw_status) {
    case SONNX_STATUS_OK:
        return sct_exec_result_make(SCT_EXEC_OK, "%s", m);
    case SONNX_STATUS_UNSUPPORTED:
        return sct_exec_result_make(SCT_EXEC_UNSUPPORTED, "%s", m);
    case SONNX_STATUS_INVALID_ARGUMENT:
        return sct_exec_result_make(SCT_EXEC_INVALID_ARGUMENT, "%s", m);
    case SONNX_STATUS_ERROR:
        return sct_exec_result_make(SCT_EXEC_ERROR, "%s", m);
    default:
        return sct_exec_result_make(
            SCT_EXEC_BAD_STATUS,
            "%s returned %d, which is not a sonnx_status value (0..3)%s%s",
            member, raw_status, m[0] ? "; message: " : "", m);
    }
}
