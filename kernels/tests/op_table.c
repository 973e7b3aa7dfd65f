/* op_table.c — see op_table.h. */
#include "op_table.h"

#include <check.h>
#include <string.h>

#include "sct/numeric/dtype.h"

static int is_nan_bits(int32_t type, uint64_t v)
{
    switch (type) {
    case SONNX_DT_FLOAT16: return (v & 0x7fffu) > 0x7c00u;
    case SONNX_DT_BFLOAT16: return (v & 0x7fffu) > 0x7f80u;
    case SONNX_DT_FLOAT: return (v & 0x7fffffffu) > 0x7f800000u;
    case SONNX_DT_DOUBLE: return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
    default: return 0;
    }
}

void op_table_run(const char *op, int32_t a_type, int32_t b_type,
                  const op_case *cases, size_t n)
{
    sct_kernel_loop loop = sct_kernel_contiguous(op, a_type, b_type);
    ck_assert_msg(loop != NULL, "no loop for %s(%s, %s)", op,
                  sct_dtype_name(a_type), sct_dtype_name(b_type));
    int32_t c_type = sct_kernel_output_type(op, a_type, b_type);
    size_t sa = sct_dtype_elem_size(a_type), sb = sct_dtype_elem_size(b_type);
    size_t sc = sct_dtype_elem_size(c_type);
    for (size_t i = 0; i < n; i++) {
        /* little-endian: the low bytes of the uint64_t are the encoding */
        unsigned char a[8] = {0}, b[8] = {0}, c[8] = {0};
        memcpy(a, &cases[i].a, sa);
        memcpy(b, &cases[i].b, sb);
        loop(a, b, c, 1);
        uint64_t got = 0;
        memcpy(&got, c, sc);
        if (cases[i].nan)
            ck_assert_msg(is_nan_bits(c_type, got),
                          "%s(%s) case %zu [%s]: 0x%llx / 0x%llx gave 0x%llx, "
                          "expected NaN", op, sct_dtype_name(a_type), i,
                          cases[i].why, (unsigned long long)cases[i].a,
                          (unsigned long long)cases[i].b,
                          (unsigned long long)got);
        else
            ck_assert_msg(got == cases[i].c,
                          "%s(%s) case %zu [%s]: 0x%llx, 0x%llx gave 0x%llx, "
                          "expected 0x%llx", op, sct_dtype_name(a_type), i,
                          cases[i].why, (unsigned long long)cases[i].a,
                          (unsigned long long)cases[i].b,
                          (unsigned long long)got,
                          (unsigned long long)cases[i].c);
    }
}
