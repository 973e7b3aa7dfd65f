/*
 * fuzz_manifest.c — libFuzzer target for the manifest.json reader of
 * harness/io: the streaming index (harness/jsonstream: JSON syntax, \u0000
 * and control characters, top-level fields) and every entry materialised
 * one at a time (sct_manifest_case: field types, ops, dtypes, shapes,
 * paths, sha256 syntax, duplicate keys and ids).  Any bytes give a
 * set or an error, never a crash, a leak or undefined behaviour.
 *
 * The index reads files, so each input is written to one scratch file
 * (a directory made once per process under $TMPDIR or /tmp).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "set_build.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[4200];

static void remove_scratch(void)
{
    remove(path);
    char *slash = strrchr(path, '/');
    if (slash != NULL) {
        *slash = '\0';
        remove(path);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (path[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/sct_fuzz_manifest_XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
        if (mkdtemp(dir) == NULL)
            __builtin_trap();
        snprintf(path, sizeof path, "%s/manifest.json", dir);
        atexit(remove_scratch);
    }
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        __builtin_trap();
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024];
    if (sct_manifest_open(path, "fuzz/manifest.json", NULL, &set, err, sizeof err) == 0) {
        if (set.manifest == NULL)
            __builtin_trap();
        for (size_t i = 0; i < set.n_cases; i++) {
            sct_case c;
            sct_manifest_case(set.manifest, i, &c);
            /* case.h promise: every slot has non-NULL strings. */
            if (!c.id || !c.relpath || !c.op_type || !c.domain || !c.description)
                __builtin_trap();
            sct_case_free_fields(&c);
        }
    }
    sct_vector_set_free(&set);
    return 0;
}
