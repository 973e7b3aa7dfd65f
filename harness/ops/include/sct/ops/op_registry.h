/*
 * op_registry.h — the one operator registry, as data (docs/architecture.md,
 * "The operator registry").  Every fact about an operator — ONNX name and
 * opset, arity, types per profile (and the exponent's where base and
 * exponent mix), its attributes, tolerance per output type, the undefined-input rule, spec
 * and requirement ids, classifiers, sweep constructions — is one field of
 * its entry, read from ops/operators.json (the C table is generated from it
 * at build time).  Code asks the registry; it never branches on an op name.
 * An op without an entry, or an entry without the facet asked for, is
 * refused by the caller with a message naming the op and the facet.
 */
#ifndef SCT_OPS_OP_REGISTRY_H
#define SCT_OPS_OP_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/ops/op_ids.h"

/* One attribute the op's ONNX node may carry (entry "attributes"):
 * its name, kind (SONNX_ATTR_*, from the registry's "int", "float",
 * "string", "ints", "floats") and whether a case must give it.  A case's
 * attributes are checked against these (docs/vector-format.md). */
typedef struct sct_op_attr_decl {
    const char *name;
    int32_t kind;
    bool required;
} sct_op_attr_decl;

/* The most attributes one case may give, and the most bytes their names
 * and values may take: what the isolated worker's request carries
 * (harness/exec wire_attributes.h; docs/plugin-abi.md §2.1). */
#define SCT_OP_MAX_ATTRIBUTES 32
#define SCT_OP_ATTR_BYTES 32768

typedef struct sct_op_entry {
    const char *name;            /* ONNX op_type */
    sct_op_id id;
    int32_t opset;               /* the opset the goldens are made for */
    unsigned n_inputs;           /* 1..3 */
    unsigned n_outputs;
    bool mixed_input_types;      /* inputs may differ in type (base/exponent) */
    bool output_bool;            /* output is bool; else the first input's type */
    uint32_t tol_ulp_float;      /* default max ULP, float outputs */
    uint32_t tol_ulp_int;        /* integer outputs (0: exact) */
    const int32_t *types_sonnx;  /* first input's types, SONNX profile */
    size_t n_types_sonnx;
    const int32_t *types_onnx;   /* first input's types, ONNX profile */
    size_t n_types_onnx;
    const int32_t *exponent_types; /* second input's types when mixed */
    size_t n_exponent_types;
    const char *spec;            /* spec file, e.g. "sonnx-div.md" */
    const char *requirements;    /* requirement id prefix, "sonnx-div" */
    const char *shape_rule;      /* the requirement a shape refusal cites */
    const char *type_rule;       /* the requirement a type refusal cites */
    const char *undefined_inputs; /* what is only a no-crash rule, in words */
    const char *undefined_rule;  /* its key ("int-zero-divisor"); NULL: none */
    const char *goldens;         /* generator of the goldens */
    const char *sweep_sampler;   /* sampled-sweep construction of the hard
                                    slots ("div-round-boundary",
                                    "mul-round-boundary", "pow-range",
                                    "near-equal"); NULL: none */
    const char *sweep_inexact_with; /* reference not exact with this type */
    const char *const *classifiers; /* deviation classifiers that apply */
    size_t n_classifiers;
    const sct_op_attr_decl *attrs; /* the attributes it declares; NULL: none */
    size_t n_attrs;
} sct_op_entry;

/* The entry named op_type (exact, case-sensitive), or NULL. */
const sct_op_entry *sct_op_find(const char *op_type);
/* The id of op_type, SCT_OP_ID_NONE when it has no entry. */
sct_op_id sct_op_id_of(const char *op_type);
/* The entry of an id, or NULL for SCT_OP_ID_NONE and out of range. */
const sct_op_entry *sct_op_by_id(sct_op_id id);
/* The registered operators, in the registry's (= report) order. */
size_t sct_op_count(void);
const sct_op_entry *sct_op_at(size_t i);
/* "Div, Mul, Pow, Less": the list a refusal message names. */
const char *sct_op_names(void);
/* True when the entry has classifier `name` in its list. */
bool sct_op_has_classifier(const sct_op_entry *e, const char *name);
/* True when elem_type is one of the entry's first-input types for the
 * profile ("sonnx" or "onnx"). */
bool sct_op_accepts_type(const sct_op_entry *e, const char *profile, int32_t elem_type);

#endif
