/*
 * sweep_run.c — sct_sweep_run: splits the shard's pair range into batches
 * that worker threads claim in ascending order (an atomic counter), so each
 * thread's tally sees ascending indices and the merged "first mismatches"
 * are the lowest indices whatever the thread count.  Per batch: generate the
 * inputs, run the reference loop, run the implementation (backend calls are
 * serialised in sweep_impl.c; the other threads meanwhile generate and
 * compare), compare.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sct/numeric/dtype.h"
#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_arbiter.h"
#include "sweep_space.h"
#include "sweep_tally.h"
#include "sweep_undefined.h"
#include "sct/exec/monotonic_clock.h"

/* In-process loops: 2^16 pairs (4 arrays of 128 KiB per thread, in L2);
 * large enough that a per-call cost inside a loop (e.g. CPU feature
 * dispatch) is amortised over many pairs. */
#define LOOP_BATCH_PAIRS (UINT64_C(1) << 16)
#define BACKEND_BATCH_PAIRS (UINT64_C(1) << 20) /* isolation cost amortised */

typedef struct shared {
    const sct_sweep_spec *spec;
    sct_sweep_impl *impl;
    sct_kernel_loop reference;
    sct_sweep_space space;
    sct_sample_gen sampler;      /* sampled sweeps */
    sct_op_id op;
    sct_sweep_undef_rule undef;
    sct_compare_opts opts;
    bool arbitrate;              /* sct_sweep_arbitrated */
    uint64_t first, count, batch, n_batches;
    atomic_uint_fast64_t next_batch;
    atomic_uint_fast64_t pairs_done;
    atomic_uint threads_finished;
    unsigned started;            /* worker threads running */
} shared;

typedef struct worker {
    shared *sh;
    sct_sweep_buffers buf;       /* inputs written, outputs read in place */
    sct_sweep_tally tally;
    bool alloc_failed;
    pthread_t tid;
} worker;

static void note_failure(sct_sweep_result *r, uint64_t first, uint64_t n,
                         const sct_exec_result *res)
{
    r->not_run += n;
    if (r->n_failures < SCT_SWEEP_MAX_FAILURES) {
        sct_sweep_failure *f = &r->failures[r->n_failures];
        f->first_pair = first;
        f->n_pairs = n;
        f->status = res->status;
        snprintf(f->message, sizeof f->message, "%s", res->message);
    }
    r->n_failures++;
}

/* Takes the undefined pairs out of a batch (moving the others down) and
 * returns how many remain; offsets[i] = original position of element i.
 * Undefined pairs are rare (b == 0 once per row, INT_MIN / -1 once), so the
 * defined runs between them are moved with memmove, not element by element. */
static size_t drop_undefined(const shared *sh, size_t n, void *a, void *b,
                             uint32_t *offsets, uint64_t *undefined)
{
    const sct_sweep_space *s = &sh->space;
    size_t m = 0, run_start = 0;
    for (size_t i = 0; i <= n; i++) {
        bool cut = i == n;
        if (!cut) {
            uint64_t bv = s->b_size ? sct_sweep_elem_bits(b, s->b_size, i) : 0;
            /* b == 0 first: the common test, no load of a (unary: a alone) */
            cut = (bv == 0 || bv == sh->undef.minus_one) &&
                  sct_sweep_undef_test(&sh->undef, sct_sweep_elem_bits(a, s->a_size, i), bv);
        }
        if (!cut)
            continue;
        size_t len = i - run_start;          /* defined run [run_start, i) */
        if (len > 0 && m != run_start) {
            memmove((char *)a + m * s->a_size, (char *)a + run_start * s->a_size, len * s->a_size);
            if (s->b_size)
                memmove((char *)b + m * s->b_size, (char *)b + run_start * s->b_size,
                        len * s->b_size);
        }
        for (size_t k = 0; k < len; k++)
            offsets[m + k] = (uint32_t)(run_start + k);
        m += len;
        if (i < n)
            (*undefined)++;
        run_start = i + 1;
    }
    return m;
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    const sct_sweep_space *s = &sh->space;
    size_t bsz = (size_t)sh->batch;
    /* unary: no second input (buf.b NULL, the loops ignore it) */
    void *a = w->buf.a, *b = w->buf.b;
    void *want = malloc(bsz * s->out_size);
    const void *got = NULL;
    uint32_t *offsets = sh->undef.any ? malloc(bsz * sizeof *offsets) : NULL;
    if (!want || (sh->undef.any && !offsets)) {
        w->alloc_failed = true;
    } else {
        for (;;) {
            uint64_t k = atomic_fetch_add(&sh->next_batch, 1u);
            if (k >= sh->n_batches)
                break;
            uint64_t p0 = sh->first + k * sh->batch;
            uint64_t end = sh->first + sh->count;
            size_t n = (size_t)(end - p0 < sh->batch ? end - p0 : sh->batch);
            sct_sweep_space_fill(s, p0, n, a, b);
            size_t m = offsets ? drop_undefined(sh, n, a, b, offsets,
                                                &w->tally.r.undefined)
                               : n;
            sct_exec_result res;
            if (m > 0) {
                sh->reference(a, b, want, m);
                if (sct_sweep_impl_run_buffers(sh->impl, &w->buf, s->a_type, s->b_type,
                                               s->out_type, m, &got, &res) != SCT_EXEC_OK) {
                    note_failure(&w->tally.r, p0, m, &res);
                } else {
                    /* Pairs the reference may misjudge: against MPFR. */
                    if (sh->arbitrate)
                        sct_sweep_arbitrate_pow(s->a_type, s->b_type, a, b, want, got, m,
                                                sh->opts.max_ulp + (uint64_t)SCT_SWEEP_POW_REF_ERR_ULP,
                                                &w->tally.r.arbitrated,
                                                &w->tally.r.reference_corrected);
                    sct_sweep_tally_batch(&w->tally, s, sh->op, &sh->opts, p0,
                                          offsets, m, a, b, want, got);
                }
            }
            atomic_fetch_add(&sh->pairs_done, n);
        }
    }
    free(want);
    free(offsets);
    if (sh->arbitrate)
        sct_sweep_arbiter_thread_done();
    atomic_fetch_add(&sh->threads_finished, 1u);
    pthread_mutex_lock(&sh->impl->lock); /* wake the serving thread */
    pthread_cond_broadcast(&sh->impl->posted);
    pthread_mutex_unlock(&sh->impl->lock);
    return NULL;
}

