/*
 * ort_api.c — loads libonnxruntime and fills our sct_ort_api from ORT's
 * OrtApi table (see ort_api.h for why we index slots).  Refuses anything but
 * ORT 1.30.0: a certification names exactly one runtime version, and slot
 * positions we have not checked against another version are not trusted.
 */
#include "ort_api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* OrtApiBase as ORT documents it: two function pointers. */
typedef void (*sct_ort_any_fn)(void);
typedef struct sct_ort_api_base {
    const sct_ort_any_fn *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} sct_ort_api_base;

typedef const sct_ort_api_base *(*sct_ort_get_api_base_fn)(void);

const char *sct_ort_error_code_name(int code)
{
    static const char *const names[] = {
        "ORT_OK", "ORT_FAIL", "ORT_INVALID_ARGUMENT", "ORT_NO_SUCHFILE",
        "ORT_NO_MODEL", "ORT_ENGINE_ERROR", "ORT_RUNTIME_EXCEPTION",
        "ORT_INVALID_PROTOBUF", "ORT_MODEL_LOADED", "ORT_NOT_IMPLEMENTED",
        "ORT_INVALID_GRAPH", "ORT_EP_FAIL"};
    if (code < 0 || (size_t)code >= sizeof names / sizeof names[0])
        return "ORT_UNKNOWN_ERROR_CODE";
    return names[code];
}

/* Converting between function pointer types is defined (C11 6.3.2.3p8) as
 * long as the call goes through the right type; each member has the type
 * ORT documents for its slot (SCT_ORT_API_SLOTS). */
static void fill_from_table(sct_ort_api *api, const sct_ort_any_fn *t)
{
#define SCT_TAKE_SLOT(slot, NAME, member, ret, params)                       \
    api->member = (__typeof__(api->member))t[(slot)];
    SCT_ORT_API_SLOTS(SCT_TAKE_SLOT)
#undef SCT_TAKE_SLOT
}

/* True when every slot we take is non-NULL: a cheap guard against a table
 * shorter than we think (ORT never leaves a published slot empty). */
static int all_slots_present(const sct_ort_any_fn *t)
{
#define SCT_SLOT_PRESENT(slot, NAME, member, ret, params)                    \
    if (t[(slot)] == NULL)                                                   \
        return 0;
    SCT_ORT_API_SLOTS(SCT_SLOT_PRESENT)
#undef SCT_SLOT_PRESENT
    return 1;
}

/* CreateStatus(code, msg) must hand back the same code and text: proves
 * slots 0, 1, 2 and 93 before anything else trusts the table. */
static int status_round_trip(const sct_ort_api *api, char *err,
                             size_t err_cap)
{
    static const char probe[] = "sonnx-cts status round trip";
    sct_ort_status st = api->create_status(SCT_ORT_NOT_IMPLEMENTED, probe);
    if (st == NULL) {
        snprintf(err, err_cap, "ORT CreateStatus (slot %d) returned NULL",
                 SCT_ORT_SLOT_CREATE_STATUS);
        return -1;
    }
    int code = api->get_error_code(st);
    const char *msg = api->get_error_message(st);
    int ok = code == SCT_ORT_NOT_IMPLEMENTED && msg != NULL &&
             strcmp(msg, probe) == 0;
    if (!ok)
        snprintf(err, err_cap,
                 "ORT status round trip failed: CreateStatus(%d, \"%s\") read "
                 "back as code %d, message \"%s\" (slots 0/1/2 do not match "
                 "this library)",
                 SCT_ORT_NOT_IMPLEMENTED, probe, code, msg ? msg : "(null)");
    api->release_status(st);
    return ok ? 0 : -1;
}

int sct_ort_api_load(const char *lib_path, sct_ort_api *api, char *err,
                     size_t err_cap)
{
    memset(api, 0, sizeof *api);
    /* RTLD_LOCAL: ORT's many symbols must not leak into the harness.
     * RTLD_NODELETE: ORT keeps process-wide static state (and leaks a few
     * bytes of it at exit); unmapping it under live C++ statics is unsafe,
     * and keeping it mapped lets leak checkers attribute that memory to
     * libonnxruntime rather than to an unknown module. */
    void *dl = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (dl == NULL) {
        const char *why = dlerror();
        /* What was looked for and where that path came from: lib=, else
         * SONNX_CTS_ORT_LIB, else the cache (ort_options.c). */
        snprintf(err, err_cap,
                 "%s: cannot load the ONNX Runtime library: %s (the path is "
                 "lib=PATH, else $SONNX_CTS_ORT_LIB, else <cache>/onnxruntime-"
                 SCT_ORT_EXPECTED_VERSION "/libonnxruntime.so.1 with <cache> = "
                 "$SONNX_CTS_CACHE, $XDG_CACHE_HOME/sonnx-cts or "
                 "~/.cache/sonnx-cts, where scripts/fetch-onnxruntime.sh puts it)",
                 lib_path, why ? why : "unknown dlopen error");
        return -1;
    }
    void *sym = dlsym(dl, "OrtGetApiBase");
    if (sym == NULL) {
        snprintf(err, err_cap, "'%s' has no OrtGetApiBase: not ONNX Runtime",
                 lib_path);
        dlclose(dl);
        return -1;
    }
    sct_ort_get_api_base_fn get_base;
    memcpy(&get_base, &sym, sizeof get_base); /* POSIX dlsym idiom */
    const sct_ort_api_base *base = get_base();
    const char *version = base ? base->get_version_string() : NULL;
    if (version == NULL || strcmp(version, SCT_ORT_EXPECTED_VERSION) != 0) {
        snprintf(err, err_cap,
                 "'%s' is ONNX Runtime %s; this adapter certifies exactly %s "
                 "(its API slot table is only verified for that version)",
                 lib_path, version ? version : "(unknown)",
                 SCT_ORT_EXPECTED_VERSION);
        dlclose(dl);
        return -1;
    }
    const sct_ort_any_fn *table = base->get_api(SCT_ORT_API_VERSION);
    if (table == NULL || !all_slots_present(table)) {
        snprintf(err, err_cap,
                 "ONNX Runtime %s did not provide API version %u with all "
                 "slots the adapter uses",
                 version, SCT_ORT_API_VERSION);
        dlclose(dl);
        return -1;
    }
    fill_from_table(api, table);
    api->dl_handle = dl;
    api->version = version;
    if (status_round_trip(api, err, err_cap) != 0) {
        sct_ort_api_unload(api);
        return -1;
    }
    return 0;
}

void sct_ort_api_unload(sct_ort_api *api)
{
    if (api->dl_handle != NULL)
        dlclose(api->dl_handle);
    memset(api, 0, sizeof *api);
}
