/*
 * fake_ort.c — a stand-in libonnxruntime for testing the adapter's start-up
 * refusals without the real library.  Built several times:
 *   FAKE_VERSION        the version string it claims ("1.29.0", "1.30.0")
 *   FAKE_BROKEN_STATUS  1: GetErrorMessage does not return what
 *                       CreateStatus was given (a table whose slots do not
 *                       mean what the adapter thinks)
 * Its table has the status functions in slots 0, 1, 2, 93 as ORT does and
 * an inert function everywhere else.
 */
#include <stddef.h>
#include <stdint.h>

#ifndef FAKE_VERSION
#error "FAKE_VERSION must be defined"
#endif
#ifndef FAKE_BROKEN_STATUS
#define FAKE_BROKEN_STATUS 0
#endif

typedef void (*any_fn)(void);
typedef struct fake_status {
    int code;
    const char *msg;
} fake_status;

static fake_status the_status;

static fake_status *create_status(int code, const char *msg)
{
    the_status.code = code;
    the_status.msg = msg;
    return &the_status;
}
static int get_error_code(const fake_status *s) { return s->code; }
static const char *get_error_message(const fake_status *s)
{
    return FAKE_BROKEN_STATUS ? "something else" : s->msg;
}
static void release_status(fake_status *s) { (void)s; }
static void inert(void) {}

static any_fn table[200];

static const any_fn *get_api(uint32_t version)
{
    (void)version;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        table[i] = inert;
    table[0] = (any_fn)create_status;
    table[1] = (any_fn)get_error_code;
    table[2] = (any_fn)get_error_message;
    table[93] = (any_fn)release_status;
    return table;
}
static const char *get_version_string(void) { return FAKE_VERSION; }

typedef struct fake_api_base {
    const any_fn *(*get_api)(uint32_t);
    const char *(*get_version_string)(void);
} fake_api_base;

static const fake_api_base base = {get_api, get_version_string};

const fake_api_base *OrtGetApiBase(void);
__attribute__((visibility("default"))) const fake_api_base *
OrtGetApiBase(void)
{
    return &base;
}
