/*
 * export_element.h — one element of a case as a standalone ONNX test
 * folder (`sonnx-cts repro --export DIR`) that a vendor attaches to a bug
 * report and feeds to its own test runner:
 *
 *   DIR/manifest.json                    a one-case vector set
 *                                        (docs/vector-format.md), so that
 *                                        `sonnx-cts run --vectors DIR` runs it
 *   DIR/<name>/model.onnx                the case's model, its inputs and
 *                                        output declared with shape [1]
 *   DIR/<name>/test_data_set_0/input_0.pb, input_1.pb, output_0.pb
 *                                        one-element TensorProtos (raw_data),
 *                                        the ONNX backend-test layout
 *
 * The inputs are the elements that produced output element `index` after
 * broadcasting; the golden is the case's.  Nothing is recomputed.
 */
#ifndef SCT_REPLAY_EXPORT_ELEMENT_H
#define SCT_REPLAY_EXPORT_ELEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "sct/model/case.h"

/* The folder name of the exported case under DIR: "test_" + the id with
 * every character other than [A-Za-z0-9] as '_' + "_e<index>". */
void sct_export_name(const char *case_id, uint64_t index, char *out, size_t cap);

/* Writes the folder (DIR is created when missing; the files in it are
 * replaced).  `set` and `c` give the model; `d` the loaded tensors.  0, or
 * -1 with `err` naming the file and the reason (an element index outside
 * the output, no golden output, a model that cannot be read). */
int sct_export_element(const char *dir, const sct_vector_set *set, const sct_case *c,
                       const sct_case_data *d, uint64_t index, char *err, size_t err_cap);

#endif /* SCT_REPLAY_EXPORT_ELEMENT_H */
