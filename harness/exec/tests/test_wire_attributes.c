/*
 * test_wire_attributes.c — an op's attributes on the isolated worker's
 * socket (wire_attributes.c, docs/plugin-abi.md §2.1).  The worker's
 * decoder against a payload laid out by hand here: it decodes to the
 * attributes written, and each malformed variant (one field or byte
 * changed) is refused with a reason, never turned into a pointer outside
 * the payload.  The harness's encoder: every kind decodes back to the
 * source attributes, and every byte of the payload it writes that is not
 * a name or a value is zero (nothing uninitialised reaches the socket).
 */
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sct_check_main.h"
#include "wire_attributes.h"

/* The hand-made payload: 5 descriptors (200 bytes), then a 50-byte pool:
 *   0 "axis"  5 "mode"  10 "edge"  15 "pads"  24 int64 {1, -2}
 *   40 "s"  44 float {0.5}  48 "f" */
#define N_BASE 5
#define POOL_AT (N_BASE * sizeof(sct_wire_attribute))
#define POOL_LEN 50
#define BASE_BYTES (POOL_AT + POOL_LEN)

static uint64_t payload[64]; /* 8-byte aligned */

static void build_base(void)
{
    memset(payload, 0, sizeof payload);
    sct_wire_attribute d[N_BASE];
    memset(d, 0, sizeof d);
    d[0].kind = SONNX_ATTR_INT, d[0].name_off = 0, d[0].name_len = 4, d[0].i = 1;
    d[1].kind = SONNX_ATTR_STRING, d[1].name_off = 5, d[1].name_len = 4;
    d[1].value_off = 10, d[1].n = 4;
    d[2].kind = SONNX_ATTR_INTS, d[2].name_off = 15, d[2].name_len = 4;
    d[2].value_off = 24, d[2].n = 2;
    d[3].kind = SONNX_ATTR_FLOATS, d[3].name_off = 40, d[3].name_len = 1;
    d[3].value_off = 44, d[3].n = 1;
    d[4].kind = SONNX_ATTR_FLOAT, d[4].name_off = 48, d[4].name_len = 1, d[4].f = 2.0f;
    unsigned char *p = (unsigned char *)payload;
    memcpy(p, d, sizeof d);
    unsigned char *pool = p + POOL_AT;
    memcpy(pool + 0, "axis", 5);
    memcpy(pool + 5, "mode", 5);
    memcpy(pool + 10, "edge", 5);
    memcpy(pool + 15, "pads", 5);
    int64_t pads[2] = {1, -2};
    memcpy(pool + 24, pads, sizeof pads);
    memcpy(pool + 40, "s", 2);
    float s = 0.5f;
    memcpy(pool + 44, &s, sizeof s);
    memcpy(pool + 48, "f", 2);
}

START_TEST(hand_made_payload_decodes)
{
    build_base();
    sonnx_attribute a[SCT_WIRE_MAX_ATTRIBUTES];
    char why[256] = "";
    ck_assert_msg(sct_wire_attributes_decode(payload, BASE_BYTES, N_BASE, BASE_BYTES, a, why,
                                             sizeof why) == 0, "%s", why);
    ck_assert_str_eq(a[0].name, "axis");
    ck_assert_int_eq(a[0].kind, SONNX_ATTR_INT);
    ck_assert_int_eq(a[0].i, 1);
    ck_assert_str_eq(a[1].name, "mode");
    ck_assert_str_eq(a[1].s, "edge");
    ck_assert_int_eq(a[1].n, 0); /* n belongs to the lists */
    ck_assert_str_eq(a[2].name, "pads");
    ck_assert_int_eq(a[2].n, 2);
    ck_assert_int_eq(a[2].ints[0], 1);
    ck_assert_int_eq(a[2].ints[1], -2);
    ck_assert_ptr_null(a[2].floats);
    ck_assert_str_eq(a[3].name, "s");
    ck_assert_int_eq(a[3].n, 1);
    ck_assert(a[3].floats[0] == 0.5f);
    ck_assert_ptr_null(a[3].ints);
    ck_assert_str_eq(a[4].name, "f");
    ck_assert(a[4].f == 2.0f);
    ck_assert_ptr_null(a[4].s);
    /* pointers stay inside the payload */
    const unsigned char *lo = (const unsigned char *)payload, *hi = lo + BASE_BYTES;
    ck_assert((const unsigned char *)a[2].ints >= lo &&
              (const unsigned char *)(a[2].ints + 2) <= hi);
}
END_TEST

