/*
 * sweep_impl.c — see sweep_impl.h.  A backend batch is one call with two
 * 1-D tensors of n elements (same shape, same type: within the SONNX
 * profile, sonnx-div R1/R2, so a conforming implementation must accept it).
 */
#include "sct/sweep/sweep_impl.h"

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

/* The backend call itself (only ever from the serving/owning thread). */
static void backend_call(sct_sweep_impl *impl, sct_sweep_call *k)
{
    sonnx_op op = make_op(impl);
    sonnx_tensor in[2] = {vector_tensor(k->a_type, k->a, k->n),
                          vector_tensor(k->b_type, k->b, k->n)};
    sonnx_tensor out = vector_tensor(k->out_type, k->c, k->n);
    /* A unary op (registry arity 1) gets X only: its second type is
       UNDEFINED and b NULL (the sweep's unary convention). */
    size_t n_in = k->b_type == SONNX_DT_UNDEFINED ? 1 : 2;
    k->res = sct_backend_run(impl->backend, &op, in, n_in, &out, 1);
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
    sct_sweep_call k = {a_type, b_type, out_type, a, b, c, n, {0}};
    pthread_mutex_lock(&impl->lock);
    if (!impl->serving) {              /* the owning thread itself */
        backend_call(impl, &k);
    } else {
        while (impl->pending != NULL)  /* one call in flight at a time */
            pthread_cond_wait(&impl->done, &impl->lock);
        impl->pending = &k;
        pthread_cond_broadcast(&impl->posted);
        while (impl->finished != &k)
            pthread_cond_wait(&impl->done, &impl->lock);
        impl->finished = NULL;
        pthread_cond_broadcast(&impl->done);   /* the slot is free ... */
        pthread_cond_broadcast(&impl->posted); /* ... and the server may go on */
    }
    pthread_mutex_unlock(&impl->lock);
    *res = k.res;
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
    *res = sct_backend_query(impl->backend, &op, types,
                             b_type == SONNX_DT_UNDEFINED ? 1 : 2);
    pthread_mutex_unlock(&impl->lock);
    return res->status;
}
