/*
 * option_parse.h — the one option parser of every `sonnx-cts` subcommand:
 * a command lists its options in tables and gets each one, with its value,
 * in command-line order (docs/cli.md "Options").
 *
 * The rules, the same for every command:
 *   --name          exact names only: an abbreviation is an unknown option
 *                   (a command line recorded in a report must mean the same
 *                   thing after a later option makes the prefix ambiguous);
 *   --name VALUE    an option with a value takes the next word, whatever
 *   --name=VALUE    it is, or the text after '=';
 *   --name[=VALUE]  an optional value only after '=';
 *   -h, --help      help (SCT_PARSE_HELP), where it stands;
 *   --              ends the options: every later word is an operand;
 *   -               an operand (as any word not starting with '-').
 * A usage error is one line on stderr, naming the option, ending with
 * "; see sonnx-cts CMD --help"; the parse stops at the first one.
 */
#ifndef SCT_CLI_OPTION_PARSE_H
#define SCT_CLI_OPTION_PARSE_H

#include <stdbool.h>
#include <stdio.h>

typedef enum sct_parse_outcome {
    SCT_PARSE_OK = 0,
    SCT_PARSE_HELP,   /* --help was given: print help, exit 0 */
    SCT_PARSE_ERROR   /* message already printed: exit 2 */
} sct_parse_outcome;

typedef enum sct_option_arg {
    SCT_OPT_FLAG,          /* --name */
    SCT_OPT_VALUE,         /* --name VALUE, --name=VALUE */
    SCT_OPT_OPTIONAL_VALUE /* --name, --name=VALUE */
} sct_option_arg;

typedef struct sct_option {
    const char *name; /* without "--"; NULL ends a table */
    sct_option_arg arg;
    int id;           /* what the command's handler switches on */
} sct_option;

#define SCT_OPTION_END {NULL, SCT_OPT_FLAG, 0}

/* One option found on the command line. */
typedef struct sct_option_hit {
    const char *cmd;          /* the subcommand, for messages */
    const sct_option *opt;
    const char *value;        /* NULL for a flag or an optional value not given */
    int argi;                 /* argv index of the option word */
    int words;                /* argv words it took: 1 or 2 */
} sct_option_hit;

/* false: a usage error, its message printed (sct_usage_error). */
typedef bool (*sct_option_fn)(void *user, const sct_option_hit *hit);
typedef bool (*sct_operand_fn)(void *user, const char *cmd, const char *operand);

typedef struct sct_option_spec {
    const char *cmd;                  /* "merge" */
    const sct_option *const *tables;  /* searched in order; NULL ends the list */
    sct_option_fn on_option;
    sct_operand_fn on_operand;        /* NULL: the command takes no operands */
    void *user;
} sct_option_spec;

/* argv[0] is the subcommand's name; options from argv[1]. */
sct_parse_outcome sct_parse_options(const sct_option_spec *spec, int argc, char **argv);

/* sct_parse_options for a subcommand's main: -1 to go on with the options
 * taken, else the exit status to return: SCT_EXIT_OK after printing `help`
 * on stdout (--help), SCT_EXIT_USAGE after a usage error. */
int sct_parse_command_line(const sct_option_spec *spec, int argc, char **argv,
                           void (*help)(FILE *out));

/* Prints "sonnx-cts CMD: <message>; see sonnx-cts CMD --help" on stderr;
 * returns false (for `return sct_usage_error(...)` in a handler). */
bool sct_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The value of --profile (run, list, certify, repro, report, compare): onnx
 * or sonnx, checked where it is given, with the one message. */
bool sct_profile_option(const sct_option_hit *hit);

#endif /* SCT_CLI_OPTION_PARSE_H */