/* A sampled sweep's undefined pairs are spread over random indices: the
 * rule's own examples stand for them (a zero divisor under 1 and under
 * the extremes, INT_MIN / -1; Abs: INT_MIN), at most 4.  Returns how many. */
static size_t undefined_examples(const shared *sh, void *a, void *b)
{
    const sct_sweep_space *s = &sh->space;
    if (sh->undef.unary_min) {
        sct_sweep_elem_put(a, s->a_size, 0, sh->undef.int_min);
        return 1;
    }
    uint64_t all_ones = s->a_size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * s->a_size)) - 1u;
    const uint64_t pairs[4][2] = {{1, 0}, {all_ones, 0}, {sh->undef.int_min, 0},
                                  {sh->undef.int_min, sh->undef.minus_one}};
    size_t n = sh->undef.has_min_case ? 4 : 2;
    for (size_t i = 0; i < n; i++) {
        sct_sweep_elem_put(a, s->a_size, i, pairs[i][0]);
        sct_sweep_elem_put(b, s->b_size, i, pairs[i][1]);
    }
    return n;
}

/* Runs the shard's undefined pairs in one call (not compared): b == 0 in
 * every row, and INT_MIN / -1 (sampled: undefined_examples); records how
 * the call ended. */
static void run_undefined(shared *sh, sct_sweep_result *r)
{
    r->undefined_status = SCT_EXEC_OK;
    if (!sh->undef.any || r->undefined == 0)
        return;
    const sct_sweep_space *s = &sh->space;
    if (s->sampler != NULL) {
        uint64_t a[4], b[4], out[4]; /* elements of at most 8 bytes */
        sct_exec_result res;
        size_t n = undefined_examples(sh, a, b);
        r->undefined_status = sct_sweep_impl_run(sh->impl, s->a_type, s->b_type,
                                                 s->out_type, a, s->b_size ? b : NULL, out,
                                                 n, &res);
        snprintf(r->undefined_message, sizeof r->undefined_message, "%s", res.message);
        return;
    }
    uint64_t end = sh->first + sh->count;
    uint64_t row0 = sh->first >> s->b_bits, row1 = (end - 1) >> s->b_bits;
    size_t cap = (size_t)(row1 - row0 + 2), n = 0;
    if (sh->undef.unary_min) /* unary: the one input int_min (in this shard) */
        row0 = 1, row1 = 0, cap = 1;
    void *a = malloc(cap * s->a_size), *b = s->b_size ? malloc(cap * s->b_size) : NULL;
    void *out = malloc(cap * s->out_size);
    if (a && (b || !s->b_size) && out) {
        if (sh->undef.unary_min) {
            sct_sweep_space_fill(s, sh->undef.int_min, 1, a, b);
            n = 1;
        }
        for (uint64_t row = row0; row <= row1; row++) {
            uint64_t cand[2] = {row << s->b_bits, (row << s->b_bits) | sh->undef.minus_one};
            int k_max = sh->undef.has_min_case && row == sh->undef.int_min ? 2 : 1;
            for (int k = 0; k < k_max && n < cap; k++)
                if (cand[k] >= sh->first && cand[k] < end) {
                    sct_sweep_space_fill(s, cand[k], 1, (char *)a + n * s->a_size,
                                         (char *)b + n * s->b_size); /* binary: b set */
                    n++;
                }
        }
        sct_exec_result res;
        r->undefined_status = sct_sweep_impl_run(sh->impl, s->a_type, s->b_type,
                                                 s->out_type, a, b, out, n, &res);
        snprintf(r->undefined_message, sizeof r->undefined_message, "%s", res.message);
    } else {
        r->undefined_status = SCT_EXEC_HARNESS_ERROR;
        snprintf(r->undefined_message, sizeof r->undefined_message, "out of memory");
    }
    free(a);
    free(b);
    free(out);
}

