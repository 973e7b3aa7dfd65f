/*
 * repro_line.h — one element of a case as `sonnx-cts repro` prints it: a
 * fixed-format line in the manner of Berkeley TestFloat's failure lines
 * (operands and results in hex, so that a vendor engineer can feed them to
 * a unit test), with the decimal value beside each hex and the harness's
 * own judgement (ULP distance, deviation class: harness/check):
 *
 *   Div float32,float32->float32 elem 17 a 0x3fc00000 1.5 b 0x40000000 2
 *       expected 0x3f400000 0.75 got 0x3f400001 0.75000006 ulp 1 off-by-n-ulp
 *
 * (one line; wrapped here).  Decimal text is the JSON writer's
 * (sct/results/value_format.h), so the line says what the reports say.
 */
#ifndef SCT_REPLAY_REPRO_LINE_H
#define SCT_REPLAY_REPRO_LINE_H

#include <stdint.h>
#include <stdio.h>

#include "sct/check/compare.h"

/* The column legend, a "#" comment line. */
void sct_repro_legend(FILE *out);

/* One element: `ctx` holds the op, types and bits, `r` the comparison. */
void sct_repro_line(FILE *out, const char *op_type, uint64_t index,
                    const sct_elem_ctx *ctx, const sct_elem_result *r);

#endif /* SCT_REPLAY_REPRO_LINE_H */
