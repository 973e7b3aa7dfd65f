/*
 * pb_budget.h — a protobuf-c allocator with a byte budget.
 *
 * Why: protobuf-c sizes repeated fields from the input, and a packed varint
 * of one byte becomes an 8-byte int64 in memory, so a file below the size
 * cap can still ask for many times its size (issue 6: cap allocations).
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
    bool exceeded;
} sct_pb_budget;

void sct_pb_budget_init(sct_pb_budget *b, size_t limit);

#endif /* SCT_IO_PB_BUDGET_H */
