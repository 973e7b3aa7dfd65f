/*
 * sweep_arbiter_mpfr.c — sweep_arbiter.h with MPFR.
 *
 * Why the value is the correctly rounded one (as tools/mpfr-verify, whose
 * sampled.c shares sweep_mpfr.c with it; the arbiter's test checks it with
 * its own MPFR code): the operands are set exactly
 * (a at 53 bits holds float32/float64, b at 64 bits holds every float32,
 * float64, int32 and int64 value) in MPFR's widest exponent range;
 * mpfr_pow rounds x^y once to p bits (RNDN, C99 F.9.4.4 special values);
 * then in the output format's range (binary32: MPFR emin -148, emax 128;
 * binary64: -1073, 1024; MPFR writes x = 0.1f * 2^E) mpfr_check_range
 * gives overflow to inf / underflow and mpfr_subnormalize re-rounds onto
 * the subnormal grid from the ternary value, without double rounding (MPFR
 * manual, mpfr_subnormalize).  The result is then a value of the format:
 * mpfr_get_flt / mpfr_get_d are exact.
 */
#include "sct/sweep/sweep_arbiter.h"

#include <stdio.h>
#include <string.h>

#include <mpfr.h>

#include "sct/check/compare.h"
#include "sct/sweep/sweep_mpfr.h"
#include "sonnx_cts/plugin.h"

const char *sct_sweep_arbiter_name(void)
{
    static char name[32];
    if (name[0] == '\0') /* benign race: every thread writes the same bytes */
        snprintf(name, sizeof name, "MPFR %s", mpfr_get_version());
    return name;
}

static uint64_t load(const void *p, int32_t type, size_t i)
{
    if (type == SONNX_DT_FLOAT || type == SONNX_DT_INT32)
        return ((const uint32_t *)p)[i];
    return ((const uint64_t *)p)[i];
}

static bool is_nan(int32_t type, uint64_t bits)
{
    if (type == SONNX_DT_FLOAT)
        return (bits & 0x7fffffffu) > 0x7f800000u;
    return (bits & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000);
}

static uint64_t correctly_rounded(int32_t out, mpfr_t a, mpfr_t b, mpfr_t r)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    int inex = mpfr_pow(r, a, b, MPFR_RNDN);
    uint64_t bits = sct_sweep_mpfr_to_format(out, r, inex);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return bits;
}

/* float64 base, int64 exponent of magnitude > 2^53, finite non-zero
 * result: the reference's powl path (kernels/pow/pow_real_int64.c), whose
 * accuracy rests on the 64-bit x87 long double; where that is emulated
 * with less (valgrind computes x87 in binary64: hundreds of ULP off here)
 * it would not hold, so these pairs (few: bases within ~2^-40 of 1 for a
 * finite result) are judged against MPFR whatever the implementation
 * returned, equal to the reference or not. */
static bool powl_result(int32_t a_type, int32_t b_type, uint64_t b_bits, uint64_t w)
{
    if (a_type != SONNX_DT_DOUBLE || b_type != SONNX_DT_INT64)
        return false;
    uint64_t m = (b_bits >> 63) ? 0u - b_bits : b_bits; /* |n| */
    uint64_t mag = w & ~(UINT64_C(1) << 63);
    return m > (UINT64_C(1) << 53) && mag != 0 && mag < UINT64_C(0x7ff0000000000000);
}

int sct_sweep_arbitrate_pow(int32_t a_type, int32_t b_type, const void *a,
                            const void *b, void *want, const void *got, size_t n,
                            uint64_t reach, uint64_t *judged, uint64_t *corrected)
{
    const int32_t out = a_type; /* Pow output type = base type (onnx Pow) */
    bool ready = false;
    mpfr_t x, y, r;
    for (size_t i = 0; i < n; i++) {
        uint64_t w = load(want, out, i), g = load(got, out, i);
        if (!powl_result(a_type, b_type, load(b, b_type, i), w)) {
            if (w == g || (is_nan(out, w) && is_nan(out, g)))
                continue;
            uint64_t d = sct_ulp_distance(out, w, g);
            if (d == SCT_ULP_NONE || d > reach)
                continue;
        }
        if (!ready) { /* only batches with a pair to judge pay for this */
            mpfr_inits2(64, x, y, (mpfr_ptr)0);
            mpfr_init2(r, out == SONNX_DT_FLOAT ? 24 : 53);
            ready = true;
        }
        sct_sweep_mpfr_set(x, a_type, load(a, a_type, i));
        sct_sweep_mpfr_set(y, b_type, load(b, b_type, i));
        uint64_t c = correctly_rounded(out, x, y, r);
        (*judged)++;
        if (c != w && !(is_nan(out, c) && is_nan(out, w))) {
            (*corrected)++;
            if (out == SONNX_DT_FLOAT)
                ((uint32_t *)want)[i] = (uint32_t)c;
            else
                ((uint64_t *)want)[i] = c;
        }
    }
    if (ready)
        mpfr_clears(x, y, r, (mpfr_ptr)0);
    return 0;
}

void sct_sweep_arbiter_thread_done(void)
{
    mpfr_free_cache();
}
