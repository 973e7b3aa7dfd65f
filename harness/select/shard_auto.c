/*
 * shard_auto.c — `--shard auto` (rules in shard_auto.h, docs/cluster.md).
 * One small reader per engine; detect() runs them all and requires the
 * ones present to agree.
 */
#include "sct/select/shard_auto.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sct_env_getenv(void *user, const char *name)
{
    (void)user;
    return getenv(name);
}

#define ENV_LIMIT 1000000000u /* task ids and counts: far below 2^32 */

typedef struct env_ctx {
    sct_env_lookup get;
    void *user;
    char *err;
    size_t err_cap;
} env_ctx;

typedef enum found { ABSENT, FOUND, BAD } found;

/* Reads `name` as a plain decimal number (digits only, <= ENV_LIMIT).
 * ABSENT when unset and !required; BAD (err set) when unset and required or
 * not a number. */
static found read_num(env_ctx *c, const char *name, bool required, uint32_t *v)
{
    const char *s = c->get(c->user, name);
    if (s == NULL) {
        if (required)
            snprintf(c->err, c->err_cap, "--shard auto: %s is not set", name);
        return required ? BAD : ABSENT;
    }
    uint64_t x = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9' && x <= ENV_LIMIT; p++)
        x = x * 10u + (uint64_t)(*p - '0');
    if (p == s || *p != '\0' || x > ENV_LIMIT) {
        snprintf(c->err, c->err_cap, "--shard auto: %s=\"%.40s\" is not a decimal "
                 "number (0..%u)", name, s, ENV_LIMIT);
        return BAD;
    }
    *v = (uint32_t)x;
    return FOUND;
}

static found check_count(env_ctx *c, const char *name, uint32_t n)
{
    if (n > 0 && n <= SCT_SHARD_MAX_COUNT)
        return FOUND;
    snprintf(c->err, c->err_cap, "--shard auto: %s=%u is not a shard count between 1 "
             "and %u", name, n, SCT_SHARD_MAX_COUNT);
    return BAD;
}

/* Slurm: SLURM_ARRAY_TASK_ID in [MIN, MAX], consecutive ids. */
static found read_slurm(env_ctx *c, sct_shard_auto *o)
{
    uint32_t id, lo, hi, n, step = 1;
    found f = read_num(c, "SLURM_ARRAY_TASK_ID", false, &id);
    if (f != FOUND)
        return f;
    if (read_num(c, "SLURM_ARRAY_TASK_MIN", true, &lo) != FOUND ||
        read_num(c, "SLURM_ARRAY_TASK_MAX", true, &hi) != FOUND ||
        read_num(c, "SLURM_ARRAY_TASK_COUNT", true, &n) != FOUND ||
        read_num(c, "SLURM_ARRAY_TASK_STEP", false, &step) == BAD ||
        check_count(c, "SLURM_ARRAY_TASK_COUNT", n) != FOUND)
        return BAD;
    if (step != 1 || hi < lo || hi - lo + 1u != n) {
        snprintf(c->err, c->err_cap, "--shard auto: the Slurm array is stepped or "
                 "sparse (SLURM_ARRAY_TASK_MIN=%u SLURM_ARRAY_TASK_MAX=%u "
                 "SLURM_ARRAY_TASK_COUNT=%u SLURM_ARRAY_TASK_STEP=%u): shards need "
                 "consecutive task ids, e.g. --array=1-%u; or give --shard I/N",
                 lo, hi, n, step, n);
        return BAD;
    }
    if (id < lo || id > hi) {
        snprintf(c->err, c->err_cap, "--shard auto: SLURM_ARRAY_TASK_ID=%u is outside "
                 "SLURM_ARRAY_TASK_MIN..SLURM_ARRAY_TASK_MAX = %u..%u", id, lo, hi);
        return BAD;
    }
    o->spec.index = id - lo + 1u;
    o->spec.count = n;
    snprintf(o->source, sizeof o->source, "slurm job array: SLURM_ARRAY_TASK_ID=%u "
             "SLURM_ARRAY_TASK_MIN=%u SLURM_ARRAY_TASK_MAX=%u SLURM_ARRAY_TASK_COUNT=%u",
             id, lo, hi, n);
    return FOUND;
}

/* An engine with an index variable (0- or 1-based) and a count variable:
 * Kubernetes (JOB_COMPLETION_INDEX 0-based, with SONNX_CTS_SHARD_COUNT,
 * since an Indexed Job does not export its completions) and GitLab
 * `parallel:` (CI_NODE_INDEX 1..CI_NODE_TOTAL; CI_NODE_TOTAL alone, = 1, is
 * set in every job and means "not parallel"). */
