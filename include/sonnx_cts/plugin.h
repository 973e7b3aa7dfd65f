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
 * ABI 1.1 appends to `sonnx_op` the operator's attributes (`n_attributes`,
 * `attributes`, see sonnx_attribute).  The rule that makes 1.0 and 1.1 safe
 * both ways (docs/plugin-abi.md §2.1):
 * - a harness >= 1.1 ALWAYS fills the new members (0 and NULL for an op
 *   without attributes);
 * - a plugin declaring abi_minor 0 never reads them, so such a harness never
 *   sends it a case whose op has attributes: it declines the case itself
 *   (UNSUPPORTED, the reason naming the plugin's ABI minor);
 * - a plugin declaring abi_minor >= 1 reads them only for an op_type whose
 *   ONNX definition has attributes, which a 1.0 harness (whose sonnx_op ends
 *   at `profile`) never sends.
 * `abi_minor` is the contract the plugin implements: a plugin built with
 * this header that reads no attribute may declare SONNX_PLUGIN_ABI_MINOR_1_0.
 *
 * Conventions, for every member below:
 * - Element types are ONNX TensorProto.DataType codes (SONNX_DT_*).
 *   INT4/UINT4 tensors are packed as ONNX packs them: two elements per byte,
 *   element 2k in the low nibble, 2k+1 in the high nibble, odd counts padded
 *   with a zero high nibble.  BOOL is one byte per element, 0 or 1.
 *   All data is little-endian, dense, row-major (C order).
 * - Ops are identified by ONNX op_type ("Div", "Mul", "Pow", "Less", "Sub",
 *   "Add", "Abs", "Sqrt", ...) in the default domain ("") with the opset the
 *   case was written for.  query and run receive as many inputs as the op's
 *   arity in the harness's registry (ops/operators.json): 1 to 3 (Abs and
 *   Sqrt: one input "X"; Div, Mul, Pow, Less, Sub, Add: two).  A plugin
 *   answers UNSUPPORTED, naming the op, for any op_type it does not map.
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
#define SONNX_PLUGIN_ABI_MINOR 1u

/* The minors of major 1, for `abi_minor`: 1.0 (sonnx_op without attributes)
 * and 1.1 (sonnx_op with n_attributes/attributes). */
#define SONNX_PLUGIN_ABI_MINOR_1_0 0u
#define SONNX_PLUGIN_ABI_MINOR_1_1 1u

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

/* Kinds of an operator attribute: ONNX AttributeProto.AttributeType codes
 * (ABI 1.1). */
typedef enum sonnx_attribute_kind {
    SONNX_ATTR_FLOAT = 1,  /* `f` */
    SONNX_ATTR_INT = 2,    /* `i` */
    SONNX_ATTR_STRING = 3, /* `s` */
    SONNX_ATTR_FLOATS = 6, /* `n` elements at `floats` */
    SONNX_ATTR_INTS = 7    /* `n` elements at `ints` */
} sonnx_attribute_kind;

/* One attribute of the node under test (ABI 1.1), e.g. {"axis", INT, i=1}.
 * Owned by the HARNESS, read-only, valid only during the query or run call
 * that received it (the plugin copies what it keeps); read only from the
 * thread that made that call.  Members of other kinds are 0 / NULL. */
typedef struct sonnx_attribute {
    const char *name;      /* ONNX attribute name, NUL-terminated */
    int32_t kind;          /* SONNX_ATTR_* */
    uint32_t reserved0;    /* 0 */
    int64_t i;             /* SONNX_ATTR_INT */
    float f;               /* SONNX_ATTR_FLOAT (ONNX stores float32) */
    uint32_t reserved1;    /* 0 */
    const char *s;         /* SONNX_ATTR_STRING: NUL-terminated UTF-8 */
    uint64_t n;            /* SONNX_ATTR_INTS / SONNX_ATTR_FLOATS: count */
    const int64_t *ints;   /* SONNX_ATTR_INTS: n elements */
    const float *floats;   /* SONNX_ATTR_FLOATS: n elements */
} sonnx_attribute;

/* What to compute.  Owned by the HARNESS (the struct and every string it
 * points to), valid only during the call that received it. */
typedef struct sonnx_op {
    const char *op_type;  /* "Div", "Mul", "Pow", "Less", "Sub", "Add", ... */
    const char *domain;   /* "" (ai.onnx) */
    int32_t opset;        /* e.g. 14 for Div/Mul, 15 for Pow, 13 for Less */
    /* "onnx": ONNX semantics incl. numpy-style broadcasting.
     * "sonnx": SONNX profile; a conforming implementation rejects unequal
     * shapes or mixed types with SONNX_STATUS_INVALID_ARGUMENT. */
    const char *profile;
    /* ---- ABI 1.1 (appended; see the rule at the top of this file) ----
     * The node's attributes as the case gives them (attributes left at
     * their ONNX default are not listed).  Filled by every harness >= 1.1
     * (0 and NULL when the op has none); read by a plugin declaring
     * abi_minor >= 1 only for an op_type that has attributes in ONNX. */
    size_t n_attributes;
    const sonnx_attribute *attributes; /* n_attributes entries, or NULL */
} sonnx_op;

typedef struct sonnx_plugin_entry {
    /* SONNX_PLUGIN_ABI_MAJOR of the header the plugin was built with, and
     * the minor whose contract it implements: SONNX_PLUGIN_ABI_MINOR, or
     * SONNX_PLUGIN_ABI_MINOR_1_0 for a plugin that never reads sonnx_op's
     * attributes (the harness then declines attributed ops for it).  Read
     * first by the harness. */
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
     * (n_inputs entries: the op's arity, 1 to 3)?  Returns OK or UNSUPPORTED (with a reason in
     * `message`).  Must not allocate anything the caller frees. */
    sonnx_status (*query)(const sonnx_op *op, const int32_t *input_types,
                          size_t n_inputs, char *message, size_t message_cap);

    /* Required.  Compute `op` on `inputs` (n_inputs, the op's arity, 1 to
     * 3; harness-owned, read-only) into `outputs` (n_outputs).
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
