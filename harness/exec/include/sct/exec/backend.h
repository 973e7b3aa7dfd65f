/*
 * backend.h — how the harness runs an implementation: the built-in kernels
 * in-process, or a vendor plugin (dlopen'ed, normally isolated in a child
 * process).  The runner and the sweeps only see this interface.
 */
#ifndef SCT_EXEC_BACKEND_H
#define SCT_EXEC_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

typedef struct sct_backend sct_backend;

/* Outcome of one call, richer than sonnx_status: isolation failures are
 * the harness's own findings about the implementation. */
typedef enum sct_exec_status {
    SCT_EXEC_OK = 0,              /* returned SONNX_STATUS_OK, output checked */
    SCT_EXEC_UNSUPPORTED,         /* query or run said UNSUPPORTED */
    SCT_EXEC_INVALID_ARGUMENT,    /* run said INVALID_ARGUMENT (rejected) */
    SCT_EXEC_ERROR,               /* run said ERROR */
    SCT_EXEC_BAD_STATUS,          /* run returned a value outside sonnx_status */
    SCT_EXEC_CRASH,               /* child died: `signal_number` or exit code */
    SCT_EXEC_TIMEOUT,             /* per-case timeout expired; child killed */
    SCT_EXEC_WRITE_PAST_OUTPUT,   /* fault on the guard page after an output */
    SCT_EXEC_WRITE_TO_INPUT,      /* fault on (or change of) read-only input */
    SCT_EXEC_BAD_OUTPUT_META,     /* wrong elem_type / rank / dims reported */
    SCT_EXEC_HARNESS_ERROR,       /* the harness itself failed (e.g. mmap) */
    SCT_EXEC_SANDBOX              /* attempted what the sandbox forbids (a
                                   * signal or ptrace outside the worker, a
                                   * process, a socket, a write outside the
                                   * scratch directory, the memory or CPU
                                   * limit...); the message says what */
} sct_exec_status;
/* How many statuses there are (a macro, not an enumerator, so that a
 * switch over every status needs no case for it). */
#define SCT_EXEC_STATUS_COUNT ((int)SCT_EXEC_SANDBOX + 1)

typedef struct sct_exec_result {
    sct_exec_status status;
    int signal_number;   /* SCT_EXEC_CRASH by signal: SIGSEGV etc.; else 0 */
    int exit_code;       /* SCT_EXEC_CRASH by exit(): the code; else -1 */
    double seconds;      /* wall time of the run call */
    char message[512];   /* plugin's message or the harness's explanation */
} sct_exec_result;

/* How hard the isolated worker's sandbox is insisted on (docs/cli.md). */
typedef enum sct_sandbox_mode {
    SCT_SANDBOX_AUTO = 0, /* set up what the system allows, say what not */
    SCT_SANDBOX_REQUIRE   /* a protection that cannot be set up: no backend */
} sct_sandbox_mode;

typedef struct sct_backend_options {
    bool isolate;            /* run vendor code in a child process */
    double timeout_seconds;  /* per call; <= 0 means the default (10 s) */
    const char *vendor_options; /* passed to init; NULL means "" */
    sct_sandbox_mode sandbox;   /* isolated only */
    uint64_t memory_limit;      /* bytes of address space; 0: the default */
    double cpu_limit_seconds;   /* CPU time per call; <= 0: the timeout
                                   plus SCT_EXEC_CPU_LIMIT_MARGIN */
    /* Protections left out on purpose (`run --sandbox-omit`, the words of
     * sct_sandbox_omit_parse, already validated); NULL: whatever
     * $SONNX_CTS_SANDBOX_OMIT says.  Borrowed for the open call. */
    const char *sandbox_omit;
    /* Reading beyond the defaults (docs/plugin-abi.md 5.1): `run
     * --sandbox-read DIR`, each; named in the identity.  Borrowed. */
    const char *const *sandbox_read;
    size_t n_sandbox_read;
    /* Never readable by the plugin, even inside a readable tree: the vector
     * set, the report files.  Borrowed for the open call only: the
     * sandbox's read rules are built from them then. */
    const char *const *sandbox_hidden;
    size_t n_sandbox_hidden;
    /* Programs the plugin may start (`run --sandbox-helper PROGRAM`): a
     * process may be created and exec only these (docs/plugin-abi.md
     * 5.1); named in the identity.  Borrowed. */
    const char *const *sandbox_helpers;
    size_t n_sandbox_helpers;
} sct_backend_options;

/* Identity shown in reports. Strings owned by the backend. */
typedef struct sct_backend_identity {
    const char *vendor;
    const char *runtime_name;
    const char *runtime_version;
    const char *plugin_path;  /* "(built-in)" for the in-process kernels */
    uint32_t abi_major, abi_minor;
    /* How vendor code is run, for the report: "sandboxed child process
     * (<protections active>)[; NOT SET UP: <what and why>]" (isolated),
     * "none: in-process (--no-isolate), defects may crash the harness", or
     * "none: built-in kernels in-process". */
    const char *isolation;
} sct_backend_identity;