typedef struct indexed_engine {
    const char *label, *index_var, *count_var, *count_missing;
    uint32_t base;
} indexed_engine;

static found read_indexed(env_ctx *c, const indexed_engine *e, sct_shard_auto *o)
{
    uint32_t k, n;
    found f = read_num(c, e->index_var, false, &k);
    if (f != FOUND)
        return f;
    if (c->get(c->user, e->count_var) == NULL) {
        snprintf(c->err, c->err_cap, "--shard auto: %s is set but %s is not%s",
                 e->index_var, e->count_var, e->count_missing);
        return BAD;
    }
    if (read_num(c, e->count_var, true, &n) != FOUND || check_count(c, e->count_var, n) != FOUND)
        return BAD;
    if (k < e->base || k - e->base >= n) {
        snprintf(c->err, c->err_cap, "--shard auto: %s=%u is out of range: indexes run "
                 "from %u to %u (%s=%u)", e->index_var, k, e->base, n - 1u + e->base,
                 e->count_var, n);
        return BAD;
    }
    o->spec.index = k - e->base + 1u;
    o->spec.count = n;
    snprintf(o->source, sizeof o->source, "%s: %s=%u %s=%u", e->label, e->index_var, k,
             e->count_var, n);
    return FOUND;
}

static found read_kubernetes(env_ctx *c, sct_shard_auto *o)
{
    static const indexed_engine e = {
        "kubernetes indexed job", "JOB_COMPLETION_INDEX", "SONNX_CTS_SHARD_COUNT",
        " (a Kubernetes Indexed Job does not export its completions: set "
        "SONNX_CTS_SHARD_COUNT to .spec.completions)", 0u};
    return read_indexed(c, &e, o);
}

static found read_gitlab(env_ctx *c, sct_shard_auto *o)
{
    static const indexed_engine e = {"gitlab parallel job", "CI_NODE_INDEX",
                                     "CI_NODE_TOTAL", "", 1u};
    return read_indexed(c, &e, o);
}

typedef found (*engine_reader)(env_ctx *c, sct_shard_auto *o);

int sct_shard_auto_detect(sct_env_lookup get, void *user, sct_shard_auto *out,
                          char *err, size_t err_cap)
{
    static const engine_reader readers[] = {read_slurm, read_kubernetes, read_gitlab};
    env_ctx c = {get, user, err, err_cap};
    sct_shard_auto got[3], res;
    size_t n = 0;
    for (size_t e = 0; e < sizeof readers / sizeof readers[0]; e++) {
        memset(&got[n], 0, sizeof got[n]);
        found f = readers[e](&c, &got[n]);
        if (f == BAD)
            return -1;
        n += f == FOUND;
    }
    if (n == 0) {
        snprintf(err, err_cap, "--shard auto: no job array found: none of "
                 "SLURM_ARRAY_TASK_ID (Slurm), JOB_COMPLETION_INDEX (Kubernetes) or "
                 "CI_NODE_INDEX (GitLab) is set; give --shard I/N outside a job array");
        return -1;
    }
    res = got[0];
    for (size_t k = 1; k < n; k++) {
        if (got[k].spec.index != res.spec.index || got[k].spec.count != res.spec.count) {
            snprintf(err, err_cap, "--shard auto: two job arrays disagree: %s gives "
                     "shard %u/%u, %s gives %u/%u", got[0].source, got[0].spec.index,
                     got[0].spec.count, got[k].source, got[k].spec.index,
                     got[k].spec.count);
            return -1;
        }
        size_t len = strlen(res.source);
        snprintf(res.source + len, sizeof res.source - len, "; %s", got[k].source);
    }
    /* SONNX_CTS_SHARD_COUNT must not contradict Slurm's or GitLab's count
     * (the Kubernetes reader took its count from it). */
    uint32_t want;
    found f = read_num(&c, "SONNX_CTS_SHARD_COUNT", false, &want);
    if (f == BAD)
        return -1;
    if (f == FOUND && want != res.spec.count) {
        snprintf(err, err_cap, "--shard auto: SONNX_CTS_SHARD_COUNT=%u contradicts "
                 "the job array (%s: %u shards)", want, res.source, res.spec.count);
        return -1;
    }
    *out = res;
    return 0;
}
