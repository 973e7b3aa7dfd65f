/*
 * ort_model.h — the single-node ONNX model the adapter hands to ORT for one
 * (op, opset, input types, input ranks) key.
 *
 * Dimensions are symbolic (dim_param "A_0", "A_1", ...; one name per input
 * and axis, so no two axes are tied), hence one session serves every shape
 * of the same ranks, broadcasting included.  The output declares only its
 * element type: ORT infers and reports the shape itself, which the adapter
 * then reports to the harness unchanged.
 */
#ifndef SCT_ORT_MODEL_H
#define SCT_ORT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

#define SCT_ORT_MAX_INPUTS 2
#define SCT_ORT_OP_TYPE_MAX 16
/* ONNX IR version of the generated model (IR 8 = ONNX 1.10 .. 1.13). */
#define SCT_ORT_IR_VERSION 8

typedef struct sct_ort_model_key {
    char op_type[SCT_ORT_OP_TYPE_MAX]; /* one of sct_ort_model_op_known's */
    int32_t opset;
    size_t n_inputs;                   /* 1 .. SCT_ORT_MAX_INPUTS */
    int32_t input_types[SCT_ORT_MAX_INPUTS]; /* SONNX_DT_* */
    int32_t input_ranks[SCT_ORT_MAX_INPUTS]; /* 0 .. SONNX_MAX_RANK */
} sct_ort_model_key;

/* 1 when the adapter maps `op_type` with `n_inputs` inputs (Div, Mul, Pow,
 * Less, Sub, Add: 2; Abs, Sqrt: 1 — the registry's arity): the ops whose
 * output type sct_ort_model_output_type knows.  Any other op is refused by
 * name, never built with a guessed output type. */
int sct_ort_model_op_known(const char *op_type, size_t n_inputs);

/* Fills `key` from a harness call; non-zero (with `err`) when the call
 * cannot be expressed (an op not mapped (sct_ort_model_op_known), a name
 * too long, too many inputs, rank out
 * of range, non-default domain). */
int sct_ort_model_key_from(const sonnx_op *op, const int32_t *types,
                           const int32_t *ranks, size_t n_inputs,
                           sct_ort_model_key *key, char *err, size_t err_cap);

/* The same from the tensors of a run() call (their types and ranks). */
int sct_ort_model_key_from_tensors(const sonnx_op *op,
                                   const sonnx_tensor *inputs, size_t n_inputs,
                                   sct_ort_model_key *key, char *err,
                                   size_t err_cap);

/* 1 when both keys name the same session. */
int sct_ort_model_key_equal(const sct_ort_model_key *a,
                            const sct_ort_model_key *b);

/* Element type the model declares for output C: BOOL for Less (onnx-less:
 * T1 = tensor(bool)), else the type of input A (Div/Mul/Pow/Sub/Add and the
 * unary Abs/Sqrt: output type = type of the first input). */
int32_t sct_ort_model_output_type(const sct_ort_model_key *key);

/* Input / output names used in the model and in Run. */
extern const char *const sct_ort_input_names[SCT_ORT_MAX_INPUTS];
extern const char *const sct_ort_output_name;

/* Serialises the ModelProto for `key` into a malloc()ed buffer (*bytes,
 * *len; caller frees).  Returns 0, non-zero with `err` on failure. */
int sct_ort_model_build(const sct_ort_model_key *key, uint8_t **bytes,
                        size_t *len, char *err, size_t err_cap);

/* The same with the output's rank declared (symbolic dims "C_0", ...),
 * for importers that require an output shape (vendors/opencv). */
int sct_ort_model_build_shaped(const sct_ort_model_key *key, int32_t out_rank,
                               uint8_t **bytes, size_t *len, char *err,
                               size_t err_cap);

#endif /* SCT_ORT_MODEL_H */
