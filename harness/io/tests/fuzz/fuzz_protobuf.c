/*
 * fuzz_protobuf.c — libFuzzer target for the protobuf loaders of
 * harness/io: every input is decoded both as a TensorProto (input_k.pb /
 * output_k.pb: sct_tensor_decode) and as a ModelProto (model.onnx:
 * sct_model_read).  Hostile files must give an error, never a
 * crash, an out-of-bounds access, a leak or an unbounded allocation.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "model_read.h"
#include "tensor_decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    sonnx_tensor t;
    if (sct_tensor_decode(data, size, "fuzz/input_0.pb", &t, err, sizeof err) == 0) {
        /* A decoded tensor must be self-consistent: touch every byte so
         * ASan checks that `nbytes` is really allocated. */
        volatile uint8_t sink = 0;
        for (uint64_t i = 0; i < t.nbytes; i++)
            sink ^= ((const uint8_t *)t.data)[i];
        (void)sink;
        sct_tensor_release(&t);
    } else if (memchr(err, '\0', sizeof err) == NULL) {
        __builtin_trap(); /* message must always be terminated */
    }
    sct_model_info mi;
    (void)sct_model_read(data, size, "fuzz/model.onnx", &mi, err, sizeof err);
    return 0;
}
