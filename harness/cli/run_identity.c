/*
 * run_identity.c — identity and options blocks of the run report.
 */
#include "run_identity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* argv joined by spaces; an argument holding anything a POSIX shell (or
 * bash, interactively) would split, expand or treat specially -- blanks,
 * quotes, globs, $, `, operators, braces, ~, #, ! -- is single-quoted, so
 * the line pasted back into a shell gives the same argv. */
char *sct_join_command_line(int argc, char **argv)
{
    size_t n = 1;
    for (int i = 0; i < argc; i++)
        n += 4 * strlen(argv[i]) + 3;
    char *s = malloc(n);
    if (s == NULL)
        return NULL;
    size_t len = 0;
    s[0] = '\0';
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool quote = a[0] == '\0' || strpbrk(a, " \t\n'\"$`\\*?[]();&|<>{}~#!") != NULL;
        if (i > 0)
            s[len++] = ' ';
        if (quote)
            s[len++] = '\'';
        for (const char *p = a; *p; p++) {
            if (*p == '\'' && quote) {
                memcpy(s + len, "'\\''", 4);
                len += 4;
            } else {
                s[len++] = *p;
            }
        }
        if (quote)
            s[len++] = '\'';
        s[len] = '\0';
    }
    return s;
}

/* A directory as the report shows it: relative to the working directory
 * when it lies inside it (so a record made at the repository root shows
 * "vectors", never the host's checkout path), else absolute, so a report read
 * elsewhere still says which directory. */
static char *report_path(const char *dir)
{
    char *abs = realpath(dir, NULL);
    char *cwd = getcwd(NULL, 0);
    char *shown = NULL;
    if (abs != NULL && cwd != NULL) {
        size_t n = strlen(cwd);
        if (strcmp(abs, cwd) == 0)
            shown = sct_strdup(".");
        else if (strncmp(abs, cwd, n) == 0 && abs[n] == '/')
            shown = sct_strdup(abs + n + 1);
    }
    if (shown == NULL)
        shown = sct_strdup(abs != NULL ? abs : dir);
    free(abs);
    free(cwd);
    return shown;
}

void sct_fill_identity(sct_run_report *r, int argc, char **argv,
                       const sct_run_config *cfg, const sct_vector_set *set,
                       const sct_backend_identity *b)
{
    sct_run_identity *id = &r->identity;
    char host[256] = "unknown";
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "unknown");
    host[sizeof host - 1] = '\0';
    char date[32] = "";
    time_t t = time(NULL);
    struct tm tm;
    if (gmtime_r(&t, &tm) != NULL)
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);

    /* The full invocation, "sonnx-cts run ...": argv here starts at "run". */
    char **full = calloc((size_t)argc + 1u, sizeof *full);
    if (full != NULL) {
        full[0] = "sonnx-cts";
        for (int i = 0; i < argc; i++)
            full[i + 1] = argv[i];
        id->command_line = sct_join_command_line(argc + 1, full);
        free(full);
    }
    if (id->command_line == NULL)
        id->command_line = sct_strdup("");
    id->harness_version = sct_strdup(SCT_HARNESS_VERSION);
    id->host = sct_strdup(host);
    id->date_utc = sct_strdup(date);
    id->profile = sct_strdup(cfg->profile);
    id->vectors_dir = report_path(set->root);
    id->vector_set_sha256 = sct_strdup(set->set_sha256);
    id->vector_format_version = sct_strdup(set->format_version);
    id->vendor = sct_strdup(b->vendor);
    id->runtime_name = sct_strdup(b->runtime_name);
    id->runtime_version = sct_strdup(b->runtime_version);
    id->plugin_path = sct_strdup(b->plugin_path);
    id->isolation = sct_strdup(b->isolation);
    id->abi_major = b->abi_major;
    id->abi_minor = b->abi_minor;

    r->options.max_errors = cfg->max_errors;
    r->options.strict_nan = cfg->strict_nan;
    r->options.require_enforcement = cfg->require_enforcement;
    r->options.timeout_seconds = cfg->vendor_path == NULL ? 0.0
                                 : cfg->timeout_seconds > 0 ? cfg->timeout_seconds
                                 : SCT_EXEC_DEFAULT_TIMEOUT_SECONDS;
    r->options.isolate = cfg->vendor_path != NULL && cfg->isolate;
    r->options.vendor_options = sct_strdup(cfg->vendor_options);
    char filters[2048];
    sct_case_filter_describe(&cfg->filter, filters, sizeof filters);
    r->options.filters = sct_strdup(filters);
    r->options.claim = sct_strdup(cfg->claim_path != NULL ? cfg->claim.description : "");
}
