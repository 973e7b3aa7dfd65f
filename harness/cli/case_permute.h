/*
 * case_permute.h — element order of a committed case permuted per run
 * (docs/cli.md, "Fresh sample"): with the fresh sample's seed, the inputs
 * of an elementwise case (every input and the output of one shape, so no
 * broadcasting; 1 to 3 inputs) are handed to the implementation in a permuted order and
 * its output is put back in the original order before the comparison, so
 * reports name the original elements.  A plugin that recognises a
 * published case by its whole input tensors (and answers from a copy of
 * its golden) no longer finds it; computing is unaffected.
 */
#ifndef SCT_CLI_CASE_PERMUTE_H
#define SCT_CLI_CASE_PERMUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/model/case.h"
#include "sonnx_cts/plugin.h"

typedef struct sct_case_permutation {
    bool active;
    size_t n;            /* elements */
    uint64_t *perm;      /* position i of the run holds element perm[i] */
    sonnx_tensor in[SCT_MAX_INPUTS]; /* the permuted inputs (owned data) */
    size_t n_inputs;
} sct_case_permutation;

/* Permutes when the case qualifies (1 to 3 inputs, one output, all of the same
 * shape with more than one element, byte-addressable types) and memory
 * allows; false (p->active false) otherwise, and the case runs as it is. */
bool sct_case_permute_begin(sct_case_permutation *p, const char *case_id, uint64_t seed,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            const sonnx_tensor *outputs, size_t n_outputs);

/* Puts outputs[0] back in the original order (when `restore`) and frees. */
void sct_case_permute_end(sct_case_permutation *p, sonnx_tensor *outputs, bool restore);

#endif /* SCT_CLI_CASE_PERMUTE_H */
