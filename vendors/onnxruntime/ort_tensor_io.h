/*
 * ort_tensor_io.h — moving tensors between the harness and ORT: inputs are
 * wrapped in place (no copy: ORT sees exactly the harness's bytes, and the
 * harness can catch any write ORT would make into them); the output ORT
 * allocated is checked against the harness buffer and copied.
 */
#ifndef SCT_ORT_TENSOR_IO_H
#define SCT_ORT_TENSOR_IO_H

#include <stddef.h>

#include "ort_runtime.h"
#include "sonnx_cts/plugin.h"

/* Creates one OrtValue per input over the harness memory.  On failure all
 * values created so far are released, `values` is all NULL, and `msg`
 * carries ORT's reason; returns non-zero. */
int sct_ort_wrap_inputs(sct_ort_runtime *rt, const sonnx_tensor *inputs,
                        size_t n_inputs, sct_ort_value **values, char *msg,
                        size_t msg_cap);

void sct_ort_release_values(sct_ort_runtime *rt, sct_ort_value **values,
                            size_t n);

/* plugin.h output contract: sets out->elem_type/rank/dims to what ORT
 * produced and copies the elements into out->data; returns
 * SONNX_STATUS_ERROR (writing nothing) when ORT's result has a type or rank
 * we cannot represent or does not fit in out->nbytes. */
sonnx_status sct_ort_copy_output(sct_ort_runtime *rt, sct_ort_value *value,
                                 sonnx_tensor *out, char *msg, size_t msg_cap);

#endif /* SCT_ORT_TENSOR_IO_H */
