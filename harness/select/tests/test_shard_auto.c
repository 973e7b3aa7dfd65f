/*
 * test_shard_auto.c — `--shard auto` (harness/select/include/sct/select/shard_auto.h): one
 * table per environment (Slurm, Kubernetes, GitLab, several at once, none),
 * each row an environment given as NAME=value strings, the shard expected
 * (worked out by hand from the engine's documentation) or a refusal whose
 * message must name the variable at fault.
 */
#include <check.h>
#include <string.h>

#include "sct/select/shard_auto.h"
#include "sct_check_main.h"

#define MAX_VARS 8

typedef struct env_row {
    const char *vars[MAX_VARS]; /* "NAME=value"; NULL ends */
    int index, count;           /* 0, 0: refused */
    const char *needle;         /* in the source (accepted) or the error */
} env_row;

static const char *lookup(void *user, const char *name)
{
    const env_row *row = user;
    size_t len = strlen(name);
    for (size_t i = 0; i < MAX_VARS && row->vars[i] != NULL; i++)
        if (strncmp(row->vars[i], name, len) == 0 && row->vars[i][len] == '=')
            return row->vars[i] + len + 1;
    return NULL;
}

static void check_rows(const env_row *rows, size_t n)
{
    for (size_t r = 0; r < n; r++) {
        sct_shard_auto got = {{77, 77}, "untouched"};
        char err[512] = "";
        int rc = sct_shard_auto_detect(lookup, (void *)&rows[r], &got, err, sizeof err);
        const char *first = rows[r].vars[0] ? rows[r].vars[0] : "(empty)";
        if (rows[r].index == 0) {
            ck_assert_msg(rc != 0, "row %zu (%s): accepted as %u/%u", r, first,
                          got.spec.index, got.spec.count);
            ck_assert_msg(strstr(err, "--shard auto: ") == err, "row %zu: %s", r, err);
            ck_assert_msg(strstr(err, rows[r].needle) != NULL,
                          "row %zu (%s): error \"%s\" lacks \"%s\"", r, first, err,
                          rows[r].needle);
            ck_assert_uint_eq(got.spec.index, 77);
        } else {
            ck_assert_msg(rc == 0, "row %zu (%s): refused: %s", r, first, err);
            ck_assert_msg(got.spec.index == (unsigned)rows[r].index &&
                          got.spec.count == (unsigned)rows[r].count,
                          "row %zu (%s): %u/%u, want %d/%d", r, first, got.spec.index,
                          got.spec.count, rows[r].index, rows[r].count);
            ck_assert_msg(strstr(got.source, rows[r].needle) != NULL,
                          "row %zu: source \"%s\" lacks \"%s\"", r, got.source,
                          rows[r].needle);
        }
    }
}

#define CHECK_TABLE(t) check_rows(t, sizeof t / sizeof t[0])

