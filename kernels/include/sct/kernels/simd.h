/*
 * simd.h — SCT_VECTOR_LOOP marks the hot element loops of the 16-bit types
 * (exhaustive sweeps of 2^32 pairs), of float32 Div/Mul and of the float32
 * sample generator (the sampled sweeps).  On x86-64 with GCC/Clang it
 * asks for AVX-512 (x86-64-v4) and AVX2 clones beside the baseline one,
 * chosen at load time from the CPU (valgrind reports no AVX-512 and so runs
 * the AVX2 clone; sanitizer builds compile only the baseline code, so every
 * clone is exercised by some configuration of the tests); all clones
 * compute the same IEEE 754 results (the loops use only
 * correctly rounded operations, integer bit manipulation and selects, and
 * the build forbids FMA contraction and fast-math), so the choice changes
 * speed, never results.  Disabled for sanitizer builds (SCT_NO_CLONES),
 * whose instrumentation does not mix well with ifunc resolvers.  Built with
 * SONNX_CTS_CLONES_MAX=avx2 (CMake; defines SCT_CLONES_MAX_AVX2) there is no
 * AVX-512 clone: an AVX-512 machine then runs the AVX2 code, which is how
 * that code is tested and benchmarked where no AVX2-only CPU is at hand.
 */
#ifndef SCT_KERNELS_SIMD_H
#define SCT_KERNELS_SIMD_H

/* GCC only: clang 14 names the ifunc "<name>.ifunc" and leaves references
 * from other translation units unresolved. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(SCT_NO_CLONES)
#if defined(SCT_CLONES_MAX_AVX2) /* CMake SONNX_CTS_CLONES_MAX=avx2: no AVX-512 clone */
#define SCT_VECTOR_LOOP __attribute__((target_clones("avx2", "default"), visibility("hidden")))
#else
#define SCT_VECTOR_LOOP __attribute__((target_clones("arch=x86-64-v4", "avx2", "default"), \
                              visibility("hidden")))
#endif
#else
#define SCT_VECTOR_LOOP
#endif

/*
 * SCT_HAVE_F16C_PATH: x86-64 F16C conversions (VCVTPH2PS / VCVTPS2PH with
 * imm8 = round-to-nearest-even) for the float16 Div/Mul loops.  The
 * hardware conversions are the IEEE 754 conversions with the same results
 * as numeric/fp16.h, NaN payload handling included (cross-checked over all
 * 2^32 Div/Mul pairs: identical except for which payload a NaN*NaN product
 * carries, see mul/f16_mul.c; kernels/tests check both paths).  Used only when
 * the CPU reports F16C and AVX2 at run time; the portable loop remains the
 * fallback and is tested on its own.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SCT_NO_CLONES)
#include <cpuid.h>
#define SCT_HAVE_F16C_PATH 1
#define SCT_F16C_TARGET __attribute__((target("avx2,f16c")))
/* AVX2 through the compiler (which also checks that the OS saves the ymm
 * state); F16C from CPUID leaf 1, ECX bit 29 (clang's builtin does not know
 * the "f16c" name). */
/* CPUID is asked once per translation unit and the answer cached: in a
 * virtual machine CPUID traps to the hypervisor (12-26 us measured here),
 * which made every float16 Div/Mul loop call ~4x slower in the sweeps.
 * The cache is read and written with relaxed atomics: racing threads can
 * only both store the same answer. */
static inline int sct_cpu_has_f16c(void)
{
    static int cached = -1;
    int v = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (v >= 0)
        return v;
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    v = 0;
    if (__builtin_cpu_supports("avx2") && __get_cpuid(1, &eax, &ebx, &ecx, &edx))
        v = (int)((ecx >> 29) & 1u);
    __atomic_store_n(&cached, v, __ATOMIC_RELAXED);
    return v;
}
#else
#define SCT_HAVE_F16C_PATH 0
#endif

#endif /* SCT_KERNELS_SIMD_H */
