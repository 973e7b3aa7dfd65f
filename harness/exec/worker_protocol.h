/*
 * worker_protocol.h — messages between the harness (parent) and the isolated
 * worker (child) that runs all vendor code, and the layout of tensors in the
 * shared arena (a memfd mapped by both).
 *
 * Transport: one AF_UNIX SOCK_SEQPACKET socket pair per worker, so each
 * message arrives whole or not at all and a dead child shows as EOF.  A
 * request is the fixed sct_wire_request, then the op's attributes (only
 * their `attr_bytes`; wire_attributes.h), checked by the worker.  Tensor
 * bytes never go through the socket: they live in two memfd arenas, one for
 * inputs (sealed against writing before the worker exists: the worker can
 * only ever map it read-only; docs/plugin-abi.md §5) and one for outputs.  Replies are built by the child from plain
 * values (never read back from memory the plugin could have scribbled on),
 * and everything in a reply is validated by the parent.
 */
#ifndef SCT_EXEC_WORKER_PROTOCOL_H
#define SCT_EXEC_WORKER_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"
#include "sct/exec/worker_sandbox.h"

#define SCT_WIRE_MSG_CAP 512
#define SCT_WIRE_NAME_CAP 256

/* One tensor in its arena (inputs: the input arena, outputs: the output
 * arena).  Inputs: [region_off, region_off + region_len) is
 * mapped read-only in the child, data starts at region_off, a PROT_NONE
 * guard page follows.  Outputs: the region is read-write and data is placed
 * so that its END is exactly at the guard page (data_off + nbytes ==
 * region_off + region_len), so any byte past the end faults. */
typedef struct sct_wire_tensor {
    int32_t elem_type;
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
    uint64_t nbytes;
    uint64_t data_off;
    uint64_t region_off;
    uint64_t region_len; /* multiple of the page size */
} sct_wire_tensor;

typedef enum sct_wire_request_kind {
    SCT_REQ_QUERY = 1,
    SCT_REQ_RUN = 2,
    SCT_REQ_SHUTDOWN = 3
} sct_wire_request_kind;

typedef struct sct_wire_request {
    uint32_t kind;
    uint32_t n_inputs, n_outputs;
    int32_t opset;
    char op_type[32];
    char domain[64];
    char profile[32];
    int32_t input_types[SCT_EXEC_MAX_TENSORS]; /* SCT_REQ_QUERY */
    uint64_t arena_size;                      /* output arena bytes to map */
    uint64_t input_arena_size;                /* input arena bytes to map */
    uint32_t slot_call;  /* a zero-copy slot's call: the outputs of other
                          * open slots may stay writable (worker_child.c) */
    /* The op's attributes (ABI 1.1): `attr_bytes` bytes follow this struct
     * in the same message (wire_attributes.h), at most SCT_WIRE_ATTR_CAP. */
    uint32_t n_attributes;
    uint32_t attr_bytes;
    uint32_t reserved;
    sct_wire_tensor inputs[SCT_EXEC_MAX_TENSORS];
    sct_wire_tensor outputs[SCT_EXEC_MAX_TENSORS];
} sct_wire_request;

typedef enum sct_wire_reply_kind {
    SCT_REPLY_OPENED = 1,      /* plugin loaded and initialised */
    SCT_REPLY_OPEN_FAILED = 2, /* message says why (loader's text) */
    SCT_REPLY_DONE = 3,        /* query/run returned status_raw */
    SCT_REPLY_FAULT = 4,       /* fatal signal in the child */
    SCT_REPLY_WORKER_FAILED = 5, /* the worker's own machinery failed */
    SCT_REPLY_SANDBOX = 6,     /* before OPENED: protections set up
                                * (sandbox_active, message = what could not
                                * be), the write watch's descriptor attached
                                * (SCM_RIGHTS) when there is one */
    SCT_REPLY_KEEPER = 7       /* from the keeper: the worker's pid (as the
                                * harness sees it), any time before OPENED */
} sct_wire_reply_kind;

typedef struct sct_wire_output_meta {
    int32_t elem_type;
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
    uint32_t buffer_kept; /* data and nbytes still what the harness gave */
    uint32_t reserved;
} sct_wire_output_meta;