/* The built-in reference kernels, in-process, no isolation. */
sct_backend *sct_backend_open_builtin(char *err, size_t err_cap);

/* dlopen()s `path`, finds SONNX_PLUGIN_ENTRY_SYMBOL, negotiates the ABI
 * version and calls init (in the child when isolated).  NULL with `err`
 * naming the file and the reason (not a shared object, symbol missing,
 * ABI too old/new, init failed). */
sct_backend *sct_backend_open_plugin(const char *path,
                                     const sct_backend_options *opt,
                                     char *err, size_t err_cap);

const sct_backend_identity *sct_backend_identity_of(const sct_backend *b);

/* query(): SCT_EXEC_OK or SCT_EXEC_UNSUPPORTED (or a crash/timeout). */
sct_exec_result sct_backend_query(sct_backend *b, const sonnx_op *op,
                                  const int32_t *input_types, size_t n_inputs);

/* run(): `inputs` are harness tensors (not modified).  `outputs[k]` carry
 * the expected elem_type/rank/dims; the backend allocates guarded output
 * memory, calls the implementation, validates the reported metadata, and
 * on SCT_EXEC_OK copies the produced bytes into `outputs[k].data`, which the
 * CALLER allocated with outputs[k].nbytes bytes. */
sct_exec_result sct_backend_run(sct_backend *b, const sonnx_op *op,
                                const sonnx_tensor *inputs, size_t n_inputs,
                                sonnx_tensor *outputs, size_t n_outputs);

/* Most inputs, and most outputs, one call may have (more: HARNESS_ERROR). */
#define SCT_EXEC_MAX_TENSORS 8

/* Zero-copy calls, for a caller that makes many calls of one shape (the
 * sweeps): the tensors live in the backend's own memory — for an isolated
 * plugin, the shared arenas its worker maps — so the caller writes the
 * inputs where the plugin reads them and reads the outputs where the
 * plugin wrote them, with no copy in between (docs/plugin-abi.md §5).  The
 * protections of sct_backend_run hold unchanged. */
typedef struct sct_backend_slot {
    size_t n_inputs, n_outputs;                 /* set by the caller */
    uint64_t input_cap[SCT_EXEC_MAX_TENSORS];   /* bytes, set by the caller */
    uint64_t output_cap[SCT_EXEC_MAX_TENSORS];  /* bytes, set by the caller */
    void *inputs[SCT_EXEC_MAX_TENSORS];         /* where the caller writes input i */
    /* the backend's own */
    void *outputs[SCT_EXEC_MAX_TENSORS];        /* in-process: the output buffers */
    uint64_t in_off[SCT_EXEC_MAX_TENSORS], out_off[SCT_EXEC_MAX_TENSORS]; /* isolated */
} sct_backend_slot;

/* Opens a slot for tensors of at most the capacities the caller set in
 * `slot`.  Not concurrently with other calls on `b`.  0, or -1 with `err`
 * saying why. */
int sct_backend_slot_open(sct_backend *b, sct_backend_slot *slot, char *err, size_t err_cap);

/* run() on the slot: inputs[i].data must be slot->inputs[i] (written by
 * the caller; nbytes within its capacity); outputs[k] carry the expected
 * elem_type/rank/dims/nbytes, their data is ignored.  On SCT_EXEC_OK,
 * outputs[k].data points at the produced bytes in the slot, readable until
 * the slot's next call or its close.  Otherwise as sct_backend_run. */
sct_exec_result sct_backend_run_slot(sct_backend *b, sct_backend_slot *slot,
                                     const sonnx_op *op, const sonnx_tensor *inputs,
                                     size_t n_inputs, sonnx_tensor *outputs,
                                     size_t n_outputs);

/* Gives the slot's memory back.  NULL `b` or a slot never opened: nothing. */
void sct_backend_slot_close(sct_backend *b, sct_backend_slot *slot);

/* Default per-call timeout when sct_backend_options.timeout_seconds <= 0. */
#define SCT_EXEC_DEFAULT_TIMEOUT_SECONDS 10.0

/* Default address-space limit of the sandboxed worker (4 GiB: the plugin's
 * heap, threads' stacks, libraries and the shared tensor arena). */
#define SCT_EXEC_DEFAULT_MEMORY_LIMIT (UINT64_C(4) << 30)
/* The default CPU limit per call is the timeout plus this many seconds:
 * above what one thread can use before the deadline, so that a plugin
 * spinning in one thread always ends as TIMEOUT, never by a race as a
 * CPU-limit violation. */
#define SCT_EXEC_CPU_LIMIT_MARGIN 1.0

/* Calls shutdown, ends the child, dlclose()s. NULL is fine. */
void sct_backend_close(sct_backend *b);

/* The report name of a status ("OK", "CRASH", ...; "UNKNOWN" outside the
 * enum) and back: SCT_EXEC_STATUS_COUNT for a NULL or unknown name.  One
 * table both ways (docs/report-format.md, the case's "exec_status"). */
const char *sct_exec_status_name(sct_exec_status s);
sct_exec_status sct_exec_status_from_name(const char *name);

#endif /* SCT_EXEC_BACKEND_H */
