/*
 * case.h — the in-memory model of a vector set and of one case, as the
 * loader (harness/io) produces it and the runner consumes it.
 *
 * Memory: a sct_vector_set owns everything reachable from it (all strings
 * and arrays), freed by sct_vector_set_free().  With a manifest.json the set
 * keeps only an index of the manifest's case entries (tens of bytes per
 * case): sct_vector_set_case() materialises ONE case declaration at a time.
 * Case DATA (tensors) is loaded one case at a time with sct_case_load() and
 * released with sct_case_data_free(), so peak memory does not grow with the
 * case count.
 *
 * Errors never abort the set: a manifest entry that cannot be used keeps its
 * slot with `error` set (file, field, reason), so the report still lists it.
 */
#ifndef SCT_MODEL_CASE_H
#define SCT_MODEL_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* The registry's bounds (ops/operators.json, docs/architecture.md "The
 * operator registry"): an operator takes 1 to 3 inputs and yields one
 * output.  A case's n_inputs is its op's arity, checked by harness/io. */
#define SCT_MAX_INPUTS 3
#define SCT_MAX_OUTPUTS 1

typedef enum sct_expectation {
    SCT_EXPECT_VALUES = 0,   /* outputs must match the goldens */
    SCT_EXPECT_NO_CRASH = 1, /* spec leaves values undefined: any value
                                passes, a crash/hang/error status fails */
    SCT_EXPECT_REJECT = 2    /* out of profile: the implementation must
                                answer SONNX_STATUS_INVALID_ARGUMENT */
} sct_expectation;
#define SCT_EXPECT_COUNT ((int)SCT_EXPECT_REJECT + 1)

enum { SCT_PROFILE_ONNX = 1u, SCT_PROFILE_SONNX = 2u };

typedef struct sct_tensor_decl {
    char name[32];         /* the registry's input names ("A", "B"; "X"), "C"/"Y" */
    int32_t elem_type;     /* SONNX_DT_* */
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
} sct_tensor_decl;

typedef struct sct_file_ref {
    char *relpath;          /* relative to the case directory */
    char sha256[65];        /* lowercase hex; "" when unknown (no manifest) */
} sct_file_ref;

typedef struct sct_case {
    char *id;               /* unique in the set, e.g. "div/float32/special_cross" */
    char *relpath;          /* case directory relative to the set root */
    char *op_type;          /* a registered op (ops/operators.json) */
    char *domain;           /* "" */
    int32_t opset;
    size_t n_inputs, n_outputs;
    sct_tensor_decl inputs[SCT_MAX_INPUTS];
    sct_tensor_decl outputs[SCT_MAX_OUTPUTS];
    char **tags; size_t n_tags;
    char **requirements; size_t n_requirements; /* e.g. "sonnx-div/float/R2": what
                                                   the case checks */
    /* Preconditions the case only satisfies (manifest "satisfies", optional;
     * docs/vector-format.md): a rounding case satisfies the same-shape
     * restriction R1, it does not test it, and its failure blames no R1. */
    char **satisfies; size_t n_satisfies;
    /* Tolerance: max_ulp == 0 means exact (bitwise for ints/bools; for
     * floats, equal values, NaN matching NaN per options). */
    uint32_t max_ulp;
    sct_expectation expectation;
    unsigned profiles;      /* SCT_PROFILE_* bits */
    char *description;      /* may be "" */
    /* The node's attributes (manifest "attributes", optional;
     * docs/vector-format.md), checked against the op's registry
     * declarations, in their order; every name, string and list owned by
     * the case.  0 and NULL when the case gives none (every case of
     * today's ops).  The runner hands them to the implementation as
     * sonnx_op's attributes (docs/plugin-abi.md §2.1). */
    sonnx_attribute *attributes; size_t n_attributes;
    sct_file_ref *files; size_t n_files;
    bool has_expected_output; /* output_0.pb present (false for no-crash) */
    char *error;            /* non-NULL: this entry is unusable; why
                               (names file, field, reason) */
    /* Added by harness/io.  Which test_data_set_<N>/ of the case directory
     * holds the tensors (0 for manifest cases; a scanned directory with
     * several data sets gives one case per set). */
    int32_t data_set;
} sct_case;

