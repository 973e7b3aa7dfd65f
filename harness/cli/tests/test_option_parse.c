/*
 * test_option_parse.c — the one option parser of the subcommands
 * (option_parse.c), table-driven: each row is a command line, the options
 * and operands the command must be handed, in order, and the outcome with
 * the message on stderr.  Expected values are written by hand from the
 * rules of docs/cli.md "Options".
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "option_parse.h"
#include "sct_check_main.h"

enum { ID_JSON = 1, ID_FLAG, ID_OPT, ID_BAD, ID_SHADOWED };

static const sct_option k_first[] = {
    {"json", SCT_OPT_VALUE, ID_JSON},
    {"flag", SCT_OPT_FLAG, ID_FLAG},
    {"opt", SCT_OPT_OPTIONAL_VALUE, ID_OPT},
    {"bad", SCT_OPT_VALUE, ID_BAD},
    SCT_OPTION_END,
};

/* "json" again: the first table's entry must win. */
static const sct_option k_second[] = {
    {"json", SCT_OPT_VALUE, ID_SHADOWED},
    {"json-lines", SCT_OPT_VALUE, ID_JSON},
    SCT_OPTION_END,
};

static const struct row {
    const char *args;      /* space-separated words after the subcommand */
    bool operands;         /* the command takes operands */
    sct_parse_outcome want;
    const char *events;    /* "name=value;" per option, "@word;" per operand */
    const char *message;   /* on stderr, "" for none */
} ROWS[] = {
    {"--json out.json a.json", true, SCT_PARSE_OK, "json=out.json;@a.json;", ""},
    {"--json=out.json", true, SCT_PARSE_OK, "json=out.json;", ""},
    {"--json-lines x", true, SCT_PARSE_OK, "json-lines=x;", ""},
    {"--json --flag", true, SCT_PARSE_OK, "json=--flag;", ""},
    {"--json=", true, SCT_PARSE_OK, "json=;", ""},
    {"--flag --opt --opt=3", true, SCT_PARSE_OK, "flag;opt;opt=3;", ""},
    {"--opt 3", true, SCT_PARSE_OK, "opt;@3;", ""},
    {"- a", true, SCT_PARSE_OK, "@-;@a;", ""},
    {"-- --json -x", true, SCT_PARSE_OK, "@--json;@-x;", ""},
    {"a --help --bogus", true, SCT_PARSE_HELP, "@a;", ""},
    {"-h", false, SCT_PARSE_HELP, "", ""},
    /* abbreviations are unknown options, even a unique prefix */
    {"--fla", true, SCT_PARSE_ERROR, "",
     "sonnx-cts t: unknown option '--fla'; see sonnx-cts t --help\n"},
    {"--js x", true, SCT_PARSE_ERROR, "",
     "sonnx-cts t: unknown option '--js'; see sonnx-cts t --help\n"},
    {"--flag --bogus=1 --help", true, SCT_PARSE_ERROR, "flag;",
     "sonnx-cts t: unknown option '--bogus=1'; see sonnx-cts t --help\n"},
    {"-x", true, SCT_PARSE_ERROR, "",
     "sonnx-cts t: unknown option '-x'; see sonnx-cts t --help\n"},
    {"--help=1", true, SCT_PARSE_ERROR, "",
     "sonnx-cts t: unknown option '--help=1'; see sonnx-cts t --help\n"},
    {"a --json", true, SCT_PARSE_ERROR, "@a;",
     "sonnx-cts t: --json needs a value; see sonnx-cts t --help\n"},
    {"--flag=yes", true, SCT_PARSE_ERROR, "",
     "sonnx-cts t: --flag takes no value (got '--flag=yes'); see sonnx-cts t --help\n"},
    {"--bad v --flag", true, SCT_PARSE_ERROR, "bad=v;",
     "sonnx-cts t: --bad: refused 'v'; see sonnx-cts t --help\n"},
    {"--flag x", false, SCT_PARSE_ERROR, "flag;",
     "sonnx-cts t: unexpected argument 'x'; see sonnx-cts t --help\n"},
};

static char g_events[512];

static bool on_option(void *user, const sct_option_hit *hit)
{
    (void)user;
    size_t n = strlen(g_events);
    snprintf(g_events + n, sizeof g_events - n, "%s%s%s;", hit->opt->name,
             hit->value ? "=" : "", hit->value ? hit->value : "");
    if (hit->opt->id == ID_BAD)
        return sct_usage_error(hit->cmd, "--bad: refused '%s'", hit->value);
    ck_assert_int_ne(hit->opt->id, ID_SHADOWED);
    return true;
}

static bool on_operand(void *user, const char *cmd, const char *word)
{
    (void)user;
    ck_assert_str_eq(cmd, "t");
    size_t n = strlen(g_events);
    snprintf(g_events + n, sizeof g_events - n, "@%s;", word);
    return true;
}

START_TEST(rows)
{
    const struct row *r = &ROWS[_i];
    char words[256], *argv[32] = {"t"};
    int argc = 1;
    snprintf(words, sizeof words, "%s", r->args);
    char *save = NULL;
    for (char *w = strtok_r(words, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    g_events[0] = '\0';
    const sct_option *const tables[] = {k_first, k_second, NULL};
    sct_option_spec spec = {.cmd = "t", .tables = tables, .on_option = on_option,
                            .on_operand = r->operands ? on_operand : NULL};

    /* stderr into a file for the message */
    FILE *err = tmpfile();
    ck_assert_ptr_nonnull(err);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    sct_parse_outcome got = sct_parse_options(&spec, argc, argv);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char message[512] = "";
    rewind(err);
    size_t n = fread(message, 1, sizeof message - 1, err);
    message[n] = '\0';
    fclose(err);

    ck_assert_msg(got == r->want, "'%s': outcome %d, want %d", r->args, (int)got,
                  (int)r->want);
    ck_assert_str_eq(g_events, r->events);
    ck_assert_str_eq(message, r->message);
}
END_TEST

/* --name VALUE takes two words, --name=VALUE one (certify passes every
 * other word on to run by these counts): argi * 10 + words per option. */
static int g_words[8], g_n_words;

static bool count_words(void *user, const sct_option_hit *hit)
{
    (void)user;
    g_words[g_n_words++] = hit->argi * 10 + hit->words;
    return true;
}

START_TEST(word_counts)
{
    char *argv[] = {"t", "--json", "a", "--json=b", "--flag"};
    const sct_option *const tables[] = {k_first, NULL};
    sct_option_spec spec = {.cmd = "t", .tables = tables, .on_option = count_words};
    g_n_words = 0;
    ck_assert_int_eq(sct_parse_options(&spec, 5, argv), SCT_PARSE_OK);
    ck_assert_int_eq(g_n_words, 3);
    ck_assert_int_eq(g_words[0], 12);
    ck_assert_int_eq(g_words[1], 31);
    ck_assert_int_eq(g_words[2], 41);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, rows, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, word_counts);
    return sct_check_run_tcase("option_parse", tc);
}
