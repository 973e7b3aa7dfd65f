/*
 * test_tensor_decode.c — TensorProto decoding: every dtype from raw_data and
 * from its typed field (onnx.proto TensorProto), int4 packing, and every
 * validation error (table-driven: protobuf → expected message).  The
 * protobufs are built here with the generated protobuf-c API; expected bytes
 * are written out by hand from the IEEE 754 / two's complement encodings.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "onnx.pb-c.h"
#include "pb_budget.h"
#include "tensor_decode.h"
#include "sct_check_main.h"

static uint8_t *pack(const Onnx__TensorProto *t, size_t *len)
{
    *len = onnx__tensor_proto__get_packed_size(t);
    uint8_t *buf = malloc(*len ? *len : 1);
    ck_assert_ptr_nonnull(buf);
    onnx__tensor_proto__pack(t, buf);
    return buf;
}

/* ------------------------------------------------------------ valid tensors */

typedef struct valid_case {
    const char *what;
    int32_t data_type;
    size_t n_dims;
    int64_t dims[3];
    /* exactly one source: raw (n_raw bytes) or one typed array */
    size_t n_raw;
    uint8_t raw[16];
    size_t n_f; float f[4];
    size_t n_d; double d[4];
    size_t n_i32; int32_t i32[4];
    size_t n_i64; int64_t i64[4];
    size_t n_u64; uint64_t u64[4];
    size_t n_expect;
    uint8_t expect[32];
} valid_case;

