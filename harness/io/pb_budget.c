/* pb_budget.c — byte-budgeted allocator for protobuf-c (see pb_budget.h). */
#include "pb_budget.h"

#include <stdint.h>
#include <stdlib.h>

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
    if (h == NULL)
        return NULL;
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
}
