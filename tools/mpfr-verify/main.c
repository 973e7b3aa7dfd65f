/*
 * main.c — sct-mpfr-verify: checks the built-in kernels' float16/bfloat16
 * Div, Mul, Pow and Less against MPFR (mpfr_reference.h) for every pair of
 * a chosen set of rows.  A row is one first operand `a` with ALL 65536
 * second operands `b`; by default all 65536 rows (the whole 2^32 space).
 *
 *   sct-mpfr-verify --op Div --type float16 [--a-first N] [--a-count N]
 *                   [--a-step S] [--threads K] [--show N]
 *
 * Rows verified: a = a_first + k * a_step for k < a_count (bits modulo
 * 2^16).  Exit status: 0 when every pair agrees (Div, Mul, Less: the same
 * encoding, any NaN matching any NaN; Pow: the same — the kernels claim
 * correct rounding, the report also gives the max ULP distance), 1 when
 * some pair disagrees, 2 on usage or internal errors.  Not run in CI
 * (hours of CPU); see docs/sweeps.md for the recorded runs.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exact_format.h"
#include "kernels.h"
#include "mpfr_reference.h"

#define ROW 65536u
#define MAX_SHOW 1000u

typedef struct mismatch {
    uint16_t a, b, kernel, mpfr;
} mismatch;

typedef struct job {
    const sct_mpfrv_format *fmt;
    const char *op;
    sct_kernel_loop loop;
    uint32_t a_first, a_step, a_count;
    atomic_uint next_row;
    atomic_uint rows_done;
    pthread_mutex_t lock;           /* protects everything below */
    uint64_t pairs, disagreements, internal_errors;
    uint32_t max_ulp;               /* among non-NaN disagreements */
    mismatch max_ulp_at;
    uint64_t nan_disagreements;     /* one side NaN, the other not */
    unsigned n_show;
    mismatch shown[MAX_SHOW];
    uint32_t show_cap;
} job;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void *worker(void *arg)
{
    job *j = arg;
    sct_mpfrv_ref ref;
    if (sct_mpfrv_ref_init(&ref, j->fmt, j->op) != 0)
        return NULL;
    uint16_t *a = malloc(ROW * sizeof *a), *b = malloc(ROW * sizeof *b);
    uint16_t *got = malloc(ROW * sizeof *got); /* Less: bytes, see below */
    unsigned char *got_bool = (unsigned char *)got;
    bool is_less = strcmp(j->op, "Less") == 0;
    for (uint32_t i = 0; i < ROW; i++)
        b[i] = (uint16_t)i;
    for (;;) {
        uint32_t k = atomic_fetch_add(&j->next_row, 1u);
        if (k >= j->a_count)
            break;
        uint16_t av = (uint16_t)(j->a_first + k * j->a_step);
        for (uint32_t i = 0; i < ROW; i++)
            a[i] = av;
        j->loop(a, b, got, ROW);
        uint64_t bad = 0, nan_bad = 0, internal = 0;
        uint32_t row_max = 0;
        mismatch row_max_at = {0, 0, 0, 0};
        mismatch local[16];
        unsigned n_local = 0;
        for (uint32_t i = 0; i < ROW; i++) {
            uint16_t want;
            if (sct_mpfrv_ref_eval(&ref, av, (uint16_t)i, &want) != 0) {
                internal++;
                continue;
            }
            uint16_t have = is_less ? got_bool[i] : got[i];
            if (have == want)
                continue;
            uint32_t ulp = 0;
            if (!is_less) {
                bool hn = sct_mpfrv_is_nan(j->fmt, have);
                bool wn = sct_mpfrv_is_nan(j->fmt, want);
                if (hn && wn)
                    continue; /* any NaN matches any NaN */
                if (hn || wn)
                    nan_bad++;
                else
                    ulp = sct_mpfrv_ulp_distance(have, want);
            }
            bad++;
            if (ulp > row_max) {
                row_max = ulp;
                row_max_at = (mismatch){av, (uint16_t)i, have, want};
            }
            if (n_local < 16)
                local[n_local++] = (mismatch){av, (uint16_t)i, have, want};
        }
        pthread_mutex_lock(&j->lock);
        j->pairs += ROW;
        j->disagreements += bad;
        j->nan_disagreements += nan_bad;
        j->internal_errors += internal;
        if (row_max > j->max_ulp) {
            j->max_ulp = row_max;
            j->max_ulp_at = row_max_at;
        }
        for (unsigned m = 0; m < n_local && j->n_show < j->show_cap; m++)
            j->shown[j->n_show++] = local[m];
        pthread_mutex_unlock(&j->lock);
        atomic_fetch_add(&j->rows_done, 1u);
    }
    free(a);
    free(b);
    free(got);
    sct_mpfrv_ref_clear(&ref);
    return NULL;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: sct-mpfr-verify --op Div|Mul|Pow|Less --type float16|bfloat16\n"
            "       [--a-first N] [--a-count N] [--a-step S] [--threads K] [--show N]\n");
}

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*s == '\0' || *end != '\0' || v > UINT32_MAX)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static void print_pair(const job *j, const char *label, const mismatch *m)
{
    bool is_less = strcmp(j->op, "Less") == 0;
    printf("%s a=0x%04x (%.17g) b=0x%04x (%.17g) kernel=0x%04x mpfr=0x%04x",
           label, m->a, sct_mpfrv_decode(j->fmt, m->a), m->b,
           sct_mpfrv_decode(j->fmt, m->b), m->kernel, m->mpfr);
    if (!is_less)
        printf(" (kernel %.17g, mpfr %.17g)", sct_mpfrv_decode(j->fmt, m->kernel),
               sct_mpfrv_decode(j->fmt, m->mpfr));
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *op = NULL, *type = NULL;
    uint32_t a_first = 0, a_count = ROW, a_step = 1, threads = 1, show = 20;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!v) bad = 1;
        else if (!strcmp(argv[i], "--op")) op = v;
        else if (!strcmp(argv[i], "--type")) type = v;
        else if (!strcmp(argv[i], "--a-first")) bad = parse_u32(v, &a_first);
        else if (!strcmp(argv[i], "--a-count")) bad = parse_u32(v, &a_count);
        else if (!strcmp(argv[i], "--a-step")) bad = parse_u32(v, &a_step);
        else if (!strcmp(argv[i], "--threads")) bad = parse_u32(v, &threads);
        else if (!strcmp(argv[i], "--show")) bad = parse_u32(v, &show);
        else bad = 1;
        if (bad) {
            usage();
            return 2;
        }
        i++;
    }
    const sct_mpfrv_format *fmt = type ? sct_mpfrv_format_by_name(type) : NULL;
    if (!op || !fmt || threads == 0 || threads > 256 || a_step == 0 ||
        a_count > ROW || show > MAX_SHOW) {
        usage();
        return 2;
    }
    sct_mpfrv_ref probe;
    if (sct_mpfrv_ref_init(&probe, fmt, op) != 0) {
        fprintf(stderr, "sct-mpfr-verify: unknown op '%s'\n", op);
        return 2;
    }
    sct_mpfrv_ref_clear(&probe);
    sct_kernel_loop loop = sct_kernel_contiguous(op, fmt->code, fmt->code);
    if (!loop) {
        fprintf(stderr, "sct-mpfr-verify: the kernels have no %s %s loop\n",
                op, type);
        return 2;
    }
    static job j; /* large (shown[]); zero-initialised */
    j.fmt = fmt;
    j.op = op;
    j.loop = loop;
    j.a_first = a_first;
    j.a_step = a_step;
    j.a_count = a_count;
    j.show_cap = show;
    atomic_init(&j.next_row, 0u);
    atomic_init(&j.rows_done, 0u);
    pthread_mutex_init(&j.lock, NULL);

    printf("sct-mpfr-verify %s %s: MPFR %s, precision %d, emin %ld, emax %ld, "
           "RNDN + subnormalize; rows a = 0x%04x + k*%u, k < %u; all 65536 b "
           "per row; %u thread(s)\n",
           op, type, mpfr_get_version(), fmt->precision, fmt->mpfr_emin,
           fmt->mpfr_emax, a_first, a_step, a_count, threads);
    fflush(stdout);
    uint64_t t0 = now_ns();
    pthread_t tid[256];
    for (uint32_t t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, worker, &j) != 0) {
            fprintf(stderr, "sct-mpfr-verify: pthread_create failed\n");
            return 2;
        }
    /* Progress: one line per minute on stderr (runs last hours). */
    uint64_t last = t0;
    while (atomic_load(&j.rows_done) < a_count) {
        usleep(200000);
        uint64_t t = now_ns();
        if (t - last >= 60000000000ull) {
            last = t;
            unsigned done = atomic_load(&j.rows_done);
            double s = (double)(t - t0) / 1e9;
            fprintf(stderr, "  %u/%u rows, %.0f s, %.3g pairs/s, ETA %.0f s\n",
                    done, a_count, s, done * (double)ROW / s,
                    done ? s * (a_count - done) / done : 0.0);
        }
    }
    for (uint32_t t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    double secs = (double)(now_ns() - t0) / 1e9;

    printf("pairs checked: %" PRIu64 " in %.1f s (%.3g pairs/s)\n", j.pairs,
           secs, (double)j.pairs / secs);
    printf("disagreements: %" PRIu64 " (NaN vs number: %" PRIu64
           "), max ULP distance %u\n",
           j.disagreements, j.nan_disagreements, j.max_ulp);
    if (j.max_ulp > 0)
        print_pair(&j, "max ULP at:", &j.max_ulp_at);
    for (unsigned m = 0; m < j.n_show; m++)
        print_pair(&j, "disagreement:", &j.shown[m]);
    if (j.internal_errors)
        printf("INTERNAL ERRORS (tool defect): %" PRIu64 "\n", j.internal_errors);
    printf("verdict: %s\n", j.internal_errors ? "TOOL ERROR"
                            : j.disagreements ? "NOT correctly rounded"
                                              : "correctly rounded on every pair checked");
    pthread_mutex_destroy(&j.lock);
    return j.internal_errors ? 2 : j.disagreements ? 1 : 0;
}
