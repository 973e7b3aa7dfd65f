/*
 * machine_identity.h — the machine and the harness binary a certification
 * ran on, for identity.json: what a result may depend on besides the
 * plugin and the vectors (CPU model and ISA extensions used by a runtime's
 * dispatch, OS, kernel, C library).
 */
#ifndef SCT_BUNDLE_MACHINE_IDENTITY_H
#define SCT_BUNDLE_MACHINE_IDENTITY_H

#include <cjson/cJSON.h>

/* {"cpu_model", "isa_flags": [...], "os", "kernel", "arch", "libc"}; an
 * unknown item is "unknown" ([] for the flags).  NULL when out of memory. */
cJSON *sct_machine_identity(void);

/* {"build_id": hex of the running program's NT_GNU_BUILD_ID note ("" when
 * it has none), "executable": /proc/self/exe, "executable_sha256"}.  NULL
 * when out of memory. */
cJSON *sct_harness_binary_identity(void);

#endif /* SCT_BUNDLE_MACHINE_IDENTITY_H */