typedef struct sct_wire_reply {
    uint32_t kind;
    int32_t status_raw;   /* SCT_REPLY_DONE: what the plugin returned */
    double seconds;       /* duration of the plugin call */
    char message[SCT_WIRE_MSG_CAP];
    uint32_t n_outputs;
    sct_wire_output_meta outputs[SCT_EXEC_MAX_TENSORS];
    /* SCT_REPLY_FAULT */
    int32_t signo, si_code;
    uint64_t fault_addr, arena_base; /* arena_base: the output arena */
    uint64_t input_base;             /* the input arena, as mapped */
    int32_t syscall_nr;        /* SIGSYS: the trapped system call */
    uint32_t sandbox_active;   /* SCT_REPLY_SANDBOX: SCT_SB_* bits */
    int32_t worker_pid;        /* SCT_REPLY_KEEPER */
    uint32_t reserved2;
    uint64_t syscall_args[6];
    /* SCT_REPLY_OPENED */
    uint32_t abi_major, abi_minor;
    char vendor[SCT_WIRE_NAME_CAP];
    char runtime_name[SCT_WIRE_NAME_CAP];
    char runtime_version[SCT_WIRE_NAME_CAP];
} sct_wire_reply;

/* Fills req->inputs/outputs layout (offsets, regions) for the given
 * tensors, page size `page`: inputs from offset `in_at` of the input arena,
 * outputs from `out_at` of the output arena (both page multiples).  Returns
 * the output arena bytes needed, `*in_end` the input arena's; 0 on
 * overflow.  Pure function: unit-tested. */
uint64_t sct_arena_layout(const sonnx_tensor *inputs, size_t n_inputs,
                          const sonnx_tensor *outputs, size_t n_outputs,
                          uint64_t page, uint64_t in_at, uint64_t out_at,
                          sct_wire_request *req, uint64_t *in_end);

/* One tensor of `nbytes` in a fixed region [slot_off, slot_off + cap) of
 * its arena (a zero-copy slot, shared_arena.h), as laid out for one call:
 * the region is the pages the data needs; an input starts at the region,
 * an output ends at its end; the rest of the slot, and the guard page
 * after it, stay inaccessible during the call.  0, or -1 when nbytes does
 * not fit. */
int sct_arena_place(uint64_t slot_off, uint64_t cap, uint64_t nbytes, uint64_t page,
                    int is_output, sct_wire_tensor *w);

/* The worker is a freshly exec'd image of the harness's own binary, never
 * a bare fork: a fork would inherit the harness's address space, which
 * holds the goldens of the case being judged (docs/plugin-abi.md 5.1).
 * The environment variable marks the image as a worker; the socket and the
 * arena arrive as these descriptors, the plan in argv (worker_child.c). */
#define SCT_WORKER_ENV "SONNX_CTS_WORKER"
#define SCT_WORKER_SOCK_FD 3
#define SCT_WORKER_ARENA_FD 4
#define SCT_WORKER_INPUT_FD 5

typedef struct sct_worker_launch {
    char exe[4096];  /* the harness's binary, resolved when the backend opens */
    char **argv;     /* owned, NULL-terminated */
    char **envp;     /* owned: the environment and the marker */
} sct_worker_launch;

/* Prepares the exec of a worker (before any fork: nothing is allocated in
 * the child).  0, or -1 with `err` set. */
int sct_worker_launch_build(sct_worker_launch *l, const char *path, const char *options,
                            const sct_sandbox_plan *plan, char *err, size_t cap);
void sct_worker_launch_free(sct_worker_launch *l);

/* In the freshly forked child: keeps only stdio, `sock`, `arena_fd` and
 * `input_fd` (as SCT_WORKER_SOCK_FD/ARENA_FD/INPUT_FD) and execs the
 * worker.  Never returns. */
_Noreturn void sct_worker_exec(const sct_worker_launch *l, int sock, int arena_fd,
                               int input_fd);

/* The child's side: loads the plugin, initialises it, answers requests on
 * `sock` until EOF or SCT_REQ_SHUTDOWN.  Never returns (_exit). */
_Noreturn void sct_worker_main(int sock, int arena_fd, int input_fd, const char *path,
                               const char *options, const sct_sandbox_plan *plan);

/* Child: installs the fatal-signal handlers that report a FAULT on `sock`
 * and _exit.  Returns 0 or -1 (errno). */
int sct_fault_reporter_install(int sock);
/* Child: tells the handler where the arenas are mapped (for the report). */
void sct_fault_reporter_set_arena(const void *outputs, const void *inputs);

#endif /* SCT_EXEC_WORKER_PROTOCOL_H */