static const valid_case valid[] = {
    {"float32 typed", 1, 1, {3}, .n_f = 3, .f = {1.5f, -0.0f, INFINITY},
     .n_expect = 12, .expect = {0, 0, 0xc0, 0x3f, 0, 0, 0, 0x80, 0, 0, 0x80, 0x7f}},
    {"float32 raw", 1, 1, {1}, .n_raw = 4, .raw = {0, 0, 0xc0, 0x3f},
     .n_expect = 4, .expect = {0, 0, 0xc0, 0x3f}},
    {"float64 typed", 11, 1, {2}, .n_d = 2, .d = {1.5, -2.0},
     .n_expect = 16, .expect = {0, 0, 0, 0, 0, 0, 0xf8, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0xc0}},
    {"float16 typed bits", 10, 1, {2}, .n_i32 = 2, .i32 = {0x3C00, 0x8000},
     .n_expect = 4, .expect = {0x00, 0x3c, 0x00, 0x80}},
    {"float16 raw", 10, 1, {1}, .n_raw = 2, .raw = {0x00, 0x7e}, .n_expect = 2, .expect = {0x00, 0x7e}},
    {"bfloat16 typed bits", 16, 1, {2}, .n_i32 = 2, .i32 = {0x3F80, 0x7FC0},
     .n_expect = 4, .expect = {0x80, 0x3f, 0xc0, 0x7f}},
    {"int8 typed", 3, 1, {3}, .n_i32 = 3, .i32 = {-128, 127, -1},
     .n_expect = 3, .expect = {0x80, 0x7f, 0xff}},
    {"uint8 typed", 2, 1, {2}, .n_i32 = 2, .i32 = {0, 255}, .n_expect = 2, .expect = {0, 0xff}},
    {"int16 typed", 5, 1, {2}, .n_i32 = 2, .i32 = {-32768, 1},
     .n_expect = 4, .expect = {0x00, 0x80, 0x01, 0x00}},
    {"uint16 typed", 4, 1, {1}, .n_i32 = 1, .i32 = {65535}, .n_expect = 2, .expect = {0xff, 0xff}},
    {"int32 typed", 6, 1, {1}, .n_i32 = 1, .i32 = {-2}, .n_expect = 4, .expect = {0xfe, 0xff, 0xff, 0xff}},
    {"int32 raw 2x2", 6, 2, {2, 2}, .n_raw = 16, .raw = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0},
     .n_expect = 16, .expect = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}},
    {"uint32 typed (uint64_data)", 12, 1, {2}, .n_u64 = 2, .u64 = {4294967295u, 1},
     .n_expect = 8, .expect = {0xff, 0xff, 0xff, 0xff, 0x01, 0, 0, 0}},
    {"int64 typed", 7, 1, {1}, .n_i64 = 1, .i64 = {-2},
     .n_expect = 8, .expect = {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
    {"uint64 typed", 13, 1, {1}, .n_u64 = 1, .u64 = {0x0102030405060708u},
     .n_expect = 8, .expect = {8, 7, 6, 5, 4, 3, 2, 1}},
    {"bool typed", 9, 1, {3}, .n_i32 = 3, .i32 = {1, 0, 1}, .n_expect = 3, .expect = {1, 0, 1}},
    {"bool raw", 9, 1, {2}, .n_raw = 2, .raw = {0, 1}, .n_expect = 2, .expect = {0, 1}},
    /* int4 [-1, -8, 7]: nibbles 0xF, 0x8, 0x7 packed low first, pad 0. */
    {"int4 typed packed, odd count", 22, 1, {3}, .n_i32 = 2, .i32 = {0x8F, 0x07},
     .n_expect = 2, .expect = {0x8f, 0x07}},
    {"int4 raw packed", 22, 1, {3}, .n_raw = 2, .raw = {0x8f, 0x07}, .n_expect = 2, .expect = {0x8f, 0x07}},
    {"uint4 typed packed", 21, 1, {4}, .n_i32 = 2, .i32 = {0x21, 0x43},
     .n_expect = 2, .expect = {0x21, 0x43}},
    {"uint4 raw packed, 2x1", 21, 2, {2, 1}, .n_raw = 1, .raw = {0xf0}, .n_expect = 1, .expect = {0xf0}},
    {"float32 scalar raw", 1, 0, {0}, .n_raw = 4, .raw = {0, 0, 0x80, 0x3f},
     .n_expect = 4, .expect = {0, 0, 0x80, 0x3f}},
    {"float32 empty [0] without data", 1, 1, {0}, .n_expect = 0},
    {"int64 empty [2,0] with empty raw_data", 7, 2, {2, 0}, .n_raw = 0, .n_expect = 0},
};

static void build_valid(const valid_case *v, Onnx__TensorProto *t)
{
    onnx__tensor_proto__init(t);
    t->has_data_type = 1;
    t->data_type = v->data_type;
    t->n_dims = v->n_dims;
    t->dims = (int64_t *)v->dims;
    if (v->n_raw || (!v->n_f && !v->n_d && !v->n_i32 && !v->n_i64 && !v->n_u64 && v->n_expect)) {
        t->has_raw_data = 1;
        t->raw_data.len = v->n_raw;
        t->raw_data.data = (uint8_t *)v->raw;
    }
    t->n_float_data = v->n_f; t->float_data = (float *)v->f;
    t->n_double_data = v->n_d; t->double_data = (double *)v->d;
    t->n_int32_data = v->n_i32; t->int32_data = (int32_t *)v->i32;
    t->n_int64_data = v->n_i64; t->int64_data = (int64_t *)v->i64;
    t->n_uint64_data = v->n_u64; t->uint64_data = (uint64_t *)v->u64;
}

START_TEST(decodes_valid)
{
    const valid_case *v = &valid[_i];
    Onnx__TensorProto t;
    build_valid(v, &t);
    if (strstr(v->what, "empty raw_data")) {
        t.has_raw_data = 1;
        t.raw_data.len = 0;
    }
    size_t len;
    uint8_t *buf = pack(&t, &len);
    sonnx_tensor out;
    char err[512] = "";
    int rc = sct_tensor_decode(buf, len, "t.pb", &out, err, sizeof err);
    free(buf);
    ck_assert_msg(rc == 0, "%s: %s", v->what, err);
    ck_assert_int_eq(out.elem_type, v->data_type);
    ck_assert_int_eq(out.rank, (int)v->n_dims);
    for (size_t i = 0; i < v->n_dims; i++)
        ck_assert_int_eq(out.dims[i], v->dims[i]);
    ck_assert_msg(out.nbytes == v->n_expect, "%s: nbytes %llu", v->what,
                  (unsigned long long)out.nbytes);
    ck_assert_ptr_nonnull(out.data);
    ck_assert_msg(memcmp(out.data, v->expect, v->n_expect) == 0, "%s: bytes differ", v->what);
    sct_tensor_release(&out);
}
END_TEST

/* ------------------------------------------------------------ invalid ones */

static int64_t dims4[] = {4};
static int64_t dims_neg[] = {-4};
static int64_t dims_rank9[] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
static int64_t dims_elem_overflow[] = {(int64_t)1 << 62, 8};
static int64_t dims_byte_overflow[] = {(int64_t)1 << 61, 4};
static int64_t dims_over_1gib[] = {((int64_t)1 << 28) + 1};
static int64_t dims3[] = {3};
static uint8_t raw16[16];
static uint8_t raw_bool_bad[] = {1, 2, 0, 0};
static uint8_t raw_int4_pad[] = {0x11, 0xf2};
static float f3[] = {1, 2, 3};
static int64_t i64x4[] = {1, 2, 3, 4};
static int32_t i32_int8_bad[] = {1, 200, 3, 4};
static int32_t i32_int4_three[] = {1, 2, 3};
static uint64_t u64_too_big[] = {1, 4294967296u, 0, 0};
static ProtobufCBinaryData strings[] = {{1, (uint8_t *)"x"}};

/* Base: float32 [4] in 16 bytes of raw_data; each mutation breaks one thing. */
static void base(Onnx__TensorProto *t)
{
    onnx__tensor_proto__init(t);
    t->has_data_type = 1;
    t->data_type = 1;
    t->n_dims = 1;
    t->dims = dims4;
    t->has_raw_data = 1;
    t->raw_data.len = 16;
    t->raw_data.data = raw16;
}

static void m_raw_short(Onnx__TensorProto *t) { t->raw_data.len = 12; }
static void m_dim_negative(Onnx__TensorProto *t) { t->dims = dims_neg; }
static void m_rank9(Onnx__TensorProto *t) { t->n_dims = 9; t->dims = dims_rank9; }
static void m_elem_overflow(Onnx__TensorProto *t) { t->n_dims = 2; t->dims = dims_elem_overflow; }
static void m_byte_overflow(Onnx__TensorProto *t)
{
    t->data_type = 11;
    t->n_dims = 2;
    t->dims = dims_byte_overflow;
}
static void m_over_1gib(Onnx__TensorProto *t) { t->dims = dims_over_1gib; }
static void m_no_type(Onnx__TensorProto *t) { t->has_data_type = 0; }
static void m_type_99(Onnx__TensorProto *t) { t->data_type = 99; }
static void m_type_string(Onnx__TensorProto *t) { t->data_type = 8; }
static void m_type_float8(Onnx__TensorProto *t) { t->data_type = 17; }
static void m_raw_and_typed(Onnx__TensorProto *t) { t->n_float_data = 3; t->float_data = f3; }
static void m_wrong_typed_field(Onnx__TensorProto *t)
{
    t->has_raw_data = 0;
    t->n_int64_data = 4;
    t->int64_data = i64x4;
}
static void m_typed_count(Onnx__TensorProto *t)
{
    t->has_raw_data = 0;
    t->n_float_data = 3;
    t->float_data = f3;
}
static void m_int8_range(Onnx__TensorProto *t)
{
    t->data_type = 3;
    t->has_raw_data = 0;
    t->n_int32_data = 4;
    t->int32_data = i32_int8_bad;
}
static void m_bool_value(Onnx__TensorProto *t)
{
    t->data_type = 9;
    t->raw_data.len = 4;
    t->raw_data.data = raw_bool_bad;
}
static void m_int4_padding(Onnx__TensorProto *t)
{
    t->data_type = 22;
    t->dims = dims3;
    t->raw_data.len = 2;
    t->raw_data.data = raw_int4_pad;
}
static void m_int4_typed_count(Onnx__TensorProto *t)
{
    t->data_type = 22;
    t->dims = dims3;
    t->has_raw_data = 0;
    t->n_int32_data = 3;
    t->int32_data = i32_int4_three;
}
static void m_uint32_range(Onnx__TensorProto *t)
{
    t->data_type = 12;
    t->has_raw_data = 0;
    t->n_uint64_data = 4;
    t->uint64_data = u64_too_big;
}
static void m_external(Onnx__TensorProto *t)
{
    t->has_data_location = 1;
    t->data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
}
static void m_no_data(Onnx__TensorProto *t) { t->has_raw_data = 0; }
static void m_string_data(Onnx__TensorProto *t)
{
    t->has_raw_data = 0;
    t->n_string_data = 1;
    t->string_data = strings;
}
static void m_truncate(Onnx__TensorProto *t) { (void)t; /* cut after packing */ }

static const struct {
    void (*mutate)(Onnx__TensorProto *);
    const char *expect;
} invalid[] = {
    {m_raw_short, "t.pb: field raw_data: 12 bytes, shape [4] of float32 needs 16"},
    {m_dim_negative, "t.pb: field dims[0]: negative dimension -4"},
    {m_rank9, "t.pb: field dims: rank 9 exceeds the maximum of 8"},
    {m_elem_overflow, "t.pb: field dims: element count of shape [4611686018427387904, 8] overflows 64 bits"},
    {m_byte_overflow, "t.pb: field dims: byte size of 9223372036854775808 float64 elements overflows 64 bits"},
    {m_over_1gib, "t.pb: field dims: shape [268435457] of float32 needs 1073741828 bytes; tensors above 1 GiB are refused"},
    {m_no_type, "t.pb: field data_type: missing (UNDEFINED)"},
    {m_type_99, "t.pb: field data_type: unknown data_type 99"},
    {m_type_string, "t.pb: field data_type: unsupported data_type 8 (STRING)"},
    {m_type_float8, "t.pb: field data_type: unsupported data_type 17 (FLOAT8E4M3FN)"},
    {m_raw_and_typed, "t.pb: field float_data: present together with raw_data"},
    {m_wrong_typed_field, "t.pb: field int64_data: not valid for float32"},
    {m_typed_count, "t.pb: field float_data: 3 values, shape [4] of float32 needs 4"},
    {m_int8_range, "t.pb: field int32_data: value 200 at index 1 out of range for int8"},
    {m_bool_value, "t.pb: field raw_data: bool element 1 is 2; must be 0 or 1"},
    {m_int4_padding, "t.pb: field raw_data: padding nibble of the last byte is 0xf"},
    {m_int4_typed_count, "t.pb: field int32_data: 3 values, shape [3] of int4 needs 2 packed bytes"},
    {m_uint32_range, "t.pb: field uint64_data: value 4294967296 at index 1 out of range for uint32"},
    {m_external, "t.pb: field data_location: external data is not supported"},
    {m_no_data, "t.pb: field raw_data: missing: no raw_data or typed data for shape [4] of float32"},
    {m_string_data, "t.pb: field string_data: not valid for float32"},
    {m_truncate, "t.pb: not a valid TensorProto (truncated or corrupt protobuf"},
};

START_TEST(rejects_invalid)
{
    Onnx__TensorProto t;
    base(&t);
    invalid[_i].mutate(&t);
    size_t len;
    uint8_t *buf = pack(&t, &len);
    if (invalid[_i].mutate == m_truncate)
        len -= 3; /* inside raw_data: the length prefix promises more bytes */
    sonnx_tensor out;
    char err[512] = "";
    int rc = sct_tensor_decode(buf, len, "t.pb", &out, err, sizeof err);
    free(buf);
    ck_assert_int_ne(rc, 0);
    ck_assert_msg(strstr(err, invalid[_i].expect) == err, "got \"%s\", want \"%s...\"", err,
                  invalid[_i].expect);
    ck_assert_ptr_null(out.data);
}
END_TEST

/* Every prefix of a valid tensor is either a valid (shorter) message or
 * refused — never a crash or a read past the end (run under ASan). */
START_TEST(every_truncation_is_safe)
{
    Onnx__TensorProto t;
    base(&t);
    size_t len;
    uint8_t *buf = pack(&t, &len);
    for (size_t cut = 0; cut < len; cut++) {
        uint8_t *copy = malloc(cut ? cut : 1);
        memcpy(copy, buf, cut);
        sonnx_tensor out;
        char err[512];
        if (sct_tensor_decode(copy, cut, "t.pb", &out, err, sizeof err) == 0)
            sct_tensor_release(&out);
        else
            ck_assert_ptr_nonnull(strstr(err, "t.pb: ") == err ? err : NULL);
        free(copy);
    }
    free(buf);
}
END_TEST

/* The unpack budget (pb_budget.h): 1000 int32 values need 4000 bytes in
 * memory; a 1000-byte budget must refuse them, a 1 MiB budget accept, and
 * every byte must be returned when the message is freed. */
START_TEST(unpack_budget_caps_allocation)
{
    static int32_t many[1000];
    Onnx__TensorProto t;
    base(&t);
    t.data_type = 6;
    t.has_raw_data = 0;
    t.n_int32_data = 1000;
    t.int32_data = many;
    size_t len;
    uint8_t *buf = pack(&t, &len);
    ck_assert_uint_lt(len, 1200); /* zeros pack to one byte each */
    sct_pb_budget small, big;
    sct_pb_budget_init(&small, 1000);
    ck_assert_ptr_null(onnx__tensor_proto__unpack(&small.allocator, len, buf));
    ck_assert(small.exceeded);
    sct_pb_budget_init(&big, 1u << 20);
    Onnx__TensorProto *u = onnx__tensor_proto__unpack(&big.allocator, len, buf);
    ck_assert_ptr_nonnull(u);
    ck_assert(!big.exceeded);
    ck_assert_uint_ge(big.used, 4000);
    onnx__tensor_proto__free_unpacked(u, &big.allocator);
    ck_assert_uint_eq(big.used, 0);
    free(buf);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tensor_decode");
    TCase *tc = tcase_create("decode");
    tcase_add_loop_test(tc, decodes_valid, 0, (int)(sizeof valid / sizeof valid[0]));
    tcase_add_loop_test(tc, rejects_invalid, 0, (int)(sizeof invalid / sizeof invalid[0]));
    tcase_add_test(tc, every_truncation_is_safe);
    tcase_add_test(tc, unpack_budget_caps_allocation);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
