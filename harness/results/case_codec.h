/*
 * case_codec.h — one sct_case_result as bytes and back: the record format
 * of the run report's case spool (report_model.c), also used for deep
 * copies.  Every field is kept, strings and samples included; NULL strings
 * stay NULL.
 *
 * Record payload (all integers little-endian, no padding):
 *   str  = u32 length (0xffffffff: NULL) + bytes (no NUL)
 *   strv = u32 count + count × str
 *   shape = i32 elem_type, i32 rank, min(max(rank,0),8) × i64 dims
 *   id str, op_type str, opset i32, n_inputs u64 (1..3),
 *   u32 SCT_CHECK_MAX_INPUTS + that many input shapes (the unused ones
 *   zero), output shape, tags strv, requirements strv, satisfies strv,
 *   expectation str, tolerance_ulp u32, verdict i32, exec_status str,
 *   signal_number i32, exit_code i32, message str, compared u8,
 *   stats: elements, mismatches, max_ulp, unmeasurable u64,
 *          u32 SCT_DEV_COUNT + that many u64 deviation_counts,
 *   u32 SCT_ULP_HIST_BINS + that many u64 ulp_hist,
 *   u64 n_samples + n_samples × sample, seconds f64 (IEEE bits as u64),
 *   has_claim_bound u8, claim_bound_ulp u32, claim_violations u64,
 *   has_claim_worst u8 (+ sample when 1).
 *   sample = index u64, rank i32, min(max(rank,0),8) × i64 coords,
 *            n_inputs u64, in_types 3 × i32, in_bits 3 × u64, out_type i32,
 *            expected_bits u64, actual_bits u64, ulp u64, deviation i32,
 *            worst u8.
 * The array lengths are written so that a spool written by a build with
 * other enum sizes is refused, not misread.
 */
#ifndef SCT_REPORT_CASE_CODEC_H
#define SCT_REPORT_CASE_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "sct/results/report_model.h"

/* A growable byte buffer, reused from record to record. */
typedef struct sct_byte_buf {
    unsigned char *data;
    size_t len, cap;
    int oom;                 /* a byte could not be stored */
} sct_byte_buf;

void sct_byte_buf_free(sct_byte_buf *b);
/* Appends n bytes (sets b->oom when that fails). */
void sct_byte_buf_put(sct_byte_buf *b, const void *src, size_t n);

/* Appends the payload of `c` to `b` (b->len grows).  0, or non-zero when
 * out of memory or a string is longer than 4 GiB - 2. */
int sct_case_encode(sct_byte_buf *b, const sct_case_result *c);

/* Decodes one payload of exactly `n` bytes into `c` (zeroed first).
 * 0; 1 when the bytes are not a valid record; 2 when out of memory.
 * On failure `c` holds no allocation. */
int sct_case_decode(const unsigned char *p, size_t n, sct_case_result *c);

#endif /* SCT_REPORT_CASE_CODEC_H */
