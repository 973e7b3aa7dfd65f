/*
 * value_format.h — how an element value is written in every report:
 * decimal (shortest form that identifies the value: 5 significant digits
 * for float16, 4 for bfloat16, 9 for float32, 17 for float64 — the
 * max_digits10 of each format) and the raw bits in hex (width of the type).
 */
#ifndef SCT_RESULTS_VALUE_FORMAT_H
#define SCT_RESULTS_VALUE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define SCT_VALUE_TEXT_MAX 48

/* "1.5", "-0", "nan", "-inf", "-7", "true"; an invalid bool byte is
 * written "invalid-bool(2)". */
void sct_format_value(int32_t type, uint64_t bits, char *buf, size_t cap);
/* "0x3fc00000", "0x3c00", "0xe" (int4), "0x01" (bool). */
void sct_format_bits(int32_t type, uint64_t bits, char *buf, size_t cap);

#endif /* SCT_RESULTS_VALUE_FORMAT_H */