static int by_first_pair(const void *x, const void *y)
{
    const sct_sweep_failure *f = x, *g = y;
    return (f->first_pair > g->first_pair) - (f->first_pair < g->first_pair);
}

static bool all_workers_done(void *user)
{
    const shared *sh = user;
    return atomic_load(&sh->threads_finished) >= sh->started;
}

static void report_progress(void *user)
{
    shared *sh = user;
    sh->spec->progress(sh->spec->progress_user, atomic_load(&sh->pairs_done),
                       sh->count);
}

/* The calling thread serves the backend calls of the workers (sweep_impl.h:
 * one long-lived thread makes every plugin call) and draws the progress
 * line, until every worker is done. */
static void wait_for_workers(shared *sh)
{
    bool backend = sh->impl->kind == SCT_SWEEP_IMPL_BACKEND;
    if (!backend && sh->spec->progress == NULL)
        return; /* pthread_join waits */
    sct_sweep_impl_serve(sh->impl, all_workers_done,
                         sh->spec->progress ? report_progress : NULL, sh, 200);
}

/* Exhaustive: 8/16-bit types; sampled: sweep_sample.h's types. */
static bool space_supported(const sct_sweep_spec *spec, char *err, size_t err_cap)
{
    if (spec->samples == 0)
        return sct_sweep_supported(spec->op_type, spec->a_type, spec->b_type,
                                   err, err_cap);
    return sct_sweep_sampled_supported(spec->op_type, spec->a_type, spec->b_type,
                                       err, err_cap);
}

static int setup(const sct_sweep_spec *spec, sct_sweep_impl *impl, shared *sh,
                 char *err, size_t err_cap)
{
    if (!space_supported(spec, err, err_cap))
        return -1;
    if (spec->shard_count == 0 || spec->shard_index >= spec->shard_count ||
        spec->threads == 0) {
        snprintf(err, err_cap, "bad shard %u/%u or thread count %u",
                 spec->shard_index, spec->shard_count, spec->threads);
        return -1;
    }
    memset(sh, 0, sizeof *sh);
    sh->spec = spec;
    sh->impl = impl;
    sh->reference = sct_kernel_contiguous(spec->op_type, spec->a_type, spec->b_type);
    sh->op = sct_op_id_of(spec->op_type);
    sh->undef = sct_sweep_undef_rule_of(sh->op, spec->a_type);
    sh->opts.max_ulp = spec->max_ulp;
    sh->opts.strict_nan = false;
    sh->arbitrate = sct_sweep_arbitrated(spec);
    sct_sweep_space *s = &sh->space;
    s->a_type = spec->a_type;
    s->b_type = spec->b_type;
    s->out_type = sct_kernel_output_type(spec->op_type, spec->a_type, spec->b_type);
    s->a_size = sct_dtype_elem_size(s->a_type);
    s->b_size = sct_dtype_elem_size(s->b_type);
    s->out_size = sct_dtype_elem_size(s->out_type);
    s->a_bits = (unsigned)(8 * s->a_size);
    s->b_bits = (unsigned)(8 * s->b_size); /* unary: 0 (b_type UNDEFINED) */
    if (spec->samples > 0) {
        if (sct_sample_gen_init(&sh->sampler, spec->op_type, spec->a_type,
                                spec->b_type, spec->seed) != 0) {
            snprintf(err, err_cap, "cannot sample %s", spec->op_type);
            return -1;
        }
        s->sampler = &sh->sampler;
        sct_sweep_shard_range_of(spec->samples, spec->shard_index,
                                 spec->shard_count, &sh->first, &sh->count);
        if (sh->count == 0) { /* never a PASS over nothing */
            snprintf(err, err_cap, "shard %u/%u of %llu samples holds no sample",
                     spec->shard_index + 1, spec->shard_count,
                     (unsigned long long)spec->samples);
            return -1;
        }
    } else {
        sct_sweep_shard_range(s->a_bits + s->b_bits, spec->shard_index,
                              spec->shard_count, &sh->first, &sh->count);
    }
    if (spec->limit_pairs && spec->limit_pairs < sh->count)
        sh->count = spec->limit_pairs;
    sh->batch = spec->batch_pairs ? spec->batch_pairs
                : impl->kind == SCT_SWEEP_IMPL_LOOP ? LOOP_BATCH_PAIRS
                                                    : BACKEND_BATCH_PAIRS;
    sh->n_batches = (sh->count + sh->batch - 1) / sh->batch;
    atomic_init(&sh->next_batch, 0u);
    atomic_init(&sh->pairs_done, 0u);
    atomic_init(&sh->threads_finished, 0u);
    return 0;
}

