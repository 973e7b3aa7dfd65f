/* sweep16.c — see sweep16.h. */
#include "sweep16.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 65536 };

bool sweep16_exhaustive(void)
{
    const char *e = getenv("SCT_EXHAUSTIVE");
    return e != NULL && strcmp(e, "1") == 0;
}

uint32_t sweep16_interesting(int mant_bits, uint16_t *out, uint32_t cap)
{
    uint32_t maxm = (1u << mant_bits) - 1u;
    uint32_t alt = 0x5555u & maxm;
    const uint32_t mants[] = {0, 1, 2, maxm, maxm - 1u, 1u << (mant_bits - 1), alt, (alt << 1) & maxm};
    uint32_t nexp = 1u << (15 - mant_bits);
    uint32_t k = 0;
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t e = 0; e < nexp; e++)
            for (size_t m = 0; m < sizeof mants / sizeof mants[0]; m++)
                if (k < cap)
                    out[k++] = (uint16_t)((s << 15) | (e << mant_bits) | mants[m]);
    return k;
}

static void sct_run_block(sct_kernel_loop loop, const uint16_t *a,
                          const uint16_t *b, int out_bytes, uint16_t *c16,
                          uint8_t *c8, sweep16_check_fn check, void *ctx)
{
    if (out_bytes == 2) {
        loop(a, b, c16, BLOCK);
    } else {
        loop(a, b, c8, BLOCK);
        for (uint32_t i = 0; i < BLOCK; i++)
            c16[i] = c8[i];
    }
    check(ctx, a, b, c16, BLOCK);
}

void sweep16_rows(sct_kernel_loop loop, const uint16_t *as, uint32_t na,
                  const uint16_t *bs, uint32_t nb, int out_bytes,
                  sweep16_check_fn check, void *ctx)
{
    uint16_t *a = malloc(BLOCK * 2), *b = malloc(BLOCK * 2), *all = malloc(BLOCK * 2);
    uint16_t *c16 = malloc(BLOCK * 2);
    uint8_t *c8 = malloc(BLOCK);
    ck_assert(a && b && all && c16 && c8);
    for (uint32_t i = 0; i < BLOCK; i++)
        all[i] = (uint16_t)i;
    for (uint32_t k = 0; k < na; k++) {
        for (uint32_t i = 0; i < BLOCK; i++)
            a[i] = as[k];
        sct_run_block(loop, a, all, out_bytes, c16, c8, check, ctx);
    }
    for (uint32_t k = 0; k < nb; k++) {
        for (uint32_t i = 0; i < BLOCK; i++)
            b[i] = bs[k];
        sct_run_block(loop, all, b, out_bytes, c16, c8, check, ctx);
    }
    free(a); free(b); free(all); free(c16); free(c8);
}

void sweep16_random(sct_kernel_loop loop, uint64_t n, uint64_t seed,
                    int out_bytes, sweep16_check_fn check, void *ctx)
{
    uint16_t *a = malloc(BLOCK * 2), *b = malloc(BLOCK * 2), *c16 = malloc(BLOCK * 2);
    uint8_t *c8 = malloc(BLOCK);
    ck_assert(a && b && c16 && c8);
    uint64_t s = seed;
    for (uint64_t done = 0; done < n; done += BLOCK) {
        for (uint32_t i = 0; i < BLOCK; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            a[i] = (uint16_t)(s >> 48);
            b[i] = (uint16_t)(s >> 24);
        }
        sct_run_block(loop, a, b, out_bytes, c16, c8, check, ctx);
    }
    free(a); free(b); free(c16); free(c8);
}

void sweep16_all(sct_kernel_loop loop, int out_bytes, sweep16_check_fn check,
                 void *ctx)
{
    uint16_t rows[BLOCK];
    for (uint32_t i = 0; i < BLOCK; i++)
        rows[i] = (uint16_t)i;
    sweep16_rows(loop, rows, BLOCK, NULL, 0, out_bytes, check, ctx);
}
