/*
 * report_read.h — the one reader of a JSON run report
 * (docs/report-format.md): the inverse of the JSON writer, field for
 * field, for every consumer (merge, the HTML/Markdown renderer, the
 * cross-runtime comparison).
 *
 * A file is a run report (schema "sonnx-cts-run" 1.x) or a conformance
 * record (schema "sonnx-cts-conformance": run reports keyed by profile
 * under "runs"; one of them is read); on request a baseline (the verdicts
 * of a run, "sonnx-cts-baseline").  Its cases are NOT held: a run
 * report is indexed in one streaming pass (json_index.h, 24 bytes per
 * case) and case i is read again on demand, checked against its span's
 * hash (a file changed since it was opened is reported), so memory stays
 * flat in the number of cases; so is a record (the index
 * covers every run's cases, "runs.*.cases").  Integers
 * are exact up to 2^64-1 (json_exact.h); element values come from their
 * "_bits" hex strings, never from the decimal text.
 *
 * Two modes:
 * - strict (merge): the first missing or malformed field is an error
 *   naming the file, the case and the field; nothing is guessed.
 * - tolerant (render): a report of a truncated or hand-edited JSON still
 *   says what it could read.  A missing member is "" / 0 / false; a case
 *   without an id or a verdict is read with "" / ERROR and a warning; a
 *   case element that is not an object or cannot be read becomes a
 *   stand-in (id "(case N)", op "?", verdict ERROR, the message says why).
 */
#ifndef SCT_RESULTS_REPORT_READ_H
#define SCT_RESULTS_REPORT_READ_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/jsonstream/json_index.h"
#include "sct/results/report_model.h"

/* The modes of the one field reader (sct/jsonstream/json_fields.h). */
typedef sct_json_mode sct_read_mode;
#define SCT_READ_STRICT SCT_JSON_STRICT
#define SCT_READ_TOLERANT SCT_JSON_TOLERANT

/* A problem the tolerant mode read past (shown by the renderer). */
typedef sct_json_warn_fn sct_read_warn_fn;

typedef struct sct_report_read_opts {
    sct_read_mode mode;
    /* Records: the run to read (NULL: "sonnx" when present, else the only
     * run).  Run reports: NULL, or the profile the run must be of. */
    const char *profile;
    /* Sees every byte of the file while it is indexed (may be NULL): the
     * renderer's SHA-256 of the exact bytes it shows. */
    sct_json_bytes_fn on_bytes;
    void *user;
    /* Opens a baseline instead (schema "sonnx-cts-baseline", harness/
     * writers/baseline.h): its entries read as cases holding only id,
     * verdict, exec_status and max_ulp (compared when it is an integer),
     * mismatches and deviation_counts (stats.mismatches is
     * SCT_BASELINE_NO_DETAIL when the baseline does not record them). */
    bool baseline;
} sct_report_read_opts;

#define SCT_BASELINE_NO_DETAIL UINT64_MAX

typedef struct sct_report_file sct_report_file;

/* Opens and indexes `path`.  0, or non-zero with `err` naming the file:
 * unreadable or invalid JSON, a foreign schema ("not a sonnx-cts run
 * report ..."), an unsupported schema_version (strict), a record without
 * the profile ("conformance record has no run for profile ..."), a run of
 * another profile than asked. */
int sct_report_open(const char *path, const sct_report_read_opts *opts,
                    sct_report_file **out, char *err, size_t err_cap);
void sct_report_close(sct_report_file *f);

const char *sct_report_path(const sct_report_file *f);
bool sct_report_is_record(const sct_report_file *f);
/* The run read, without its cases (identity, options, summary, groups,
 * shard, timing: exact integers), and the record around it (NULL for a
 * run report).  Owned by `f`. */
const cJSON *sct_report_run_json(const sct_report_file *f);
const cJSON *sct_report_record_json(const sct_report_file *f);
/* The run has a "cases" array (false: 0 cases). */
bool sct_report_has_cases(const sct_report_file *f);
size_t sct_report_n_cases(const sct_report_file *f);

/* The run's identity, options, selection counts, wall time and shard into
 * `r` (initialised here, no cases).  Strict: every field required (a
 * report without "shard" is shard 1/1 of its own cases).  Tolerant:
 * missing members give "" / 0.  0, or non-zero with `err`. */
int sct_report_read_head(sct_report_file *f, sct_run_report *r, char *err,
                         size_t err_cap);

/* Case i (0 <= i < n_cases) into `c` (zeroed here; the caller frees it
 * with sct_case_result_free).
 * Strict: 0, or non-zero with `err` ("<path>: case \"<id>\": missing
 * string \"op\"", "<path>: cases[3]: element 3 changed since ...") and
 * `c` holding no allocation.
 * Tolerant: 0 when the case was read (its problems went to `warn`, NULL:
 * not reported), 1 when `c` is a stand-in whose message says why (also
 * given to `warn`); `err` holds the bare reason ("it is a number, not an
 * object", "element 1 changed since the file was indexed ...").
 * `brief` (tolerant): the samples are not read (n_samples 0), for the
 * passes that list or count cases many times. */
int sct_report_read_case(const sct_report_file *f, size_t i, bool brief,
                         sct_case_result *c, sct_read_warn_fn warn, void *user,
                         char *err, size_t err_cap);

/* The id of case i without reading the whole case: for a run report only
 * its bytes (located when the case was first read, checked against their
 * hash), for a record its tree item.  NULL when that cannot be done (not
 * read yet, not a plain string, the file changed): read the case then.
 * Caller frees. */
char *sct_report_case_id(const sct_report_file *f, size_t i);

/* The whole strict reading of a run report into `r` (initialised here):
 * head, then every case appended to r's spool.  0, or non-zero with `err`
 * naming the file and the field (`r` then freed). */
int sct_report_read_all(const char *path, sct_run_report *r, char *err,
                        size_t err_cap);

#endif /* SCT_RESULTS_REPORT_READ_H */