typedef enum field {
    F_KIND = offsetof(sct_wire_attribute, kind),
    F_NAME_LEN = offsetof(sct_wire_attribute, name_len),
    F_NAME_OFF = offsetof(sct_wire_attribute, name_off),
    F_VALUE_OFF = offsetof(sct_wire_attribute, value_off),
    F_N = offsetof(sct_wire_attribute, n),
    F_I = offsetof(sct_wire_attribute, i),
    F_F = offsetof(sct_wire_attribute, f),
    F_RESERVED = offsetof(sct_wire_attribute, reserved),
    H_N = 1000,      /* the request's n_attributes */
    H_BYTES,         /* its attr_bytes, and the bytes received with it */
    H_RECEIVED,      /* only the bytes received */
    POOL_BYTE,       /* pool[target] = value */
    MISALIGNED       /* the payload one byte further */
} field;

static const struct {
    const char *name;
    field field;
    int target; /* descriptor index, or pool offset for POOL_BYTE */
    uint64_t value;
    const char *want; /* in the reason */
} malformed[] = {
    {"fewer bytes than announced", H_RECEIVED, 0, BASE_BYTES - 1, "announces 250 attribute bytes, 249 arrived"},
    {"more bytes than announced", H_RECEIVED, 0, BASE_BYTES + 8, "announces 250 attribute bytes, 258 arrived"},
    {"too many attributes", H_N, 0, 33, "33 attributes, more than 32"},
    {"payload over the cap", H_BYTES, 0, SCT_WIRE_ATTR_CAP + 8, "32776 attribute bytes, more than 32768"},
    {"bytes without attributes", H_N, 0, 0, "0 attributes do not match the 250 attribute bytes"},
    {"descriptors past the bytes", H_N, 0, 7, "7 attributes do not match the 250 attribute bytes"},
    {"all 4 GiB announced", H_BYTES, 0, UINT32_MAX, "more than 32768"},
    {"unknown kind 4", F_KIND, 0, 4, "attribute 0: unknown kind 4"},
    {"unknown kind 0", F_KIND, 3, 0, "attribute 3: unknown kind 0"},
    {"name outside the pool", F_NAME_OFF, 1, 4096, "attribute 1: name (offset 4096, 4 bytes) outside the 50-byte pool"},
    {"name not NUL-terminated", F_NAME_LEN, 0, 3, "attribute 0: name (offset 0, 3 bytes)"},
    {"NUL inside the name", F_NAME_LEN, 0, 14, "attribute 0: name (offset 0, 14 bytes)"},
    {"name length wraps", F_NAME_LEN, 4, UINT32_MAX, "attribute 4: name"},
    {"name ends at the pool's end", F_NAME_OFF, 4, 49, "attribute 4: name"},
    {"reserved set", F_RESERVED, 0, 1, "attribute 0 ('axis', INT): a member of another kind"},
    {"INT with a count", F_N, 0, 1, "attribute 0 ('axis', INT): a member of another kind"},
    {"INT with an offset", F_VALUE_OFF, 0, 8, "attribute 0 ('axis', INT): a member of another kind"},
    {"INT with a float", F_F, 0, 0x3f800000, "attribute 0 ('axis', INT): a member of another kind"},
    {"FLOAT with an int", F_I, 4, 1, "attribute 4 ('f', FLOAT): a member of another kind"},
    {"STRING with an int", F_I, 1, 5, "attribute 1 ('mode', STRING): a member of another kind"},
    {"INTS with a float", F_F, 2, 1, "attribute 2 ('pads', INTS): a member of another kind"},
    {"INTS misaligned", F_VALUE_OFF, 2, 28, "attribute 2 ('pads', INTS): value (offset 28, count 2)"},
    {"INTS past the pool", F_N, 2, 4, "attribute 2 ('pads', INTS): value (offset 24, count 4) outside the 50-byte pool"},
    {"INTS count overflowing n*8", F_N, 2, (UINT64_MAX / 8) + 1, "attribute 2 ('pads', INTS): value"},
    {"INTS count 2^64-1", F_N, 2, UINT64_MAX, "attribute 2 ('pads', INTS): value"},
    {"empty INTS with an offset", F_N, 2, 0, "attribute 2 ('pads', INTS): value (offset 24, count 0)"},
    {"FLOATS misaligned", F_VALUE_OFF, 3, 46, "attribute 3 ('s', FLOATS): value (offset 46, count 1)"},
    {"FLOATS past the pool", F_N, 3, 2, "attribute 3 ('s', FLOATS): value (offset 44, count 2)"},
    {"STRING not NUL-terminated", F_N, 1, 3, "attribute 1 ('mode', STRING): value (offset 10, count 3)"},
    {"STRING past the pool", F_N, 1, 100, "attribute 1 ('mode', STRING): value (offset 10, count 100)"},
    {"STRING at the pool's end", F_VALUE_OFF, 1, 50, "attribute 1 ('mode', STRING): value (offset 50, count 4)"},
    {"NUL inside a STRING", POOL_BYTE, 11, 0, "attribute 1 ('mode', STRING): value"},
    {"payload misaligned", MISALIGNED, 0, 0, "not 8-byte aligned"},
};

