/*
 * sweep_impl.c — see sweep_impl.h.  A backend batch is one call with the
 * op's inputs as 1-D tensors of n elements: two of the same shape and type
 * for a binary op (within the SONNX profile, sonnx-div R1/R2, so a
 * conforming implementation must accept it), one for a unary op (second
 * type SONNX_DT_UNDEFINED, no second buffer).
 */
#include "sct/sweep/sweep_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "sct/exec/monotonic_clock.h"

void sct_sweep_impl_init_loop(sct_sweep_impl *impl, sct_kernel_loop loop)
{
    memset(impl, 0, sizeof *impl);
    impl->kind = SCT_SWEEP_IMPL_LOOP;
    impl->loop = loop;
    pthread_mutex_init(&impl->lock, NULL);
    pthread_cond_init(&impl->posted, NULL);
    pthread_cond_init(&impl->done, NULL);
}

void sct_sweep_impl_init_backend(sct_sweep_impl *impl, sct_backend *backend,
                                 const char *op_type, int32_t opset)
{
    memset(impl, 0, sizeof *impl);
    impl->kind = SCT_SWEEP_IMPL_BACKEND;
    impl->backend = backend;
    impl->op_type = op_type;
    impl->opset = opset;
    impl->profile = "sonnx";
    pthread_mutex_init(&impl->lock, NULL);
    pthread_cond_init(&impl->posted, NULL);
    pthread_cond_init(&impl->done, NULL);
}

void sct_sweep_impl_destroy(sct_sweep_impl *impl)
{
    pthread_cond_destroy(&impl->posted);
    pthread_cond_destroy(&impl->done);
    pthread_mutex_destroy(&impl->lock);
}

int32_t sct_sweep_default_opset(const char *op_type)
{
    /* The registry's opset (the goldens' own); 0 for an op without an
     * entry, which no backend is asked to run. */
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL ? e->opset : 0;
}

static sonnx_op make_op(const sct_sweep_impl *impl)
{
    sonnx_op op = {impl->op_type, "", impl->opset, impl->profile, 0, NULL};
    return op;
}

static sonnx_tensor vector_tensor(int32_t type, const void *data, size_t n)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = 1;
    t.dims[0] = (int64_t)n;
    t.data = (void *)(uintptr_t)data; /* read-only by the ABI contract */
    t.nbytes = (uint64_t)n * sct_dtype_elem_size(type);
    return t;
}

/* Inputs of a sweep call: 1 when the second type is UNDEFINED (a unary
 * space, sweep_space.c), else 2. */
static size_t n_inputs_of(int32_t b_type)
{
    return b_type == SONNX_DT_UNDEFINED ? 1u : 2u;
}

/* The backend call itself (only ever from the serving/owning thread). */
static void backend_call(sct_sweep_impl *impl, sct_sweep_call *k)
{
    sonnx_op op = make_op(impl);
    size_t n_in = n_inputs_of(k->b_type);
    sonnx_tensor in[2];
    in[0] = vector_tensor(k->a_type, k->a, k->n);
    if (n_in == 2)
        in[1] = vector_tensor(k->b_type, k->b, k->n);
    sonnx_tensor out = vector_tensor(k->out_type, k->c, k->n);
    if (k->slot != NULL) {
        k->res = sct_backend_run_slot(impl->backend, k->slot, &op, in, n_in, &out, 1);
        k->c_out = out.data;
    } else {
        k->res = sct_backend_run(impl->backend, &op, in, n_in, &out, 1);
    }
}

/* Hands call `k` to the serving thread, or makes it (the owning thread). */
static void post_call(sct_sweep_impl *impl, sct_sweep_call *k)
{
    pthread_mutex_lock(&impl->lock);
    if (!impl->serving) {              /* the owning thread itself */
        backend_call(impl, k);
    } else {
        while (impl->pending != NULL)  /* one call in flight at a time */
            pthread_cond_wait(&impl->done, &impl->lock);
        impl->pending = k;
        pthread_cond_broadcast(&impl->posted);
        while (impl->finished != k)
            pthread_cond_wait(&impl->done, &impl->lock);
        impl->finished = NULL;
        pthread_cond_broadcast(&impl->done);   /* the slot is free ... */
        pthread_cond_broadcast(&impl->posted); /* ... and the server may go on */
    }
    pthread_mutex_unlock(&impl->lock);
}

sct_exec_status sct_sweep_impl_run(sct_sweep_impl *impl, int32_t a_type,
                                   int32_t b_type, int32_t out_type,
                                   const void *a, const void *b, void *c,
                                   size_t n, sct_exec_result *res)
{
    memset(res, 0, sizeof *res);
    if (impl->kind == SCT_SWEEP_IMPL_LOOP) {
        impl->loop(a, b, c, n);
        res->status = SCT_EXEC_OK;
        return SCT_EXEC_OK;
    }
    sct_sweep_call k = {a_type, b_type, out_type, a, b, c, n, {0}, NULL, NULL};
    post_call(impl, &k);
    *res = k.res;
    return res->status;
}

