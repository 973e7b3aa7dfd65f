/* pb_budget.c — byte-budgeted allocator for protobuf-c (see pb_budget.h). */
#include "pb_budget.h"

#include <stdint.h>
#include <stdlib.h>

#include "io_error.h"

/* Each block carries its size in a header that keeps max_align_t alignment. */
typedef union block_header {
    size_t size;
    max_align_t align;
} block_header;

static void *budget_alloc(void *data, size_t size)
{
    sct_pb_budget *b = data;
    if (size > b->limit - b->used || size > SIZE_MAX - sizeof(block_header)) {
        b->exceeded = true;
        return NULL;
    }
    block_header *h = malloc(sizeof *h + size);
    if (h == NULL) {
        b->out_of_memory = true;
        return NULL;
    }
    h->size = size;
    b->used += size;
    return h + 1;
}

static void budget_free(void *data, void *pointer)
{
    if (pointer == NULL)
        return;
    sct_pb_budget *b = data;
    block_header *h = (block_header *)pointer - 1;
    b->used -= h->size;
    free(h);
}

void sct_pb_budget_init(sct_pb_budget *b, size_t limit)
{
    b->allocator.alloc = budget_alloc;
    b->allocator.free = budget_free;
    b->allocator.allocator_data = b;
    b->used = 0;
    b->limit = limit;
    b->exceeded = false;
    b->out_of_memory = false;
}

int sct_pb_unpack_error(const sct_pb_budget *b, const char *message, size_t len,
                        const char *display, char *err, size_t cap)
{
    if (b->exceeded)
        return sct_io_error(err, cap, display, SCT_IO_FIELD_FILE,
                            "decoding needs more than %llu bytes of memory; refused",
                            (unsigned long long)b->limit);
    if (b->out_of_memory)
        return sct_io_error(err, cap, display, SCT_IO_FIELD_FILE,
                            "out of memory while decoding the %s (%zu bytes)", message,
                            len);
    return sct_io_error(err, cap, display, SCT_IO_FIELD_FILE,
                        "not a valid %s (truncated or corrupt protobuf, %zu bytes)",
                        message, len);
}
