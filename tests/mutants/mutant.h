/*
 * mutant.h — shared frame of the mutant plugins.  A mutant is the built-in
 * reference implementation (sct_builtin_plugin(), linked statically) with
 * ONE realistic defect injected; the mutant tests assert that sonnx-cts
 * catches and classifies each defect.  Every mutant file defines
 * sct_mutant_name and sct_mutant_run; mutant_entry.c exports the table.
 */
#ifndef SCT_MUTANT_H
#define SCT_MUTANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

extern const char sct_mutant_name[];
sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap);

/* The unmodified built-in table. */
const sonnx_plugin_entry *sct_mutant_builtin(void);
/* builtin run(), the usual first step of a mutant. */
sonnx_status sct_mutant_builtin_run(const sonnx_op *op, const sonnx_tensor *in,
                                    size_t n_in, sonnx_tensor *out, size_t n_out,
                                    char *msg, size_t cap);

bool sct_mutant_is_op(const sonnx_op *op, const char *op_type);

/* Element access for 8/16/32/64-bit types (not the packed 4-bit ones). */
uint64_t sct_mutant_nelem(const sonnx_tensor *t);
unsigned sct_mutant_width(int32_t type); /* bits; 0 for 4-bit/unknown */
uint64_t sct_mutant_get(const sonnx_tensor *t, uint64_t i);
void sct_mutant_set(sonnx_tensor *t, uint64_t i, uint64_t bits);
int64_t sct_mutant_get_signed(const sonnx_tensor *t, uint64_t i);
/* Flat index into `in` of the element broadcast to output element i
 * (numpy rules, shapes right-aligned). */
uint64_t sct_mutant_in_index(const sonnx_tensor *out, const sonnx_tensor *in,
                             uint64_t i);

/* IEEE formats of the four float types (bit level). */
typedef struct sct_mutant_fmt { unsigned width, exp_bits, mant_bits; } sct_mutant_fmt;
bool sct_mutant_float_fmt(int32_t type, sct_mutant_fmt *f);
bool sct_mutant_bits_nan(const sct_mutant_fmt *f, uint64_t bits);
bool sct_mutant_bits_subnormal(const sct_mutant_fmt *f, uint64_t bits);
bool sct_mutant_bits_zero(const sct_mutant_fmt *f, uint64_t bits);
uint64_t sct_mutant_sign_bit(const sct_mutant_fmt *f);
/* Value of a float element as double (exact for all four types). */
double sct_mutant_get_double(const sonnx_tensor *t, uint64_t i);

#endif /* SCT_MUTANT_H */
