/*
 * main.c — `sonnx-cts`: dispatch to a subcommand (subcommand_table.c).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "sonnx_cts/plugin.h"
#include "subcommands.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: sonnx-cts <command> [options]\n"
            "       sonnx-cts <command> --help\n"
            "       sonnx-cts --version\n"
            "\n"
            "Conformance test suite for the ONNX operators Div, Mul, Pow and Less\n"
            "under the ONNX and SONNX profiles.\n"
            "\n"
            "commands:\n");
    for (size_t i = 0; i < sct_subcommand_count; i++)
        fprintf(out, "  %-8s %s\n", sct_subcommand_table[i].name,
                sct_subcommand_table[i].summary);
    fprintf(out,
            "\n"
            "exit status: 0 everything selected conforms, 1 non-conformance (a FAIL,\n"
            "CRASH or TIMEOUT; with --baseline: a difference from the baseline),\n"
            "2 usage or input error.  Details: docs/cli.md.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("sonnx-cts: no command; see sonnx-cts --help\n", stderr);
        return SCT_EXIT_USAGE;
    }
    /* Under a file-size limit (ulimit -f) a write past it would kill the
     * process with SIGXFSZ before anything is reported; ignored, the write
     * fails with EFBIG and the harness names the file it could not write
     * (a report, the case spool) and exits 2. */
    signal(SIGXFSZ, SIG_IGN);
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        strcmp(cmd, "help") == 0) {
        usage(stdout);
        return SCT_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("sonnx-cts %s (plugin ABI %u.%u)\n", SCT_HARNESS_VERSION,
               SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR);
        return SCT_EXIT_OK;
    }
    for (size_t i = 0; i < sct_subcommand_count; i++)
        if (strcmp(cmd, sct_subcommand_table[i].name) == 0)
            return sct_subcommand_table[i].main(argc - 1, argv + 1);
    fprintf(stderr, "sonnx-cts: unknown command '%s'; see sonnx-cts --help\n", cmd);
    return SCT_EXIT_USAGE;
}
