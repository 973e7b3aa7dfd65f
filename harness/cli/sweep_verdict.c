/*
 * sweep_verdict.c — see sweep_verdict.h.
 */
#include "sweep_verdict.h"

#include "sct/model/case.h"
#include "sct/results/case_verdict.h"
#include "sct/sweep/sweep_report.h"

sct_verdict sct_sweep_final_verdict(const sct_sweep_result *r)
{
    sct_verdict v = sct_sweep_verdict(r);
    const char *why;
    sct_verdict u = sct_case_verdict(SCT_EXPECT_NO_CRASH, r->undefined_status, true, &why);
    return v != SCT_VERDICT_PASS ? v : u == SCT_VERDICT_UNSUPPORTED ? SCT_VERDICT_PASS : u;
}
