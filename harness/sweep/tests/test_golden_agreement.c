/*
 * test_golden_agreement.c — the golden vectors (vectors/, read with the
 * loader of harness/io) and the sweep reference (the built-in kernels'
 * contiguous loops) must agree on every element the two share: every
 * element of every Div/Mul/Pow/Less case whose two inputs have the same
 * 8- or 16-bit type (float16, bfloat16, int8, uint8, int16, uint16).
 * Agreement is exact (the same encoding; a NaN matches any NaN).  Elements
 * the spec leaves undefined (integer Div by zero, INT_MIN / -1) have no
 * golden value and are skipped.  Two independent derivations of the same
 * values (generators in Python/mpmath, kernels in C) checking each other.
 *
 *   test_golden_agreement VECTORS_DIR
 * (also run on the official ONNX node tests, whose uint8 Div/Mul cases
 * overlap the sweep spaces.)
 * Exit: 0 agree (and at least one element compared), 1 disagreement or
 * nothing compared although the set has cases, 77 (CTest SKIP) when the
 * directory holds no vector set yet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/bcast_index.h"
#include "sct/model/case.h"
#include "sct/numeric/dtype.h"
#include "sct/sweep/sweep.h"
#include "sweep_space.h"
#include "sweep_undefined.h"

typedef struct totals {
    unsigned long long cases, elements, undefined, disagreements;
} totals;

static bool float_nan(int32_t type, uint64_t bits)
{
    if (type == SONNX_DT_FLOAT16)
        return (bits & 0x7fffu) > 0x7c00u;
    if (type == SONNX_DT_BFLOAT16)
        return (bits & 0x7fffu) > 0x7f80u;
    return false;
}

static int check_case(const sct_vector_set *set, const sct_case *c, totals *t)
{
    char err[512];
    sct_case_data d;
    if (sct_case_load(set, c, &d, err, sizeof err) != 0) {
        printf("ERROR %s: cannot load: %s\n", c->id, err);
        return 1;
    }
    int32_t ta = c->inputs[0].elem_type, tout = c->outputs[0].elem_type;
    size_t sa = sct_dtype_elem_size(ta), so = sct_dtype_elem_size(tout);
    const sonnx_tensor *exp = &d.expected[0];
    uint64_t n = 0;
    int rc = 0;
    if (!sct_shape_nelem(exp->rank, exp->dims, &n)) {
        printf("ERROR %s: bad output shape\n", c->id);
        sct_case_data_free(&d);
        return 1;
    }
    void *a = malloc(n * sa + 1), *b = malloc(n * sa + 1), *ref = malloc(n * so + 1);
    sct_bcast_iter it;
    if (!a || !b || !ref ||
        !sct_bcast_init(&it, exp->rank, exp->dims, 2, d.inputs)) {
        printf("ERROR %s: inputs do not broadcast to the output (or no memory)\n", c->id);
        rc = 1;
        goto done;
    }
    /* Gather the broadcast-mapped input pairs, run the reference once. */
    for (uint64_t i = 0; i < n; i++, sct_bcast_next(&it)) {
        memcpy((char *)a + i * sa, (const char *)d.inputs[0].data + it.offset[0] * sa, sa);
        memcpy((char *)b + i * sa, (const char *)d.inputs[1].data + it.offset[1] * sa, sa);
    }
    sct_kernel_contiguous(c->op_type, ta, ta)(a, b, ref, (size_t)n);
    sct_op_id op = sct_op_id_of(c->op_type);
    t->cases++;
    unsigned shown = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t av = sct_sweep_elem_bits(a, sa, i), bv = sct_sweep_elem_bits(b, sa, i);
        if (sct_sweep_pair_undefined(op, ta, av, bv)) {
            t->undefined++;
            continue;
        }
        uint64_t want = sct_sweep_elem_bits(exp->data, so, i);
        uint64_t have = sct_sweep_elem_bits(ref, so, i);
        t->elements++;
        if (want == have || (float_nan(tout, want) && float_nan(tout, have)))
            continue;
        t->disagreements++;
        if (shown++ < 10)
            printf("DISAGREE %s element %llu: a=0x%04llx b=0x%04llx golden=0x%04llx "
                   "reference=0x%04llx\n", c->id, (unsigned long long)i,
                   (unsigned long long)av, (unsigned long long)bv,
                   (unsigned long long)want, (unsigned long long)have);
    }
done:
    free(a);
    free(b);
    free(ref);
    sct_case_data_free(&d);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_golden_agreement VECTORS_DIR\n");
        return 2;
    }
    sct_vector_set set;
    char err[512], why[256];
    if (sct_vector_set_open(argv[1], &set, err, sizeof err) != 0) {
        printf("SKIP: no vector set in %s yet (%s)\n", argv[1], err);
        return 77;
    }
    totals t = {0, 0, 0, 0};
    int errors = 0;
    size_t eligible = 0;
    for (size_t i = 0; i < set.n_cases; i++) {
        const sct_case *c = sct_vector_set_case(&set, i);
        if (c->error != NULL || c->n_inputs != 2 || c->n_outputs != 1 ||
            !c->has_expected_output || c->expectation != SCT_EXPECT_VALUES ||
            c->inputs[0].elem_type != c->inputs[1].elem_type ||
            !sct_sweep_supported(c->op_type, c->inputs[0].elem_type,
                                 c->inputs[1].elem_type, why, sizeof why))
            continue;
        eligible++;
        errors += check_case(&set, c, &t);
    }
    printf("%zu cases in the set, %zu with same-type 8/16-bit inputs; %llu checked, "
           "%llu elements compared, %llu undefined skipped, %llu disagreements, "
           "%d load errors\n",
           set.n_cases, eligible, t.cases, t.elements, t.undefined, t.disagreements,
           errors);
    size_t n_cases = set.n_cases;
    sct_vector_set_free(&set);
    if (n_cases > 0 && t.elements == 0) {
        printf("FAIL: nothing compared (no 16-bit cases?)\n");
        return 1;
    }
    if (n_cases == 0) {
        printf("SKIP: the vector set is empty\n");
        return 77;
    }
    return t.disagreements || errors ? 1 : 0;
}
