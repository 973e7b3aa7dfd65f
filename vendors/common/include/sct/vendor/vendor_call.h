/*
 * vendor_call.h — checks and messages every adapter's run() makes the same
 * way: the ops under test (Div, Mul, Pow, Less) take two inputs and give one
 * output, and a failed call returns its status with a message.
 */
#ifndef SCT_VENDOR_VENDOR_CALL_H
#define SCT_VENDOR_VENDOR_CALL_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* Inputs a case may have (Div/Mul/Pow/Less: exactly 2). */
#define SCT_VENDOR_MAX_INPUTS 2

/* ERROR with a message naming `adapter` unless 1 <= n_inputs <= 2 and
 * n_outputs == 1; else OK. */
sonnx_status sct_vendor_check_arity(const char *adapter, size_t n_inputs,
                                    size_t n_outputs, char *message,
                                    size_t message_cap);

/* Writes the printf-style message and returns `status`. */
sonnx_status sct_vendor_fail(sonnx_status status, char *message,
                             size_t message_cap, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ERROR "<adapter> adapter: not initialised ..." when !open, else OK. */
sonnx_status sct_vendor_check_open(const char *adapter, int open,
                                   char *message, size_t message_cap);

/* Both checks a run() starts with: not open, then arity. */
sonnx_status sct_vendor_check_call(const char *adapter, int open,
                                   size_t n_inputs, size_t n_outputs,
                                   char *message, size_t message_cap);

/* Number of elements of a shape (1 for rank 0), counted by numeric's one
 * checked counter (sct_shape_nelem): OK with `*count` set, or ERROR with a
 * message naming `adapter` for a negative dimension, a rank beyond
 * SONNX_MAX_RANK or a count beyond 64 bits. */
sonnx_status sct_vendor_shape_count(const char *adapter, int32_t rank,
                                    const int64_t *dims, uint64_t *count,
                                    char *message, size_t message_cap);

#endif /* SCT_VENDOR_VENDOR_CALL_H */
