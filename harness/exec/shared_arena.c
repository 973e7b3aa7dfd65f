/* shared_arena.c — the harness's side of the shared tensor arena (see
 * shared_arena.h). */
#include "shared_arena.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "backend_impl.h"
#include "run_outcome.h"

#define ARENA_INITIAL_BYTES (16u << 20) /* sparse: only touched pages count */
/* Bytes between an output region's page start and its data start are
 * filled with this and checked after the call (a write BEFORE the output). */
#define SLACK_CANARY 0x5A

int sct_shared_arena_open(sct_shared_arena *a)
{
    a->base = NULL;
    a->size = 0;
    a->fd = memfd_create("sonnx-cts-arena", MFD_CLOEXEC);
    if (a->fd < 0)
        return -1;
    if (sct_shared_arena_reserve(a, 1) != 0) {
        int e = errno;
        close(a->fd);
        a->fd = -1;
        errno = e;
        return -1;
    }
    return 0;
}

int sct_shared_arena_reserve(sct_shared_arena *a, uint64_t need)
{
    if (need <= a->size)
        return 0;
    uint64_t size = a->size ? a->size : ARENA_INITIAL_BYTES;
    while (size < need) {
        if (size > UINT64_MAX / 2)
            return -1;
        size *= 2;
    }
    if (ftruncate(a->fd, (off_t)size) != 0)
        return -1;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, a->fd, 0);
    if (p == MAP_FAILED)
        return -1;
    if (a->base)
        munmap(a->base, a->size);
    a->base = p;
    a->size = size;
    return 0;
}

void sct_shared_arena_close(sct_shared_arena *a)
{
    if (a->base)
        munmap(a->base, a->size);
    if (a->fd >= 0)
        close(a->fd);
    a->base = NULL;
    a->size = 0;
    a->fd = -1;
}

void sct_shared_arena_stage(sct_shared_arena *a, const sct_wire_request *req,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            size_t n_outputs)
{
    for (size_t i = 0; i < n_inputs; i++)
        if (inputs[i].nbytes)
            memcpy(a->base + req->inputs[i].data_off, inputs[i].data, inputs[i].nbytes);
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
                             const sonnx_tensor *inputs, size_t n_inputs,
                             size_t n_outputs, sct_exec_result *r)
{
    double seconds = r->seconds;
    /* Second line of defence behind the read-only mapping: the plugin could
     * have changed the protection itself. */
    for (size_t i = 0; i < n_inputs; i++)
        if (inputs[i].nbytes &&
            memcmp(a->base + req->inputs[i].data_off, inputs[i].data,
                   inputs[i].nbytes) != 0) {
            *r = sct_exec_result_make(SCT_EXEC_WRITE_TO_INPUT,
                                      "input %zu was modified by run() (found "
                                      "after the call; read-only mapping bypassed)", i);
            r->seconds = seconds;
            return false;
        }
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

void sct_shared_arena_locate_fault(const sct_wire_request *req, uint64_t page,
                                   const sct_wire_reply *p, sct_exec_result *r)
{
    if (p->signo != SIGSEGV && p->signo != SIGBUS)
        return;
    if (p->fault_addr < p->arena_base || p->fault_addr - p->arena_base >= req->arena_size)
        return;
    uint64_t off = p->fault_addr - p->arena_base;
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
