/*
 * case_permute.c — see case_permute.h.  The permutation is Sattolo's
 * variant of Fisher-Yates (a uniformly drawn n-cycle: no element keeps its
 * place, so a two-element case is never handed over unchanged, as plain
 * Fisher-Yates does half the time) over splitmix64 words (Steele, Lea,
 * Flood, OOPSLA 2014) keyed by the seed and the case id, so a run repeated
 * with --seed permutes alike.
 */
#include "case_permute.h"

#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static bool same_shape(const sonnx_tensor *a, const sonnx_tensor *b)
{
    if (a->rank != b->rank)
        return false;
    for (int32_t d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d])
            return false;
    return true;
}

static void gather(unsigned char *dst, const unsigned char *src, const uint64_t *perm,
                   size_t n, size_t size)
{
    for (size_t i = 0; i < n; i++)
        memcpy(dst + i * size, src + perm[i] * size, size);
}

bool sct_case_permute_begin(sct_case_permutation *p, const char *case_id, uint64_t seed,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            const sonnx_tensor *outputs, size_t n_outputs)
{
    memset(p, 0, sizeof *p);
    if (n_inputs == 0 || n_inputs > SCT_MAX_INPUTS || n_outputs != 1)
        return false;
    size_t out_sz = sct_dtype_elem_size(outputs[0].elem_type);
    if (out_sz == 0)
        return false;
    size_t n = (size_t)(outputs[0].nbytes / out_sz);
    size_t sz[SCT_MAX_INPUTS];
    for (size_t k = 0; k < n_inputs; k++) {
        sz[k] = sct_dtype_elem_size(inputs[k].elem_type);
        if (!same_shape(&inputs[k], &outputs[0]) || sz[k] == 0 || inputs[k].nbytes / sz[k] != n)
            return false;
    }
    if (n < 2)
        return false;
    p->perm = malloc(n * sizeof *p->perm);
    unsigned char *in[SCT_MAX_INPUTS] = {NULL};
    bool ok = p->perm != NULL;
    for (size_t k = 0; k < n_inputs; k++)
        ok = (in[k] = malloc(inputs[k].nbytes)) != NULL && ok;
    if (!ok) {
        free(p->perm);
        for (size_t k = 0; k < n_inputs; k++)
            free(in[k]);
        p->perm = NULL;
        return false;
    }
    uint64_t key = mix64(seed ^ UINT64_C(0x7065726d75746521)); /* "permute!" */
    for (const char *c = case_id; *c; c++)
        key = mix64(key ^ (unsigned char)*c);
    for (size_t i = 0; i < n; i++)
        p->perm[i] = i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)(mix64(key + (i + 1) * UINT64_C(0x9e3779b97f4a7c15)) % i);
        uint64_t t = p->perm[i];
        p->perm[i] = p->perm[j];
        p->perm[j] = t;
    }
    for (size_t k = 0; k < n_inputs; k++) {
        gather(in[k], inputs[k].data, p->perm, n, sz[k]);
        p->in[k] = inputs[k];
        p->in[k].data = in[k];
    }
    p->n_inputs = n_inputs;
    p->n = n;
    p->active = true;
    return true;
}

void sct_case_permute_end(sct_case_permutation *p, sonnx_tensor *outputs, bool restore)
{
    if (!p->active)
        return;
    size_t size = sct_dtype_elem_size(outputs[0].elem_type);
    unsigned char *tmp = restore ? malloc(outputs[0].nbytes) : NULL;
    if (tmp != NULL) {
        unsigned char *out = outputs[0].data;
        for (size_t i = 0; i < p->n; i++)
            memcpy(tmp + p->perm[i] * size, out + i * size, size);
        memcpy(out, tmp, outputs[0].nbytes);
        free(tmp);
    } else if (restore) {
        /* no memory to restore the order: the output cannot be judged */
        memset(outputs[0].data, 0xA5, outputs[0].nbytes);
    }
    for (size_t k = 0; k < p->n_inputs; k++)
        free((void *)p->in[k].data);
    free(p->perm);
    memset(p, 0, sizeof *p);
}
