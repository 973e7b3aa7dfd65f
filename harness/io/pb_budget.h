/*
 * pb_budget.h — a protobuf-c allocator with a byte budget.
 *
 * Why: protobuf-c sizes repeated fields from the input, and a packed varint
 * of one byte becomes an 8-byte int64 in memory, so a file below the size
 * cap can still ask for many times its size (cap allocations).
 * Unpacking with this allocator fails cleanly once the budget is spent, and
 * `exceeded` tells the caller to report "too large" instead of "corrupt".
 */
#ifndef SCT_IO_PB_BUDGET_H
#define SCT_IO_PB_BUDGET_H

#include <protobuf-c/protobuf-c.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct sct_pb_budget {
    ProtobufCAllocator allocator; /* pass &budget.allocator to *_unpack */
    size_t used, limit;
    bool exceeded;      /* an allocation would have passed `limit` */
    bool out_of_memory; /* malloc itself failed (within the budget) */
} sct_pb_budget;

void sct_pb_budget_init(sct_pb_budget *b, size_t limit);

/* The error for an *_unpack() that returned NULL, telling apart the three
 * causes (over budget, out of memory, corrupt or truncated input) so the
 * message names the real reason; `message` is the protobuf type name, e.g.
 * "TensorProto".  Returns -1 (sct_io_error). */
int sct_pb_unpack_error(const sct_pb_budget *b, const char *message, size_t len,
                        const char *display, char *err, size_t cap);

#endif /* SCT_IO_PB_BUDGET_H */
