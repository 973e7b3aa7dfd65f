/*
 * shared_arena.h — the harness's side of the shared tensor arena: one memfd
 * mapped here and in the worker (worker_child.c), laid out per call by
 * sct_arena_layout (arena_layout.c).  Inputs are copied in and checked
 * after the call; outputs are poisoned, fenced by canary bytes before them
 * and a guard page after them, and copied out (docs/plugin-abi.md §5).
 */
#ifndef SCT_EXEC_SHARED_ARENA_H
#define SCT_EXEC_SHARED_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"
#include "worker_protocol.h"

typedef struct sct_shared_arena {
    int fd;              /* the memfd the worker maps, or -1 */
    unsigned char *base; /* this side's mapping, or NULL */
    uint64_t size;
} sct_shared_arena;

/* Creates the memfd and maps its first chunk.  0, or -1 (errno set; nothing
 * left open). */
int sct_shared_arena_open(sct_shared_arena *a);

/* Grows the arena (doubling; sparse: only touched pages count) to at least
 * `need` bytes.  0, or -1 (errno set; the arena stays as it was). */
int sct_shared_arena_reserve(sct_shared_arena *a, uint64_t need);

void sct_shared_arena_close(sct_shared_arena *a);

/* Before a run call laid out in `req`: copies the inputs in, fills the
 * bytes before each output's data with the canary and its data with
 * SCT_OUTPUT_POISON. */
void sct_shared_arena_stage(sct_shared_arena *a, const sct_wire_request *req,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            size_t n_outputs);

/* After a run call that returned: false, with `r`'s status and message set,
 * when an input differs from the caller's copy (the plugin bypassed the
 * read-only mapping) or an output's canary bytes were overwritten. */
bool sct_shared_arena_intact(const sct_shared_arena *a, const sct_wire_request *req,
                             const sonnx_tensor *inputs, size_t n_inputs,
                             size_t n_outputs, sct_exec_result *r);

/* Copies the outputs' data out to the caller's buffers. */
void sct_shared_arena_copy_out(const sct_shared_arena *a, const sct_wire_request *req,
                               sonnx_tensor *outputs, size_t n_outputs);

/* A fatal SIGSEGV/SIGBUS reported in `fault` (its address and the worker's
 * arena base) classified by where it hit: a read-only input
 * (WRITE_TO_INPUT), just past an input, or the guard page after an output
 * (WRITE_PAST_OUTPUT); `r` is left as it is elsewhere (plugin.h run()
 * contract). */
void sct_shared_arena_locate_fault(const sct_wire_request *req, uint64_t page,
                                   const sct_wire_reply *fault, sct_exec_result *r);

#endif /* SCT_EXEC_SHARED_ARENA_H */
