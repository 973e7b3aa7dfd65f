/*
 * case_codec.c — case record <-> bytes (case_codec.h).
 */
#include "case_codec.h"

#include <stdlib.h>
#include <string.h>

#define STR_NULL UINT32_C(0xffffffff)

void sct_byte_buf_free(sct_byte_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

void sct_byte_buf_put(sct_byte_buf *b, const void *src, size_t n)
{
    if (b->oom)
        return;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) {
                b->oom = 1;
                return;
            }
            cap *= 2;
        }
        unsigned char *d = realloc(b->data, cap);
        if (d == NULL) {
            b->oom = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    if (n > 0)
        memcpy(b->data + b->len, src, n);
    b->len += n;
}

static void put_u64(sct_byte_buf *b, uint64_t v)
{
    unsigned char x[8];
    for (int i = 0; i < 8; i++)
        x[i] = (unsigned char)(v >> (8 * i));
    sct_byte_buf_put(b, x, 8);
}

static void put_u32(sct_byte_buf *b, uint32_t v)
{
    unsigned char x[4];
    for (int i = 0; i < 4; i++)
        x[i] = (unsigned char)(v >> (8 * i));
    sct_byte_buf_put(b, x, 4);
}

static void put_i32(sct_byte_buf *b, int32_t v) { put_u32(b, (uint32_t)v); }
static void put_i64(sct_byte_buf *b, int64_t v) { put_u64(b, (uint64_t)v); }
static void put_u8(sct_byte_buf *b, unsigned v) { unsigned char x = (unsigned char)v; sct_byte_buf_put(b, &x, 1); }

static void put_f64(sct_byte_buf *b, double d)
{
    uint64_t v;
    memcpy(&v, &d, sizeof v);
    put_u64(b, v);
}

static void put_str(sct_byte_buf *b, const char *s)
{
    if (s == NULL) {
        put_u32(b, STR_NULL);
        return;
    }
    size_t n = strlen(s);
    if (n >= STR_NULL) {
        b->oom = 1;
        return;
    }
    put_u32(b, (uint32_t)n);
    sct_byte_buf_put(b, s, n);
}

static void put_strv(sct_byte_buf *b, char *const *v, size_t n)
{
    if (n >= STR_NULL) {
        b->oom = 1;
        return;
    }
    put_u32(b, (uint32_t)n);
    for (size_t i = 0; i < n; i++)
        put_str(b, v != NULL ? v[i] : NULL);
}

/* Dims beyond SONNX_MAX_RANK cannot exist in the record; a rank outside
 * 0..8 (not produced by the harness) keeps its value, its dims are cut. */
static int32_t dims_kept(int32_t rank)
{
    return rank < 0 ? 0 : rank > SONNX_MAX_RANK ? SONNX_MAX_RANK : rank;
}

static void put_shape(sct_byte_buf *b, const sct_tensor_shape *t)
{
    put_i32(b, t->elem_type);
    put_i32(b, t->rank);
    for (int32_t d = 0; d < dims_kept(t->rank); d++)
        put_i64(b, t->dims[d]);
}

static void put_sample(sct_byte_buf *b, const sct_sample *s)
{
    put_u64(b, s->index);
    put_i32(b, s->rank);
    for (int32_t d = 0; d < dims_kept(s->rank); d++)
        put_i64(b, s->coords[d]);
    put_u64(b, s->n_inputs);
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        put_i32(b, s->in_types[k]);
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        put_u64(b, s->in_bits[k]);
    put_i32(b, s->out_type);
    put_u64(b, s->expected_bits);
    put_u64(b, s->actual_bits);
    put_u64(b, s->ulp);
    put_i32(b, (int32_t)s->deviation);
    put_u8(b, s->worst ? 1u : 0u);
}

