/*
 * plain_loop.c — the baseline of bench/harness_overhead.sh: the pairs of a
 * float32 sampled sweep (`sonnx-cts sweep --type float32 --samples N`), run
 * by a plain loop that calls the runtime's adapter in this process.
 *
 *   sct-bench-plain-loop PLUGIN.so OP SAMPLES [SEED [VENDOR_OPTIONS [BATCH]]]
 *
 * What is the same as the sweep: the pairs (the sweep's own sampler,
 * sct_sample_fill of harness/sweep's public header: same seed, same
 * generator version), the batch size (2^20 pairs per runtime call, the
 * sweep's BACKEND_BATCH_PAIRS, or BATCH as the sweep's --batch), the call (the adapter's `run` with two
 * rank-1 tensors of the sonnx profile at the sweep's opset), the reference
 * (the built-in contiguous loop, sct_kernel_contiguous) and the first-stage
 * compare (memcmp of the batch, as the sweep's fast path).
 *
 * What differs, on purpose (it is what the benchmark measures): no child
 * process, no sandbox, no shared-memory copies, one thread, the adapter
 * loaded with dlopen in this process; a batch that differs bitwise is only
 * counted (differing elements), not classified by ULP and deviation class
 * as harness/check does (for a runtime that is exact on these pairs, e.g.
 * PyTorch's Div/Mul float32, no batch gets there).
 *
 * Prints one line: samples, batches, bitwise-different elements, seconds.
 */
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sct/kernels/kernels.h"
#include "sct/sweep/sweep_sample.h"
#include "sonnx_cts/plugin.h"

#define DEFAULT_BATCH ((size_t)1 << 20) /* harness/sweep/sweep_run.c BACKEND_BATCH_PAIRS */

static int32_t opset_of(const char *op)
{
    /* the sweep's sct_sweep_default_opset */
    if (strcmp(op, "Pow") == 0)
        return 15;
    if (strcmp(op, "Less") == 0)
        return 13;
    return 14;
}

static sonnx_tensor vec(int32_t type, void *data, size_t n, size_t elem)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = 1;
    t.dims[0] = (int64_t)n;
    t.data = data;
    t.nbytes = (uint64_t)n * elem;
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 7) {
        fprintf(stderr, "usage: %s PLUGIN.so OP SAMPLES [SEED [VENDOR_OPTIONS [BATCH]]]\n",
                argv[0]);
        return 2;
    }
    const char *path = argv[1], *op_type = argv[2];
    uint64_t samples = strtoull(argv[3], NULL, 0);
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 0) : 0;
    const char *options = argc > 5 ? argv[5] : "";
    size_t batch = argc > 6 ? (size_t)strtoull(argv[6], NULL, 0) : DEFAULT_BATCH;
    if (samples == 0 || batch == 0 || batch > ((size_t)1 << 26)) {
        fprintf(stderr, "plain_loop: SAMPLES must be > 0, BATCH 1..2^26 (the sweep's --batch)\n");
        return 2;
    }
    const int32_t t = SONNX_DT_FLOAT;
    int32_t out_t = sct_kernel_output_type(op_type, t, t);
    sct_kernel_loop reference = sct_kernel_contiguous(op_type, t, t);
    sct_sample_gen gen;
    if (!reference || out_t == SONNX_DT_UNDEFINED ||
        sct_sample_gen_init(&gen, op_type, t, t, seed) != 0) {
        fprintf(stderr, "plain_loop: %s float32: no reference or sampler\n", op_type);
        return 2;
    }
    size_t out_size = out_t == SONNX_DT_BOOL ? 1 : 4;

    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const sonnx_plugin_entry *e = lib ? dlsym(lib, SONNX_PLUGIN_ENTRY_SYMBOL) : NULL;
    if (!e) {
        fprintf(stderr, "plain_loop: %s: %s\n", path, dlerror());
        return 2;
    }
    char msg[1024] = "";
    if (e->init && e->init(path, options, msg, sizeof msg) != SONNX_STATUS_OK) {
        fprintf(stderr, "plain_loop: init: %s\n", msg);
        return 2;
    }
    sonnx_op op = {op_type, "", opset_of(op_type), "sonnx", 0, NULL};
    float *a = malloc(batch * 4), *b = malloc(batch * 4);
    void *want = malloc(batch * out_size), *got = malloc(batch * out_size);
    if (!a || !b || !want || !got) {
        fprintf(stderr, "plain_loop: out of memory\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t differ = 0, batches = 0;
    int rc = 0;
    for (uint64_t first = 0; first < samples; first += batch) {
        size_t n = samples - first < batch ? (size_t)(samples - first) : batch;
        sct_sample_fill(&gen, first, n, a, b);
        sonnx_tensor in[2] = {vec(t, a, n, 4), vec(t, b, n, 4)};
        sonnx_tensor out = vec(out_t, got, n, out_size);
        if (e->run(&op, in, 2, &out, 1, msg, sizeof msg) != SONNX_STATUS_OK) {
            fprintf(stderr, "plain_loop: run, batch at %" PRIu64 ": %s\n", first, msg);
            rc = 1;
            break;
        }
        reference(a, b, want, n);
        if (memcmp(want, got, n * out_size) != 0)
            for (size_t i = 0; i < n; i++)
                differ += memcmp((char *)want + i * out_size, (char *)got + i * out_size,
                                 out_size) != 0;
        batches++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("plain loop: %s float32, %" PRIu64 " samples, seed %" PRIu64 ", %" PRIu64
           " batches, %" PRIu64 " bitwise-different elements, %.3f s\n",
           op_type, samples, seed, batches, differ, s);
    if (e->shutdown)
        e->shutdown();
    free(a);
    free(b);
    free(want);
    free(got);
    return rc;
}
