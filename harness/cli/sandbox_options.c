/*
 * sandbox_options.c — parsing and help of the sandbox options.
 */
#include "sandbox_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sct/exec/backend.h"
#include "sct/exec/worker_sandbox.h"

bool sct_parse_size(const char *s, uint64_t *bytes)
{
    char *end;
    errno = 0;
    if (s[0] < '0' || s[0] > '9')
        return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || end == s)
        return false;
    unsigned shift = 0;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: return false;
    }
    if (*end != '\0' || v == 0 || v > (UINT64_MAX >> shift))
        return false;
    *bytes = (uint64_t)v << shift;
    return true;
}

bool sct_sandbox_option(const char *name, const char *value, sct_sandbox_options *o)
{
    o->given = true;
    if (strcmp(name, "sandbox") == 0) {
        if (strcmp(value, "auto") == 0 || strcmp(value, "require") == 0) {
            o->require = value[0] == 'r';
            return true;
        }
        fprintf(stderr, "sonnx-cts run: --sandbox must be auto or require, not '%s'\n",
                value);
        return false;
    }
    if (strcmp(name, "sandbox-omit") == 0) {
        unsigned omit;
        char bad[64] = "";
        if (sct_sandbox_omit_parse(value, &omit, bad, sizeof bad) == 0 && omit != 0) {
            o->omit = value;
            return true;
        }
        fprintf(stderr, "sonnx-cts run: --sandbox-omit takes protections from seccomp, "
                "landlock, pidns, netns, memlimit, writewatch, readwatch, cpulimit "
                "(comma-separated), "
                "not '%s'\n", omit == 0 && bad[0] == '\0' ? value : bad);
        return false;
    }
    if (strcmp(name, "sandbox-read") == 0) {
        struct stat st;
        if (value[0] == '\0' || stat(value, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "sonnx-cts run: --sandbox-read needs an existing directory, "
                    "not '%s'\n", value);
            return false;
        }
        if (o->n_read == sizeof o->read / sizeof o->read[0]) {
            fprintf(stderr, "sonnx-cts run: too many --sandbox-read (at most %zu)\n",
                    sizeof o->read / sizeof o->read[0]);
            return false;
        }
        o->read[o->n_read++] = value;
        return true;
    }
    if (strcmp(name, "sandbox-helper") == 0) {
        struct stat st;
        if (value[0] == '\0' || stat(value, &st) != 0 || !S_ISREG(st.st_mode) ||
            !(st.st_mode & 0111)) {
            fprintf(stderr, "sonnx-cts run: --sandbox-helper needs an executable file, "
                    "not '%s'\n", value);
            return false;
        }
        if (o->n_helper == sizeof o->helper / sizeof o->helper[0]) {
            fprintf(stderr, "sonnx-cts run: too many --sandbox-helper (at most %zu)\n",
                    sizeof o->helper / sizeof o->helper[0]);
            return false;
        }
        o->helper[o->n_helper++] = value;
        return true;
    }
    if (strcmp(name, "memory-limit") == 0) {
        /* below 64 MiB not even a runtime's libraries and threads fit */
        if (sct_parse_size(value, &o->memory_limit) && o->memory_limit >= (UINT64_C(64) << 20))
            return true;
        fprintf(stderr, "sonnx-cts run: --memory-limit needs a size of at least 64M "
                "(bytes, or with K, M, G, T), not '%s'\n", value);
        return false;
    }
    char *end;
    errno = 0;
    o->cpu_limit = strtod(value, &end);
    if (errno == 0 && end != value && *end == '\0' && o->cpu_limit > 0)
        return true;
    fprintf(stderr, "sonnx-cts run: --cpu-limit needs a positive number of seconds, "
            "not '%s'\n", value);
    return false;
}

void sct_print_sandbox_help(FILE *out)
{
    fprintf(out,
            "  --sandbox auto|require  the plugin's process runs in a sandbox (own PID\n"
            "                       and network namespaces, seccomp, Landlock, limits;\n"
            "                       docs/plugin-abi.md); auto (default): what the system\n"
            "                       cannot set up is named in the report; require: that\n"
            "                       is an error (exit 2)\n"
            "  --memory-limit SIZE  address space of the plugin's process (default %lluG;\n"
            "                       K, M, G, T suffixes); more -> SANDBOX\n"
            "  --cpu-limit SECONDS  CPU time per call, all threads (default: the\n"
            "                       timeout + 1 s: one spinning thread is a TIMEOUT);\n"
            "                       more -> SANDBOX\n"
            "  --sandbox-omit LIST  leave protections out on purpose, for a runtime that\n"
            "                       cannot work inside them (seccomp, landlock, pidns,\n"
            "                       netns, memlimit, writewatch, readwatch, cpulimit;\n"
            "                       comma-separated); the report's identity names them\n"
            "  --sandbox-read DIR   let the plugin read DIR too (repeatable); by default it\n"
            "                       reads only system directories, its own directory,\n"
            "                       ~/.cache/sonnx-cts and absolute paths in\n"
            "                       --vendor-options; never the vector set or the reports;\n"
            "                       the report's identity names what was widened\n"
            "  --sandbox-helper PROGRAM  the plugin may start processes that run\n"
            "                       PROGRAM, and no other program (repeatable; e.g.\n"
            "                       PoCL's /usr/bin/ld, ONNX Runtime Web's node); named\n"
            "                       in the report's identity\n",
            (unsigned long long)(SCT_EXEC_DEFAULT_MEMORY_LIMIT >> 30));
}

void sct_sandbox_apply(const sct_sandbox_options *s, sct_backend_options *o)
{
    o->sandbox = s->require ? SCT_SANDBOX_REQUIRE : SCT_SANDBOX_AUTO;
    o->memory_limit = s->memory_limit;
    o->cpu_limit_seconds = s->cpu_limit;
    o->sandbox_omit = s->omit;
    o->sandbox_read = s->read;
    o->n_sandbox_read = s->n_read;
    o->sandbox_helpers = s->helper;
    o->n_sandbox_helpers = s->n_helper;
}

const sct_option sct_sandbox_option_table[] = {
    {"sandbox", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    {"memory-limit", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    {"cpu-limit", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    {"sandbox-omit", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    {"sandbox-read", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    {"sandbox-helper", SCT_OPT_VALUE, SCT_OPT_SANDBOX_ID},
    SCT_OPTION_END,
};
