/*
 * claim_file.h — `run --claim FILE` (docs/cli.md "Claims"): the op x types
 * a vendor claims, or a named level, each with an optional declared error
 * bound.  Cases inside the claim must run and pass (a decline is FAIL);
 * cases outside are OUT_OF_SCOPE, listed, not run; a declared bound is
 * judged apart from the profile's tolerance.
 *
 * File (JSON):
 *   {"schema": "sonnx-cts-claim",
 *    "level": "float32-only",                       (optional; levels below)
 *    "claims": [{"op": "Pow", "types": "float32",   (types: the report's
 *                "bound": "correctly rounded" | N}]} group label, "*" any)
 * Levels: "float32-only" = every op with types "float32"; "full" = every
 * op x types of the profile.
 */
#ifndef SCT_CLI_CLAIM_FILE_H
#define SCT_CLI_CLAIM_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCT_CLAIM_MAX 256

typedef struct sct_claim_entry {
    char op[32];            /* "*": any op */
    char types[96];         /* a group label ("float32", "float32,int32"); "*": any */
    bool has_bound;
    uint32_t bound_ulp;     /* 0: correctly rounded */
} sct_claim_entry;

typedef struct sct_claim {
    sct_claim_entry entries[SCT_CLAIM_MAX];
    size_t n;
    char description[1024]; /* "Pow float32 (correctly rounded); Div float32" */
} sct_claim;

/* 0, or non-zero with `err` naming the file, the field and the reason. */
int sct_claim_load(const char *path, sct_claim *out, char *err, size_t err_cap);

/* The entry covering (op, types label), or NULL: the case is out of scope.
 * A specific entry wins over a "*" one (its bound applies). */
const sct_claim_entry *sct_claim_find(const sct_claim *c, const char *op, const char *types);

#endif /* SCT_CLI_CLAIM_FILE_H */