int sct_case_encode(sct_byte_buf *b, const sct_case_result *c)
{
    put_str(b, c->id);
    put_str(b, c->op_type);
    put_i32(b, c->opset);
    put_u64(b, c->n_inputs);
    put_u32(b, SCT_CHECK_MAX_INPUTS);
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        put_shape(b, &c->inputs[k]);
    put_shape(b, &c->output);
    put_strv(b, c->tags, c->n_tags);
    put_strv(b, c->requirements, c->n_requirements);
    put_strv(b, c->satisfies, c->n_satisfies);
    put_str(b, c->attributes);
    put_str(b, c->expectation);
    put_u32(b, c->tolerance_ulp);
    put_i32(b, (int32_t)c->verdict);
    put_str(b, c->exec_status);
    put_i32(b, c->signal_number);
    put_i32(b, c->exit_code);
    put_str(b, c->message);
    put_u8(b, c->compared ? 1u : 0u);
    put_u64(b, c->stats.elements);
    put_u64(b, c->stats.mismatches);
    put_u64(b, c->stats.max_ulp);
    put_u64(b, c->stats.unmeasurable);
    put_u32(b, SCT_DEV_COUNT);
    for (size_t d = 0; d < SCT_DEV_COUNT; d++)
        put_u64(b, c->stats.deviation_counts[d]);
    put_u32(b, SCT_ULP_HIST_BINS);
    for (size_t i = 0; i < SCT_ULP_HIST_BINS; i++)
        put_u64(b, c->ulp_hist[i]);
    put_u64(b, c->n_samples);
    for (size_t i = 0; i < c->n_samples; i++)
        put_sample(b, &c->samples[i]);
    put_f64(b, c->seconds);
    put_u8(b, c->has_claim_bound ? 1u : 0u);
    put_u32(b, c->claim_bound_ulp);
    put_u64(b, c->claim_violations);
    put_u8(b, c->has_claim_worst ? 1u : 0u);
    if (c->has_claim_worst)
        put_sample(b, &c->claim_worst);
    return b->oom;
}

/* Bounded reader: any read past the end marks the record bad. */
typedef struct rd {
    const unsigned char *p;
    size_t n, pos;
    int bad;   /* 1: malformed, 2: out of memory */
} rd;

static const unsigned char *take(rd *r, size_t n)
{
    if (r->bad || n > r->n - r->pos) {
        if (!r->bad)
            r->bad = 1;
        return NULL;
    }
    const unsigned char *q = r->p + r->pos;
    r->pos += n;
    return q;
}

static uint64_t get_u64(rd *r)
{
    const unsigned char *q = take(r, 8);
    uint64_t v = 0;
    for (int i = 0; q != NULL && i < 8; i++)
        v |= (uint64_t)q[i] << (8 * i);
    return v;
}

static uint32_t get_u32(rd *r)
{
    const unsigned char *q = take(r, 4);
    uint32_t v = 0;
    for (int i = 0; q != NULL && i < 4; i++)
        v |= (uint32_t)q[i] << (8 * i);
    return v;
}

static int32_t get_i32(rd *r) { return (int32_t)get_u32(r); }
static int64_t get_i64(rd *r) { return (int64_t)get_u64(r); }

static unsigned get_u8(rd *r)
{
    const unsigned char *q = take(r, 1);
    return q ? *q : 0u;
}

static double get_f64(rd *r)
{
    uint64_t v = get_u64(r);
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
}

static char *get_str(rd *r)
{
    uint32_t n = get_u32(r);
    if (r->bad || n == STR_NULL)
        return NULL;
    const unsigned char *q = take(r, n);
    if (q == NULL)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s == NULL) {
        r->bad = 2;
        return NULL;
    }
    memcpy(s, q, n);
    s[n] = '\0';
    return s;
}

static char **get_strv(rd *r, size_t *n_out)
{
    *n_out = 0;
    uint32_t n = get_u32(r);
    /* Every string takes at least 4 bytes: a count beyond what is left is
     * damage, not a reason to allocate gigabytes. */
    if (r->bad || n == 0)
        return NULL;
    if ((uint64_t)n * 4 > r->n - r->pos) {
        r->bad = 1;
        return NULL;
    }
    char **v = calloc(n, sizeof *v);
    if (v == NULL) {
        r->bad = 2;
        return NULL;
    }
    *n_out = n;
    for (uint32_t i = 0; i < n && !r->bad; i++)
        v[i] = get_str(r);
    return v;
}

static void get_shape(rd *r, sct_tensor_shape *t)
{
    t->elem_type = get_i32(r);
    t->rank = get_i32(r);
    for (int32_t d = 0; d < dims_kept(t->rank); d++)
        t->dims[d] = get_i64(r);
}