int sct_sweep_impl_buffers_open(sct_sweep_impl *impl, size_t cap, size_t a_size,
                                size_t b_size, size_t out_size, sct_sweep_buffers *buf,
                                char *err, size_t err_cap)
{
    memset(buf, 0, sizeof *buf);
    if (impl->kind == SCT_SWEEP_IMPL_LOOP) {
        buf->a = malloc(cap * a_size);
        buf->b = b_size != 0 ? malloc(cap * b_size) : NULL; /* unary: none */
        buf->c = malloc(cap * out_size);
        if (buf->a && (b_size == 0 || buf->b) && buf->c)
            return 0;
        sct_sweep_impl_buffers_close(impl, buf);
        snprintf(err, err_cap, "out of memory");
        return -1;
    }
    buf->slot.n_inputs = b_size != 0 ? 2 : 1; /* unary: one input */
    buf->slot.n_outputs = 1;
    buf->slot.input_cap[0] = (uint64_t)cap * a_size;
    if (b_size != 0)
        buf->slot.input_cap[1] = (uint64_t)cap * b_size;
    buf->slot.output_cap[0] = (uint64_t)cap * out_size;
    pthread_mutex_lock(&impl->lock);
    int rc = sct_backend_slot_open(impl->backend, &buf->slot, err, err_cap);
    pthread_mutex_unlock(&impl->lock);
    if (rc != 0)
        return -1;
    buf->slotted = true;
    buf->a = buf->slot.inputs[0];
    buf->b = b_size != 0 ? buf->slot.inputs[1] : NULL;
    return 0;
}

void sct_sweep_impl_buffers_close(sct_sweep_impl *impl, sct_sweep_buffers *buf)
{
    if (buf->slotted) {
        pthread_mutex_lock(&impl->lock);
        sct_backend_slot_close(impl->backend, &buf->slot);
        pthread_mutex_unlock(&impl->lock);
    } else {
        free(buf->a);
        free(buf->b);
        free(buf->c);
    }
    memset(buf, 0, sizeof *buf);
}

sct_exec_status sct_sweep_impl_run_buffers(sct_sweep_impl *impl, sct_sweep_buffers *buf,
                                           int32_t a_type, int32_t b_type,
                                           int32_t out_type, size_t n, const void **c,
                                           sct_exec_result *res)
{
    if (!buf->slotted) {
        *c = buf->c;
        return sct_sweep_impl_run(impl, a_type, b_type, out_type, buf->a, buf->b, buf->c,
                                  n, res);
    }
    memset(res, 0, sizeof *res);
    sct_sweep_call k = {a_type, b_type, out_type, buf->a, buf->b, NULL, n, {0},
                        &buf->slot, NULL};
    post_call(impl, &k);
    *res = k.res;
    *c = k.c_out;
    return res->status;
}

void sct_sweep_impl_serve(sct_sweep_impl *impl, bool (*stop)(void *user),
                          void (*tick)(void *user), void *user, unsigned tick_ms)
{
    double last_tick = (sct_monotonic_seconds() * 1e3);
    pthread_mutex_lock(&impl->lock);
    for (;;) {
        if (tick != NULL && (sct_monotonic_seconds() * 1e3) - last_tick >= tick_ms) {
            pthread_mutex_unlock(&impl->lock);
            tick(user);
            last_tick = (sct_monotonic_seconds() * 1e3);
            pthread_mutex_lock(&impl->lock);
        }
        if (impl->pending != NULL && impl->finished == NULL) {
            sct_sweep_call *k = impl->pending;
            pthread_mutex_unlock(&impl->lock);
            backend_call(impl, k);
            pthread_mutex_lock(&impl->lock);
            impl->pending = NULL;
            impl->finished = k;
            pthread_cond_broadcast(&impl->done);
            continue;
        }
        if (stop(user))
            break;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)(tick_ms % 1000u) * 1000000L;
        until.tv_sec += (time_t)(tick_ms / 1000u) + until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&impl->posted, &impl->lock, &until);
    }
    pthread_mutex_unlock(&impl->lock);
}

sct_exec_status sct_sweep_impl_query(sct_sweep_impl *impl, int32_t a_type,
                                     int32_t b_type, sct_exec_result *res)
{
    memset(res, 0, sizeof *res);
    if (impl->kind == SCT_SWEEP_IMPL_LOOP) {
        res->status = SCT_EXEC_OK;
        return SCT_EXEC_OK;
    }
    sonnx_op op = make_op(impl);
    int32_t types[2] = {a_type, b_type};
    pthread_mutex_lock(&impl->lock);
    *res = sct_backend_query(impl->backend, &op, types, n_inputs_of(b_type));
    pthread_mutex_unlock(&impl->lock);
    return res->status;
}
