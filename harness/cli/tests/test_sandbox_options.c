/*
 * test_sandbox_options.c — --sandbox, --memory-limit, --cpu-limit values
 * (sandbox_options.c), table-driven.
 */
#include <check.h>
#include <string.h>
#include <stdlib.h>

#include "sandbox_options.h"
#include "sct_check_main.h"

static const struct size_row {
    const char *text;
    bool ok;
    uint64_t bytes;
} SIZES[] = {
    {"1", true, 1}, {"4096", true, 4096}, {"512M", true, UINT64_C(512) << 20},
    {"4G", true, UINT64_C(4) << 30}, {"1t", true, UINT64_C(1) << 40}, {"8k", true, 8192},
    {"0", false, 0}, {"", false, 0}, {"-1", false, 0}, {"1X", false, 0}, {"1GB", false, 0},
    {"G", false, 0}, {" 1G", false, 0}, {"99999999999T", false, 0},
    {"18446744073709551616", false, 0},
};

START_TEST(sizes)
{
    uint64_t v = 0;
    ck_assert_int_eq(sct_parse_size(SIZES[_i].text, &v), SIZES[_i].ok);
    if (SIZES[_i].ok)
        ck_assert_uint_eq(v, SIZES[_i].bytes);
}
END_TEST

static const struct opt_row {
    const char *name, *value;
    bool ok;
} OPTS[] = {
    {"sandbox", "auto", true}, {"sandbox", "require", true}, {"sandbox", "off", false},
    {"sandbox", "", false}, {"memory-limit", "64M", true}, {"memory-limit", "63M", false},
    {"memory-limit", "8G", true}, {"cpu-limit", "0.5", true}, {"cpu-limit", "0", false},
    {"cpu-limit", "-1", false}, {"cpu-limit", "1s", false},
    {"sandbox-omit", "seccomp", true}, {"sandbox-omit", "seccomp,landlock", true},
    {"sandbox-omit", "pidns,netns,memlimit,writewatch,cpulimit", true},
    {"sandbox-omit", "", false}, {"sandbox-omit", ",", false},
    {"sandbox-omit", "seccomp,landlok", false}, {"sandbox-omit", "secc", false},
    {"sandbox-omit", "seccompx", false}, {"sandbox-omit", "all", false},
};

START_TEST(options)
{
    sct_sandbox_options o = {0};
    ck_assert_int_eq(sct_sandbox_option(OPTS[_i].name, OPTS[_i].value, &o), OPTS[_i].ok);
    ck_assert(o.given);
    if (OPTS[_i].ok && OPTS[_i].value[0] == 'r')
        ck_assert(o.require);
    /* --sandbox-omit keeps its list only when every word is known. */
    if (strcmp(OPTS[_i].name, "sandbox-omit") == 0)
        ck_assert(OPTS[_i].ok ? o.omit == OPTS[_i].value : o.omit == NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sandbox_options");
    TCase *tc = tcase_create("values");
    tcase_add_loop_test(tc, sizes, 0, (int)(sizeof SIZES / sizeof SIZES[0]));
    tcase_add_loop_test(tc, options, 0, (int)(sizeof OPTS / sizeof OPTS[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
