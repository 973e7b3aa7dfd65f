/*
 * render_model.h — what the HTML and Markdown reports show, read from a
 * run's JSON report (docs/report-format.md), the requirement catalogue
 * (vectors/requirements.json) and the spec notes (docs/spec-notes.md).
 *
 * The writers never see the runner's in-memory structures: a report
 * rendered from a JSON file (`sonnx-cts report`) and one rendered at the end
 * of a run (`run --html`) come from the same bytes, so they are identical.
 * Everything here is owned by the sct_render_doc and freed with
 * sct_render_doc_free().  Missing JSON fields become "" / 0 / false, never a
 * crash: a report of a truncated JSON still says what it could read, and
 * the loader records every problem in `warnings`, which the report shows.
 *
 * The cases are NOT held (memory must not grow with the number of
 * cases): the doc keeps a small fixed-size record per case (the case's
 * group, verdict category and requirement signature) and materialises one
 * case at a time with sct_render_doc_case(): read by the one report reader
 * (sct/results/report_read.h) as an sct_case_result, and shown with the
 * JSON writer's own value text (render_case_view.c).
 * Aggregates over cases that renderers need per group (verdict tally,
 * element totals, the derived ULP bins) are gathered in the one loading
 * pass and kept in the group, so they are bounded by ops x types.
 */
#ifndef SCT_RENDER_RENDER_MODEL_H
#define SCT_RENDER_RENDER_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/results/report_model.h"
#include "sct/results/verdict_tally.h"

/* A labelled value of the identity block, in display order. */
typedef struct sct_render_kv {
    char *label;
    char *value;
} sct_render_kv;

typedef struct sct_render_count {
    char *name;          /* deviation class, e.g. "rounded-toward-zero" */
    uint64_t count;
} sct_render_count;

/* One mismatching element, as the JSON writer writes its sample. */
typedef struct sct_render_sample {
    char *index;         /* flat index */
    char *coords;        /* "[0, 2]" */
    char *inputs;        /* "A = 1.5 (0x3fc00000); B = ..." */
    char *expected;      /* "1.5 (0x3fc00000)" */
    char *actual;
    char *ulp;           /* "3" or "n/a" */
    char *deviation;
    bool worst;          /* the case's worst element */
} sct_render_sample;

typedef struct sct_render_case {
    char *id;
    char *op;            /* "Div" */
    char *type_a;        /* element type of input A (or the case's type) */
    char *type_b;        /* element type of input B ("" if unknown) */
    char *type_out;
    size_t n_inputs;     /* the op's arity (1..3) as the case record says;
                            0 when unknown (then 2 files are named) */
    char *types;         /* group label: "float32", or "float32,int8" when
                            the input types differ (the JSON group key) */
    char *verdict;       /* upper case: PASS, FAIL, UNSUPPORTED, CRASH, ERROR, ... */
    char *expectation;   /* values, no-crash, reject */
    char *message;
    char **requirements; size_t n_requirements; /* what the case checks */
    char **satisfies; size_t n_satisfies;       /* preconditions it only meets */
    char **tags; size_t n_tags;
    uint64_t elements;
    uint64_t mismatches;
    bool has_max_ulp;
    uint64_t max_ulp;
    bool has_tolerance;
    uint64_t tolerance_ulp;
    sct_render_count *deviations; size_t n_deviations;
    sct_render_sample *samples; size_t n_samples;
} sct_render_case;

/* Bins of a histogram derived from the case records (render_ulp_bins.c). */
#define SCT_RENDER_DERIVED_BINS 8

/* A histogram bin as the JSON gives it (group ulp_histogram). */
typedef struct sct_render_bin {
    char *label;         /* "0", "1", "2", "3-4", ..., "n/a" */
    uint64_t lo, hi;     /* ULP range; hi == UINT64_MAX: open; both 0 and
                            `unmeasurable`: NaN / integer mismatch bin */
    bool unmeasurable;
    bool match;          /* the "match" bar: elements within tolerance */
    uint64_t count;
} sct_render_bin;

/* A group of the JSON (op x type summary), used for the ULP histograms. */
typedef struct sct_render_group {
    char *op;
    char *type;
    char *verdict;
    uint64_t cases, elements, mismatches;
    bool has_max_ulp;
    uint64_t max_ulp;
    bool has_tolerance;
    uint64_t tolerance_ulp;
    bool float_out;      /* floating-point output: ULP is meaningful */
    sct_render_bin *bins; size_t n_bins;  /* 0: the JSON has no histogram */
    /* Over the cases with this op and types, gathered while loading.  A
     * JSON listing the same (op, types) twice shows the same cases under
     * each: `first` is the index of the first such group, the one the
     * cases' sct_render_doc_case_group() names; the aggregates are copied
     * to the others. */
    size_t first;
    sct_verdict_tally tally;
    uint64_t case_elements, case_mismatches;
    /* For the histogram derived from the cases (render_ulp_bins.h): cases
     * with elements > 0, their worst-element ULP bins, those without a
     * max ULP, and the smallest tolerance among them. */
    uint64_t compared_cases, no_ulp_cases;
    uint64_t worst_ulp[SCT_RENDER_DERIVED_BINS];
    bool compared_has_tolerance;
    uint64_t compared_tolerance;
} sct_render_group;

typedef struct sct_render_requirement {
    char *id;            /* "sonnx-div:float:R2" */
    char *source;        /* document / section, e.g. "sonnx-div.md #float" */
    char *text;          /* the requirement's statement */
} sct_render_requirement;