int sct_sweep_run(const sct_sweep_spec *spec, sct_sweep_impl *impl,
                  sct_sweep_result *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    shared sh;
    if (setup(spec, impl, &sh, err, err_cap) != 0)
        return -1;
    bool has_ulp = sct_dtype_by_code(sh.space.out_type)->kind == SCT_KIND_FLOAT;
    unsigned n = spec->threads;
    worker *w = calloc(n, sizeof *w);
    sct_sweep_tally total;
    if (w == NULL || sct_sweep_tally_init(&total, spec->keep_mismatches) != 0) {
        free(w);
        snprintf(err, err_cap, "out of memory");
        return -1;
    }
    total.r.has_ulp = has_ulp;
    double t0 = sct_monotonic_seconds();
    unsigned started = 0;
    /* Workers hand backend calls to this thread from now on. */
    pthread_mutex_lock(&impl->lock);
    impl->serving = impl->kind == SCT_SWEEP_IMPL_BACKEND;
    pthread_mutex_unlock(&impl->lock);
    for (; started < n; started++) {
        w[started].sh = &sh;
        if (sct_sweep_tally_init(&w[started].tally, spec->keep_mismatches) != 0)
            break;
        w[started].tally.r.has_ulp = has_ulp;
        char why[160];
        if (sct_sweep_impl_buffers_open(impl, (size_t)sh.batch, sh.space.a_size,
                                        sh.space.b_size, sh.space.out_size,
                                        &w[started].buf, why, sizeof why) != 0) {
            sct_sweep_tally_free(&w[started].tally);
            break;
        }
        if (pthread_create(&w[started].tid, NULL, work, &w[started]) != 0) {
            sct_sweep_impl_buffers_close(impl, &w[started].buf);
            sct_sweep_tally_free(&w[started].tally);
            break;
        }
    }
    sh.started = started;
    if (started > 0)
        wait_for_workers(&sh);
    pthread_mutex_lock(&impl->lock);
    impl->serving = false;
    pthread_mutex_unlock(&impl->lock);
    bool failed = started < n;
    for (unsigned i = 0; i < started; i++) {
        pthread_join(w[i].tid, NULL);
        failed = failed || w[i].alloc_failed;
        sct_sweep_impl_buffers_close(impl, &w[i].buf);
        sct_sweep_tally_merge(&total, &w[i].tally);
        sct_sweep_tally_free(&w[i].tally);
    }
    free(w);
    free(total.scratch);
    total.scratch = NULL;
    *out = total.r;
    if (failed) {
        sct_sweep_result_free(out);
        snprintf(err, err_cap, "cannot start %u sweep threads (memory or "
                 "thread limit)", n);
        return -1;
    }
    run_undefined(&sh, out);
    size_t kept = out->n_failures < SCT_SWEEP_MAX_FAILURES ? out->n_failures
                                                           : SCT_SWEEP_MAX_FAILURES;
    qsort(out->failures, kept, sizeof out->failures[0], by_first_pair);
    out->out_type = sh.space.out_type;
    out->first_pair = sh.first;
    out->n_pairs = sh.count;
    out->seconds = sct_monotonic_seconds() - t0;
    return 0;
}

void sct_sweep_result_free(sct_sweep_result *r)
{
    free(r->first_mismatches);
    r->first_mismatches = NULL;
    r->n_first_mismatches = 0;
}

bool sct_sweep_passed(const sct_sweep_result *r)
{
    return r->mismatches == 0 && r->not_run == 0 && r->n_failures == 0 &&
           r->compared + r->undefined == r->n_pairs &&
           r->exact + r->within_tolerance == r->compared;
}
