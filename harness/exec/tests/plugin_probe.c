/*
 * plugin_probe.c — loads a plugin the way `sonnx-cts run --vendor` does
 * (isolated) and checks one Mul float32 call against literal values:
 * [1.5, -2, 3] * [4, 0.25, -0.5] = [6, -0.5, -1.5] (all exact in binary32).
 * Used by the out-of-tree adapter test (tests/abi).  Exit 0 on success.
 */
#include <stdio.h>
#include <string.h>

#include "sct/exec/backend.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
        return 2;
    }
    sct_backend_options o = {.isolate = true, .timeout_seconds = 10.0, .vendor_options = ""};
    char err[1024];
    sct_backend *b = sct_backend_open_plugin(argv[1], &o, err, sizeof err);
    if (!b) {
        fprintf(stderr, "refused: %s\n", err);
        return 1;
    }
    const sct_backend_identity *id = sct_backend_identity_of(b);
    printf("plugin %s: %s %s %s (ABI %u.%u, isolation: %s)\n", id->plugin_path,
           id->vendor, id->runtime_name, id->runtime_version, id->abi_major,
           id->abi_minor, id->isolation);
    float a[3] = {1.5f, -2.0f, 3.0f}, bb[3] = {4.0f, 0.25f, -0.5f}, c[3] = {0};
    const float want[3] = {6.0f, -0.5f, -1.5f};
    sonnx_op op = {"Mul", "", 14, "sonnx", 0, NULL};
    sonnx_tensor in[2], out[1];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    in[0].elem_type = in[1].elem_type = out[0].elem_type = SONNX_DT_FLOAT;
    in[0].rank = in[1].rank = out[0].rank = 1;
    in[0].dims[0] = in[1].dims[0] = out[0].dims[0] = 3;
    in[0].data = a; in[1].data = bb; out[0].data = c;
    in[0].nbytes = in[1].nbytes = out[0].nbytes = sizeof a;
    int32_t types[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    sct_exec_result q = sct_backend_query(b, &op, types, 2);
    sct_exec_result r = sct_backend_run(b, &op, in, 2, out, 1);
    int ok = q.status == SCT_EXEC_OK && r.status == SCT_EXEC_OK &&
             memcmp(c, want, sizeof want) == 0;
    printf("query %s, run %s %s; c = [%g, %g, %g]\n", sct_exec_status_name(q.status),
           sct_exec_status_name(r.status), r.message, (double)c[0], (double)c[1],
           (double)c[2]);
    sct_backend_close(b);
    return ok ? 0 : 1;
}