static uint64_t shifted[65];

START_TEST(malformed_is_refused)
{
    build_base();
    uint32_t n = N_BASE, bytes = BASE_BYTES;
    size_t received = BASE_BYTES;
    const void *at = payload;
    unsigned char *p = (unsigned char *)payload;
    field f = malformed[_i].field;
    uint64_t v = malformed[_i].value;
    if (f == H_N) {
        n = (uint32_t)v;
    } else if (f == H_BYTES) {
        bytes = (uint32_t)v;
        received = (size_t)v;
    } else if (f == H_RECEIVED) {
        received = (size_t)v;
    } else if (f == POOL_BYTE) {
        p[POOL_AT + (size_t)malformed[_i].target] = (unsigned char)v;
    } else if (f == MISALIGNED) {
        memcpy((unsigned char *)shifted + 1, payload, BASE_BYTES);
        at = (unsigned char *)shifted + 1;
    } else {
        unsigned char *d = p + (size_t)malformed[_i].target * sizeof(sct_wire_attribute) + f;
        size_t width = f == F_N || f == F_I ? 8 : 4;
        if (width == 8) {
            memcpy(d, &v, 8);
        } else {
            uint32_t v32 = (uint32_t)v;
            memcpy(d, &v32, 4);
        }
    }
    sonnx_attribute a[SCT_WIRE_MAX_ATTRIBUTES];
    char why[256] = "";
    ck_assert_msg(sct_wire_attributes_decode(at, received, n, bytes, a, why, sizeof why) != 0,
                  "%s: accepted", malformed[_i].name);
    ck_assert_msg(strstr(why, malformed[_i].want) != NULL, "%s: reason '%s', wanted '%s'",
                  malformed[_i].name, why, malformed[_i].want);
}
END_TEST

/* The harness's encoder, each kind: decoded back, the source values. */
static const int64_t ints[3] = {INT64_MIN, 7, INT64_MAX};
static const float floats[2] = {-0.0f, 1.0e-45f /* the smallest subnormal */};
static const sonnx_attribute source[] = {
    {"a", SONNX_ATTR_FLOAT, 0, 0, -1.25f, 0, NULL, 0, NULL, NULL},
    {"bb", SONNX_ATTR_INT, 0, -5, 0.0f, 0, NULL, 0, NULL, NULL},
    {"ccc", SONNX_ATTR_STRING, 0, 0, 0.0f, 0, "hello", 0, NULL, NULL},
    {"d", SONNX_ATTR_FLOATS, 0, 0, 0.0f, 0, NULL, 2, NULL, floats},
    {"eeeee", SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, 3, ints, NULL},
    {"f", SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, 0, NULL, NULL},
};
#define N_SOURCE (sizeof source / sizeof source[0])

