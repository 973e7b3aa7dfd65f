/*
 * test_progress.c — the progress line (harness/cli/progress.h): its text
 * for given states, silence on a non-terminal in AUTO mode (the property
 * that keeps logs and CI output clean), output in ALWAYS mode.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "sct_check_main.h"

START_TEST(format_text)
{
    char buf[160];
    sct_progress_format(buf, sizeof buf, 1200, 5000, 3, 2.0);
    ck_assert_str_eq(buf, "[sonnx-cts] 1200/5000 cases (24.0%), 3 failed, "
                          "600.0 cases/s, ~6 s left");
    sct_progress_format(buf, sizeof buf, 10, 10, 0, 0.5);
    ck_assert_str_eq(buf, "[sonnx-cts] 10/10 cases (100.0%), 0 failed, 20.0 cases/s");
    /* No time elapsed: no rate (no division by ~0). */
    sct_progress_format(buf, sizeof buf, 0, 7, 0, 0.0);
    ck_assert_str_eq(buf, "[sonnx-cts] 0/7 cases (0.0%), 0 failed");
    /* Truncation is safe. */
    char small[12];
    sct_progress_format(small, sizeof small, 1200, 5000, 3, 2.0);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

static size_t file_size(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    return n < 0 ? 0 : (size_t)n;
}

START_TEST(auto_is_silent_on_a_file)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    sct_progress p;
    sct_progress_begin(&p, f, 3, SCT_PROGRESS_AUTO);
    ck_assert_ptr_null(p.stream);
    p.last_draw_s -= 10.0; /* as if long overdue for a redraw */
    sct_progress_case_done(&p, true);
    sct_progress_case_done(&p, false);
    sct_progress_end(&p);
    ck_assert_uint_eq(file_size(f), 0);
    fclose(f);
}
END_TEST

START_TEST(always_draws_and_counts)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    sct_progress p;
    sct_progress_begin(&p, f, 3, SCT_PROGRESS_ALWAYS);
    p.last_draw_s -= 10.0;
    sct_progress_case_done(&p, true);   /* redraw: interval passed */
    sct_progress_case_done(&p, false);  /* too soon: no redraw */
    sct_progress_case_done(&p, true);
    sct_progress_end(&p);               /* final line + newline */
    ck_assert_uint_eq(p.done, 3);
    ck_assert_uint_eq(p.failed, 2);
    rewind(f);
    char text[1024] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    ck_assert_msg(strstr(text, "\r[sonnx-cts] 1/3 cases") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "\r[sonnx-cts] 3/3 cases (100.0%), 2 failed") != NULL,
                  "%s", text);
    ck_assert(strstr(text, "2/3 cases") == NULL);
    ck_assert_int_eq(text[n - 1], '\n');
    fclose(f);
}
END_TEST

START_TEST(never_and_short_runs_draw_nothing)
{
    FILE *f = tmpfile();
    sct_progress p;
    sct_progress_begin(&p, f, 2, SCT_PROGRESS_NEVER);
    p.last_draw_s -= 10.0;
    sct_progress_case_done(&p, false);
    sct_progress_end(&p);
    /* ALWAYS but faster than one interval: nothing drawn, no stray newline. */
    sct_progress_begin(&p, f, 2, SCT_PROGRESS_ALWAYS);
    sct_progress_case_done(&p, false);
    sct_progress_case_done(&p, false);
    sct_progress_end(&p);
    ck_assert_uint_eq(file_size(f), 0);
    fclose(f);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        format_text,
        auto_is_silent_on_a_file,
        always_draws_and_counts,
        never_and_short_runs_draw_nothing,
    };
    return SCT_CHECK_RUN("progress", tests);
}
