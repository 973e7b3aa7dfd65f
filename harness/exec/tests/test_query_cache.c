/*
 * test_query_cache.c — the isolated backend's memory of query() answers
 * (query_cache.c): a question asked before is answered from the cache,
 * any difference in what the plugin would be told (op, domain, opset,
 * profile, input types) is a miss, an op with attributes is never kept,
 * and a full cache stores no more while keeping what it has.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "query_cache.h"
#include "sct_check_main.h"

static sct_query_cache cache; /* large: kept off the stack */

static sonnx_op op_of(const char *op_type, int opset)
{
    sonnx_op op;
    memset(&op, 0, sizeof op);
    op.op_type = op_type;
    op.domain = "";
    op.opset = opset;
    op.profile = "sonnx";
    return op;
}

static sct_exec_result answer_of(sct_exec_status status, const char *message)
{
    sct_exec_result r;
    memset(&r, 0, sizeof r);
    r.status = status;
    r.exit_code = -1;
    r.seconds = 0.25;
    snprintf(r.message, sizeof r.message, "%s", message);
    return r;
}

/* One question stored, one asked: hit or miss. */
static const struct {
    const char *name;
    const char *stored_op;
    int stored_opset;
    int32_t stored_types[3];
    size_t n_stored;
    const char *asked_op;
    int asked_opset;
    int32_t asked_types[3];
    size_t n_asked;
    bool hit;
} rows[] = {
    {"same question", "Div", 14, {1, 1}, 2, "Div", 14, {1, 1}, 2, true},
    {"no inputs", "Div", 14, {0}, 0, "Div", 14, {0}, 0, true},
    {"other op", "Div", 14, {1, 1}, 2, "Mul", 14, {1, 1}, 2, false},
    {"other opset", "Div", 14, {1, 1}, 2, "Div", 13, {1, 1}, 2, false},
    {"second type differs", "Div", 14, {1, 1}, 2, "Div", 14, {1, 10}, 2, false},
    {"types swapped", "Pow", 15, {1, 7}, 2, "Pow", 15, {7, 1}, 2, false},
    {"one type fewer", "Div", 14, {1, 1}, 2, "Div", 14, {1}, 1, false},
    {"one type more", "Div", 14, {1}, 1, "Div", 14, {1, 1}, 2, false},
    {"1,1 is not 11", "Div", 14, {11}, 1, "Div", 14, {1, 1}, 2, false},
    {"11,1 is not 1,11", "Less", 13, {11, 1}, 2, "Less", 13, {1, 11}, 2, false},
};

START_TEST(hit_or_miss)
{
    memset(&cache, 0, sizeof cache);
    sonnx_op stored = op_of(rows[_i].stored_op, rows[_i].stored_opset);
    sonnx_op asked = op_of(rows[_i].asked_op, rows[_i].asked_opset);
    sct_exec_result a = answer_of(SCT_EXEC_UNSUPPORTED, "declined: float16");
    ck_assert(sct_query_cache_put(&cache, &stored, rows[_i].stored_types,
                                  rows[_i].n_stored, &a));
    sct_exec_result got;
    memset(&got, 0, sizeof got);
    ck_assert_msg(sct_query_cache_get(&cache, &asked, rows[_i].asked_types,
                                      rows[_i].n_asked, &got) == rows[_i].hit,
                  "%s", rows[_i].name);
    if (rows[_i].hit) {
        ck_assert_int_eq(got.status, SCT_EXEC_UNSUPPORTED);
        ck_assert_str_eq(got.message, "declined: float16");
        ck_assert_int_eq(got.exit_code, -1);
        ck_assert(got.seconds == 0.0); /* nothing was run for it */
    }
}
END_TEST

/* All 128 slots used: the answers stored stay, a 129th is not stored (and
 * so is asked of the plugin every time, never answered wrongly). */
START_TEST(full_cache_keeps_its_answers)
{
    memset(&cache, 0, sizeof cache);
    sonnx_op op = op_of("Mul", 14);
    for (int32_t i = 0; i < 128; i++) {
        char msg[32];
        snprintf(msg, sizeof msg, "answer %d", (int)i);
        sct_exec_result a = answer_of(i % 2 ? SCT_EXEC_OK : SCT_EXEC_UNSUPPORTED, msg);
        int32_t types[2] = {i, i};
        ck_assert_msg(sct_query_cache_put(&cache, &op, types, 2, &a), "slot %d", (int)i);
    }
    int32_t extra[2] = {128, 128};
    sct_exec_result a = answer_of(SCT_EXEC_OK, "answer 128");
    ck_assert(!sct_query_cache_put(&cache, &op, extra, 2, &a));
    sct_exec_result got;
    ck_assert(!sct_query_cache_get(&cache, &op, extra, 2, &got));
    static const int32_t kept[] = {0, 1, 64, 127};
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        int32_t types[2] = {kept[k], kept[k]};
        char msg[32];
        snprintf(msg, sizeof msg, "answer %d", (int)kept[k]);
        ck_assert(sct_query_cache_get(&cache, &op, types, 2, &got));
        ck_assert_str_eq(got.message, msg);
        ck_assert_int_eq(got.status, kept[k] % 2 ? SCT_EXEC_OK : SCT_EXEC_UNSUPPORTED);
    }
}
END_TEST

/* A question whose key does not fit is never stored nor answered. */
START_TEST(unkeyable_question_is_asked)
{
    memset(&cache, 0, sizeof cache);
    char name[400];
    memset(name, 'A', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    sonnx_op op = op_of(name, 14);
    int32_t types[1] = {1};
    sct_exec_result a = answer_of(SCT_EXEC_OK, "ok");
    ck_assert(!sct_query_cache_put(&cache, &op, types, 1, &a));
    sct_exec_result got;
    ck_assert(!sct_query_cache_get(&cache, &op, types, 1, &got));
}
END_TEST

/* An op with attributes (ABI 1.1) is asked every time: the answer may
 * depend on the values, so it is neither stored nor answered, and it does
 * not answer for the same op without attributes. */
START_TEST(attributed_question_is_asked)
{
    memset(&cache, 0, sizeof cache);
    static const sonnx_attribute fmod[1] = {
        {"fmod", SONNX_ATTR_INT, 0, 1, 0.0f, 0, NULL, 0, NULL, NULL}};
    sonnx_op plain = op_of("Mod", 13);
    sonnx_op with = plain;
    with.n_attributes = 1;
    with.attributes = fmod;
    int32_t types[2] = {1, 1};
    sct_exec_result a = answer_of(SCT_EXEC_UNSUPPORTED, "fmod=1 not implemented");
    ck_assert(!sct_query_cache_put(&cache, &with, types, 2, &a));
    sct_exec_result got;
    ck_assert(!sct_query_cache_get(&cache, &with, types, 2, &got));
    ck_assert(!sct_query_cache_get(&cache, &plain, types, 2, &got));
    sct_exec_result ok = answer_of(SCT_EXEC_OK, "");
    ck_assert(sct_query_cache_put(&cache, &plain, types, 2, &ok));
    ck_assert(!sct_query_cache_get(&cache, &with, types, 2, &got));
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, hit_or_miss, 0, (int)(sizeof rows / sizeof rows[0]));
    tcase_add_test(tc, full_cache_keeps_its_answers);
    tcase_add_test(tc, unkeyable_question_is_asked);
    tcase_add_test(tc, attributed_question_is_asked);
    return sct_check_run_tcase("query_cache", tc);
}
