/*
 * main.c — sct-mpfr-verify: checks the built-in kernels' float16/bfloat16
 * Div, Mul, Pow and Less against MPFR (mpfr_reference.h) for every pair of
 * a chosen set of rows; by default the whole 2^32-pair space.
 *
 *   sct-mpfr-verify --op Div|Mul|Pow|Less --type float16|bfloat16
 *                   [--a-first N] [--a-count N] [--a-step S] [--direct]
 *                   [--threads K] [--show N]
 *
 * Units of work ("rows"):
 * - Pow, Less, and Div/Mul with --direct: one first operand a (its 16 bits)
 *   with ALL 65536 second operands b; rows a = a_first + k*a_step (mod
 *   2^16), k < a_count (default 65536).  Every pair gets its own MPFR call
 *   (Less: the IEEE predicate, mpfr_reference.h).
 * - Div/Mul without --direct: one magnitude m = a_first + k*a_step
 *   (k < a_count, default 32768: all magnitudes 0..0x7fff) covering the
 *   FOUR rows a = +m and a = -m, with all 65536 b: MPFR computes
 *   op(|a|, |b|) once per magnitude pair and the other three sign
 *   combinations are derived exactly: under roundTiesToEven the rounding is
 *   symmetric (IEEE754-2019 §4.3.1: the rounded value depends only on the
 *   magnitude; the overflow and subnormal thresholds are symmetric), and the
 *   sign of a product or quotient, zeros and infinities included, is the
 *   XOR of the operand signs (§6.3), so rnd(op(±a, ±b)) = ±rnd(op(|a|,|b|)).
 *   A NaN result (0*inf, 0/0, inf/inf, NaN operands) is NaN for every sign.
 *   The kernel output of every pair is still compared.  (--direct runs on
 *   a subset cross-check this reduction; docs/sweeps.md.)
 *
 * Agreement: the same encoding, any NaN matching any NaN.  Exit status: 0
 * all agree, 1 some pair disagrees, 2 usage or internal (tool) error.
 * Not run in CI (CPU hours); see docs/sweeps.md for the recorded runs.
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
#include "sct/kernels/kernels.h"
#include "mpfr_reference.h"

#define ROW 65536u
#define MAX_SHOW 1000u

typedef struct mismatch {
    uint16_t a, b, kernel, mpfr;
} mismatch;

/* Counts of one row (or of the whole run). */
typedef struct tally {
    uint64_t pairs, disagreements, nan_disagreements, internal_errors;
    uint32_t max_ulp;
    mismatch max_ulp_at;
    unsigned n_show;
    mismatch shown[16];
} tally;

