/*
 * shard_option.c — see shard_option.h.
 */
#include "shard_option.h"

#include <stdio.h>
#include <string.h>

#include "sct/select/shard_auto.h"

int sct_shard_option(const char *cmd, const char *text, sct_shard_spec *spec,
                     const char **source)
{
    static sct_shard_auto found; /* one command line, one --shard */
    char err[512];
    *source = NULL;
    if (text != NULL && strcmp(text, "auto") == 0) {
        if (sct_shard_auto_detect(sct_env_getenv, NULL, &found, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts %s: %s\n", cmd, err);
            return -1;
        }
        fprintf(stderr, "sonnx-cts %s: --shard auto: shard %u/%u from %s\n", cmd,
                found.spec.index, found.spec.count, found.source);
        *spec = found.spec;
        *source = found.source;
        return 0;
    }
    if (text == NULL || sct_shard_parse(text, spec, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts %s: %s\n", cmd, text ? err : "--shard needs I/N or auto");
        return -1;
    }
    return 0;
}
