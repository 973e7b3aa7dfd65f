/*
 * markdown_legend.c — what every verdict and term of the Markdown report
 * means (same text as the HTML legend).
 */
#include "markdown_sections.h"

void sct_md_legend(FILE *out)
{
    fputs("## Legend\n\n"
          "| verdict | meaning |\n|---|---|\n"
          "| PASS | The case conforms: every element matched the golden within "
          "the case's tolerance (`reject` cases: the input was rejected; "
          "`no-crash` cases: the call returned). A group or requirement is "
          "PASS only if all its cases passed. |\n"
          "| FAIL | Wrong values, wrong status, an output defect, or a sandbox "
          "violation (SANDBOX: a forbidden system call, file write, memory or "
          "CPU limit). |\n"
          "| PARTIAL | Some cases passed, the others were unsupported or "
          "skipped: partial support, no failure. |\n"
          "| UNSUPPORTED | The implementation declined the combination. Never "
          "counted as passed. |\n"
          "| CRASH | Crash, hang (TIMEOUT) or write outside the output, caught "
          "by the harness's isolation. |\n"
          "| ERROR | The case could not be judged (unreadable vector, harness "
          "failure). |\n"
          "| NOT RUN / – / GAP | No case of the run has that combination; a "
          "requirement no case exercises. |\n\n"
          "ULP: distance in units in the last place through the ordered-integer "
          "mapping (both zeros map to 0; ±inf one step beyond the largest "
          "finite). Tolerance 0 ULP = correctly rounded (Div, Mul); Pow allows "
          "1 ULP; integers and bools are exact. NaN vs number, ±inf vs finite "
          "and −0 vs +0 are always mismatches. Deviation classes are defined in "
          "docs/report-format.md.\n", out);
}