typedef struct job {
    const sct_mpfrv_format *fmt;
    const char *op;
    bool is_less, symmetric;
    sct_kernel_loop loop;
    uint32_t a_first, a_step, a_count;
    atomic_uint next_row;
    atomic_uint rows_done;
    pthread_mutex_t lock;           /* protects the fields below */
    tally total;
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

/* Compares one kernel result with the reference and records it. */
static void judge(const job *j, tally *t, uint16_t a, uint16_t b, uint16_t have,
                  uint16_t want)
{
    t->pairs++;
    if (have == want)
        return;
    uint32_t ulp = 0;
    if (!j->is_less) {
        bool hn = sct_mpfrv_is_nan(j->fmt, have), wn = sct_mpfrv_is_nan(j->fmt, want);
        if (hn && wn)
            return; /* any NaN matches any NaN */
        if (hn || wn)
            t->nan_disagreements++;
        else
            ulp = sct_mpfrv_ulp_distance(have, want);
    }
    t->disagreements++;
    mismatch m = {a, b, have, want};
    if (ulp > t->max_ulp) {
        t->max_ulp = ulp;
        t->max_ulp_at = m;
    }
    if (t->n_show < 16)
        t->shown[t->n_show++] = m;
}

static void fill_row(uint16_t *a, uint16_t av)
{
    for (uint32_t i = 0; i < ROW; i++)
        a[i] = av;
}

/* Result i of a kernel row (Less: one byte per element). */
static uint16_t result_at(const job *j, const uint16_t *got, uint32_t i)
{
    return j->is_less ? ((const unsigned char *)got)[i] : got[i];
}

static void row_direct(job *j, sct_mpfrv_ref *ref, uint16_t av, uint16_t *a,
                       const uint16_t *b, uint16_t *got, tally *t)
{
    fill_row(a, av);
    j->loop(a, b, got, ROW);
    bool a_ok = sct_mpfrv_ref_set_a(ref, av) == 0;
    for (uint32_t i = 0; i < ROW; i++) {
        uint16_t want;
        if (j->is_less) {
            want = (uint16_t)sct_mpfrv_less(j->fmt, av, (uint16_t)i);
        } else if (!a_ok || sct_mpfrv_ref_eval_b(ref, (uint16_t)i, &want) != 0) {
            t->internal_errors++;
            continue;
        }
        judge(j, t, av, (uint16_t)i, result_at(j, got, i), want);
    }
}

static void rows_symmetric(job *j, sct_mpfrv_ref *ref, uint16_t m, uint16_t *a,
                           const uint16_t *b, uint16_t *got_pos,
                           uint16_t *got_neg, tally *t)
{
    fill_row(a, m);
    j->loop(a, b, got_pos, ROW);
    fill_row(a, (uint16_t)(m | 0x8000u));
    j->loop(a, b, got_neg, ROW);
    bool a_ok = sct_mpfrv_ref_set_a(ref, m) == 0;
    for (uint32_t bm = 0; bm < 0x8000u; bm++) {
        uint16_t r;
        if (!a_ok || sct_mpfrv_ref_eval_b(ref, (uint16_t)bm, &r) != 0) {
            t->internal_errors += 4;
            continue;
        }
        bool nan = sct_mpfrv_is_nan(j->fmt, r);
        for (unsigned sa = 0; sa < 2; sa++)
            for (unsigned sb = 0; sb < 2; sb++) {
                uint16_t av = (uint16_t)(m | (sa << 15));
                uint16_t bv = (uint16_t)(bm | (sb << 15));
                uint16_t want = nan ? r : (uint16_t)(r ^ ((sa ^ sb) << 15));
                const uint16_t *got = sa ? got_neg : got_pos;
                judge(j, t, av, bv, got[bv], want);
            }
    }
}

static void merge(job *j, const tally *t)
{
    pthread_mutex_lock(&j->lock);
    j->total.pairs += t->pairs;
    j->total.disagreements += t->disagreements;
    j->total.nan_disagreements += t->nan_disagreements;
    j->total.internal_errors += t->internal_errors;
    if (t->max_ulp > j->total.max_ulp) {
        j->total.max_ulp = t->max_ulp;
        j->total.max_ulp_at = t->max_ulp_at;
    }
    for (unsigned m = 0; m < t->n_show && j->n_show < j->show_cap; m++)
        j->shown[j->n_show++] = t->shown[m];
    pthread_mutex_unlock(&j->lock);
}

static void *worker(void *arg)
{
    job *j = arg;
    sct_mpfrv_ref ref;
    if (sct_mpfrv_ref_init(&ref, j->fmt, j->op) != 0)
        return NULL;
    uint16_t *a = malloc(ROW * sizeof *a), *b = malloc(ROW * sizeof *b);
    uint16_t *g1 = malloc(ROW * sizeof *g1), *g2 = malloc(ROW * sizeof *g2);
    if (a && b && g1 && g2) {
        for (uint32_t i = 0; i < ROW; i++)
            b[i] = (uint16_t)i;
        for (;;) {
            uint32_t k = atomic_fetch_add(&j->next_row, 1u);
            if (k >= j->a_count)
                break;
            uint16_t av = (uint16_t)(j->a_first + k * j->a_step);
            tally t;
            memset(&t, 0, sizeof t);
            if (j->symmetric)
                rows_symmetric(j, &ref, (uint16_t)(av & 0x7fffu), a, b, g1, g2, &t);
            else
                row_direct(j, &ref, av, a, b, g1, &t);
            merge(j, &t);
            atomic_fetch_add(&j->rows_done, 1u);
        }
    }
    free(a);
    free(b);
    free(g1);
    free(g2);
    sct_mpfrv_ref_clear(&ref);
    return NULL;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: sct-mpfr-verify --op Div|Mul|Pow|Less --type float16|bfloat16\n"
            "       [--a-first N] [--a-count N] [--a-step S] [--direct] [--threads K]\n"
            "       [--show N]\n");
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
    printf("%s a=0x%04x (%.17g) b=0x%04x (%.17g) kernel=0x%04x mpfr=0x%04x",
           label, m->a, sct_mpfrv_decode(j->fmt, m->a), m->b,
           sct_mpfrv_decode(j->fmt, m->b), m->kernel, m->mpfr);
    if (!j->is_less)
        printf(" (kernel %.17g, mpfr %.17g)", sct_mpfrv_decode(j->fmt, m->kernel),
               sct_mpfrv_decode(j->fmt, m->mpfr));
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *op = NULL, *type = NULL;
    uint32_t a_first = 0, a_count = 0, a_step = 1, threads = 1, show = 20;
    bool direct = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--direct")) {
            direct = true;
            continue;
        }
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
        show > MAX_SHOW) {
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
        fprintf(stderr, "sct-mpfr-verify: the kernels have no %s %s loop\n", op, type);
        return 2;
    }
    static job j; /* large (shown[]); zero-initialised */
    j.fmt = fmt;
    j.op = op;
    j.is_less = strcmp(op, "Less") == 0;
    j.symmetric = !direct && (strcmp(op, "Div") == 0 || strcmp(op, "Mul") == 0);
    uint32_t units = j.symmetric ? 0x8000u : ROW;
    if (a_count == 0)
        a_count = units;
    if (a_count > units) {
        usage();
        return 2;
    }
    j.loop = loop;
    j.a_first = a_first;
    j.a_step = a_step;
    j.a_count = a_count;
    j.show_cap = show;
    atomic_init(&j.next_row, 0u);
    atomic_init(&j.rows_done, 0u);
    pthread_mutex_init(&j.lock, NULL);

    printf("sct-mpfr-verify %s %s: MPFR %s, precision %d, emin %ld, emax %ld, "
           "RNDN + subnormalize; %s = 0x%04x + k*%u, k < %u; all 65536 b each; "
           "%s; %u thread(s)\n",
           op, type, mpfr_get_version(), fmt->precision, fmt->mpfr_emin,
           fmt->mpfr_emax, j.symmetric ? "magnitudes |a|" : "rows a", a_first,
           a_step, a_count,
           j.is_less ? "Less: IEEE compareQuietLess (isless) on exact values"
           : j.symmetric ? "one MPFR call per (|a|,|b|), signs derived (IEEE 754 §4.3.1, §6.3)"
                         : "one MPFR call per pair",
           threads);
    fflush(stdout);
    uint64_t t0 = now_ns();
    pthread_t tid[256];
    for (uint32_t t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, worker, &j) != 0) {
            fprintf(stderr, "sct-mpfr-verify: pthread_create failed\n");
            return 2;
        }
    /* Progress: one line per minute on stderr (runs last long). */
    uint64_t last = t0;
    while (atomic_load(&j.rows_done) < a_count) {
        usleep(200000);
        uint64_t t = now_ns();
        if (t - last >= 60000000000ull) {
            last = t;
            unsigned done = atomic_load(&j.rows_done);
            double s = (double)(t - t0) / 1e9;
            fprintf(stderr, "  %u/%u units, %.0f s, ETA %.0f s\n", done, a_count, s,
                    done ? s * (a_count - done) / done : 0.0);
        }
    }
    for (uint32_t t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    double secs = (double)(now_ns() - t0) / 1e9;

    const tally *r = &j.total;
    printf("pairs checked: %" PRIu64 " in %.1f s (%.3g pairs/s)\n", r->pairs, secs,
           (double)r->pairs / secs);
    printf("disagreements: %" PRIu64 " (NaN vs number: %" PRIu64
           "), max ULP distance %u\n",
           r->disagreements, r->nan_disagreements, r->max_ulp);
    if (r->max_ulp > 0)
        print_pair(&j, "max ULP at:", &r->max_ulp_at);
    for (unsigned m = 0; m < j.n_show; m++)
        print_pair(&j, "disagreement:", &j.shown[m]);
    if (r->internal_errors)
        printf("INTERNAL ERRORS (tool defect): %" PRIu64 "\n", r->internal_errors);
    printf("verdict: %s\n", r->internal_errors ? "TOOL ERROR"
                            : r->disagreements ? "DISAGREEMENTS (kernels not correctly rounded / wrong)"
                                               : "kernels agree on every pair checked");
    pthread_mutex_destroy(&j.lock);
    return r->internal_errors ? 2 : r->disagreements ? 1 : 0;
}