static uint64_t encoded[512];

START_TEST(encoder_round_trip)
{
    memset(encoded, 0xEE, sizeof encoded); /* anything not written shows */
    sonnx_op op = {"X", "", 1, "onnx", N_SOURCE, source};
    uint32_t n = 0, bytes = 0;
    char why[256] = "";
    ck_assert_msg(sct_wire_attributes_encode(&op, (unsigned char *)encoded, sizeof encoded, &n,
                                             &bytes, why, sizeof why) == 0, "%s", why);
    ck_assert_int_eq(n, N_SOURCE);
    sonnx_attribute a[SCT_WIRE_MAX_ATTRIBUTES];
    ck_assert_msg(sct_wire_attributes_decode(encoded, bytes, n, bytes, a, why, sizeof why) == 0,
                  "%s", why);
    ck_assert(a[0].f == -1.25f);
    ck_assert_int_eq(a[1].i, -5);
    ck_assert_str_eq(a[2].s, "hello");
    ck_assert_int_eq(a[3].n, 2);
    ck_assert(memcmp(a[3].floats, floats, sizeof floats) == 0); /* bits: -0.0 stays */
    ck_assert_int_eq(a[4].n, 3);
    ck_assert(memcmp(a[4].ints, ints, sizeof ints) == 0);
    ck_assert_int_eq(a[5].n, 0);
    ck_assert_ptr_null(a[5].ints);
    for (size_t k = 0; k < N_SOURCE; k++) {
        ck_assert_str_eq(a[k].name, source[k].name);
        ck_assert_int_eq(a[k].kind, source[k].kind);
    }
    /* every byte up to `bytes` written: what is neither a name nor a value
     * (padding, the descriptors' unused members) is zero, not 0xEE */
    const unsigned char *p = (const unsigned char *)encoded;
    unsigned char used[sizeof encoded];
    memset(used, 0, sizeof used);
    memset(used, 1, n * sizeof(sct_wire_attribute));
    for (size_t k = 0; k < n; k++) {
        size_t off = (size_t)((const unsigned char *)a[k].name - p);
        memset(used + off, 1, strlen(a[k].name) + 1);
        const void *v = a[k].s ? (const void *)a[k].s
                      : a[k].ints ? (const void *)a[k].ints : (const void *)a[k].floats;
        size_t len = a[k].s ? strlen(a[k].s) + 1 : (size_t)a[k].n * (a[k].ints ? 8 : 4);
        if (v)
            memset(used + ((const unsigned char *)v - p), 1, len);
    }
    for (size_t b = 0; b < bytes; b++)
        ck_assert_msg(used[b] || p[b] == 0, "byte %zu of %u not written (0x%02x)", b,
                      (unsigned)bytes, p[b]);
    ck_assert_msg(p[bytes] == 0xEE, "wrote past the %u bytes it reports", (unsigned)bytes);
}
END_TEST

/* An op without attributes: nothing to send. */
START_TEST(no_attributes_no_bytes)
{
    sonnx_op op = {"Div", "", 14, "sonnx", 0, NULL};
    uint32_t n = 99, bytes = 99;
    char why[64] = "";
    unsigned char buf[8];
    ck_assert_int_eq(sct_wire_attributes_encode(&op, buf, sizeof buf, &n, &bytes, why,
                                                sizeof why), 0);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(bytes, 0);
    sonnx_attribute a[SCT_WIRE_MAX_ATTRIBUTES];
    ck_assert_int_eq(sct_wire_attributes_decode(payload, 0, 0, 0, a, why, sizeof why), 0);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, hand_made_payload_decodes);
    tcase_add_loop_test(tc, malformed_is_refused, 0,
                        (int)(sizeof malformed / sizeof malformed[0]));
    tcase_add_test(tc, encoder_round_trip);
    tcase_add_test(tc, no_attributes_no_bytes);
    return sct_check_run_tcase("wire_attributes", tc);
}
