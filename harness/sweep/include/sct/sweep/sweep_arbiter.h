/*
 * sweep_arbiter.h — exact verdicts where the sweep's reference is not
 * correctly rounded (sampled Pow with a float64 operand: glibc pow, < 1
 * ULP but 0.1 % of the sampled pairs 1 ULP off; docs/sweeps.md).  Every
 * pair where the implementation differs from the reference by at most the
 * tolerance + SCT_SWEEP_POW_REF_ERR_ULP is judged against MPFR's correctly
 * rounded pow instead: its expected value becomes MPFR's.  So are the
 * float64^int64 pairs whose reference took the powl path (|n| > 2^53,
 * finite non-zero result), even when equal to the reference: its accuracy
 * needs a real 64-bit long double.  Pairs further
 * from the reference are mismatches whatever the correctly rounded value
 * (the reference is within SCT_SWEEP_POW_REF_ERR_ULP of it), and pairs
 * equal to the reference are within that bound of it (docs/sweeps.md, "The
 * reference of the sampled sweeps").
 *
 * Built with MPFR when CMake finds it (SONNX_CTS_SWEEP_MPFR, default ON;
 * sweep_arbiter_mpfr.c), else without (sweep_arbiter_none.c: nothing is
 * arbitrated and the sweep says its PASS bounds the implementation from
 * the reference only).
 */
#ifndef SCT_SWEEP_SWEEP_ARBITER_H
#define SCT_SWEEP_SWEEP_ARBITER_H

#include <float.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How far (in ULP of the output) the Pow reference of a float64 operand can
 * be from the correctly rounded result: glibc pow < 1 ULP (grid distance
 * <= 1), the int64 path < 0.51 ULP with a 64-bit long double, else the
 * 2.5-ULP fallback (kernels/pow/pow_real_int64.c), i.e. 3 grid steps. */
#if LDBL_MANT_DIG >= 64
#define SCT_SWEEP_POW_REF_ERR_ULP 1u
#else
#define SCT_SWEEP_POW_REF_ERR_ULP 3u
#endif

/* "MPFR 4.2.0" when this build arbitrates, NULL when it cannot. */
const char *sct_sweep_arbiter_name(void);

/* For every i < n where got[i] differs from want[i] (not both NaN) by at
 * most `reach` ULP (sct_ulp_distance), and every pair of the powl path
 * (above): want[i] = the correctly rounded
 * a[i]^b[i] in the output type (= a_type: float32 or float64; b_type
 * float32, float64, int32 or int64), IEEE subnormals and overflow
 * included.  Adds the number of such pairs to *judged and the number whose
 * reference was not the correctly rounded value to *corrected.  0, or -1
 * when this build has no arbiter. */
int sct_sweep_arbitrate_pow(int32_t a_type, int32_t b_type, const void *a,
                            const void *b, void *want, const void *got, size_t n,
                            uint64_t reach, uint64_t *judged, uint64_t *corrected);

/* Frees the calling thread's MPFR caches (call before a worker exits). */
void sct_sweep_arbiter_thread_done(void);

#endif /* SCT_SWEEP_SWEEP_ARBITER_H */
