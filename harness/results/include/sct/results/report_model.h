/*
 * report_model.h — the results of one run, as every report writer (text,
 * JSON, JUnit, baseline; Markdown/HTML and merge later) consumes them.
 *
 * The model owns copies of all strings, so it outlives the vector set and
 * can also be rebuilt from a JSON report (merge, report subcommands).
 *
 * Memory is flat in the number of cases: a completed case is
 * serialised, strings and samples included, to the report's spool (an
 * anonymous, already unlinked temporary file under $TMPDIR or /tmp) and
 * only its 8-byte offset stays in memory.  Two case records are in memory
 * at any time: the pending one being filled (sct_run_report_add_case) and
 * the one last read back (sct_run_report_case).
 */
#ifndef SCT_RESULTS_REPORT_MODEL_H
#define SCT_RESULTS_REPORT_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/results/case_result.h"

typedef struct sct_run_identity {
    char *harness_version;
    char *command_line;
    char *host;
    char *date_utc;                  /* timing-like: differs between runs */
    char *profile;                   /* "onnx" / "sonnx" */
    char *vectors_dir;
    char *vector_set_sha256;
    char *vector_format_version;
    char *vendor, *runtime_name, *runtime_version, *plugin_path;
    char *isolation;
    uint32_t abi_major, abi_minor;
} sct_run_identity;

typedef struct sct_run_options {
    uint32_t max_errors;
    bool strict_nan;
    bool require_enforcement;        /* NOT_ENFORCED cases were judged FAIL */
    double timeout_seconds;
    bool isolate;
    char *vendor_options;
    char *filters;                   /* human-readable: "--op Div --type float32" */
    char *claim;                     /* --claim: what the vendor claims, e.g.
                                        "Pow float32 (correctly rounded); Div
                                        float32"; NULL or "" without one */
} sct_run_options;

/* The spool of the cases (report_model.c); opaque. */
typedef struct sct_case_spool sct_case_spool;

/* The comparison with --baseline (writers/baseline.h), made before the
 * reports are written so that they state the one exit status the process
 * returns. */
typedef struct sct_baseline_result {
    bool used;
    char *path;
    size_t compared, changed, worse, unknown, not_run;
} sct_baseline_result;

/* A governed waiver (--waivers) as the reports state it, with the failing
 * cases it covered in this run (0: stale). */
typedef struct sct_waiver_note {
    char *what;                      /* "case ID" or "group Op types" */
    char *runtime;                   /* "NAME VERSION" or "sha256 HEX" */
    char *reason, *link, *owner, *expires;
    size_t matched;
} sct_waiver_note;

typedef struct sct_run_report {
    sct_run_identity identity;
    sct_run_options options;
    size_t n_cases;                  /* cases appended, the pending one too;
                                        read them with sct_run_report_case */
    sct_case_spool *spool;           /* NULL until the first append */
    bool spool_oom;                  /* the spool itself could not be allocated */
    size_t n_filtered_profile;       /* in the set, not in the selected profile */
    size_t n_filtered_selection;     /* in the profile, excluded by filters */
    double seconds;                  /* timing: wall time of the run */
    /* Sharding (docs/reports.md): this report holds shard shard_index of
     * shard_count (1/1: a whole run, or a merge of all shards) out of
     * shard_total cases selected before sharding; merged_from is the number
     * of shard reports a merge combined (0 for a run). */
    uint32_t shard_index, shard_count;
    size_t shard_total;
    uint32_t merged_from;
    /* --shard auto: the job-array variables the shard was read from
     * (shard_auto.h), written as shard.source; NULL otherwise. */
    char *shard_source;
    sct_baseline_result baseline;
    sct_waiver_note *waivers; size_t n_waivers;
} sct_run_report;

void sct_run_report_init(sct_run_report *r);
void sct_run_report_free(sct_run_report *r);

/* Appends a zeroed case (strings NULL until set, exit_code -1) for the
 * caller to fill; the report owns what the caller stores in it (strings,
 * tags, samples: malloc'ed).  The slot is valid until the next append or
 * the next read (sct_run_report_case, sct_run_report_flush, any writer):
 * those first spill it to the spool, after which it must not be touched.
 * NULL when the previous case could not be spilled or out of memory;
 * sct_run_report_error() says why. */
sct_case_result *sct_run_report_add_case(sct_run_report *r);

/* Case i (0 <= i < n_cases), read back from the spool into a one-slot
 * cache owned by the report: valid until the next call of this function
 * (for any i) or of sct_run_report_add_case / _free.  Never hold two of
 * these pointers at once (copy what you need from the first).  Spills the
 * pending case first.  NULL on an I/O error, a damaged spool record or out
 * of memory, with sct_run_report_error() saying why. */
const sct_case_result *sct_run_report_case(const sct_run_report *r, size_t i);

/* Spills the pending case, if any: 0, or non-zero with
 * sct_run_report_error() set.  Reading does this too; calling it after the
 * last append reports a spool write failure where it happens. */
int sct_run_report_flush(const sct_run_report *r);

/* Why the last add/read/flush failed ("" when none did), e.g. "case spool
 * (/tmp): write failed after 812 cases: No space left on device".  A write
 * failure is sticky: the lost case would silently be missing otherwise, so
 * every later add and read fails too. */
const char *sct_run_report_error(const sct_run_report *r);

#endif /* SCT_RESULTS_REPORT_MODEL_H */
