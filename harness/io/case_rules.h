/*
 * case_rules.h — consistency of one case's declared signature with the
 * operator it names: arity, element types and the output shape implied by
 * ONNX broadcasting ("shape of output not matching the inputs").
 */
#ifndef SCT_IO_CASE_RULES_H
#define SCT_IO_CASE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/model/case.h"

/* True for an op with an entry in the operator registry (sct/ops/op_registry.h). */
bool sct_op_is_covered(const char *op_type);

/* Checks that c->op_type is registered and that c has as many inputs and
 * outputs as its registry entry says (n_inputs is the op's arity, 1..3):
 * "<file>: field <prefix>.inputs: 1 input; Sub takes 2 (ops/operators.json)". */
int sct_case_check_arity(const sct_case *c, const char *display, const char *field_prefix,
                         char *err, size_t cap);

/* Checks c->op_type, inputs, outputs and expectation (the arity first).  On failure writes
 * "<file>: field <field_prefix>.<member>: <reason>" and returns -1.  Members
 * are named as in manifest.json ("cases[3].outputs[0].shape"), or as in the
 * ModelProto when field_prefix is "graph" ("graph.output[0].type.tensor_type.shape"). */
int sct_case_check_signature(const sct_case *c, const char *display,
                             const char *field_prefix, char *err, size_t cap);

#endif /* SCT_IO_CASE_RULES_H */
