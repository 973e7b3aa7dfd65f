/*
 * option_parse.c — see option_parse.h.  Not getopt_long: getopt_long takes
 * any unique prefix of a name, and whether `--vend` still works then
 * depends on which options a later version adds; a conformance tool's
 * command lines (recorded in every report) take exact names only.
 */
#include "option_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "subcommands.h"

bool sct_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "sonnx-cts %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "; see sonnx-cts %s --help\n", cmd);
    va_end(ap);
    return false;
}

/* The option named by `word` ("--name" or "--name=..."; `len` the length
 * of the name), or NULL. */
static const sct_option *find(const sct_option *const *tables, const char *name, size_t len)
{
    for (size_t t = 0; tables[t] != NULL; t++)
        for (const sct_option *o = tables[t]; o->name != NULL; o++)
            if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
                return o;
    return NULL;
}

sct_parse_outcome sct_parse_options(const sct_option_spec *spec, int argc, char **argv)
{
    const char *cmd = spec->cmd;
    bool operands_only = false;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (operands_only || w[0] != '-' || w[1] == '\0') {
            if (spec->on_operand == NULL) {
                sct_usage_error(cmd, "unexpected argument '%s'", w);
                return SCT_PARSE_ERROR;
            }
            if (!spec->on_operand(spec->user, cmd, w))
                return SCT_PARSE_ERROR;
            continue;
        }
        if (strcmp(w, "--") == 0) {
            operands_only = true;
            continue;
        }
        if (strcmp(w, "-h") == 0 || strcmp(w, "--help") == 0)
            return SCT_PARSE_HELP;
        const char *eq = w[1] == '-' ? strchr(w + 2, '=') : NULL;
        size_t len = eq ? (size_t)(eq - (w + 2)) : strlen(w + 2);
        const sct_option *o = w[1] == '-' ? find(spec->tables, w + 2, len) : NULL;
        if (o == NULL) {
            sct_usage_error(cmd, "unknown option '%s'", w);
            return SCT_PARSE_ERROR;
        }
        sct_option_hit hit = {.cmd = cmd, .opt = o, .value = eq ? eq + 1 : NULL,
                              .argi = i, .words = 1};
        if (o->arg == SCT_OPT_FLAG && eq != NULL) {
            sct_usage_error(cmd, "--%s takes no value (got '%s')", o->name, w);
            return SCT_PARSE_ERROR;
        }
        if (o->arg == SCT_OPT_VALUE && eq == NULL) {
            if (i + 1 >= argc) {
                sct_usage_error(cmd, "--%s needs a value", o->name);
                return SCT_PARSE_ERROR;
            }
            hit.value = argv[++i];
            hit.words = 2;
        }
        if (!spec->on_option(spec->user, &hit))
            return SCT_PARSE_ERROR;
    }
    return SCT_PARSE_OK;
}

bool sct_profile_option(const sct_option_hit *hit)
{
    if (strcmp(hit->value, "onnx") == 0 || strcmp(hit->value, "sonnx") == 0)
        return true;
    fprintf(stderr, "sonnx-cts %s: --profile must be onnx or sonnx, not '%s'\n", hit->cmd,
            hit->value);
    return false;
}

int sct_parse_command_line(const sct_option_spec *spec, int argc, char **argv,
                           void (*help)(FILE *out))
{
    switch (sct_parse_options(spec, argc, argv)) {
    case SCT_PARSE_HELP:
        help(stdout);
        return SCT_EXIT_OK;
    case SCT_PARSE_ERROR:
        return SCT_EXIT_USAGE;
    default:
        return -1;
    }
}
