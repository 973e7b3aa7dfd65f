/*
 * sweep_options.c — see sweep_options.h.
 */
#include "sweep_options.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/ops/op_registry.h"
#include "shard_option.h"
#include "subcommands.h"

void sct_print_sweep_help(FILE *out)
{
    fprintf(out,
            "usage: sonnx-cts sweep --op OP --type T [--exponent-type T1]\n"
            "                       [--vendor LIB [--vendor-options STR] [--no-isolate]\n"
            "                        [--timeout SECONDS]]\n"
            "                       [--shard I/N] [--first N] [--json FILE] [--threads K]\n"
            "                       [--limit PAIRS] [--batch PAIRS] [--max-ulp N]\n");
    fprintf(out, "  OP: %s (ops/operators.json)\n", sct_op_names());
    fprintf(out,
            "  T: float16 bfloat16 int8 uint8 int16 uint16 (Pow: float16, bfloat16);\n"
            "     an op with one input: its 2^w inputs, also for 32-bit T (2^32)\n"
            "  --shard I/N pairs [(I-1)S/N, IS/N) of the S pairs; --shard auto: I/N\n"
            "              from the job array (Slurm, Kubernetes, GitLab; docs/cluster.md)\n"
            "  --first N   list the first N mismatching pairs (default 20)\n"
            "  --threads K worker threads (default: number of online CPUs)\n"
            "  --limit P   only the first P pairs of the shard (quick checks)\n"
            "  --max-ulp N tolerance instead of the policy's (e.g. 0 for Pow: list\n"
            "              every pair that is not correctly rounded)\n"
            "  sampled sweeps (T float32, float64, int32, int64, uint32 or uint64;\n"
            "  Pow: a float32 or float64 base, --exponent-type float32, float64,\n"
            "  int32 or int64):\n"
            "  --samples N pairs to draw (default 2^28); --shard I/N takes a\n"
            "              contiguous range of the sample indices\n"
            "  --seed S    generator seed (default 0); sample i depends only on\n"
            "              (S, i, op, types)\n");
    fprintf(out, "  the plugin sandbox, as for `run` (with --vendor, not --no-isolate):\n");
    sct_print_sandbox_help(out);
}


static bool parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (s == NULL || *s == '\0' || *s == '-')
        return false;
    unsigned long long x = strtoull(s, &end, 0);
    *v = x;
    return *end == '\0';
}

enum {
    OPT_OP = 1, OPT_TYPE, OPT_EXP_TYPE, OPT_VENDOR, OPT_VENDOR_OPTIONS, OPT_NO_ISOLATE,
    OPT_TIMEOUT, OPT_JSON, OPT_SHARD,
    /* counts: checked against k_ranges */
    OPT_FIRST, OPT_LIMIT, OPT_BATCH, OPT_MAX_ULP, OPT_THREADS, OPT_SAMPLES, OPT_SEED
};

static const sct_option k_sweep_opts[] = {
    {"op", SCT_OPT_VALUE, OPT_OP},
    {"type", SCT_OPT_VALUE, OPT_TYPE},
    {"exponent-type", SCT_OPT_VALUE, OPT_EXP_TYPE},
    {"vendor", SCT_OPT_VALUE, OPT_VENDOR},
    {"vendor-options", SCT_OPT_VALUE, OPT_VENDOR_OPTIONS},
    {"no-isolate", SCT_OPT_FLAG, OPT_NO_ISOLATE},
    {"timeout", SCT_OPT_VALUE, OPT_TIMEOUT},
    {"json", SCT_OPT_VALUE, OPT_JSON},
    {"shard", SCT_OPT_VALUE, OPT_SHARD},
    {"first", SCT_OPT_VALUE, OPT_FIRST},
    {"limit", SCT_OPT_VALUE, OPT_LIMIT},
    {"batch", SCT_OPT_VALUE, OPT_BATCH},
    {"max-ulp", SCT_OPT_VALUE, OPT_MAX_ULP},
    {"threads", SCT_OPT_VALUE, OPT_THREADS},
    {"samples", SCT_OPT_VALUE, OPT_SAMPLES},
    {"seed", SCT_OPT_VALUE, OPT_SEED},
    SCT_OPTION_END,
};

