/*
 * test_shard.c — `--shard I/N` parsing and the selection rule
 * (harness/select/include/sct/select/shard.h): the N shards are disjoint, cover every case
 * exactly once, and sct_shard_position_of inverts the selection (what merge
 * relies on).  Expected memberships are written out by hand for a small
 * case; the partition properties are checked for every N up to 9.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/select/shard.h"
#include "sct_check_main.h"

START_TEST(parse_accepts_valid)
{
    sct_shard_spec s;
    char err[256];
    ck_assert_int_eq(sct_shard_parse("2/4", &s, err, sizeof err), 0);
    ck_assert_uint_eq(s.index, 2);
    ck_assert_uint_eq(s.count, 4);
    ck_assert_int_eq(sct_shard_parse("1/1", &s, err, sizeof err), 0);
    ck_assert_int_eq(sct_shard_parse("100000/100000", &s, err, sizeof err), 0);
}
END_TEST

START_TEST(parse_rejects_invalid)
{
    static const char *const bad[] = {
        "", "2", "/4", "2/", "0/4", "5/4", "1/0", "-1/4", "+1/4", "1/4x",
        " 1/4", "1 /4", "1/ 4", "1/4/2", "a/b", "100001/100001",
        "99999999999999999999/4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sct_shard_spec s = {7, 7};
        char err[256] = "";
        ck_assert_msg(sct_shard_parse(bad[i], &s, err, sizeof err) != 0,
                      "accepted \"%s\"", bad[i]);
        ck_assert_msg(strstr(err, "--shard") != NULL, "no message for \"%s\"", bad[i]);
        ck_assert_uint_eq(s.index, 7); /* untouched on error */
    }
    char err[256];
    sct_shard_spec s;
    ck_assert_int_ne(sct_shard_parse(NULL, &s, err, sizeof err), 0);
}
END_TEST

START_TEST(selection_by_hand)
{
    /* 10 cases in 4 shards: shard 1 = 0,4,8; 2 = 1,5,9; 3 = 2,6; 4 = 3,7. */
    static const int want[4][10] = {
        {1, 0, 0, 0, 1, 0, 0, 0, 1, 0},
        {0, 1, 0, 0, 0, 1, 0, 0, 0, 1},
        {0, 0, 1, 0, 0, 0, 1, 0, 0, 0},
        {0, 0, 0, 1, 0, 0, 0, 1, 0, 0}};
    static const size_t counts[4] = {3, 3, 2, 2};
    for (uint32_t i = 1; i <= 4; i++) {
        sct_shard_spec s = {i, 4};
        for (size_t k = 0; k < 10; k++)
            ck_assert_int_eq(sct_shard_selects(&s, k), want[i - 1][k]);
        ck_assert_uint_eq(sct_shard_case_count(&s, 10), counts[i - 1]);
    }
    sct_shard_spec s3 = {3, 4};
    ck_assert_uint_eq(sct_shard_position_of(&s3, 0), 2);
    ck_assert_uint_eq(sct_shard_position_of(&s3, 1), 6);
    sct_shard_spec whole = sct_shard_whole();
    ck_assert_uint_eq(sct_shard_case_count(&whole, 10), 10);
    ck_assert(sct_shard_selects(&whole, 9));
}
END_TEST

START_TEST(partition_properties)
{
    for (uint32_t n = 1; n <= 9; n++)
        for (size_t total = 0; total <= 23; total++) {
            int *hits = calloc(total + 1, sizeof *hits);
            size_t sum = 0;
            for (uint32_t i = 1; i <= n; i++) {
                sct_shard_spec s = {i, n};
                size_t in_shard = 0;
                for (size_t k = 0; k < total; k++)
                    if (sct_shard_selects(&s, k)) {
                        /* The j-th selected case maps back to k. */
                        ck_assert_uint_eq(sct_shard_position_of(&s, in_shard), k);
                        in_shard++;
                        hits[k]++;
                    }
                ck_assert_uint_eq(in_shard, sct_shard_case_count(&s, total));
                sum += in_shard;
            }
            ck_assert_uint_eq(sum, total);
            for (size_t k = 0; k < total; k++)
                ck_assert_int_eq(hits[k], 1);
            free(hits);
        }
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        parse_accepts_valid,
        parse_rejects_invalid,
        selection_by_hand,
        partition_properties,
    };
    return SCT_CHECK_RUN("shard", tests);
}
