/*
 * sampled.c — sct-mpfr-sampled: the built-in kernels' float32/float64 Pow
 * (and Div, Mul, Less) against MPFR on the pairs of a SAMPLED sweep
 * (harness/sweep/sweep_sample.h): samples [first, first + N) of
 * seed S are the very pairs `sonnx-cts sweep --samples ... --seed S` runs.
 *
 *   sct-mpfr-sampled --op Pow|Div|Mul|Less --type float32|float64
 *                    [--exponent-type T] --samples N [--first F] [--seed S]
 *                    [--threads K] [--show N]
 *
 * MPFR (why the result is the correctly rounded one: mpfr_reference.c):
 * the operands are set exactly in MPFR's widest exponent range (a at p
 * bits, b at 64 bits, which holds every float32/float64/int32/int64
 * exponent), the result is rounded once to p bits, then, in the format's
 * exponent range, mpfr_check_range and mpfr_subnormalize emulate overflow
 * and the subnormals (binary32: p = 24,
 * MPFR emin -148, emax 128; binary64: p = 53, -1073, 1024; MPFR writes
 * x = 0.1f * 2^E).  mpfr_pow follows C99 F.9.4.4 like the kernels' pow.
 * Agreement: the same encoding, any NaN matching any NaN.
 * Exit status: 0 all agree, 1 some pair disagrees, 2 usage/tool error.
 */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpfr.h>

#include "sct/check/compare.h"
#include "sct/kernels/kernels.h"
#include "sct/numeric/dtype.h"
#include "sct/sweep/sweep_mpfr.h"
#include "sct/sweep/sweep_sample.h"

#define CHUNK 65536u
#define MAX_SHOW 100u

typedef struct job {
    sct_sample_gen gen;
    const char *op;
    int32_t a_type, b_type, out_type;
    sct_kernel_loop loop;
    uint64_t first, count, n_chunks;
    atomic_uint_fast64_t next_chunk, pairs, disagreements, nan_results;
    uint64_t max_ulp;            /* over the disagreements (lock) */
    pthread_mutex_t lock;
    unsigned n_show, show_cap;
    uint64_t shown[MAX_SHOW][4]; /* index, a, b, kernel result, (mpfr below) */
    uint64_t shown_mpfr[MAX_SHOW];
    int internal_error;
} job;

static uint64_t load(const void *p, size_t size, size_t i)
{
    switch (size) {
    case 1: return ((const uint8_t *)p)[i];
    case 4: return ((const uint32_t *)p)[i];
    default: return ((const uint64_t *)p)[i];
    }
}

/* Ordered-integer distance of two non-NaN encodings (+0 = -0). */
static uint64_t ulp_distance(int32_t type, uint64_t x, uint64_t y)
{
    unsigned w = type == SONNX_DT_FLOAT ? 32 : 64;
    uint64_t sign = UINT64_C(1) << (w - 1);
    int64_t ox = (x & sign) ? -(int64_t)(x & ~sign) : (int64_t)x;
    int64_t oy = (y & sign) ? -(int64_t)(y & ~sign) : (int64_t)y;
    return ox > oy ? (uint64_t)ox - (uint64_t)oy : (uint64_t)oy - (uint64_t)ox;
}

static bool is_nan(int32_t type, uint64_t bits)
{
    if (type == SONNX_DT_FLOAT)
        return (bits & 0x7fffffffu) > 0x7f800000u;
    return (bits & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000);
}

/* The MPFR result's encoding (exact: r holds a value of the format). */
static uint64_t mpfr_result(const job *jb, mpfr_t a, mpfr_t b, mpfr_t r)
{
    if (strcmp(jb->op, "Less") == 0)
        return mpfr_less_p(a, b) ? 1u : 0u;
    int inex;
    if (strcmp(jb->op, "Div") == 0) inex = mpfr_div(r, a, b, MPFR_RNDN);
    else if (strcmp(jb->op, "Mul") == 0) inex = mpfr_mul(r, a, b, MPFR_RNDN);
    else inex = mpfr_pow(r, a, b, MPFR_RNDN);
    /* Computed in MPFR's widest exponent range (a float64 exponent of a
     * float32 base lies outside binary32's range); now the format's range:
     * mpfr_check_range rounds an out-of-range r to inf or 0 by the ternary
     * value, mpfr_subnormalize re-rounds to the subnormal grid. */
    return sct_sweep_mpfr_to_format(jb->out_type, r, inex);
}

