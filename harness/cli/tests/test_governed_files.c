/*
 * test_governed_files.c — the problems of a --claim and a --waivers file
 * (claim_file.c, waiver_file.c; docs/cli.md "Claims", "Waivers"),
 * table-driven: each names the file, the field and the reason, in the
 * words these files have always been refused with.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "claim_file.h"
#include "sct_check_main.h"
#include "waiver_file.h"

#define W_OK "\"runtime\": {\"name\": \"n\", \"version\": \"v\"}, \"reason\": \"r\", " \
             "\"link\": \"l\", \"owner\": \"o\""
#define WAIVERS(...) "{\"schema\": \"sonnx-cts-waivers\", \"waivers\": [" __VA_ARGS__ "]}"
#define CLAIM(...) "{\"schema\": \"sonnx-cts-claim\", " __VA_ARGS__ "}"

static const struct row {
    bool waiver;       /* else a claim */
    const char *json;
    const char *said;  /* the error after "<file>: "; "" when the file is good */
} ROWS[] = {
    {false, CLAIM("\"level\": \"full\""), ""},
    {false, CLAIM("\"claims\": [{\"op\": \"Pow\", \"types\": \"float32\", \"bound\": 1}]"), ""},
    {false, "{\"schema\": \"x\", \"level\": \"full\"}",
     "\"schema\" must be \"sonnx-cts-claim\""},
    {false, "[1]", "\"schema\" must be \"sonnx-cts-claim\""},
    {false, CLAIM("\"x\": 1"), "neither \"level\" nor \"claims\": claims nothing"},
    {false, CLAIM("\"level\": 3"), "\"level\" is not a string"},
    {false, CLAIM("\"level\": \"float99\""),
     "\"level\": unknown level \"float99\" (the profile defines \"float32-only\" and \"full\")"},
    {false, CLAIM("\"claims\": {}"), "\"claims\" is not an array"},
    {false, CLAIM("\"claims\": [{\"op\": \"Mul\", \"types\": \"float32\"}, {\"op\": \"Pow\"}]"),
     "claims[1]: needs \"op\" and \"types\" (strings)"},
    {false, CLAIM("\"claims\": [{\"op\": \"Mul\", \"types\": \"float32\", \"bound\": -1}]"),
     "claims[0]: \"bound\" must be \"correctly rounded\" or a number of ULP"},
    {true, WAIVERS("{\"case\": \"a\", " W_OK ", \"expires\": \"2099-01-01\"}"), ""},
    {true, "{\"schema\": \"x\", \"waivers\": []}",
     "not a waiver file (\"schema\": \"sonnx-cts-waivers\" and a \"waivers\" array)"},
    {true, WAIVERS("{}"), "waivers[0]: needs exactly one of \"case\" and \"group\""},
    {true, WAIVERS("{\"case\": \"a\"}"),
     "waivers[0] (case a): needs exactly one of \"runtime\" {name, version} and "
     "\"library_sha256\""},
    {true, WAIVERS("{\"group\": \"Div float32\", \"library_sha256\": \"ab\"}"),
     "waivers[0] (group Div float32): \"library_sha256\" must be 64 hex digits"},
    {true, WAIVERS("{\"case\": \"a\", \"runtime\": {\"name\": \"n\"}}"),
     "waivers[0]: \"version\" is required (a non-empty string)"},
    {true, WAIVERS("{\"case\": \"a\", " W_OK ", \"expires\": \"2099-01-01\"}, "
                   "{\"case\": \"b\", " W_OK "}"),
     "waivers[1]: \"expires\" is required (a non-empty string)"},
    {true, WAIVERS("{\"case\": \"a\", " W_OK ", \"expires\": \"2099-1-01\"}"),
     "waivers[0] (case a): \"expires\" must be a date YYYY-MM-DD"},
    {true, WAIVERS("{\"case\": \"a\", " W_OK ", \"expires\": \"2001-01-01\"}"),
     "waivers[0] (case a, owner o): expired on 2001-01-01; renew or remove it"},
};

static sct_claim claim;
static sct_waivers waivers;

START_TEST(problems)
{
    const struct row *r = &ROWS[_i];
    char path[64], err[1024] = "", want[1200];
    snprintf(path, sizeof path, "governed_%d.json", _i);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(r->json, f);
    fclose(f);
    int rc = r->waiver ? sct_waivers_load(path, "2026-01-01", &waivers, err, sizeof err)
                       : sct_claim_load(path, &claim, err, sizeof err);
    remove(path);
    if (r->said[0] == '\0') {
        ck_assert_msg(rc == 0, "refused: %s", err);
        return;
    }
    ck_assert_int_ne(rc, 0);
    snprintf(want, sizeof want, "%s: %s", path, r->said);
    ck_assert_str_eq(err, want);
}
END_TEST

int main(void)
{
    return sct_check_run_rows("governed_files", problems, sizeof ROWS / sizeof ROWS[0]);
}