static void get_sample(rd *r, sct_sample *s)
{
    s->index = get_u64(r);
    s->rank = get_i32(r);
    for (int32_t d = 0; d < dims_kept(s->rank); d++)
        s->coords[d] = get_i64(r);
    s->n_inputs = (size_t)get_u64(r);
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        s->in_types[k] = get_i32(r);
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        s->in_bits[k] = get_u64(r);
    s->out_type = get_i32(r);
    s->expected_bits = get_u64(r);
    s->actual_bits = get_u64(r);
    s->ulp = get_u64(r);
    s->deviation = (sct_deviation)get_i32(r);
    s->worst = get_u8(r) != 0;
}

int sct_case_decode(const unsigned char *p, size_t n, sct_case_result *c)
{
    memset(c, 0, sizeof *c);
    rd r = {p, n, 0, 0};
    c->id = get_str(&r);
    c->op_type = get_str(&r);
    c->opset = get_i32(&r);
    c->n_inputs = (size_t)get_u64(&r);
    if (get_u32(&r) != SCT_CHECK_MAX_INPUTS || c->n_inputs > SCT_CHECK_MAX_INPUTS)
        r.bad = r.bad ? r.bad : 1;
    for (int k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        get_shape(&r, &c->inputs[k]);
    get_shape(&r, &c->output);
    c->tags = get_strv(&r, &c->n_tags);
    c->requirements = get_strv(&r, &c->n_requirements);
    c->satisfies = get_strv(&r, &c->n_satisfies);
    c->attributes = get_str(&r);
    c->expectation = get_str(&r);
    c->tolerance_ulp = get_u32(&r);
    c->verdict = (sct_verdict)get_i32(&r);
    c->exec_status = get_str(&r);
    c->signal_number = get_i32(&r);
    c->exit_code = get_i32(&r);
    c->message = get_str(&r);
    c->compared = get_u8(&r) != 0;
    c->stats.elements = get_u64(&r);
    c->stats.mismatches = get_u64(&r);
    c->stats.max_ulp = get_u64(&r);
    c->stats.unmeasurable = get_u64(&r);
    if (get_u32(&r) != SCT_DEV_COUNT && !r.bad)
        r.bad = 1;
    for (size_t d = 0; d < SCT_DEV_COUNT; d++)
        c->stats.deviation_counts[d] = get_u64(&r);
    if (get_u32(&r) != SCT_ULP_HIST_BINS && !r.bad)
        r.bad = 1;
    for (size_t i = 0; i < SCT_ULP_HIST_BINS; i++)
        c->ulp_hist[i] = get_u64(&r);
    uint64_t ns = get_u64(&r);
    /* A sample takes at least 89 bytes (rank 0). */
    if (!r.bad && ns > (r.n - r.pos) / 89)
        r.bad = 1;
    if (!r.bad && ns > 0) {
        c->samples = calloc((size_t)ns, sizeof *c->samples);
        if (c->samples == NULL)
            r.bad = 2;
        for (uint64_t i = 0; i < ns && !r.bad; i++)
            get_sample(&r, &c->samples[c->n_samples++]);
    }
    c->seconds = get_f64(&r);
    c->has_claim_bound = get_u8(&r) != 0;
    c->claim_bound_ulp = get_u32(&r);
    c->claim_violations = get_u64(&r);
    c->has_claim_worst = get_u8(&r) != 0;
    if (c->has_claim_worst && !r.bad)
        get_sample(&r, &c->claim_worst);
    if (!r.bad && r.pos != r.n)
        r.bad = 1;
    if (r.bad)
        sct_case_result_free(c);
    return r.bad;
}

int sct_case_result_copy(sct_case_result *dst, const sct_case_result *src)
{
    /* Through the spool's codec: one definition of "every field". */
    sct_byte_buf b = {0};
    int rc = sct_case_encode(&b, src);
    if (rc == 0)
        rc = sct_case_decode(b.data, b.len, dst) != 0;
    else
        memset(dst, 0, sizeof *dst);
    sct_byte_buf_free(&b);
    return rc;
}
