/*
 * junit_writer.c — JUnit XML for CI dashboards: one <testsuite> per
 * op × types group, one <testcase> per case; FAIL/CRASH/TIMEOUT/
 * DECLINED_AT_RUN are <failure>, ERROR is <error>, UNSUPPORTED is <skipped> with its reason
 * (never reported as passed).  Text is escaped for XML 1.0 (control
 * characters, which XML 1.0 cannot carry, become '?').
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/writers/report_writers.h"
#include "sct/results/repro_command.h"
#include "sct/results/run_summary.h"
#include "sct/results/value_format.h"
#include "sct/text/atomic_file.h"
#include "sct/text/xml_escape.h"

/* XML 1.0 text and attribute values (sct/text/xml_escape.h): &apos;,
 * controls XML 1.0 cannot carry as '?'. */
static void xml_text(FILE *f, const char *s)
{
    sct_xml_escape(f, s, &sct_xml_policy_xml10);
}

static void failure_summary(const sct_case_result *c, char *buf, size_t cap)
{
    if (c->compared && c->stats.mismatches > 0)
        snprintf(buf, cap, "%s: %" PRIu64 " of %" PRIu64 " elements mismatch, "
                 "max ulp %" PRIu64 " (tolerance %" PRIu32 ")%s%s",
                 sct_verdict_name(c->verdict), c->stats.mismatches,
                 c->stats.elements, c->stats.max_ulp, c->tolerance_ulp,
                 c->message[0] ? ": " : "", c->message);
    else
        snprintf(buf, cap, "%s%s%s%s%s", sct_verdict_name(c->verdict),
                 c->exec_status[0] ? " [" : "", c->exec_status,
                 c->exec_status[0] ? "]" : "",
                 c->message[0] ? ": " : "");
}

static void sample_line(FILE *f, const sct_sample *s)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX], line[512];
    int n = snprintf(line, sizeof line, "[%" PRIu64 "]", s->index);
    for (size_t k = 0; k < s->n_inputs && k < SCT_CHECK_MAX_INPUTS && n > 0 &&
                       (size_t)n < sizeof line; k++) {
        sct_format_value(s->in_types[k], s->in_bits[k], dec, sizeof dec);
        sct_format_bits(s->in_types[k], s->in_bits[k], hex, sizeof hex);
        n += snprintf(line + n, sizeof line - (size_t)n, " %s=%s (%s)", sct_input_key(k), dec, hex);
    }
    xml_text(f, line);
    sct_format_value(s->out_type, s->expected_bits, dec, sizeof dec);
    sct_format_bits(s->out_type, s->expected_bits, hex, sizeof hex);
    fprintf(f, " expected=");
    xml_text(f, dec);
    fprintf(f, " (%s) actual=", hex);
    sct_format_value(s->out_type, s->actual_bits, dec, sizeof dec);
    sct_format_bits(s->out_type, s->actual_bits, hex, sizeof hex);
    xml_text(f, dec);
    fprintf(f, " (%s) ulp=", hex);
    if (s->ulp == SCT_ULP_NONE)
        fputc('-', f);
    else
        fprintf(f, "%" PRIu64, s->ulp);
    fprintf(f, " class=%s\n", sct_deviation_name(s->deviation));
}

static void write_testcase(FILE *f, const sct_run_report *r, const sct_case_result *c,
                           const sct_group_summary *g)
{
    fprintf(f, "    <testcase classname=\"sonnx-cts.");
    xml_text(f, g->op_type);
    fputc('.', f);
    xml_text(f, g->types);
    fprintf(f, "\" name=\"");
    xml_text(f, c->id);
    fprintf(f, "\" time=\"%.6f\"", c->seconds);
    if (c->verdict == SCT_VERDICT_PASS) {
        fprintf(f, "/>\n");
        return;
    }
    fprintf(f, ">\n");
    char msg[1024];
    failure_summary(c, msg, sizeof msg);
    const char *tag = c->verdict == SCT_VERDICT_ERROR ? "error"
                      : c->verdict == SCT_VERDICT_UNSUPPORTED ||
                              c->verdict == SCT_VERDICT_NOT_ENFORCED ||
                              c->verdict == SCT_VERDICT_WAIVED ? "skipped"
                                                                     : "failure";
    fprintf(f, "      <%s message=\"", tag);
    xml_text(f, msg);
    if (!(c->compared && c->stats.mismatches > 0))
        xml_text(f, c->message);
    fprintf(f, "\" type=\"%s\"", sct_verdict_name(c->verdict));
    if (c->n_samples == 0) {
        fprintf(f, "/>\n");
    } else {
        fprintf(f, ">");
        for (size_t i = 0; i < c->n_samples; i++)
            sample_line(f, &c->samples[i]);
        fprintf(f, "</%s>\n", tag);
    }
    if (c->verdict != SCT_VERDICT_UNSUPPORTED) {
        /* The one command that replays this case (repro_command.h), as the
         * terminal and the HTML and Markdown reports show it. */
        char cmd[8192];
        sct_repro_command(&r->identity, &r->options, c->id, cmd, sizeof cmd);
        fprintf(f, "      <system-out>re-run: ");
        xml_text(f, cmd);
        fprintf(f, "</system-out>\n");
    }
    fprintf(f, "    </testcase>\n");
}