/* The range of each count option (decimal, 0x hex or 0 octal). */
static const struct { int id; uint64_t min, max; } k_ranges[] = {
    {OPT_FIRST, 0, 100000},          {OPT_LIMIT, 0, UINT64_MAX},
    {OPT_BATCH, 1, UINT64_C(1) << 26}, {OPT_MAX_ULP, 0, 65536},
    {OPT_THREADS, 1, 256},            {OPT_SAMPLES, 1, UINT64_MAX},
    {OPT_SEED, 0, UINT64_MAX},
};

static bool take_count(const sct_option_hit *hit, sct_sweep_args *a)
{
    uint64_t x = 0;
    size_t r = 0;
    while (k_ranges[r].id != hit->opt->id)
        r++;
    if (!parse_u64(hit->value, &x) || x < k_ranges[r].min || x > k_ranges[r].max)
        return sct_usage_error(hit->cmd, "--%s needs a number from %" PRIu64 " to %" PRIu64
                               ", not '%s'", hit->opt->name, k_ranges[r].min,
                               k_ranges[r].max, hit->value);
    switch (hit->opt->id) {
    case OPT_FIRST: a->first = x; break;
    case OPT_LIMIT: a->limit = x; break;
    case OPT_BATCH: a->batch = x; break;
    case OPT_MAX_ULP: a->max_ulp = (uint32_t)x; a->has_max_ulp = true; break;
    case OPT_THREADS: a->threads = (unsigned)x; break;
    case OPT_SAMPLES: a->samples = x; break;
    default: a->seed = x; break;
    }
    return true;
}

static bool take_sweep_option(void *user, const sct_option_hit *hit)
{
    sct_sweep_args *a = user;
    const char *v = hit->value;
    switch (hit->opt->id) {
    case OPT_OP: a->op = v; break;
    case OPT_TYPE: a->type = v; break;
    case OPT_EXP_TYPE: a->exp_type = v; break;
    case OPT_VENDOR: a->vendor = v; break;
    case OPT_VENDOR_OPTIONS: a->vendor_options = v; break;
    case OPT_NO_ISOLATE: a->isolate = false; break;
    case OPT_JSON: a->json = v; break;
    case SCT_OPT_SANDBOX_ID: return sct_sandbox_option(hit->opt->name, v, &a->sandbox);
    case OPT_TIMEOUT: {
        char *e;
        a->timeout = strtod(v, &e);
        if (*e != '\0' || !(a->timeout > 0))
            return sct_usage_error(hit->cmd, "--timeout needs a positive number of "
                                   "seconds, not '%s'", v);
        break;
    }
    case OPT_SHARD: {
        /* "I/N", 1 <= I <= N, or "auto", as `run --shard` (shard_option.h);
         * stored 0-based. */
        sct_shard_spec sh;
        if (sct_shard_option(hit->cmd, v, &sh, &a->shard_source) != 0)
            return false;
        a->shard_index = sh.index - 1;
        a->shard_count = sh.count;
        break;
    }
    default: return take_count(hit, a);
    }
    return true;
}

int sct_parse_sweep_options(int argc, char **argv, sct_sweep_args *a)
{
    memset(a, 0, sizeof *a);
    a->isolate = true;
    a->shard_count = 1;
    a->first = 20;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    a->threads = cpus > 0 ? (unsigned)cpus : 1u;
    /* the sandbox's table is `run`'s too (sandbox_options.c) */
    const sct_option *const tables[] = {k_sweep_opts, sct_sandbox_option_table, NULL};
    sct_option_spec spec = {.cmd = "sweep", .tables = tables, .on_option = take_sweep_option,
                            .user = a};
    int rc = sct_parse_command_line(&spec, argc, argv, sct_print_sweep_help);
    if (rc < 0 && (a->op == NULL || a->type == NULL)) {
        sct_usage_error("sweep", "--op and --type are required");
        return SCT_EXIT_USAGE;
    }
    if (rc < 0 && a->sandbox.given && (a->vendor == NULL || !a->isolate)) {
        sct_usage_error("sweep", "the sandbox options apply to the isolated plugin "
                        "process: they need --vendor, and not --no-isolate");
        return SCT_EXIT_USAGE;
    }
    return rc;
}
