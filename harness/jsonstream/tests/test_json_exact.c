/*
 * test_json_exact.c — harness/jsonstream/json_exact.h: integers read
 * exactly to 2^64-1 from their literals (cJSON's doubles would round
 * everything above 2^53), everything that is not such an integer refused,
 * bad text refused with its position, integer literals printed back
 * exactly, a member located in an element's raw text.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/jsonstream/json_index.h"
#include "sct_check_main.h"

static cJSON *parse(const char *text)
{
    char err[128] = "";
    cJSON *j = sct_json_parse_exact(text, strlen(text), err, sizeof err);
    ck_assert_msg(j != NULL, "%s: %s", text, err);
    return j;
}

/* One number literal as an element: what sct_json_u64 / sct_json_i64 read. */
static const struct {
    const char *literal;
    bool u_ok; uint64_t u;
    bool i_ok; int64_t i;
} k_numbers[] = {
    {"18446744073709551615", true, UINT64_MAX, false, 0},          /* 2^64-1 */
    {"18446744073709551616", false, 0, false, 0},                  /* 2^64 */
    {"9007199254740993", true, 9007199254740993ull, true, 9007199254740993ll}, /* 2^53+1 */
    {"4607182418800017409", true, 4607182418800017409ull, true, 4607182418800017409ll},
    {"9223372036854775807", true, INT64_MAX, true, INT64_MAX},
    {"-9223372036854775808", false, 0, true, INT64_MIN},
    {"-9223372036854775809", false, 0, false, 0},
    {"0", true, 0, true, 0},
    {"-0", true, 0, true, 0},
    {"-5", false, 0, true, -5},
    {"12", true, 12, true, 12},
    {"1.5", false, 0, false, 0},                                   /* fraction */
    {"5.0", true, 5, true, 5},                                     /* integral double */
    {"1e3", true, 1000, true, 1000},                               /* exponent, exact */
    {"1.5e300", false, 0, false, 0},
    {"9007199254740993.0", false, 0, false, 0},                    /* a double above 2^53 */
    {"-1e-3", false, 0, false, 0},
};

START_TEST(integers_are_exact)
{
    char text[96];
    snprintf(text, sizeof text, "[%s]", k_numbers[_i].literal);
    cJSON *j = parse(text);
    const cJSON *item = cJSON_GetArrayItem(j, 0);
    ck_assert_str_eq(sct_json_number_literal(item), k_numbers[_i].literal);
    uint64_t u = 7;
    int64_t i = 7;
    ck_assert_msg(sct_json_u64(item, &u) == k_numbers[_i].u_ok, "u64 %s", text);
    ck_assert_msg(sct_json_i64(item, &i) == k_numbers[_i].i_ok, "i64 %s", text);
    if (k_numbers[_i].u_ok)
        ck_assert(u == k_numbers[_i].u);
    if (k_numbers[_i].i_ok)
        ck_assert(i == k_numbers[_i].i);
    cJSON_Delete(j);
}
END_TEST

START_TEST(members_and_types)
{
    cJSON *j = parse("{\"a\": 18446744073709551615, \"s\": \"12345678901234567\", "
                     "\"t\": true, \"n\": null, \"o\": {\"k\": [1, 22, 333]}}");
    uint64_t v;
    ck_assert(sct_json_get_u64(j, "a", &v) && v == UINT64_MAX);
    ck_assert(!sct_json_get_u64(j, "s", &v));        /* a string is no number */
    ck_assert_str_eq(sct_json_get_str(j, "s"), "12345678901234567");
    ck_assert_ptr_null(sct_json_get_str(j, "a"));
    ck_assert_ptr_null(sct_json_number_literal(cJSON_GetObjectItem(j, "s")));
    bool b = false;
    ck_assert(sct_json_get_bool(j, "t", &b) && b);
    ck_assert(!sct_json_get_bool(j, "n", &b));
    ck_assert(!sct_json_get_u64(j, "missing", &v));
    ck_assert(!sct_json_get_u64(NULL, "a", &v));
    const cJSON *k = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "o"), "k");
    ck_assert(sct_json_u64(cJSON_GetArrayItem(k, 2), &v) && v == 333);
    /* Numbers built in memory have no literal: read through the double. */
    cJSON *m = cJSON_CreateNumber(42);
    ck_assert(sct_json_u64(m, &v) && v == 42);
    cJSON_Delete(m);
    cJSON_Delete(j);
}
END_TEST

