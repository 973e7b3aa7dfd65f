/*
 * report_fixture.c — see report_fixture.h.
 */
#include "report_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_identity(sct_run_report *r)
{
    sct_run_identity *id = &r->identity;
    id->harness_version = sct_strdup("0.1.0");
    id->command_line = sct_strdup("sonnx-cts run --profile sonnx");
    id->host = sct_strdup("testhost");
    id->date_utc = sct_strdup("2026-01-01T00:00:00Z");
    id->profile = sct_strdup("sonnx");
    id->vectors_dir = sct_strdup("/v");
    id->vector_set_sha256 = sct_strdup("ab12");
    id->vector_format_version = sct_strdup("1");
    id->vendor = sct_strdup("sonnx-cts");
    id->runtime_name = sct_strdup("built-in kernels");
    id->runtime_version = sct_strdup("0.1.0");
    id->plugin_path = sct_strdup("(built-in)");
    id->isolation = sct_strdup("none: built-in kernels in-process");
    id->abi_major = 1;
    r->options.max_errors = 20;
    r->options.vendor_options = sct_strdup("");
    r->options.filters = sct_strdup("");
    r->n_filtered_profile = 7;
    r->seconds = 0.5;
}

static const sct_verdict *g_verdicts; /* overrides, in case order */
static size_t g_added;

static sct_case_result *add(sct_run_report *r, const char *id, const char *op,
                            int32_t in_type, int32_t out_type, sct_verdict v,
                            const char *exec_status, const char *message)
{
    sct_case_result *c = sct_run_report_add_case(r);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup(op);
    c->opset = 14;
    c->n_inputs = 2;
    for (int k = 0; k < 2; k++) {
        c->inputs[k].elem_type = in_type;
        c->inputs[k].rank = 1;
        c->inputs[k].dims[0] = 4;
    }
    c->output.elem_type = out_type;
    c->output.rank = 1;
    c->output.dims[0] = 4;
    char *tags[1] = {"basic"};
    c->tags = sct_strvdup(tags, 1);
    c->n_tags = 1;
    c->expectation = sct_strdup("values");
    c->verdict = v;
    c->exec_status = sct_strdup(exec_status);
    c->message = sct_strdup(message);
    c->seconds = 0.001;
    if (g_verdicts != NULL)
        c->verdict = g_verdicts[g_added];
    g_added++;
    return c;
}

void fixture_build_verdicts(sct_run_report *r, const sct_verdict verdicts[5])
{
    g_verdicts = verdicts;
    fixture_build(r);
    g_verdicts = NULL;
}

void fixture_build(sct_run_report *r)
{
    g_added = 0;
    sct_run_report_init(r);
    set_identity(r);
    sct_case_result *c = add(r, "div/float32/a", "Div", SONNX_DT_FLOAT,
                             SONNX_DT_FLOAT, SCT_VERDICT_PASS, "OK", "");
    c->compared = true;
    c->stats.elements = 4;

    c = add(r, "div/float32/b<&\">", "Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT,
            SCT_VERDICT_FAIL, "OK", "");
    c->compared = true;
    c->stats.elements = 4;
    c->stats.mismatches = 1;
    c->stats.max_ulp = 1;
    c->stats.deviation_counts[SCT_DEV_ROUNDED_TOWARD_ZERO] = 1;
    char *reqs[2] = {"sonnx-div/float/R1", "ieee754/4.3.1"};
    c->requirements = sct_strvdup(reqs, 2);
    c->n_requirements = 2;
    c->samples = calloc(1, sizeof *c->samples);
    c->n_samples = 1;
    sct_sample *s = &c->samples[0];
    s->index = 2;
    s->rank = 1;
    s->coords[0] = 2;
    s->n_inputs = 2;
    s->in_types[0] = s->in_types[1] = SONNX_DT_FLOAT;
    s->in_bits[0] = 0x3f800000;
    s->in_bits[1] = 0x40400000;
    s->out_type = SONNX_DT_FLOAT;
    s->expected_bits = 0x3eaaaaab;
    s->actual_bits = 0x3eaaaaaa;
    s->ulp = 1;
    s->deviation = SCT_DEV_ROUNDED_TOWARD_ZERO;
    s->worst = true;

    add(r, "pow/int32/c", "Pow", SONNX_DT_INT32, SONNX_DT_INT32,
        SCT_VERDICT_UNSUPPORTED, "UNSUPPORTED", "no int32 \"Pow\" here");
    add(r, "less/float32/d", "Less", SONNX_DT_FLOAT, SONNX_DT_BOOL,
        SCT_VERDICT_ERROR, "", "output_0.pb: sha256 mismatch");
    c = add(r, "div/float32/e", "Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT,
            SCT_VERDICT_CRASH, "CRASH", "killed by signal 11 (SIGSEGV)");
    c->signal_number = 11;
}

const char *fixture_path(const char *name)
{
    static char buf[4096];
    const char *dir = getenv("SCT_TEST_TMP");
    snprintf(buf, sizeof buf, "%s/%s", dir ? dir : "/tmp", name);
    return buf;
}

char *fixture_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s != NULL) {
        size_t got = fread(s, 1, (size_t)n, f);
        s[got] = '\0';
    }
    fclose(f);
    return s;
}
