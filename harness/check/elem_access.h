/*
 * elem_access.h — reading one element of a dense tensor as raw bits, for
 * every element type of the suite (4-bit types packed two per byte, low
 * nibble first, as ONNX packs them; bool one byte).
 */
#ifndef SCT_CHECK_ELEM_ACCESS_H
#define SCT_CHECK_ELEM_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* Value width in bits (4, 8, 16, 32, 64; bool 8), 0 for unknown types. */
unsigned sct_elem_width(int32_t type);
bool sct_type_is_signed_int(int32_t type);
bool sct_type_is_unsigned_int(int32_t type);

/* Raw bits of element `index` (caller checked the bounds), zero-extended. */
uint64_t sct_elem_bits(const sonnx_tensor *t, uint64_t index);

/* The value of integer bits as int64 (sign-extended for signed types). */
int64_t sct_bits_to_int64(int32_t type, uint64_t bits);

#endif /* SCT_CHECK_ELEM_ACCESS_H */
