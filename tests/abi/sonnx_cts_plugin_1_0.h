/* FROZEN: include/sonnx_cts/plugin.h of ABI 1.0, verbatim (a test fixture; never edit). */
/*
 * sonnx_cts/plugin.h — the sonnx-cts vendor plugin ABI.
 *
 * A runtime under test is wrapped in a small shared library (an "adapter")
 * that exports ONE symbol:
 *
 *     SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1;
 *
 * The harness dlopen()s the library, looks the symbol up with dlsym(), reads
 * `abi_major` FIRST, and refuses the plugin with a clear message unless
 * abi_major == SONNX_PLUGIN_ABI_MAJOR of the harness (an older or newer major
 * means an incompatible layout).  Within one major, minors only append
 * members; `struct_size` tells the harness which members the plugin has, so an
 * older-minor plugin works with a newer harness and vice versa.
 *
 * Conventions, for every member below:
 * - Element types are ONNX TensorProto.DataType codes (SONNX_DT_*).
 *   INT4/UINT4 tensors are packed as ONNX packs them: two elements per byte,
 *   element 2k in the low nibble, 2k+1 in the high nibble, odd counts padded
 *   with a zero high nibble.  BOOL is one byte per element, 0 or 1.
 *   All data is little-endian, dense, row-major (C order).
 * - Ops are identified by ONNX op_type ("Div", "Mul", "Pow", "Less") in the
 *   default domain ("") with the opset the case was written for.
 * - Strings returned through `message` buffers are NUL-terminated UTF-8 and
 *   truncated to the capacity given; the HARNESS owns those buffers.
 * - Threading: the harness calls every member from ONE thread at a time
 *   (possibly in a child process; see docs/plugin-abi.md).  A plugin need not
 *   be thread-safe, but must not keep pointers to harness memory after a call
 *   returns.
 * - A plugin never calls exit(), abort() or installs signal handlers on
 *   purpose; if it crashes anyway the harness (which runs vendor code in a
 *   child process) reports the crash against the exact case and goes on.
 */
#ifndef SONNX_CTS_PLUGIN_H
#define SONNX_CTS_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SONNX_PLUGIN_ABI_MAJOR 1u
#define SONNX_PLUGIN_ABI_MINOR 0u

/* Name of the exported entry symbol, for dlsym(). */
#define SONNX_PLUGIN_ENTRY_SYMBOL "sonnx_plugin_entry_v1"

#if defined(_WIN32)
#define SONNX_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define SONNX_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SONNX_PLUGIN_EXPORT
#endif

/* ONNX TensorProto.DataType codes used by sonnx-cts. */
enum {
    SONNX_DT_UNDEFINED = 0,
    SONNX_DT_FLOAT = 1, /* float32 */
    SONNX_DT_UINT8 = 2,
    SONNX_DT_INT8 = 3,
    SONNX_DT_UINT16 = 4,
    SONNX_DT_INT16 = 5,
    SONNX_DT_INT32 = 6,
    SONNX_DT_INT64 = 7,
    SONNX_DT_BOOL = 9,
    SONNX_DT_FLOAT16 = 10,
    SONNX_DT_DOUBLE = 11, /* float64 */
    SONNX_DT_UINT32 = 12,
    SONNX_DT_UINT64 = 13,
    SONNX_DT_BFLOAT16 = 16,
    SONNX_DT_UINT4 = 21,
    SONNX_DT_INT4 = 22
};

/* Result of every call. */
typedef enum sonnx_status {
    SONNX_STATUS_OK = 0,
    /* The (op, opset, types) combination is not implemented.  Reported as
     * UNSUPPORTED: never counted as passed or failed. */
    SONNX_STATUS_UNSUPPORTED = 1,
    /* The inputs were rejected on purpose (e.g. out of the requested profile:
     * broadcast shapes or mixed types under "sonnx"). */
    SONNX_STATUS_INVALID_ARGUMENT = 2,
    /* Anything else went wrong; `message` says what. */
    SONNX_STATUS_ERROR = 3
} sonnx_status;

#define SONNX_MAX_RANK 8

/* A dense tensor.  For inputs, `data` points to harness memory that is
 * READ-ONLY (writing into it is caught and reported as a defect).  For the
 * output, see sonnx_plugin_entry.run. */
typedef struct sonnx_tensor {
    int32_t elem_type;             /* SONNX_DT_* */
    int32_t rank;                  /* 0 .. SONNX_MAX_RANK; 0 = scalar */
    int64_t dims[SONNX_MAX_RANK];  /* dims[0 .. rank-1]; a dim may be 0 */
    void *data;                    /* dense, row-major, packed for 4-bit types */
    uint64_t nbytes;               /* size of `data` in bytes */
} sonnx_tensor;

