/* shared_arena.c — the harness's side of the shared tensor arenas (see
 * shared_arena.h). */
#include "shared_arena.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend_impl.h"
#include "run_outcome.h"

#define ARENA_INITIAL_BYTES (8u << 20) /* each; sparse: only touched pages count */
/* Bytes between an output region's page start and its data start are
 * filled with this and checked after the call (a write BEFORE the output). */
#define SLACK_CANARY 0x5A

/* Grows memfd `fd` from `*size` to hold `need` bytes (doubling), within
 * `cap`.  The worker may have grown the file itself (it holds the
 * descriptor); both arenas are sealed against shrinking, so a length the
 * file already has is kept. */
static int grow(int fd, uint64_t *size, uint64_t need, uint64_t cap)
{
    if (need <= *size)
        return 0;
    if (need > cap) {
        errno = ENOMEM;
        return -1;
    }
    uint64_t n = *size ? *size : ARENA_INITIAL_BYTES;
    while (n < need)
        n = n > cap / 2 ? cap : n * 2;
    if (n > cap) /* a memory limit below the initial size */
        n = cap;
    struct stat st;
    if (ftruncate(fd, (off_t)n) != 0 &&
        (fstat(fd, &st) != 0 || (uint64_t)st.st_size < n))
        return -1;
    *size = n;
    return 0;
}

static int open_one(const char *name, unsigned flags, uint64_t cap, int *fd,
                    unsigned char **base)
{
    *fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING | flags);
    if (*fd < 0)
        return -1;
    /* Address space only (MAP_NORESERVE, beyond the file's end): the file
     * grows under this mapping, which therefore never moves. */
    void *p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, *fd, 0);
    if (p == MAP_FAILED)
        return -1;
    *base = p;
    return 0;
}

int sct_shared_arena_open(sct_shared_arena *a, uint64_t cap)
{
    memset(a, 0, sizeof *a);
    a->fd = a->in_fd = -1;
    a->cap = cap;
    /* Inputs: sealed against every future writable mapping and write(2)
     * (memfd_create(2), F_SEAL_FUTURE_WRITE), against shrinking (a
     * shrunk file would fault this side's reads) and against further
     * seals, before the worker ever sees the descriptor.  The mapping made
     * above stays writable: only the harness can write an input. */
    if (open_one("sonnx-cts-outputs", 0, cap, &a->fd, &a->base) != 0 ||
        open_one("sonnx-cts-inputs", 0, cap, &a->in_fd, &a->in_base) != 0 ||
        sct_shared_arena_reserve(a, 1, 1) != 0 ||
        fcntl(a->fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) != 0 ||
        fcntl(a->in_fd, F_ADD_SEALS,
              F_SEAL_FUTURE_WRITE | F_SEAL_SHRINK | F_SEAL_SEAL) != 0) {
        int e = errno;
        sct_shared_arena_close(a);
        errno = e;
        return -1;
    }
    return 0;
}

int sct_shared_arena_reserve(sct_shared_arena *a, uint64_t out_need, uint64_t in_need)
{
    uint64_t out = a->size, in = a->in_size;
    if (grow(a->fd, &out, out_need, a->cap) != 0 || grow(a->in_fd, &in, in_need, a->cap) != 0)
        return -1;
    a->size = out;
    a->in_size = in;
    return 0;
}

void sct_shared_arena_close(sct_shared_arena *a)
{
    if (a->base)
        munmap(a->base, a->cap);
    if (a->in_base)
        munmap(a->in_base, a->cap);
    if (a->fd >= 0)
        close(a->fd);
    if (a->in_fd >= 0)
        close(a->in_fd);
    memset(a, 0, sizeof *a);
    a->fd = a->in_fd = -1;
}

void sct_shared_arena_stage(sct_shared_arena *a, const sct_wire_request *req,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            size_t n_outputs)
{
    for (size_t i = 0; inputs != NULL && i < n_inputs; i++)
        if (inputs[i].nbytes)
            memcpy(a->in_base + req->inputs[i].data_off, inputs[i].data, inputs[i].nbytes);
    for (size_t k = 0; k < n_outputs; k++) {
        const sct_wire_tensor *t = &req->outputs[k];
        memset(a->base + t->region_off, SLACK_CANARY, t->data_off - t->region_off);
        memset(a->base + t->data_off, SCT_OUTPUT_POISON, t->nbytes);
    }
}

static bool slack_intact(const unsigned char *p, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (p[i] != SLACK_CANARY)
            return false;
    return true;
}

bool sct_shared_arena_intact(const sct_shared_arena *a, const sct_wire_request *req,
                             size_t n_outputs, sct_exec_result *r)
{
    /* No compare of the inputs: the input arena is sealed, no process but
     * the harness can write it (docs/plugin-abi.md §5). */
    double seconds = r->seconds;
    for (size_t k = 0; k < n_outputs; k++) {
        const sct_wire_tensor *t = &req->outputs[k];
        if (!slack_intact(a->base + t->region_off, t->data_off - t->region_off)) {
            *r = sct_exec_result_make(SCT_EXEC_WRITE_PAST_OUTPUT,
                                      "run() wrote before the start of output %zu "
                                      "(%llu bytes)", k,
                                      (unsigned long long)t->nbytes);
            r->seconds = seconds;
            return false;
        }
    }
    return true;
}

