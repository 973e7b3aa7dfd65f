/*
 * arena_layout.c — where each tensor of one call goes in the shared arena.
 * Inputs in the input arena, outputs in the output arena, each followed by
 * one PROT_NONE guard page.
 * An output's data ends exactly where its guard page starts (docs/plugin-abi.md:
 * "output buffers sit against guard pages"), so even a one-byte overrun of an
 * output whose size is not a page multiple faults at once.
 */
#include "worker_protocol.h"

static int round_up(uint64_t n, uint64_t page, uint64_t *out)
{
    if (n > UINT64_MAX - page)
        return -1;
    *out = (n + page - 1) / page * page;
    return 0;
}

static void copy_meta(sct_wire_tensor *w, const sonnx_tensor *t)
{
    w->elem_type = t->elem_type;
    w->rank = t->rank;
    for (int d = 0; d < SONNX_MAX_RANK; d++)
        w->dims[d] = d < t->rank ? t->dims[d] : 0;
    w->nbytes = t->nbytes;
}

uint64_t sct_arena_layout(const sonnx_tensor *inputs, size_t n_inputs,
                          const sonnx_tensor *outputs, size_t n_outputs,
                          uint64_t page, uint64_t in_at, uint64_t out_at,
                          sct_wire_request *req, uint64_t *in_end)
{
    uint64_t off = in_at, len;
    for (size_t i = 0; i < n_inputs; i++) {
        sct_wire_tensor *w = &req->inputs[i];
        copy_meta(w, &inputs[i]);
        if (round_up(inputs[i].nbytes, page, &len) || off > UINT64_MAX - len - page)
            return 0;
        w->region_off = off;
        w->region_len = len;
        w->data_off = off;
        off += len + page;
    }
    *in_end = off > in_at ? off : in_at + page;
    off = out_at;
    for (size_t k = 0; k < n_outputs; k++) {
        sct_wire_tensor *w = &req->outputs[k];
        copy_meta(w, &outputs[k]);
        if (round_up(outputs[k].nbytes, page, &len) || off > UINT64_MAX - len - page)
            return 0;
        w->region_off = off;
        w->region_len = len;
        w->data_off = off + len - outputs[k].nbytes;
        off += len + page;
    }
    req->n_inputs = (uint32_t)n_inputs;
    req->n_outputs = (uint32_t)n_outputs;
    return off > out_at ? off : out_at + page;
}

int sct_arena_place(uint64_t slot_off, uint64_t cap, uint64_t nbytes, uint64_t page,
                    int is_output, sct_wire_tensor *w)
{
    uint64_t len;
    if (nbytes > cap || round_up(nbytes, page, &len))
        return -1;
    w->nbytes = nbytes;
    w->region_off = slot_off;
    w->region_len = len;
    w->data_off = is_output ? slot_off + len - nbytes : slot_off;
    return 0;
}
