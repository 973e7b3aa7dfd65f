/*
 * sct_check_main.h — the main() of a module's Check unit test: its tests,
 * listed once in a table (or one table-driven test run per row), run as
 * one suite; the exit status says whether every one passed (CTest reads
 * it).  Test-only (CMake target sct_check_main).
 */
#ifndef SCT_CHECK_MAIN_H
#define SCT_CHECK_MAIN_H

#include <check.h>
#include <stddef.h>
#include <stdlib.h>

/* Runs the suite `s` with the fork mode `fork` (CK_FORK_GETENV: what the
 * CK_FORK variable says, Check's default); EXIT_SUCCESS iff no test
 * failed. */
static inline int sct_check_run_suite_forking(Suite *s, enum fork_status fork)
{
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, fork);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* Runs the suite `s` (its test cases added by the caller, e.g. with their
 * own timeouts); EXIT_SUCCESS iff no test failed. */
static inline int sct_check_run_suite(Suite *s)
{
    return sct_check_run_suite_forking(s, CK_FORK_GETENV);
}

/* As sct_check_run_suite, every test in this process whatever CK_FORK
 * says: for tests that share what main() set up once (a plugin initialised
 * once, as the harness does). */
static inline int sct_check_run_suite_nofork(Suite *s)
{
    return sct_check_run_suite_forking(s, CK_NOFORK);
}

/* Runs the suite `name` made of the one test case `tc`; EXIT_SUCCESS iff
 * no test failed. */
static inline int sct_check_run_tcase(const char *name, TCase *tc)
{
    Suite *s = suite_create(name);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}

/* Runs tests[0..n-1] (START_TEST names) as the suite `name`, test case
 * "core". */
static inline int sct_check_run(const char *name, const TTest *const *tests, size_t n)
{
    TCase *tc = tcase_create("core");
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
    return sct_check_run_tcase(name, tc);
}

/* Runs the table-driven test `test` (a START_TEST reading row _i) once per
 * row 0..n_rows-1 as the suite `name`, test case "rows". */
static inline int sct_check_run_rows(const char *name, const TTest *test, size_t n_rows)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test, 0, (int)n_rows);
    return sct_check_run_tcase(name, tc);
}

#define SCT_CHECK_RUN(name, tests) \
    sct_check_run((name), (tests), sizeof(tests) / sizeof((tests)[0]))

#endif /* SCT_CHECK_MAIN_H */