static void property(FILE *f, const char *name, const char *value)
{
    fprintf(f, "      <property name=\"sonnx-cts.%s\" value=\"", name);
    xml_text(f, value);
    fprintf(f, "\"/>\n");
}

/* The run's verdict and what it means, in every suite (a dashboard shows
 * suites, not the document element): the same words as the other reports
 * (verdict.h), so a PARTIAL run never reads as passed. */
static void write_properties(FILE *f, const sct_run_report *r, const sct_run_summary *s,
                             const sct_group_summary *g)
{
    fprintf(f, "    <properties>\n");
    property(f, "group_verdict", sct_overall_name(g->verdict));
    property(f, "overall", sct_overall_name(s->overall));
    char exit_text[16];
    snprintf(exit_text, sizeof exit_text, "%d", sct_run_exit(r, s));
    property(f, "exit_code", exit_text);
    property(f, "overall_meaning", sct_overall_meaning(s->overall));
    char tier[512];
    snprintf(tier, sizeof tier, "%s: %s%s", sct_tier_name(s->tier.kind), s->tier.detail,
             s->tier.certifiable ? "" : " -- " SCT_TIER_NOT_CERTIFIABLE);
    property(f, "tier", tier);
    char enforcement[2048];
    sct_enforcement_text(s, enforcement, sizeof enforcement);
    if (enforcement[0] != '\0')
        property(f, "enforcement", enforcement);
    char claim[1024];
    sct_claim_text(g, claim, sizeof claim);
    if (claim[0] != '\0')
        property(f, "claim", claim);
    fprintf(f, "    </properties>\n");
}

int sct_write_junit_file(const char *path, const sct_run_report *r, char *err,
                         size_t err_cap)
{
    sct_run_summary s;
    uint32_t *case_group = NULL;
    char why[512];
    if (sct_run_summary_build_indexed(r, &s, &case_group, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        return 1;
    }
    sct_atomic_file af; /* whole or not at all (atomic_file.h) */
    FILE *f = sct_atomic_open(&af, path, err, err_cap);
    if (f == NULL) {
        sct_run_summary_free(&s);
        free(case_group);
        return 1;
    }
    size_t failures = sct_verdict_failures(s.counts);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"sonnx-cts\" tests=\"%zu\" failures=\"%zu\" "
            "errors=\"%zu\" skipped=\"%zu\" time=\"%.6f\">\n", s.cases, failures,
            s.counts[SCT_VERDICT_ERROR],
            s.counts[SCT_VERDICT_UNSUPPORTED] + s.counts[SCT_VERDICT_NOT_ENFORCED] +
                s.counts[SCT_VERDICT_WAIVED],
            r->seconds);
    int rc = 0;
    for (size_t gi = 0; gi < s.n_groups && rc == 0; gi++) {
        const sct_group_summary *g = &s.groups[gi];
        fprintf(f, "  <testsuite name=\"");
        xml_text(f, g->op_type);
        fputc(' ', f);
        xml_text(f, g->types);
        fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
                "skipped=\"%zu\" time=\"%.6f\">\n", g->cases,
                sct_verdict_failures(g->counts),
                g->counts[SCT_VERDICT_ERROR],
                g->counts[SCT_VERDICT_UNSUPPORTED] + g->counts[SCT_VERDICT_NOT_ENFORCED] +
                    g->counts[SCT_VERDICT_WAIVED],
                g->seconds);
        write_properties(f, r, &s, g);
        /* The group's cases, read one at a time from the spool. */
        for (size_t i = 0; i < r->n_cases && rc == 0; i++) {
            if (case_group[i] != gi)
                continue;
            const sct_case_result *c = sct_run_report_case(r, i);
            if (c == NULL) {
                snprintf(err, err_cap, "%s: %s", path, sct_run_report_error(r));
                rc = 1;
                break;
            }
            write_testcase(f, r, c, g);
        }
        fprintf(f, "  </testsuite>\n");
    }
    fprintf(f, "</testsuites>\n");
    sct_run_summary_free(&s);
    free(case_group);
    if (rc != 0) {
        sct_atomic_abort(&af);
        return 1;
    }
    return sct_atomic_commit(&af, err, err_cap);
}
