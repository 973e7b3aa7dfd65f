/*
 * test_repro_command.c — the command that re-runs one case: every option
 * of the run that changes the case's outcome, nothing else, quoted for a
 * POSIX shell, never a complete-looking command when truncated.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/results/repro_command.h"
#include "sct_check_main.h"

typedef struct row {
    const char *plugin, *vendor_options, *vectors, *profile, *case_id;
    bool strict_nan;
    size_t cap;
    const char *want;
} row;

static const row k_rows[] = {
    {"(built-in)", "", "vectors", "sonnx", "div/float16/edge", false, 256,
     "sonnx-cts run --vectors vectors --profile sonnx --case div/float16/edge"},
    {"/opt/lib/libx.so", "", "/v", "onnx", "pow/int8/a", true, 256,
     "sonnx-cts run --vendor /opt/lib/libx.so --vectors /v --profile onnx "
     "--strict-nan --case pow/int8/a"},
    {"/my dir/lib.so", "lib=/a b;threads=1", "v", "sonnx", "it's", false, 256,
     "sonnx-cts run --vendor '/my dir/lib.so' --vendor-options 'lib=/a b;threads=1' "
     "--vectors v --profile sonnx --case 'it'\\''s'"},
    {"", "", "v", "sonnx", "c", false, 256,
     "sonnx-cts run --vectors v --profile sonnx --case c"},
    {"(built-in)", "", "vectors", "sonnx", "div/float16/edge", false, 20,
     "sonnx-cts run --..."}, /* 16 characters + "...": cap - 1 */
};

START_TEST(test_rows)
{
    const row *r = &k_rows[_i];
    sct_run_identity id;
    memset(&id, 0, sizeof id);
    sct_run_options o;
    memset(&o, 0, sizeof o);
    id.plugin_path = (char *)r->plugin;
    id.vectors_dir = (char *)r->vectors;
    id.profile = (char *)r->profile;
    o.vendor_options = (char *)r->vendor_options;
    o.strict_nan = r->strict_nan;
    char buf[256];
    size_t n = sct_repro_command(&id, &o, r->case_id, buf, r->cap);
    ck_assert_str_eq(buf, r->want);
    ck_assert_uint_eq(n, strlen(r->want));
}
END_TEST

int main(void)
{
    return sct_check_run_rows("repro_command", test_rows,
                              sizeof k_rows / sizeof k_rows[0]);
}
