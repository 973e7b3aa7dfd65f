/*
 * subcommands.h — the `sonnx-cts` subcommands.  One file per subcommand
 * (cmd_<name>.c) exporting its entry point; subcommand_table.c lists them.
 * Adding `report`, `merge` or `sweep`: write cmd_<name>.c, declare it here,
 * add one row to the table and the file to CMakeLists.txt.
 */
#ifndef SCT_CLI_SUBCOMMANDS_H
#define SCT_CLI_SUBCOMMANDS_H

#include <stddef.h>
#include <stdio.h>

/* Exit status convention of every subcommand (docs/cli.md). */
enum {
    SCT_EXIT_OK = 0,            /* everything selected conforms */
    SCT_EXIT_NONCONFORMING = 1, /* a FAIL, CRASH or TIMEOUT (or baseline diff) */
    SCT_EXIT_USAGE = 2,         /* usage or input error */
    SCT_EXIT_PARTIAL = 3        /* what ran passed, some cases declined or waived */
};
/* A run's status comes from the one verdict rule (sct/results/verdict.h,
 * sct_overall_exit_code: CONFORMS 0, NON-CONFORMANT and NOTHING-PASSED 1,
 * ERROR 2, PARTIAL 3); these names are the same numbers for the cli. */

typedef struct sct_subcommand {
    const char *name;
    const char *summary;                 /* one line for `sonnx-cts --help` */
    int (*main)(int argc, char **argv);  /* argv[0] is the subcommand name */
} sct_subcommand;

extern const sct_subcommand sct_subcommand_table[];
extern const size_t sct_subcommand_count;

int sct_cmd_run(int argc, char **argv);
int sct_cmd_list(int argc, char **argv);
int sct_cmd_report(int argc, char **argv);
int sct_cmd_merge(int argc, char **argv);
int sct_cmd_compare(int argc, char **argv); /* cmd_compare.c */
int sct_cmd_certify(int argc, char **argv); /* cmd_certify.c (harness/bundle) */
int sct_cmd_verify(int argc, char **argv);  /* cmd_verify.c (harness/bundle) */
int sct_cmd_repro(int argc, char **argv);   /* cmd_repro.c (harness/replay) */
int sct_cmd_selftest(int argc, char **argv); /* cmd_selftest.c */
int sct_cmd_sweep(int argc, char **argv); /* cmd_sweep.c (harness/sweep) */

#endif /* SCT_CLI_SUBCOMMANDS_H */