static const struct {
    const char *text;
    const char *want;
} k_bad[] = {
    {"{\"a\": 1,", "invalid JSON near byte"},
    {"[1 2]", "invalid JSON near byte"},
    {"{\"a\": 1} x", "invalid JSON near byte 9"},
    {"", "invalid JSON"},
    {"[01]", "invalid JSON"},
};

START_TEST(bad_text_refused)
{
    char err[128] = "";
    const char *t = k_bad[_i].text;
    ck_assert_ptr_null(sct_json_parse_exact(t, strlen(t), err, sizeof err));
    ck_assert_msg(strstr(err, k_bad[_i].want) != NULL, "%s: %s", t, err);
}
END_TEST

START_TEST(integer_literals_printed_back)
{
    cJSON *j = parse("{\"big\": 18446744073709551615, \"neg\": -9223372036854775808, "
                     "\"x\": 1.5, \"s\": \"7\"}");
    sct_json_keep_integer_literals(j);
    char *out = cJSON_PrintUnformatted(j);
    ck_assert_str_eq(out, "{\"big\":18446744073709551615,\"neg\":-9223372036854775808,"
                          "\"x\":1.5,\"s\":\"7\"}");
    free(out);
    cJSON_Delete(j);
}
END_TEST

static const struct {
    const char *text;
    bool found;
    const char *value;
} k_members[] = {
    {"{\"id\": \"div/a\", \"op\": \"Div\"}", true, "div/a"},
    {"{\"op\": {\"id\": \"inner\"}, \"n\": 5, \"id\":\"outer\"}", true, "outer"},
    {"{\"s\": \"a \\\"id\\\": \\\"x\\\"\", \"id\": \"y\"}", true, "y"},
    {"{\"id\": 5}", false, NULL},
    {"{\"id\": \"a\\\\b\"}", false, NULL},                     /* escapes: parse instead */
    {"{\"i\\u0064\": \"z\", \"id\": \"y\"}", false, NULL},     /* an escaped name first */
    {"{\"op\": \"x\"}", false, NULL},
    {"[\"id\"]", false, NULL},
    {"{\"id\": \"first\", \"id\": \"second\"}", true, "first"}, /* cJSON's lookup */
};

START_TEST(member_in_raw_text)
{
    const char *t = k_members[_i].text;
    size_t off = 0, len = 0;
    bool found = sct_json_find_string_member(t, strlen(t), "id", &off, &len);
    ck_assert_msg(found == k_members[_i].found, "%s", t);
    if (found) {
        ck_assert_uint_eq(len, strlen(k_members[_i].value));
        ck_assert(memcmp(t + off, k_members[_i].value, len) == 0);
        /* What a parse reads. */
        cJSON *j = parse(t);
        ck_assert_str_eq(sct_json_get_str(j, "id"), k_members[_i].value);
        cJSON_Delete(j);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("json_exact");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, integers_are_exact, 0,
                        (int)(sizeof k_numbers / sizeof k_numbers[0]));
    tcase_add_test(tc, members_and_types);
    tcase_add_loop_test(tc, bad_text_refused, 0, (int)(sizeof k_bad / sizeof k_bad[0]));
    tcase_add_test(tc, integer_literals_printed_back);
    tcase_add_loop_test(tc, member_in_raw_text, 0,
                        (int)(sizeof k_members / sizeof k_members[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
