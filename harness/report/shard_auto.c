/*
 * shard_auto.c — `--shard auto` (rules in shard_auto.h, docs/cluster.md).
 * One small reader per engine; detect() runs them all and requires the
 * ones present to agree.
 */
#include "shard_auto.h"

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

static found bad(env_ctx *c, const char *msg, const char *name, uint32_t v,
                 uint32_t limit)
{
    snprintf(c->err, c->err_cap, "--shard auto: %s=%u %s %u", name, v, msg, limit);
    return BAD;
}

static found check_count(env_ctx *c, const char *name, uint32_t n)
{
    if (n == 0 || n > SCT_SHARD_MAX_COUNT)
        return bad(c, "is not a shard count between 1 and", name, n, SCT_SHARD_MAX_COUNT);
    return FOUND;
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

/* Kubernetes Indexed Job: 0-based index, count from SONNX_CTS_SHARD_COUNT. */
static found read_kubernetes(env_ctx *c, sct_shard_auto *o)
{
    uint32_t k, n;
    found f = read_num(c, "JOB_COMPLETION_INDEX", false, &k);
    if (f != FOUND)
        return f;
    if (c->get(c->user, "SONNX_CTS_SHARD_COUNT") == NULL) {
        snprintf(c->err, c->err_cap, "--shard auto: JOB_COMPLETION_INDEX is set but "
                 "SONNX_CTS_SHARD_COUNT is not (a Kubernetes Indexed Job does not export "
                 "its completions: set SONNX_CTS_SHARD_COUNT to .spec.completions)");
        return BAD;
    }
    if (read_num(c, "SONNX_CTS_SHARD_COUNT", true, &n) != FOUND ||
        check_count(c, "SONNX_CTS_SHARD_COUNT", n) != FOUND)
        return BAD;
    if (k >= n)
        return bad(c, "is out of range: indexes run from 0 to SONNX_CTS_SHARD_COUNT - 1 =",
                   "JOB_COMPLETION_INDEX", k, n - 1u);
    o->spec.index = k + 1u;
    o->spec.count = n;
    snprintf(o->source, sizeof o->source, "kubernetes indexed job: "
             "JOB_COMPLETION_INDEX=%u SONNX_CTS_SHARD_COUNT=%u", k, n);
    return FOUND;
}

/* GitLab `parallel:`: CI_NODE_INDEX 1..CI_NODE_TOTAL (CI_NODE_TOTAL alone,
 * = 1, is set in every job and means "not parallel"). */
static found read_gitlab(env_ctx *c, sct_shard_auto *o)
{
    uint32_t i, n;
    found f = read_num(c, "CI_NODE_INDEX", false, &i);
    if (f != FOUND)
        return f;
    if (read_num(c, "CI_NODE_TOTAL", true, &n) != FOUND ||
        check_count(c, "CI_NODE_TOTAL", n) != FOUND)
        return BAD;
    if (i == 0 || i > n)
        return bad(c, "is out of range: indexes run from 1 to CI_NODE_TOTAL =",
                   "CI_NODE_INDEX", i, n);
    o->spec.index = i;
    o->spec.count = n;
    snprintf(o->source, sizeof o->source, "gitlab parallel job: CI_NODE_INDEX=%u "
             "CI_NODE_TOTAL=%u", i, n);
    return FOUND;
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