void sct_shared_arena_copy_out(const sct_shared_arena *a, const sct_wire_request *req,
                               sonnx_tensor *outputs, size_t n_outputs)
{
    for (size_t k = 0; k < n_outputs; k++)
        if (outputs[k].nbytes)
            memcpy(outputs[k].data, a->base + req->outputs[k].data_off, outputs[k].nbytes);
}

/* `n` bytes rounded up to pages, plus one guard page; false on overflow. */
static bool span_of(uint64_t n, uint64_t page, uint64_t *span)
{
    if (n > UINT64_MAX - 2 * page)
        return false;
    *span = (n + page - 1) / page * page + page;
    return true;
}

int sct_shared_arena_slot_open(sct_shared_arena *a, uint64_t page, sct_backend_slot *slot)
{
    uint64_t in = a->in_slots, out = a->out_slots, span;
    for (size_t i = 0; i < slot->n_inputs; i++) {
        if (!span_of(slot->input_cap[i], page, &span) || in > a->cap - span) {
            errno = ENOMEM;
            return -1;
        }
        slot->in_off[i] = in;
        in += span;
    }
    for (size_t k = 0; k < slot->n_outputs; k++) {
        if (!span_of(slot->output_cap[k], page, &span) || out > a->cap - span) {
            errno = ENOMEM;
            return -1;
        }
        slot->out_off[k] = out;
        out += span;
    }
    if (sct_shared_arena_reserve(a, out, in) != 0)
        return -1;
    for (size_t i = 0; i < slot->n_inputs; i++)
        slot->inputs[i] = a->in_base + slot->in_off[i];
    a->in_slots = in;
    a->out_slots = out;
    a->n_slots++;
    return 0;
}

void sct_shared_arena_slot_close(sct_shared_arena *a, sct_backend_slot *slot)
{
    (void)slot;
    /* regions are handed out in order and taken back all at once */
    if (a->n_slots > 0 && --a->n_slots == 0)
        a->in_slots = a->out_slots = 0;
}

int sct_shared_arena_lay_slot(const sct_backend_slot *slot, uint64_t page,
                              const sonnx_tensor *inputs, size_t n_inputs,
                              const sonnx_tensor *outputs, size_t n_outputs,
                              sct_wire_request *req)
{
    req->n_inputs = (uint32_t)n_inputs;
    req->n_outputs = (uint32_t)n_outputs;
    req->slot_call = 1;
    for (size_t i = 0; i < n_inputs + n_outputs; i++) {
        bool in = i < n_inputs;
        size_t j = in ? i : i - n_inputs;
        const sonnx_tensor *t = in ? &inputs[j] : &outputs[j];
        sct_wire_tensor *w = in ? &req->inputs[j] : &req->outputs[j];
        w->elem_type = t->elem_type;
        w->rank = t->rank;
        for (int d = 0; d < SONNX_MAX_RANK; d++)
            w->dims[d] = d < t->rank ? t->dims[d] : 0;
        if (sct_arena_place(in ? slot->in_off[j] : slot->out_off[j],
                            in ? slot->input_cap[j] : slot->output_cap[j], t->nbytes, page,
                            !in, w) != 0)
            return -1;
    }
    return 0;
}

void sct_shared_arena_locate_fault(const sct_wire_request *req, uint64_t page,
                                   const sct_wire_reply *p, sct_exec_result *r)
{
    if (p->signo != SIGSEGV && p->signo != SIGBUS)
        return;
    uint64_t addr = p->fault_addr;
    if (addr >= p->input_base && addr - p->input_base < req->input_arena_size) {
        uint64_t off = addr - p->input_base;
        for (uint32_t i = 0; i < req->n_inputs; i++) {
            const sct_wire_tensor *t = &req->inputs[i];
            if (off >= t->region_off && off < t->region_off + t->region_len) {
                r->status = SCT_EXEC_WRITE_TO_INPUT;
                snprintf(r->message, sizeof r->message,
                         "run() wrote into read-only input %u at byte %llu "
                         "(signal %d)", i,
                         (unsigned long long)(off - t->data_off), p->signo);
                return;
            }
            if (off >= t->region_off + t->region_len &&
                off < t->region_off + t->region_len + page) {
                snprintf(r->message, sizeof r->message,
                         "run() accessed %llu bytes past the end of input %u "
                         "(%llu bytes; signal %d)",
                         (unsigned long long)(off - t->region_off - t->nbytes) + 1u, i,
                         (unsigned long long)t->nbytes, p->signo);
                return;
            }
        }
        return;
    }
    if (addr < p->arena_base || addr - p->arena_base >= req->arena_size)
        return;
    uint64_t off = addr - p->arena_base;
    for (uint32_t k = 0; k < req->n_outputs; k++) {
        const sct_wire_tensor *t = &req->outputs[k];
        uint64_t end = t->region_off + t->region_len;
        if (off >= end && off < end + page) {
            r->status = SCT_EXEC_WRITE_PAST_OUTPUT;
            snprintf(r->message, sizeof r->message,
                     "run() accessed byte %llu past the end of output %u "
                     "(%llu bytes; guard page hit, signal %d)",
                     (unsigned long long)(off - end), k,
                     (unsigned long long)t->nbytes, p->signo);
            return;
        }
    }
}
