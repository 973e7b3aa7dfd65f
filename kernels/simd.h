/*
 * simd.h — SCT_VECTOR_LOOP marks the hot element loops of the 16-bit types
 * (issue 8: exhaustive sweeps of 2^32 pairs).  On x86-64 with GCC/Clang it
 * asks for an AVX2 clone beside the baseline one, chosen at load time from
 * the CPU; both clones compute the same IEEE 754 results (the loops use only
 * correctly rounded operations, integer bit manipulation and selects, and
 * the build forbids FMA contraction and fast-math), so the choice changes
 * speed, never results.  Disabled for sanitizer builds (SCT_NO_CLONES),
 * whose instrumentation does not mix well with ifunc resolvers.
 */
#ifndef SCT_KERNELS_SIMD_H
#define SCT_KERNELS_SIMD_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(SCT_NO_CLONES)
#define SCT_VECTOR_LOOP __attribute__((target_clones("avx2", "default"), visibility("hidden")))
#else
#define SCT_VECTOR_LOOP
#endif

#endif /* SCT_KERNELS_SIMD_H */
