/*
 * fuzz_manifest.c — libFuzzer target for the manifest.json reader of
 * harness/io (sct_manifest_parse: JSON, field types, ops, dtypes, shapes,
 * paths, sha256 syntax, duplicate keys and ids).  Issue 6: any bytes give a
 * set or an error, never a crash, a leak or undefined behaviour.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "manifest.h"
#include "set_build.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024];
    if (sct_manifest_parse((const char *)data, size, "fuzz/manifest.json", &set, err,
                           sizeof err) == 0) {
        /* case.h promise: every slot has non-NULL strings. */
        for (size_t i = 0; i < set.n_cases; i++)
            if (!set.cases[i].id || !set.cases[i].relpath || !set.cases[i].op_type ||
                !set.cases[i].domain || !set.cases[i].description)
                __builtin_trap();
    }
    sct_vector_set_free(&set);
    return 0;
}