static void *work(void *arg)
{
    job *jb = arg;
    const sct_sample_gen *g = &jb->gen;
    bool f32 = jb->a_type == SONNX_DT_FLOAT;
    /* Per thread (TLS build): operands are set in the widest range. */
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_t a, b, r;
    mpfr_init2(a, f32 ? 24 : 53);
    mpfr_init2(b, 64);
    mpfr_init2(r, f32 ? 24 : 53);
    size_t osz = sct_dtype_elem_size(jb->out_type);
    void *x = malloc(CHUNK * g->a.size), *y = malloc(CHUNK * g->b.size);
    void *z = malloc(CHUNK * osz);
    if (!x || !y || !z) {
        jb->internal_error = 1;
        goto out;
    }
    for (;;) {
        uint64_t k = atomic_fetch_add(&jb->next_chunk, 1u);
        if (k >= jb->n_chunks)
            break;
        uint64_t i0 = jb->first + k * CHUNK;
        uint64_t left = jb->first + jb->count - i0;
        size_t n = left < CHUNK ? (size_t)left : CHUNK;
        sct_sample_fill(g, i0, n, x, y);
        jb->loop(x, y, z, n);
        uint64_t bad = 0, nans = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t av = load(x, g->a.size, i), bv = load(y, g->b.size, i);
            uint64_t kv = load(z, osz, i);
            sct_sweep_mpfr_set(a, jb->a_type, av);
            sct_sweep_mpfr_set(b, jb->b_type, bv);
            uint64_t mv = mpfr_result(jb, a, b, r);
            bool agree = kv == mv;
            if (!agree && osz > 1 && is_nan(jb->out_type, kv) && is_nan(jb->out_type, mv))
                agree = true;
            nans += osz > 1 && is_nan(jb->out_type, mv);
            if (agree)
                continue;
            bad++;
            pthread_mutex_lock(&jb->lock);
            if (osz > 1) {
                uint64_t d = is_nan(jb->out_type, kv) || is_nan(jb->out_type, mv)
                             ? UINT64_MAX : ulp_distance(jb->out_type, kv, mv);
                jb->max_ulp = d > jb->max_ulp ? d : jb->max_ulp;
            }
            if (jb->n_show < jb->show_cap) {
                uint64_t *s = jb->shown[jb->n_show];
                s[0] = i0 + i, s[1] = av, s[2] = bv, s[3] = kv;
                jb->shown_mpfr[jb->n_show++] = mv;
            }
            pthread_mutex_unlock(&jb->lock);
        }
        atomic_fetch_add(&jb->pairs, n);
        atomic_fetch_add(&jb->disagreements, bad);
        atomic_fetch_add(&jb->nan_results, nans);
    }
out:
    free(x);
    free(y);
    free(z);
    mpfr_clear(a);
    mpfr_clear(b);
    mpfr_clear(r);
    mpfr_free_cache();
    return NULL;
}

static int usage(void)
{
    fprintf(stderr, "usage: sct-mpfr-sampled --op Pow|Div|Mul|Less --type float32|float64\n"
                    "                        [--exponent-type T] --samples N [--first F]\n"
                    "                        [--seed S] [--threads K] [--show N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *op = NULL, *type = NULL, *exp_type = NULL;
    uint64_t samples = 0, first = 0, seed = 0, threads = 2, show = 20;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        char *end = NULL;
        uint64_t x = strtoull(v, &end, 0);
        bool num = *v != '\0' && *v != '-' && *end == '\0';
        if (strcmp(o, "--op") == 0) op = v;
        else if (strcmp(o, "--type") == 0) type = v;
        else if (strcmp(o, "--exponent-type") == 0) exp_type = v;
        else if (num && strcmp(o, "--samples") == 0) samples = x;
        else if (num && strcmp(o, "--first") == 0) first = x;
        else if (num && strcmp(o, "--seed") == 0) seed = x;
        else if (num && strcmp(o, "--threads") == 0 && x >= 1 && x <= 64) threads = x;
        else if (num && strcmp(o, "--show") == 0 && x <= MAX_SHOW) show = x;
        else return usage();
    }
    if (argc % 2 == 0 || !op || !type || samples == 0 || first + samples < first)
        return usage();
    const sct_dtype_info *ta = sct_dtype_by_name(type);
    const sct_dtype_info *tb = sct_dtype_by_name(exp_type ? exp_type : type);
    static job jb;
    if (!ta || !tb || sct_sample_gen_init(&jb.gen, op, ta->code, tb->code, seed) != 0) {
        fprintf(stderr, "sct-mpfr-sampled: cannot sample %s %s x %s\n", op, type,
                exp_type ? exp_type : type);
        return 2;
    }
    jb.op = op;
    jb.a_type = ta->code;
    jb.b_type = tb->code;
    jb.out_type = sct_kernel_output_type(op, ta->code, tb->code);
    jb.loop = sct_kernel_contiguous(op, ta->code, tb->code);
    if (jb.loop == NULL) {
        fprintf(stderr, "sct-mpfr-sampled: no kernel loop\n");
        return 2;
    }
    jb.first = first;
    jb.count = samples;
    jb.n_chunks = (samples + CHUNK - 1) / CHUNK;
    jb.show_cap = (unsigned)show;
    pthread_mutex_init(&jb.lock, NULL);
    printf("sct-mpfr-sampled: %s %s x %s, seed %" PRIu64 ", samples %" PRIu64
           "..%" PRIu64 " (%" PRIu64 "), generator v%d, %" PRIu64 " threads, MPFR %s\n",
           op, ta->name, tb->name, seed, first, first + samples - 1, samples,
           SCT_SAMPLE_GEN_VERSION, threads, mpfr_get_version());
    fflush(stdout);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_t tid[64];
    unsigned started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, work, &jb) != 0)
            break;
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    uint64_t pairs = atomic_load(&jb.pairs), bad = atomic_load(&jb.disagreements);
    for (unsigned i = 0; i < jb.n_show; i++)
        printf("disagreement: sample %" PRIu64 " a=0x%" PRIx64 " b=0x%" PRIx64
               " kernel=0x%" PRIx64 " mpfr=0x%" PRIx64 "\n", jb.shown[i][0],
               jb.shown[i][1], jb.shown[i][2], jb.shown[i][3], jb.shown_mpfr[i]);
    printf("pairs %" PRIu64 ", disagreements %" PRIu64 ", NaN results %" PRIu64
           ", %.1f s\n", pairs, bad, (uint64_t)atomic_load(&jb.nan_results), s);
    if (bad && jb.max_ulp == UINT64_MAX)
        printf("max ULP of the disagreements: n/a (NaN against a number)\n");
    else if (bad)
        printf("max ULP of the disagreements: %" PRIu64 "\n", jb.max_ulp);
    if (started == 0 || jb.internal_error || pairs != samples) {
        printf("verdict: TOOL ERROR\n");
        return 2;
    }
    printf("verdict: %s\n", bad ? "DISAGREE" : "AGREE (correctly rounded on every sample)");
    return bad ? 1 : 0;
}
