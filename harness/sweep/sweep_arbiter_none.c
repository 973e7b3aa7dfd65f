/*
 * sweep_arbiter_none.c — sweep_arbiter.h for a build without MPFR
 * (-DSONNX_CTS_SWEEP_MPFR=OFF): nothing is arbitrated.
 */
#include "sct/sweep/sweep_arbiter.h"

const char *sct_sweep_arbiter_name(void)
{
    return NULL;
}

int sct_sweep_arbitrate_pow(int32_t a_type, int32_t b_type, const void *a,
                            const void *b, void *want, const void *got, size_t n,
                            uint64_t reach, uint64_t *judged, uint64_t *corrected)
{
    (void)a_type, (void)b_type, (void)a, (void)b, (void)want, (void)got;
    (void)n, (void)reach, (void)judged, (void)corrected;
    return -1;
}

void sct_sweep_arbiter_thread_done(void)
{
}
