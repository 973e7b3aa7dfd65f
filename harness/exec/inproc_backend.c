/*
 * inproc_backend.c — running a plugin in the harness process: the built-in
 * kernels (trusted), or a vendor plugin under --no-isolate (debugging only:
 * no protection against crashes or hangs, as the identity says).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_kinds.h"
#include "run_outcome.h"

/* Bytes after each output of an untrusted in-process plugin, checked after
 * the call: a cheap stand-in for the guard page of the isolated backend. */
#define INPROC_CANARY_BYTES 64u
#define INPROC_CANARY 0x5A

typedef struct inproc {
    sonnx_plugin_entry e;
    void *dl_handle;
    bool trusted;
} inproc;

static sct_exec_result inproc_query(sct_backend *b, const sonnx_op *op,
                                    const int32_t *input_types, size_t n_inputs)
{
    inproc *p = b->impl;
    char msg[512];
    memset(msg, 0, sizeof msg);
    double t0 = sct_monotonic_seconds();
    int s = (int)p->e.query(op, input_types, n_inputs, msg, sizeof msg);
    msg[sizeof msg - 1] = '\0';
    sct_exec_result r = sct_exec_from_plugin_status(s, msg, "query");
    r.seconds = sct_monotonic_seconds() - t0;
    return r;
}

static bool canary_intact(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != INPROC_CANARY)
            return false;
    return true;
}

/* Frees the copies made for an untrusted call. */
static void free_copies(sonnx_tensor *in, size_t n_in, sonnx_tensor *out,
                        size_t n_out)
{
    for (size_t i = 0; in && i < n_in; i++)
        free(in[i].data);
    for (size_t k = 0; out && k < n_out; k++)
        free(out[k].data);
    free(in);
    free(out);
}

static sct_exec_result inproc_run(sct_backend *b, const sonnx_op *op,
                                  const sonnx_tensor *inputs, size_t n_inputs,
                                  sonnx_tensor *outputs, size_t n_outputs)
{
    inproc *p = b->impl;
    sonnx_tensor *in = NULL;
    sonnx_tensor *out = calloc(n_outputs ? n_outputs : 1, sizeof *out);
    if (!out)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, "out of memory");
    if (!p->trusted) {
        in = calloc(n_inputs ? n_inputs : 1, sizeof *in);
        if (!in) {
            free(out);
            return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, "out of memory");
        }
        for (size_t i = 0; i < n_inputs; i++) {
            in[i] = inputs[i];
            in[i].data = malloc(inputs[i].nbytes ? inputs[i].nbytes : 1);
            if (!in[i].data) {
                free_copies(in, n_inputs, out, n_outputs);
                return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, "out of memory");
            }
            if (inputs[i].nbytes)
                memcpy(in[i].data, inputs[i].data, inputs[i].nbytes);
        }
    }
    for (size_t k = 0; k < n_outputs; k++) {
        out[k] = outputs[k];
        if (!p->trusted) {
            out[k].data = malloc(outputs[k].nbytes + INPROC_CANARY_BYTES);
            if (!out[k].data) {
                free_copies(in, n_inputs, out, n_outputs);
                return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, "out of memory");
            }
            memset((unsigned char *)out[k].data + outputs[k].nbytes,
                   INPROC_CANARY, INPROC_CANARY_BYTES);
        }
        if (outputs[k].nbytes)
            memset(out[k].data, SCT_OUTPUT_POISON, outputs[k].nbytes);
    }
    /* Keep what we handed over, to detect a plugin that swaps pointers. */
    void *given_data[SCT_EXEC_MAX_TENSORS]; /* dispatch caps n_outputs */
    size_t n_given = n_outputs;
    for (size_t k = 0; k < n_given; k++)
        given_data[k] = out[k].data;

    char msg[512];
    memset(msg, 0, sizeof msg);
    double t0 = sct_monotonic_seconds();
    int s = (int)p->e.run(op, p->trusted ? inputs : in, n_inputs, out,
                          n_outputs, msg, sizeof msg);
    double dt = sct_monotonic_seconds() - t0;
    msg[sizeof msg - 1] = '\0';

    sct_exec_result r;
    bool decided = false;
    for (size_t i = 0; !p->trusted && i < n_inputs && !decided; i++) {
        if (inputs[i].nbytes && memcmp(in[i].data, inputs[i].data, inputs[i].nbytes)) {
            r = sct_exec_result_make(SCT_EXEC_WRITE_TO_INPUT,
                                     "input %zu was modified by run()", i);
            decided = true;
        }
    }
    for (size_t k = 0; !p->trusted && k < n_given && !decided; k++) {
        if (!canary_intact((unsigned char *)given_data[k] + outputs[k].nbytes,
                           INPROC_CANARY_BYTES)) {
            r = sct_exec_result_make(SCT_EXEC_WRITE_PAST_OUTPUT,
                                     "run() wrote past the end of output %zu "
                                     "(%llu bytes)", k,
                                     (unsigned long long)outputs[k].nbytes);
            decided = true;
        }
    }
    if (!decided)
        r = sct_exec_from_plugin_status(s, msg, "run");
    for (size_t k = 0; r.status == SCT_EXEC_OK && k < n_outputs; k++) {
        bool kept = k < n_given && out[k].data == given_data[k] &&
                    out[k].nbytes == outputs[k].nbytes;
        if (!sct_output_meta_matches(&outputs[k], &out[k], k, kept, r.message,
                                     sizeof r.message))
            r.status = SCT_EXEC_BAD_OUTPUT_META;
    }
    if (r.status == SCT_EXEC_OK && !p->trusted)
        for (size_t k = 0; k < n_outputs; k++)
            if (outputs[k].nbytes)
                memcpy(outputs[k].data, given_data[k], outputs[k].nbytes);
    if (!p->trusted) {
        /* free what we allocated, whatever the plugin did to the structs */
        for (size_t k = 0; k < n_given; k++)
            out[k].data = given_data[k];
        free_copies(in, n_inputs, out, n_outputs);
    } else {
        free(out);
    }
    r.seconds = dt;
    return r;
}

static void inproc_close(sct_backend *b)
{
    inproc *p = b->impl;
    if (p->e.shutdown)
        p->e.shutdown();
    if (p->dl_handle)
        dlclose(p->dl_handle);
    free(p);
}

static const sct_backend_ops inproc_ops = {inproc_query, inproc_run, inproc_close,
                                           NULL, NULL, NULL};

sct_backend *sct_backend_open_inproc(const sonnx_plugin_entry *e,
                                     void *dl_handle, bool trusted,
                                     const char *plugin_path,
                                     const char *isolation, char *err,
                                     size_t err_cap)
{
    inproc *p = calloc(1, sizeof *p);
    sct_backend *b = p ? sct_backend_new(&inproc_ops, p, e->vendor, e->runtime_name,
                                         e->runtime_version, plugin_path,
                                         e->abi_major, e->abi_minor, isolation)
                       : NULL;
    if (!b) {
        free(p);
        if (e->shutdown)
            e->shutdown();
        if (dl_handle)
            dlclose(dl_handle);
        snprintf(err, err_cap, "%s: out of memory", plugin_path);
        return NULL;
    }
    p->e = *e;
    p->dl_handle = dl_handle;
    p->trusted = trusted;
    return b;
}
