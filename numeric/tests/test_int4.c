/*
 * test_int4.c — numeric/int4.h: ONNX packing (element 2k low nibble, 2k+1
 * high nibble, odd counts padded with a zero nibble), sign extension of
 * int4, wraparound of out-of-range values on packing.  Expected bytes are
 * written by hand from the ONNX layout.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/numeric/int4.h"
#include "test_util.h"
#include "sct_check_main.h"

START_TEST(unpack_signed_all_bytes)
{
    /* Byte 0xAB: element 0 = 0xB = -5, element 1 = 0xA = -6. */
    const uint8_t packed[] = {0xab, 0x70, 0x08};
    int8_t out[5];
    sct_int4_unpack(packed, out, 5);
    const int8_t expect[] = {-5, -6, 0, 7, -8};
    ck_assert_mem_eq(out, expect, sizeof expect);
    /* Every nibble value. */
    for (unsigned v = 0; v < 16; v++) {
        uint8_t byte = (uint8_t)(v | (v << 4));
        int want = v < 8 ? (int)v : (int)v - 16;
        ck_assert_int_eq(sct_int4_get(&byte, 0), want);
        ck_assert_int_eq(sct_int4_get(&byte, 1), want);
        ck_assert_uint_eq(sct_uint4_get(&byte, 0), v);
        ck_assert_uint_eq(sct_uint4_get(&byte, 1), v);
    }
}
END_TEST

START_TEST(pack_odd_count_pads_zero)
{
    const uint8_t vals[] = {1, 2, 3, 4, 5};
    uint8_t packed[4];
    memset(packed, 0xee, sizeof packed);
    sct_int4_pack(vals, packed, 5);
    const uint8_t expect[] = {0x21, 0x43, 0x05, 0xee}; /* last byte untouched */
    ck_assert_mem_eq(packed, expect, sizeof expect);
    ck_assert_uint_eq(sct_int4_packed_bytes(5), 3);
    ck_assert_uint_eq(sct_int4_packed_bytes(4), 2);
    ck_assert_uint_eq(sct_int4_packed_bytes(0), 0);
}
END_TEST

START_TEST(pack_wraps_modulo_16)
{
    /* int8 results of int4 arithmetic: 8 (= -8/-1) wraps to -8 (0x8),
     * 49 (= 7*7) to 1, -9 to 7, 64 (= -8*-8) to 0; uint4 225 (15*15) to 1. */
    const int8_t vals[] = {8, 49, -9, 64};
    uint8_t raw[4];
    memcpy(raw, vals, sizeof raw);
    uint8_t packed[2];
    sct_int4_pack(raw, packed, 4);
    ck_assert_uint_eq(packed[0], 0x18);
    ck_assert_uint_eq(packed[1], 0x07);
    int8_t back[4];
    sct_int4_unpack(packed, back, 4);
    const int8_t expect[] = {-8, 1, 7, 0};
    ck_assert_mem_eq(back, expect, sizeof expect);
    const uint8_t u = 225;
    uint8_t p2;
    sct_int4_pack(&u, &p2, 1);
    ck_assert_uint_eq(p2, 0x01);
}
END_TEST

START_TEST(round_trip_all_pairs)
{
    for (unsigned byte = 0; byte < 256; byte++) {
        uint8_t in = (uint8_t)byte, out;
        int8_t s[2];
        uint8_t u[2];
        sct_int4_unpack(&in, s, 2);
        uint8_t raw[2];
        memcpy(raw, s, 2);
        sct_int4_pack(raw, &out, 2);
        EXPECT_EQ_U(out, in);
        sct_uint4_unpack(&in, u, 2);
        sct_int4_pack(u, &out, 2);
        EXPECT_EQ_U(out, in);
    }
}
END_TEST

START_TEST(dtype_table)
{
    uint64_t nb = 0;
    ck_assert(sct_dtype_storage_bytes(SONNX_DT_INT4, 7, &nb));
    ck_assert_uint_eq(nb, 4);
    ck_assert(sct_dtype_storage_bytes(SONNX_DT_DOUBLE, 3, &nb));
    ck_assert_uint_eq(nb, 24);
    ck_assert(!sct_dtype_storage_bytes(SONNX_DT_INT64, UINT64_MAX / 4, &nb));
    ck_assert(!sct_dtype_storage_bytes(8 /* STRING */, 1, &nb));
    ck_assert_str_eq(sct_dtype_name(SONNX_DT_BFLOAT16), "bfloat16");
    ck_assert_str_eq(sct_dtype_name(99), "unknown");
    ck_assert_ptr_eq(sct_dtype_by_name("FLOAT"), sct_dtype_by_code(SONNX_DT_FLOAT));
    ck_assert_ptr_eq(sct_dtype_by_name("uint4"), sct_dtype_by_code(SONNX_DT_UINT4));
    ck_assert_ptr_null(sct_dtype_by_name("float8"));
    ck_assert_uint_eq(sct_dtype_by_code(SONNX_DT_FLOAT16)->mant_bits, 10);
    ck_assert_uint_eq(sct_dtype_by_code(SONNX_DT_BFLOAT16)->exp_bits, 8);
    ck_assert_uint_eq(sct_dtype_elem_size(SONNX_DT_UINT16), 2);
    ck_assert_uint_eq(sct_dtype_elem_size(SONNX_DT_UINT4), 0);
    uint64_t n = 0;
    const int64_t dims[] = {2, 0, 5};
    ck_assert(sct_shape_nelem(3, dims, &n));
    ck_assert_uint_eq(n, 0);
    const int64_t neg[] = {2, -1};
    ck_assert(!sct_shape_nelem(2, neg, &n));
    const int64_t big[] = {INT64_MAX, INT64_MAX};
    ck_assert(!sct_shape_nelem(2, big, &n));
    ck_assert(sct_shape_nelem(0, NULL, &n));
    ck_assert_uint_eq(n, 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("int4");
    TCase *tc = tcase_create("packing");
    tcase_add_test(tc, unpack_signed_all_bytes);
    tcase_add_test(tc, pack_odd_count_pads_zero);
    tcase_add_test(tc, pack_wraps_modulo_16);
    tcase_add_test(tc, round_trip_all_pairs);
    tcase_add_test(tc, dtype_table);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
