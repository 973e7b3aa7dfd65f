/*
 * verify_verdicts.c — a bundle's verdicts re-derived from its recorded
 * elements by the harness's one verdict rule (bundle_verify.h, check 3).
 *
 * Nothing here decides a verdict: sct_case_verdict (sct/results/
 * case_verdict.h) does, given what the runner gave it (harness/cli/runner.c):
 *   - a case never run (no exec status: unusable vectors, load failure) is
 *     ERROR, no verdict on the implementation;
 *   - an OK call of a "values" case whose elements were compared: the rule
 *     with values_match = (no mismatching element);
 *   - an OK call of a "values" case that could not be compared: ERROR
 *     (the golden did not match its declaration);
 *   - any other call: the rule with the exec status.
 * The run's overall verdict comes from the per-verdict counts by
 * sct_overall_from_counts (sct/results/verdict.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/bundle/bundle_verify.h"
#include "sct/jsonstream/json_exact.h"
#include "sct/jsonstream/json_fields.h"
#include "sct/results/case_verdict.h"
#include "sct/results/report_read.h"

/* The verdict the rule gives the recorded case; false with `why` when the
 * record cannot be judged (unknown expectation or exec status). */
static bool derive(const sct_case_result *c, sct_verdict *v, char *why, size_t cap)
{
    /* The names' one table each way (sct/model/case.h, sct/exec/backend.h). */
    sct_expectation e = sct_expectation_from_name(c->expectation);
    if ((int)e == SCT_EXPECT_COUNT) {
        snprintf(why, cap, "unknown expectation \"%s\"", c->expectation ? c->expectation : "");
        return false;
    }
    const char *ignored;
    if (c->exec_status == NULL || c->exec_status[0] == '\0') {
        *v = SCT_VERDICT_ERROR;
        return true;
    }
    sct_exec_status st = sct_exec_status_from_name(c->exec_status);
    if ((int)st == SCT_EXEC_STATUS_COUNT) {
        snprintf(why, cap, "unknown exec_status \"%s\"", c->exec_status);
        return false;
    }
    if (st == SCT_EXEC_OK && e == SCT_EXPECT_VALUES) {
        if (!c->compared) {
            *v = SCT_VERDICT_ERROR;
            return true;
        }
        *v = sct_case_verdict(e, st, c->stats.mismatches == 0, &ignored);
        return true;
    }
    *v = sct_case_verdict(e, st, false, &ignored);
    return true;
}

static void push_id(char ***ids, size_t *n, size_t *cap, const char *id)
{
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 256;
        char **p = realloc(*ids, c * sizeof *p);
        if (p == NULL)
            return;
        *ids = p;
        *cap = c;
    }
    char *s = sct_strdup(id != NULL ? id : "");
    if (s != NULL)
        (*ids)[(*n)++] = s;
}

/* summary.verdicts / summary.overall of the report against the counts. */
static size_t check_summary(const cJSON *run, const char *display, const size_t *counts,
                            sct_bundle_problem_fn problem, void *user)
{
    char what[512];
    size_t findings = 0;
    const cJSON *summary = sct_json_member(run, "summary");
    const cJSON *verdicts = sct_json_member(summary, "verdicts");
    for (int v = 0; v < (int)SCT_VERDICT_COUNT; v++) {
        uint64_t stated = 0;
        const char *name = sct_verdict_name((sct_verdict)v);
        if (!sct_json_get_u64(verdicts, name, &stated) || stated != counts[v]) {
            snprintf(what, sizeof what, "summary.verdicts.%s: states %llu, the cases "
                     "give %zu", name, (unsigned long long)stated, counts[v]);
            problem(user, display, what);
            findings++;
        }
    }
    sct_overall o = sct_overall_from_counts(counts);
    const char *stated = sct_json_get_str(summary, "overall");
    if (stated == NULL || strcmp(stated, sct_overall_name(o)) != 0) {
        snprintf(what, sizeof what, "summary.overall: states %s, the verdict rule gives %s",
                 stated ? stated : "(missing)", sct_overall_name(o));
        problem(user, display, what);
        findings++;
    }
    int64_t code;
    if (!sct_json_get_i64(summary, "exit_code", &code) || code != sct_overall_exit_code(o)) {
        snprintf(what, sizeof what, "summary.exit_code: states %s, the verdict rule gives %d",
                 sct_json_number_literal(sct_json_member(summary, "exit_code"))
                     ? sct_json_number_literal(
                           sct_json_member(summary, "exit_code"))
                     : "(missing)",
                 sct_overall_exit_code(o));
        problem(user, display, what);
        findings++;
    }
    return findings;
}

size_t sct_bundle_check_verdicts(const char *json_path, const char *display,
                                 sct_bundle_problem_fn problem, void *user, char ***ids,
                                 size_t *n_ids)
{
    char err[1024], what[1400];
    size_t findings = 0, cap = 0;
    if (ids != NULL) {
        *ids = NULL;
        *n_ids = 0;
    }
    sct_report_read_opts o = {.mode = SCT_READ_STRICT};
    sct_report_file *f = NULL;
    if (sct_report_open(json_path, &o, &f, err, sizeof err) != 0) {
        problem(user, display, err);
        return 1;
    }
    size_t counts[SCT_VERDICT_COUNT] = {0};
    size_t n = sct_report_n_cases(f);
    for (size_t i = 0; i < n; i++) {
        sct_case_result c;
        if (sct_report_read_case(f, i, true, &c, NULL, NULL, err, sizeof err) != 0) {
            problem(user, display, err);
            findings++;
            continue;
        }
        if (ids != NULL)
            push_id(ids, n_ids, &cap, c.id);
        counts[c.verdict]++;
        sct_verdict v;
        char why[256];
        if (!derive(&c, &v, why, sizeof why)) {
            snprintf(what, sizeof what, "case \"%s\": cannot be judged: %s", c.id, why);
            problem(user, display, what);
            findings++;
        } else if (v != c.verdict) {
            snprintf(what, sizeof what, "case \"%s\": verdict %s, but its recorded "
                     "elements (exec status %s, %llu mismatching) give %s", c.id,
                     sct_verdict_name(c.verdict), c.exec_status && c.exec_status[0]
                                                      ? c.exec_status : "none",
                     (unsigned long long)c.stats.mismatches, sct_verdict_name(v));
            problem(user, display, what);
            findings++;
        }
        sct_case_result_free(&c);
    }
    findings += check_summary(sct_report_run_json(f), display, counts, problem, user);
    sct_report_close(f);
    return findings;
}