typedef struct sct_render_note {
    char *id;            /* "SN-18" */
    char *title;
    char *body;          /* markdown source of the note (rendered as text) */
} sct_render_note;

/* Verdicts of the cases with one (op, input A type, input B type), gathered
 * while loading: the verdict matrices are sums of these (render_matrix.h). */
typedef struct sct_render_combo {
    char *op, *type_a, *type_b;
    sct_verdict_tally tally;
} sct_render_combo;

/* A requirement id cited by the cases, with its citations (a case citing it
 * twice counts twice) and their verdicts, gathered while loading. */
typedef struct sct_render_cited {
    char *id;
    size_t n;
    sct_verdict_tally tally;
    size_t bit;          /* its bit in the cases' citation sets */
    /* Cases that only satisfy it as a precondition ("satisfies"): counted
     * apart, never blamed (docs/vector-format.md). */
    size_t n_satisfied;
    sct_verdict_tally satisfied;
} sct_render_cited;

typedef struct sct_render_doc {
    char *title;                 /* "sonnx-cts conformance report: <runtime>" */
    char *overall_verdict;       /* PASS, FAIL, ... as the JSON says */
    char *exit_meaning;          /* one sentence explaining the verdict */
    sct_render_kv *identity; size_t n_identity;
    sct_render_kv *totals; size_t n_totals;   /* cases per verdict etc. */
    char *vectors_dir;           /* from the JSON identity */
    bool no_vector_set;          /* a sweep's report: its pairs came from no
                                    vector set, so there is no catalogue */
    char *command_line;
    /* The run's identity and options as the one reader gives them
     * (report_read.h, no cases): what the re-run command of a case needs
     * (sct/results/repro_command.h). */
    sct_run_report head;
    size_t n_cases;              /* read them with sct_render_doc_case() */
    struct sct_render_case_store *store;  /* render_cases.c */
    sct_render_combo *combos; size_t n_combos;
    sct_render_cited *cited; size_t n_cited;  /* sorted by strcmp of id */
    sct_render_group *groups; size_t n_groups;
    sct_render_requirement *reqs; size_t n_reqs;  /* the catalogue */
    bool catalogue_loaded;
    char *catalogue_path;
    sct_render_note *notes; size_t n_notes;
    char *notes_path;
    char **warnings; size_t n_warnings;  /* problems met while loading */
} sct_render_doc;

void sct_render_doc_free(sct_render_doc *doc);

/* Case i (0 <= i < n_cases), read from the JSON report again.  The result
 * lives in a one-slot cache of the doc: it is valid until the next call
 * with this doc (a caller that needs two cases at once copies what it
 * needs), and the doc must be used by one thread at a time.  A case element
 * that cannot be read or is not an object gives a case whose verdict is
 * ERROR and whose message says why (the loader warned about it; one that
 * fails only on this later read, because the file changed, is counted in
 * sct_render_doc_reread_failures()).  Never NULL. */
const sct_render_case *sct_render_doc_case(const sct_render_doc *doc, size_t i);
/* The same, brief: the samples are not read (n_samples 0).  For the passes
 * that list or count cases many times (traceability, matrix): a failing
 * case's samples are most of its bytes. */
const sct_render_case *sct_render_doc_case_brief(const sct_render_doc *doc, size_t i);
/* From the loading pass, without reading the case again: its verdict
 * category, and the index of its group in doc->groups (the group's
 * `first`). */
sct_verdict_cat sct_render_doc_case_verdict(const sct_render_doc *doc, size_t i);
size_t sct_render_doc_case_group(const sct_render_doc *doc, size_t i);
/* The id of case i (its brief read); valid until the next call of this
 * function. */
const char *sct_render_doc_case_id(const sct_render_doc *doc, size_t i);
/* Which cases cite a requirement id, from the loading pass's citation sets
 * (so that a per-requirement pass reads only those cases). */
typedef struct sct_render_cite_filter {
    bool any;            /* some case cites the id */
    size_t bit;
} sct_render_cite_filter;
sct_render_cite_filter sct_render_doc_cite_filter(const sct_render_doc *doc, const char *id);
/* 0: case i does not cite the id; 1: it cites it exactly once; 2: it may
 * (read its requirements to know how many times). */
int sct_render_doc_case_cites(const sct_render_doc *doc, size_t i,
                              const sct_render_cite_filter *f);
/* Cases whose element could be read while loading but not when rendered
 * (the file changed meanwhile); the first reason goes to `why`. */
size_t sct_render_doc_reread_failures(const sct_render_doc *doc, char *why, size_t cap);
/* Frees what a case owns and zeroes it. */
void sct_render_case_free(sct_render_case *c);

/* Small owned-string helpers shared by the loaders. */
/* sct_strdup (sct/text/owned.h) that ends the process when out of memory,
 * as every allocation of the renderer (NULL -> ""). */
char *sct_render_strdup(const char *s);
char *sct_render_printf(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* realloc(p, n * size) that ends the process on failure or overflow. */
void *sct_render_grow(void *p, size_t n, size_t size);
/* Appends a formatted warning to doc->warnings. */
void sct_render_warn(sct_render_doc *doc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends a (label, value) pair to an array of kv (grown with realloc). */
void sct_render_kv_add(sct_render_kv **arr, size_t *n, const char *label,
                       const char *value);

#endif /* SCT_RENDER_RENDER_MODEL_H */
