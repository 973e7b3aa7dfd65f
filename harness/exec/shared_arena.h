/*
 * shared_arena.h — the harness's side of the shared tensor arenas: two
 * memfds mapped here and in the worker (worker_child.c), laid out per call
 * by sct_arena_layout (arena_layout.c) or held by zero-copy slots.  The
 * input arena is sealed against writing before any worker exists: only
 * this side's mapping, made before the seal, can write it, so the plugin
 * cannot change an input byte and no compare after the call is needed
 * (docs/plugin-abi.md §5).  Outputs are poisoned, fenced by canary bytes
 * before them and a guard page after them, and copied out or read in
 * place.
 */
#ifndef SCT_EXEC_SHARED_ARENA_H
#define SCT_EXEC_SHARED_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/exec/backend.h"
#include "worker_protocol.h"

typedef struct sct_shared_arena {
    int fd;              /* outputs: the memfd the worker maps read-write, or -1 */
    unsigned char *base; /* this side's mapping of it, `cap` bytes reserved */
    uint64_t size;       /* its length */
    int in_fd;           /* inputs: sealed (F_SEAL_FUTURE_WRITE), or -1 */
    unsigned char *in_base; /* this side's writable mapping, `cap` bytes */
    uint64_t in_size;
    uint64_t cap;        /* address space reserved here for each: the
                          * mappings never move, so slots keep their
                          * addresses when an arena grows */
    uint64_t in_slots, out_slots; /* bytes at the start held by open slots */
    unsigned n_slots;
} sct_shared_arena;

/* Creates both memfds, maps `cap` bytes of each (address space only) and
 * seals the input arena.  0, or -1 (errno set; nothing left open). */
int sct_shared_arena_open(sct_shared_arena *a, uint64_t cap);

/* Grows the arenas (doubling; sparse: only touched pages count) to at
 * least `out_need` output and `in_need` input bytes.  0, or -1 (errno set;
 * the arenas stay as they were). */
int sct_shared_arena_reserve(sct_shared_arena *a, uint64_t out_need, uint64_t in_need);

void sct_shared_arena_close(sct_shared_arena *a);

/* Before a run call laid out in `req`: copies the inputs in (`inputs`
 * NULL: a slot's call, they are in place already), fills the bytes before
 * each output's data with the canary and its data with SCT_OUTPUT_POISON. */
void sct_shared_arena_stage(sct_shared_arena *a, const sct_wire_request *req,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            size_t n_outputs);

/* After a run call that returned: false, with `r`'s status and message set,
 * when an output's canary bytes were overwritten (a write before it). */
bool sct_shared_arena_intact(const sct_shared_arena *a, const sct_wire_request *req,
                             size_t n_outputs, sct_exec_result *r);

/* Copies the outputs' data out to the caller's buffers. */
void sct_shared_arena_copy_out(const sct_shared_arena *a, const sct_wire_request *req,
                               sonnx_tensor *outputs, size_t n_outputs);

/* A zero-copy slot: a region of the input arena for each input and of the
 * output arena for each output, each followed by a guard page, held until
 * closed.  Fills slot->inputs (this side's addresses) and the offsets.
 * 0, or -1 (errno set). */
int sct_shared_arena_slot_open(sct_shared_arena *a, uint64_t page, sct_backend_slot *slot);
void sct_shared_arena_slot_close(sct_shared_arena *a, sct_backend_slot *slot);

/* Lays out a call on `slot` in `req`: each tensor's metadata and its
 * place in the slot (sct_arena_place), marked as a slot's call.  0, or -1
 * when a tensor exceeds its slot. */
int sct_shared_arena_lay_slot(const sct_backend_slot *slot, uint64_t page,
                              const sonnx_tensor *inputs, size_t n_inputs,
                              const sonnx_tensor *outputs, size_t n_outputs,
                              sct_wire_request *req);

/* A fatal SIGSEGV/SIGBUS reported in `fault` (its address and the worker's
 * arena bases) classified by where it hit: a read-only input
 * (WRITE_TO_INPUT), just past an input, or the guard page after an output
 * (WRITE_PAST_OUTPUT); `r` is left as it is elsewhere (plugin.h run()
 * contract). */
void sct_shared_arena_locate_fault(const sct_wire_request *req, uint64_t page,
                                   const sct_wire_reply *fault, sct_exec_result *r);

#endif /* SCT_EXEC_SHARED_ARENA_H */
