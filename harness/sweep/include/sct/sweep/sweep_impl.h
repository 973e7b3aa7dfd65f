/*
 * sweep_impl.h — the implementation a sweep tests: an element loop called
 * in-process (the built-in kernels, or a test-only defective loop injected
 * by the tests), or an sct_backend (a vendor plugin through harness/exec,
 * fed large batches).
 */
#ifndef SCT_SWEEP_SWEEP_IMPL_H
#define SCT_SWEEP_SWEEP_IMPL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"
#include "sct/kernels/kernels.h"

typedef enum sct_sweep_impl_kind {
    SCT_SWEEP_IMPL_LOOP = 1,
    SCT_SWEEP_IMPL_BACKEND = 2
} sct_sweep_impl_kind;

/* One backend call handed from a worker thread to the serving thread. */
typedef struct sct_sweep_call {
    int32_t a_type, b_type, out_type;
    const void *a, *b;
    void *c;
    size_t n;
    sct_exec_result res;
    sct_backend_slot *slot; /* a zero-copy call: a, b are the slot's inputs */
    const void *c_out;      /* slot calls: where the outputs are */
} sct_sweep_call;

/* One worker thread's batch memory: where the sampler writes a batch's
 * inputs and where the implementation's outputs are read.  For a backend,
 * its zero-copy slot (an isolated plugin's shared arenas: the inputs are
 * written where the plugin reads them, the outputs read where it wrote
 * them; docs/plugin-abi.md §5); for a loop, plain memory. */
typedef struct sct_sweep_buffers {
    void *a, *b;          /* inputs: `cap` pairs */
    void *c;              /* LOOP: the outputs */
    bool slotted;         /* BACKEND: `slot` is open */
    sct_backend_slot slot;
} sct_sweep_buffers;

typedef struct sct_sweep_impl {
    sct_sweep_impl_kind kind;
    sct_kernel_loop loop;      /* LOOP: thread-safe, called concurrently */
    sct_backend *backend;      /* BACKEND: not owned; one call at a time */
    /* BACKEND calls are all made by ONE long-lived thread, the one that
     * runs the sweep (sct_sweep_impl_serve): plugin.h allows one thread at
     * a time, and harness/exec ties the plugin's child process to the
     * thread that (re)started it (PR_SET_PDEATHSIG is per thread), so a
     * child restarted after a crash from a worker thread would be killed
     * when that worker finishes, in the middle of another worker's call. */
    pthread_mutex_t lock;
    pthread_cond_t posted, done;
    sct_sweep_call *pending;   /* the call waiting for the server, or NULL */
    sct_sweep_call *finished;  /* the call the server just completed */
    bool serving;              /* workers hand their calls to the server */
    const char *op_type;
    int32_t opset;
    const char *profile;       /* "sonnx" */
} sct_sweep_impl;

/* In-process element loop (pure: called from all threads at once). */
void sct_sweep_impl_init_loop(sct_sweep_impl *impl, sct_kernel_loop loop);
/* Backend; calls are serialised internally.  `opset`: the op's opset as
 * the vectors use it (sct_sweep_default_opset). */
void sct_sweep_impl_init_backend(sct_sweep_impl *impl, sct_backend *backend,
                                 const char *op_type, int32_t opset);
void sct_sweep_impl_destroy(sct_sweep_impl *impl);

/* Default opset of an op in sonnx-cts vectors: Div/Mul 14, Pow 15,
 * Less 13 (plugin.h). */
int32_t sct_sweep_default_opset(const char *op_type);

/* c = impl(a, b) for n pairs of element types a_type, b_type; the result
 * type is out_type.  SCT_EXEC_OK, or the backend's status with `res`
 * explaining it. */
sct_exec_status sct_sweep_impl_run(sct_sweep_impl *impl, int32_t a_type,
                                   int32_t b_type, int32_t out_type,
                                   const void *a, const void *b, void *c,
                                   size_t n, sct_exec_result *res);

/* Batch memory for `cap` pairs of the given element sizes.  BACKEND: only
 * while no call is in flight (before the workers start).  0, or -1 with
 * `err` saying why (nothing left open). */
int sct_sweep_impl_buffers_open(sct_sweep_impl *impl, size_t cap, size_t a_size,
                                size_t b_size, size_t out_size, sct_sweep_buffers *buf,
                                char *err, size_t err_cap);
void sct_sweep_impl_buffers_close(sct_sweep_impl *impl, sct_sweep_buffers *buf);

/* impl(buf->a, buf->b) for n pairs (n <= cap); on SCT_EXEC_OK `*c` points
 * at the n results, readable until the next call with `buf`.  Otherwise as
 * sct_sweep_impl_run. */
sct_exec_status sct_sweep_impl_run_buffers(sct_sweep_impl *impl, sct_sweep_buffers *buf,
                                           int32_t a_type, int32_t b_type,
                                           int32_t out_type, size_t n, const void **c,
                                           sct_exec_result *res);

/* The serving thread: while `serving` is set, sct_sweep_impl_run called
 * from other threads posts the call and waits; sct_sweep_impl_serve runs
 * posted calls until `stop(user)` is true (checked at least every
 * `tick_ms`), calling `tick(user)` between waits (progress). */
void sct_sweep_impl_serve(sct_sweep_impl *impl, bool (*stop)(void *user),
                          void (*tick)(void *user), void *user, unsigned tick_ms);

/* For a backend: does it support the space at all (query)?  LOOP: OK. */
sct_exec_status sct_sweep_impl_query(sct_sweep_impl *impl, int32_t a_type,
                                     int32_t b_type, sct_exec_result *res);

#endif /* SCT_SWEEP_SWEEP_IMPL_H */
