/*
 * test_util.h — test-only helpers.  Check records the location of every
 * passing ck_assert (a write to its result channel); the exhaustive loops
 * call these macros instead, which only reach Check on a failure.
 */
#ifndef SCT_TEST_UTIL_H
#define SCT_TEST_UTIL_H

#include <check.h>
#include <stdint.h>
#include <string.h>

#define EXPECT_EQ_U(got, want)                                              \
    do {                                                                    \
        unsigned long long g_ = (unsigned long long)(got);                  \
        unsigned long long w_ = (unsigned long long)(want);                 \
        if (g_ != w_)                                                       \
            ck_abort_msg("%s:%d: %s = 0x%llx, expected 0x%llx", __FILE__,   \
                         __LINE__, #got, g_, w_);                           \
    } while (0)

static inline float tu_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t tu_b32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double tu_f64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint64_t tu_b64(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

#endif /* SCT_TEST_UTIL_H */