START_TEST(slurm)
{
    static const env_row t[] = {
        /* sbatch --array=1-4, task 3 */
        {{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4", "SLURM_ARRAY_TASK_STEP=1"}, 3, 4, "slurm job array"},
        /* --array=0-3: 0-based ids, task 0 is shard 1 */
        {{"SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=3",
          "SLURM_ARRAY_TASK_COUNT=4"}, 1, 4, "SLURM_ARRAY_TASK_ID=0"},
        /* --array=10-19%2 (throttled: still consecutive), last task */
        {{"SLURM_ARRAY_TASK_ID=19", "SLURM_ARRAY_TASK_MIN=10", "SLURM_ARRAY_TASK_MAX=19",
          "SLURM_ARRAY_TASK_COUNT=10", "SLURM_ARRAY_TASK_STEP=1"}, 10, 10, "MIN=10"},
        /* a one-task array */
        {{"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_MAX=5",
          "SLURM_ARRAY_TASK_COUNT=1"}, 1, 1, "slurm"},
        /* --array=0-6:2 (stepped) */
        {{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=6",
          "SLURM_ARRAY_TASK_COUNT=4", "SLURM_ARRAY_TASK_STEP=2"}, 0, 0, "stepped or sparse"},
        /* --array=1,3,7 (sparse) */
        {{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=7",
          "SLURM_ARRAY_TASK_COUNT=3"}, 0, 0, "SLURM_ARRAY_TASK_MAX=7"},
        {{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4"},
         0, 0, "SLURM_ARRAY_TASK_COUNT is not set"},
        {{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MAX=4", "SLURM_ARRAY_TASK_COUNT=4"},
         0, 0, "SLURM_ARRAY_TASK_MIN is not set"},
        {{"SLURM_ARRAY_TASK_ID=three", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "SLURM_ARRAY_TASK_ID=\"three\""},
        {{"SLURM_ARRAY_TASK_ID=", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "SLURM_ARRAY_TASK_ID=\"\""},
        {{"SLURM_ARRAY_TASK_ID=-1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "SLURM_ARRAY_TASK_ID=\"-1\""},
        {{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4x"}, 0, 0, "SLURM_ARRAY_TASK_COUNT=\"4x\""},
        {{"SLURM_ARRAY_TASK_ID=9", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "SLURM_ARRAY_TASK_ID=9 is outside"},
        {{"SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "SLURM_ARRAY_TASK_ID=0 is outside"},
        {{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=0",
          "SLURM_ARRAY_TASK_COUNT=0"}, 0, 0, "SLURM_ARRAY_TASK_COUNT=0"},
        {{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=99999999999"}, 0, 0, "SLURM_ARRAY_TASK_COUNT=\"9999"},
        /* not an array job: SLURM_JOB_ID alone is no shard */
        {{"SLURM_JOB_ID=42", "SLURM_ARRAY_TASK_COUNT=4"}, 0, 0, "no job array found"},
    };
    CHECK_TABLE(t);
}
END_TEST

START_TEST(kubernetes)
{
    static const env_row t[] = {
        {{"JOB_COMPLETION_INDEX=0", "SONNX_CTS_SHARD_COUNT=4"}, 1, 4, "kubernetes indexed job"},
        {{"JOB_COMPLETION_INDEX=3", "SONNX_CTS_SHARD_COUNT=4"}, 4, 4, "JOB_COMPLETION_INDEX=3"},
        {{"JOB_COMPLETION_INDEX=4", "SONNX_CTS_SHARD_COUNT=4"}, 0, 0, "JOB_COMPLETION_INDEX=4 is out of range"},
        {{"JOB_COMPLETION_INDEX=1"}, 0, 0, "SONNX_CTS_SHARD_COUNT is not"},
        {{"JOB_COMPLETION_INDEX=1", "SONNX_CTS_SHARD_COUNT=0"}, 0, 0, "SONNX_CTS_SHARD_COUNT=0"},
        {{"JOB_COMPLETION_INDEX=1", "SONNX_CTS_SHARD_COUNT=four"}, 0, 0, "SONNX_CTS_SHARD_COUNT=\"four\""},
        {{"JOB_COMPLETION_INDEX= 1", "SONNX_CTS_SHARD_COUNT=4"}, 0, 0, "JOB_COMPLETION_INDEX=\" 1\""},
        {{"JOB_COMPLETION_INDEX=1", "SONNX_CTS_SHARD_COUNT=200000"}, 0, 0, "SONNX_CTS_SHARD_COUNT=200000"},
        /* the count without an index is no array */
        {{"SONNX_CTS_SHARD_COUNT=4"}, 0, 0, "no job array found"},
    };
    CHECK_TABLE(t);
}
END_TEST

START_TEST(gitlab)
{
    static const env_row t[] = {
        {{"CI_NODE_INDEX=1", "CI_NODE_TOTAL=4"}, 1, 4, "gitlab parallel job"},
        {{"CI_NODE_INDEX=4", "CI_NODE_TOTAL=4"}, 4, 4, "CI_NODE_INDEX=4"},
        {{"CI_NODE_INDEX=0", "CI_NODE_TOTAL=4"}, 0, 0, "CI_NODE_INDEX=0 is out of range"},
        {{"CI_NODE_INDEX=5", "CI_NODE_TOTAL=4"}, 0, 0, "CI_NODE_INDEX=5 is out of range"},
        {{"CI_NODE_INDEX=2"}, 0, 0, "CI_NODE_INDEX is set but CI_NODE_TOTAL is not"},
        {{"CI_NODE_INDEX=2", "CI_NODE_TOTAL=4.0"}, 0, 0, "CI_NODE_TOTAL=\"4.0\""},
        {{"CI_NODE_INDEX=0x2", "CI_NODE_TOTAL=4"}, 0, 0, "CI_NODE_INDEX=\"0x2\""},
        /* every GitLab job has CI_NODE_TOTAL=1; without CI_NODE_INDEX it is
         * not a parallel job */
        {{"CI_NODE_TOTAL=1", "CI_JOB_ID=7"}, 0, 0, "no job array found"},
        {{"CI_NODE_INDEX=2", "CI_NODE_TOTAL=4", "SONNX_CTS_SHARD_COUNT=4"}, 2, 4, "gitlab"},
        {{"CI_NODE_INDEX=2", "CI_NODE_TOTAL=4", "SONNX_CTS_SHARD_COUNT=3"}, 0, 0,
         "SONNX_CTS_SHARD_COUNT=3 contradicts"},
    };
    CHECK_TABLE(t);
}
END_TEST

START_TEST(several_and_none)
{
    static const env_row t[] = {
        {{NULL}, 0, 0, "no job array found"},
        /* Slurm inside GitLab, the same shard: accepted, both named */
        {{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4", "CI_NODE_INDEX=2", "CI_NODE_TOTAL=4"}, 2, 4,
         "SLURM_ARRAY_TASK_COUNT=4; gitlab parallel job: CI_NODE_INDEX=2"},
        {{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4", "CI_NODE_INDEX=3", "CI_NODE_TOTAL=4"}, 0, 0,
         "disagree: slurm job array: SLURM_ARRAY_TASK_ID=2"},
        {{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4",
          "SLURM_ARRAY_TASK_COUNT=4", "CI_NODE_INDEX=2", "CI_NODE_TOTAL=5"}, 0, 0,
         "CI_NODE_TOTAL=5 gives 2/5"},
        {{"JOB_COMPLETION_INDEX=1", "SONNX_CTS_SHARD_COUNT=4", "CI_NODE_INDEX=2",
          "CI_NODE_TOTAL=4"}, 2, 4, "kubernetes indexed job"},
        {{"JOB_COMPLETION_INDEX=2", "SONNX_CTS_SHARD_COUNT=4", "CI_NODE_INDEX=2",
          "CI_NODE_TOTAL=4"}, 0, 0, "JOB_COMPLETION_INDEX=2 SONNX_CTS_SHARD_COUNT=4 gives shard 3/4"},
        {{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=2",
          "SLURM_ARRAY_TASK_COUNT=2", "SONNX_CTS_SHARD_COUNT=4"}, 0, 0,
         "SONNX_CTS_SHARD_COUNT=4 contradicts"},
        /* a broken second engine is refused even when the first is fine */
        {{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=2",
          "SLURM_ARRAY_TASK_COUNT=2", "CI_NODE_INDEX=x"}, 0, 0, "CI_NODE_INDEX=\"x\""},
    };
    CHECK_TABLE(t);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        slurm,
        kubernetes,
        gitlab,
        several_and_none,
    };
    return SCT_CHECK_RUN("shard_auto", tests);
}