typedef struct sct_vector_set {
    char *root;             /* absolute path of the vectors directory */
    char *manifest_path;    /* NULL when the set was discovered by scanning
                               an ONNX backend-test layout without manifest */
    char *format_version;   /* manifest "format_version", or "" */
    char *set_sha256;       /* identity of the set: sha256 of the manifest
                               file, or of the sorted file list when scanned */
    /* Number of case slots; read them with sct_vector_set_case(). */
    size_t n_cases;
    /* Scanned sets only (no manifest): every slot, kept in memory because
     * a scan is bounded by the directory tree it walked (one directory per
     * case).  NULL for manifest sets. */
    sct_case *scanned_cases;
    /* Manifest sets only (harness/io private): the index of manifest.json
     * and the one materialised slot.  NULL for scanned sets. */
    struct sct_manifest *manifest;
    /* Set-level problems that are not tied to one case slot (e.g. a
     * duplicate id, the second one also gets `error`). Informational. */
    char **errors; size_t n_errors;
    /* Added by harness/io.  The directory as the caller spelled it (used as
     * the prefix of every file named in error messages). */
    char *display_root;
    /* Scanned sets only: case directories skipped because their single node
     * is not Div, Mul, Pow or Less (or the graph is not a single node), as
     * "relpath: reason"; counted, never reported as errors. */
    char **skipped; size_t n_skipped;
} sct_vector_set;

/* Loaded tensors of one case.  Owned; free with sct_case_data_free. */
typedef struct sct_case_data {
    size_t n_inputs;
    sonnx_tensor inputs[SCT_MAX_INPUTS];
    size_t n_expected;                  /* 0 when no golden output */
    sonnx_tensor expected[SCT_MAX_OUTPUTS];
} sct_case_data;

/* Opens `dir`: reads dir/manifest.json if present, else scans dir for
 * ONNX backend-test case directories (model.onnx + test_data_set_0/), one
 * to three levels deep, reading op_type/opset/types from model.onnx and using
 * default tolerances (harness/io/README.md).  Returns 0 on success (even when
 * some cases carry `error`); non-zero with `err` filled when nothing usable
 * is there (missing directory, unreadable or invalid manifest, no case
 * directory).  Every message has the form "<file>: field <field>: <reason>". */
int sct_vector_set_open(const char *dir, sct_vector_set *out, char *err,
                        size_t err_cap);
void sct_vector_set_free(sct_vector_set *set);

/* Case slot i (i < set->n_cases; NULL otherwise).  Scanned sets: a slot of
 * set->scanned_cases.  Manifest sets: entry i of manifest.json parsed and
 * validated now (fields, duplicate id, its files exist inside the set) into
 * a cache slot owned by the set: the pointer is valid until the NEXT call
 * on the same set (or sct_vector_set_free), so a caller that needs two
 * cases at once copies what it needs from the first.  Never NULL for
 * i < n_cases: an entry that cannot be used, e.g. because manifest.json was
 * modified after the open, comes back with `error` naming manifest.json,
 * the field cases[i]... and the reason.  Not thread-safe. */
const sct_case *sct_vector_set_case(const sct_vector_set *set, size_t i);

/* Loads and validates one case's tensors: verifies each file's sha256
 * against the manifest, decodes TensorProto (raw_data or typed fields),
 * checks types and shapes against the case declaration.  Returns 0, or
 * non-zero with `err` naming the file, the field and the reason. */
int sct_case_load(const sct_vector_set *set, const sct_case *c,
                  sct_case_data *out, char *err, size_t err_cap);
void sct_case_data_free(sct_case_data *d);

/* Every string of a sct_case (id, relpath, op_type, domain, description)
 * is non-NULL, also in an `error` slot (then possibly ""). */

/* Default tolerance in ULP for (op, output type) when no manifest says
 * otherwise; the same table the generators use (docs/vector-format.md). */
uint32_t sct_default_max_ulp(const char *op_type, int32_t out_elem_type);

/* The manifest and report name of an expectation ("values", "no-crash",
 * "reject"; "values" outside the enum) and back: SCT_EXPECT_COUNT for a
 * NULL or unknown name.  One table both ways (docs/vector-format.md). */
const char *sct_expectation_name(sct_expectation e);
sct_expectation sct_expectation_from_name(const char *name);

#endif /* SCT_MODEL_CASE_H */
