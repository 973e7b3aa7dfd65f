/*
 * sweep_mpfr.c — see sweep_mpfr.h.
 */
#include "sct/sweep/sweep_mpfr.h"

#include <string.h>

#include "sonnx_cts/plugin.h"

void sct_sweep_mpfr_set(mpfr_t x, int32_t type, uint64_t bits)
{
    switch (type) {
    case SONNX_DT_FLOAT: {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, sizeof f);
        mpfr_set_flt(x, f, MPFR_RNDN); /* exact */
        break;
    }
    case SONNX_DT_DOUBLE: {
        double d;
        memcpy(&d, &bits, sizeof d);
        mpfr_set_d(x, d, MPFR_RNDN); /* exact */
        break;
    }
    case SONNX_DT_INT32:
        mpfr_set_si(x, (long)(int32_t)(uint32_t)bits, MPFR_RNDN);
        break;
    default: /* int64; long is 64-bit on the LP64 hosts the sweep runs on */
        mpfr_set_si(x, (long)(int64_t)bits, MPFR_RNDN);
        break;
    }
}

uint64_t sct_sweep_mpfr_to_format(int32_t type, mpfr_t r, int inex)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(type == SONNX_DT_FLOAT ? -148 : -1073);
    mpfr_set_emax(type == SONNX_DT_FLOAT ? 128 : 1024);
    inex = mpfr_check_range(r, inex, MPFR_RNDN);
    (void)mpfr_subnormalize(r, inex, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    if (type == SONNX_DT_FLOAT) {
        float f = mpfr_get_flt(r, MPFR_RNDN);
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    double d = mpfr_get_d(r, MPFR_RNDN);
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
