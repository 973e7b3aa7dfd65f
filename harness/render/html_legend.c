/*
 * html_legend.c — what every colour, verdict and column of the report means.
 */
#include "html_sections.h"

static void row(FILE *out, const char *cls, const char *name, const char *text)
{
    fputs("<tr><td>", out);
    sct_html_badge(out, cls, name);
    fputs("</td><td>", out);
    fputs(text, out); /* static text of this file, already HTML */
    fputs("</td></tr>\n", out);
}

void sct_html_legend(FILE *out)
{
    fputs("<h2 id=\"legend\">Legend</h2>\n<table>\n", out);
    row(out, "v-pass", "PASS", "The case conforms: every element matched the "
        "golden within the case's tolerance (or, for <code>reject</code> "
        "cases, the input was rejected; for <code>no-crash</code> cases, the "
        "call returned). A cell or requirement is PASS only if all its cases "
        "passed.");
    row(out, "v-fail", "FAIL", "Wrong values, wrong status, an output "
        "defect, or a sandbox violation (SANDBOX: a forbidden system call, "
        "file write, memory or CPU limit). The case's detail block lists the "
        "mismatching elements or what was attempted.");
    row(out, "v-mixed", "PARTIAL", "Some cases passed, the others were "
        "unsupported or skipped: partial support, no failure.");
    row(out, "v-unsup", "UNSUPPORTED", "The implementation declined the "
        "operator/type combination. Never counted as passed.");
    row(out, "v-crash", "CRASH", "The implementation crashed, hung (TIMEOUT) "
        "or wrote outside its output (caught by the harness's isolation).");
    row(out, "v-error", "ERROR", "The case could not be judged (unreadable "
        "vector, harness failure): no verdict on the implementation.");
    row(out, "v-notrun", "NOT RUN / GAP", "No case of this run has that "
        "combination; in the traceability table, a requirement that no case "
        "exercises.");
    fputs("</table>\n<p class=\"note\">ULP: distance in units in the last "
          "place through the ordered-integer mapping (both zeros map to 0; "
          "&plusmn;inf is one step beyond the largest finite). Tolerance 0 "
          "ULP means correctly rounded (Div, Mul); Pow allows 1 ULP; "
          "integers and bools are exact. NaN against a number, &plusmn;inf "
          "against finite and &minus;0 against +0 are always mismatches. "
          "Deviation classes (e.g. <code>rounded-toward-zero</code>, "
          "<code>zero-sign</code>, <code>int-floor</code>) are defined in "
          "docs/report-format.md.</p>\n", out);
}
