/*
 * wire_attributes.h — an op's attributes (ABI 1.1, sonnx_attribute) on the
 * isolated worker's socket: the harness encodes them after the request's
 * fixed part, the worker decodes them into the sonnx_attribute array its
 * plugin receives (docs/plugin-abi.md §2.1, §5).
 *
 * The payload (`attr_bytes` bytes after sct_wire_request, 8-byte aligned)
 * is `n_attributes` sct_wire_attribute descriptors, then a pool of bytes
 * they point into by offset from the pool's start: each name and STRING
 * value NUL-terminated, INTS at 8-byte and FLOATS at 4-byte aligned
 * offsets.  Nothing in it is a pointer.  Every byte of the payload is
 * written (padding zeroed), so no uninitialised byte reaches the socket.
 *
 * The worker trusts nothing of it: every count, offset and length is
 * checked against the bytes actually received before the plugin sees a
 * pointer built from it, and a malformed payload is refused with a reason
 * (the request is not served).
 */
#ifndef SCT_EXEC_WIRE_ATTRIBUTES_H
#define SCT_EXEC_WIRE_ATTRIBUTES_H

#include <stddef.h>
#include <stdint.h>

#include "sct/ops/op_registry.h"
#include "sonnx_cts/plugin.h"

/* At most this many attributes per op (ONNX's operators have a handful);
 * the registry's bound, which the vector loader enforces too. */
#define SCT_WIRE_MAX_ATTRIBUTES SCT_OP_MAX_ATTRIBUTES
/* At most this many payload bytes (descriptors and pool): one request stays
 * well inside the socket's send buffer (SOCK_SEQPACKET sends a message
 * whole or not at all). */
#define SCT_WIRE_ATTR_CAP SCT_OP_ATTR_BYTES

/* One attribute on the wire.  Members not of `kind` are 0. */
typedef struct sct_wire_attribute {
    int32_t kind;       /* SONNX_ATTR_* */
    uint32_t name_len;  /* bytes, the NUL not counted */
    uint32_t name_off;  /* in the pool */
    uint32_t value_off; /* STRING, INTS, FLOATS: in the pool (0 when n == 0) */
    uint64_t n;         /* STRING: bytes, the NUL not counted; INTS/FLOATS: elements */
    int64_t i;          /* INT */
    float f;            /* FLOAT */
    uint32_t reserved;  /* 0 */
} sct_wire_attribute;

/* Harness side: encodes op's attributes into buf[0 .. cap), every byte up
 * to *bytes written.  0 with *n_out and *bytes set (0 and 0 for an op
 * without attributes), or -1 with `why` saying what cannot be carried (too
 * many, too large, a NULL name or value, an unknown kind). */
int sct_wire_attributes_encode(const sonnx_op *op, unsigned char *buf, size_t cap,
                               uint32_t *n_out, uint32_t *bytes, char *why, size_t why_cap);

/* Worker side: `payload` (8-byte aligned) holds `received` bytes, the
 * request said `n` attributes in `bytes` bytes.  Fills out[0 .. n) with
 * pointers into `payload` (members of other kinds 0 / NULL; an empty INTS
 * or FLOATS list NULL).  0, or -1 with `why` naming the first defect. */
int sct_wire_attributes_decode(const void *payload, size_t received, uint32_t n,
                               uint32_t bytes, sonnx_attribute out[SCT_WIRE_MAX_ATTRIBUTES],
                               char *why, size_t why_cap);

#endif /* SCT_EXEC_WIRE_ATTRIBUTES_H */
