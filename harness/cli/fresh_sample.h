/*
 * fresh_sample.h — `run --fresh-sample[=N] [--seed S]` (docs/cli.md, "Fresh
 * sample"): besides the committed vectors, N input pairs per (op, types)
 * the implementation ran, drawn at run time (sct/sweep/sample_any.h) from a
 * seed chosen at run time unless given, judged against the built-in
 * kernels with the committed cases' tolerance.  Published vectors can be
 * tabled by a plugin; these cannot.  One case record per group,
 * `fresh/<op>/<types>`, whose message names the seed (so every report
 * format carries it, and the run reproduces with --seed).
 */
#ifndef SCT_CLI_FRESH_SAMPLE_H
#define SCT_CLI_FRESH_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"
#include "sct/results/report_model.h"

typedef struct sct_fresh_options {
    bool on;          /* --fresh-sample given */
    bool off;         /* --no-fresh-sample given */
    size_t n;         /* pairs per group */
    bool seed_given;  /* --seed S */
    uint64_t seed;
} sct_fresh_options;

/* Default pairs per group: keeps a whole-profile certification within the
 * time budget of docs/cli.md ("Fresh sample"). */
#define SCT_FRESH_DEFAULT_N 65536

/* Whether a run includes the fresh sample: asked for, or by default the
 * certification of a plugin (--vendor) on the whole profile (no --op,
 * --type, --tag, --case, no shard) without a baseline (a baseline compares
 * the committed vectors only: a fresh sample differs from run to run) —
 * unless --no-fresh-sample.  The built-in kernels are the reference: a
 * fresh sample would compare them with themselves. */
bool sct_fresh_wanted(const sct_fresh_options *o, bool vendor, size_t n_filters,
                      uint32_t shard_count, bool baseline);

/* Parses --fresh-sample[=N] (`value` NULL: the default), --no-fresh-sample
 * or --seed S.
 * false, with the reason on stderr, when invalid. */
bool sct_fresh_option(const char *name, const char *value, sct_fresh_options *o);

/* Appends one case per group of `report` the backend ran (exec status OK,
 * values expected, two inputs): the fresh sample.  `profile` as the run's.
 * 0, or non-zero with `err` set (out of memory, spool). */
int sct_fresh_sample_run(sct_run_report *report, sct_backend *backend, const char *profile,
                         const sct_fresh_options *o, bool strict_nan, uint32_t max_errors,
                         char *err, size_t err_cap);

#endif /* SCT_CLI_FRESH_SAMPLE_H */