/* What to compute. */
typedef struct sonnx_op {
    const char *op_type;  /* "Div", "Mul", "Pow", "Less" */
    const char *domain;   /* "" (ai.onnx) */
    int32_t opset;        /* e.g. 14 for Div/Mul, 15 for Pow, 13 for Less */
    /* "onnx": ONNX semantics incl. numpy-style broadcasting.
     * "sonnx": SONNX profile; a conforming implementation rejects unequal
     * shapes or mixed types with SONNX_STATUS_INVALID_ARGUMENT. */
    const char *profile;
} sonnx_op;

typedef struct sonnx_plugin_entry {
    /* Must be SONNX_PLUGIN_ABI_MAJOR / _MINOR of the header the plugin was
     * built with.  Read first by the harness. */
    uint32_t abi_major;
    uint32_t abi_minor;
    /* sizeof(sonnx_plugin_entry) as the plugin was compiled. */
    uint32_t struct_size;
    uint32_t reserved0;   /* 0 */

    /* Static strings owned by the plugin, valid while it is loaded; shown in
     * every report.  Not NULL. */
    const char *vendor;          /* e.g. "Microsoft" */
    const char *runtime_name;    /* e.g. "ONNX Runtime" */
    const char *runtime_version; /* e.g. "1.30.0"; may be refined by init */

    /* Optional (may be NULL).  Called once, before any other call, in the
     * process that will run the cases.  `options` is the string given by the
     * user (--vendor-options), or "" (never NULL); the plugin does not keep
     * it.  On failure return non-OK and describe it in `message` (capacity
     * `message_cap` bytes, harness-owned).  After a failed init no other
     * member is called. */
    sonnx_status (*init)(const char *plugin_path, const char *options,
                         char *message, size_t message_cap);

    /* Optional (may be NULL).  Called once at the end; after it no member is
     * called.  Releases everything init and run allocated. */
    void (*shutdown)(void);

    /* Required.  Can the plugin run `op` with these input element types
     * (n_inputs entries)?  Returns OK or UNSUPPORTED (with a reason in
     * `message`).  Must not allocate anything the caller frees. */
    sonnx_status (*query)(const sonnx_op *op, const int32_t *input_types,
                          size_t n_inputs, char *message, size_t message_cap);

    /* Required.  Compute `op` on `inputs` (n_inputs, harness-owned,
     * read-only) into `outputs` (n_outputs).
     *
     * Output contract: the harness fills each outputs[k] with the expected
     * elem_type, rank and dims, and sets `data`/`nbytes` to a harness-owned
     * buffer of exactly the expected size, placed against an inaccessible
     * page (a write past the end is caught and reported).  The plugin writes
     * the result elements into `data` and MUST set elem_type, rank and dims
     * to what it actually produced (the harness reports any difference from
     * the expected type or shape as a defect).  If the result does not fit in
     * `nbytes`, return SONNX_STATUS_ERROR instead of writing past the end.
     * Because the END of an output buffer touches the inaccessible page, its
     * start is only element-aligned; input buffers start on a page boundary.
     * The output buffer holds a fill pattern, not zeros, on entry.
     *
     * Returns OK, UNSUPPORTED, INVALID_ARGUMENT (input rejected, e.g. out of
     * profile) or ERROR; non-OK statuses describe the reason in `message`.
     * Must return: a hang is ended by the harness's per-case timeout. */
    sonnx_status (*run)(const sonnx_op *op,
                        const sonnx_tensor *inputs, size_t n_inputs,
                        sonnx_tensor *outputs, size_t n_outputs,
                        char *message, size_t message_cap);
} sonnx_plugin_entry;

/* The one symbol a plugin exports (declared here so that a C++ definition
 * gets external linkage; the harness only looks it up with dlsym()). */
SONNX_PLUGIN_EXPORT extern const sonnx_plugin_entry sonnx_plugin_entry_v1;

/* Start of the entry's definition, right for C and C++ alike:
 *
 *     SONNX_PLUGIN_DEFINE_ENTRY = { SONNX_PLUGIN_ABI_MAJOR,
 *         SONNX_PLUGIN_ABI_MINOR, sizeof(sonnx_plugin_entry), 0, ... };
 *
 * (In C++ a definition written as in C gets g++'s "visibility attribute
 * ignored" warning; `extern "C"` on the definition avoids it.) */
#ifdef __cplusplus
#define SONNX_PLUGIN_DEFINE_ENTRY \
    extern "C" SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1
#else
#define SONNX_PLUGIN_DEFINE_ENTRY \
    SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1
#endif

#ifdef __cplusplus
}
#endif

#endif /* SONNX_CTS_PLUGIN_H */
