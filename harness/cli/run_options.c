/*
 * run_options.c — option parsing for `run` and `list` (docs/cli.md).
 */
#include "run_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "install_layout.h"
#include "sct/writers/report_writers.h"
#include "sct/numeric/dtype.h"
#include "sandbox_options.h"
#include "shard_option.h"


static const char k_filter_help[] =
    "  --vectors DIR        vector set: a directory with manifest.json, or any\n"
    "                       directory in the ONNX backend-test layout (e.g.\n"
    "                       /usr/share/libonnx-testdata/data/node)\n"
    "                       (default: $SONNX_CTS_VECTORS, else the installed\n"
    "                       share/sonnx-cts/vectors; here: %s)\n"
    "  --op OP              only cases of this op (Div, Mul, Pow, Less;\n"
    "                       case-insensitive)\n"
    "  --type T             only cases with an input or output of type T\n"
    "                       (float16, bfloat16, float32, float64, int4..int64,\n"
    "                       uint4..uint64, bool; ONNX names like FLOAT also work)\n"
    "  --tag TAG            only cases carrying TAG\n"
    "  --case ID|GLOB       only this case id, or ids matching the glob\n"
    "                       (e.g. 'div/float32/*')\n"
    "  Filters repeat: values of one filter are alternatives (OR), different\n"
    "  filters must all hold (AND).\n";

static void print_filter_help(FILE *out)
{
    char def[4096];
    sct_describe_vectors_default(def, sizeof def);
    fprintf(out, k_filter_help, def);
}

void sct_print_run_help(FILE *out)
{
    fprintf(out,
            "usage: sonnx-cts run [options]\n"
            "\n"
            "Runs every selected case of a vector set on an implementation (the\n"
            "built-in reference kernels, or a vendor plugin), compares every output\n"
            "element with the golden value, and reports each mismatching element\n"
            "with its ULP distance and deviation class.\n"
            "\n"
            "selection:\n"
            "  --profile onnx|sonnx the profile to certify (default sonnx); cases not\n"
            "                       in it are not run and are counted as such\n");
    print_filter_help(out);
    fprintf(out,
            "\n"
            "implementation:\n"
            "  --vendor LIB         a vendor plugin (sonnx_cts/plugin.h ABI) instead\n"
            "                       of the built-in kernels: a path, or a file name in\n"
            "                       the working directory, else in the installed\n"
            "                       plugin directory\n"
            "  --vendor-options STR string passed to the plugin's init (default \"\")\n"
            "  --timeout SECONDS    per-call timeout for the plugin (default 10)\n"
            "  --no-isolate         run the plugin in-process (a crash then ends the\n"
            "                       run; default: isolated in a sandboxed child process)\n");
    sct_print_sandbox_help(out);
    fprintf(out,
            "\n"
            "comparison:\n"
            "  --fresh-sample[=N]   besides the committed vectors, N pairs (default %d)\n"
            "                       per (op, types) the implementation ran, drawn now\n"
            "                       from a fresh seed and judged against the built-in\n"
            "                       kernels; on by default for a certification run (whole\n"
            "                       profile, no filter, shard or baseline)\n"
            "  --no-fresh-sample    the committed vectors only\n"
            "  --seed S             the fresh sample's seed (reproduces a run; the seed is\n"
            "                       in every fresh-sample case's message)\n"
            "  --max-errors N       mismatching elements shown per case (default 20);\n"
            "                       the case's worst element is always shown too\n"
            "  --strict-nan         a NaN must also match the golden's sign, quiet bit\n"
            "                       and payload (default: any NaN matches any NaN)\n"
            "  --waivers FILE       governed waivers: a covered failure is WAIVED, never\n"
            "                       PASS; expired or other-runtime waivers refused\n"
            "  --claim FILE         the op x types (or level) the vendor claims, with\n"
            "                       optional declared error bounds (docs/cli.md)\n"
            "  --require-enforcement  an out-of-profile model (a reject case) the\n"
            "                       runtime accepts, or refuses with ERROR instead of\n"
            "                       INVALID_ARGUMENT, is FAIL, not NOT_ENFORCED\n",
            SCT_FRESH_DEFAULT_N);
    fprintf(out,
            "\n"
            "reports:\n"
            "  --text FILE          the text report (also on stdout unless --quiet)\n"
            "  --json FILE          JSON report, schema in docs/report-format.md\n"
            "  --junit FILE         JUnit XML (UNSUPPORTED as skipped)\n"
            "  --html FILE          HTML conformance report (self-contained; rendered\n"
            "                       from the JSON report, as `sonnx-cts report`)\n"
            "  --md FILE            Markdown conformance report (same content, no plots)\n"
            "  --verbose            on stdout, every UNSUPPORTED case on its own line\n"
            "                       (default: one line per op x types)\n"
            "  --quiet              on stdout only the ids of the cases that do not\n"
            "                       conform and the verdict line\n"
            "\n"
            "sharding:\n"
            "  --shard I/N          run only shard I of N (1 <= I <= N): the k-th case\n"
            "                       left after filtering, in manifest order, belongs to\n"
            "                       shard k mod N + 1; combine the shards' JSON reports\n"
            "                       with `sonnx-cts merge` (docs/reports.md)\n"
            "  --shard auto         I/N from the job array running this task: Slurm\n"
            "                       (SLURM_ARRAY_TASK_*), Kubernetes Indexed Job\n"
            "                       (JOB_COMPLETION_INDEX + SONNX_CTS_SHARD_COUNT),\n"
            "                       GitLab parallel (CI_NODE_INDEX/CI_NODE_TOTAL);\n"
            "                       docs/cluster.md\n"
            "\n"
            "baseline:\n"
            "  --write-baseline FILE  record this run's verdicts as a baseline\n"
            "  --baseline FILE      exit status depends only on differences from the\n"
            "                       baseline: a changed verdict (new failure, or a case\n"
            "                       that now passes) or a case the baseline lacks -> 1;\n"
            "                       none -> 0, even if cases fail\n"
            "\n"
            "status words of the reports:\n");
    sct_write_status_legend(out, 2);
    fprintf(out,
            "\n"
            "exit status: 0 everything selected conforms; 1 a FAIL, CRASH or TIMEOUT,\n"
            "or no case passed (all UNSUPPORTED); 2 usage or input error (any ERROR\n"
            "case, unreadable vectors, nothing selected).\n");
}

void sct_print_list_help(FILE *out)
{
    fprintf(out,
            "usage: sonnx-cts list [options]\n"
            "\n"
            "Shows what a vector set holds: cases per op x types with their\n"
            "expectations and profiles, the tags, and unusable entries.\n"
            "\n"
            "  --profile onnx|sonnx only cases of this profile (default: all)\n"
            "  --ids                one line per case (id, op, types, expectation,\n"
            "                       profiles, tags) instead of the table\n");
    print_filter_help(out);
    fprintf(out,
            "\n"
            "exit status: 0, or 2 when the set cannot be opened or has unusable\n"
            "entries.\n");
}

/* The sandbox table's id must not be one of the extra ids of certify and
 * repro (both parse through this table set). */
_Static_assert(SCT_OPT_SANDBOX_ID < SCT_RUN_EXTRA_ID, "sandbox option id among the extra ids");

enum {
    OPT_VECTORS = 1, OPT_PROFILE, OPT_OP, OPT_TYPE, OPT_TAG, OPT_CASE,
    OPT_VENDOR, OPT_VENDOR_OPTIONS, OPT_TIMEOUT, OPT_NO_ISOLATE, OPT_MAX_ERRORS,
    OPT_STRICT_NAN, OPT_JSON, OPT_JUNIT, OPT_TEXT, OPT_BASELINE,
    OPT_WRITE_BASELINE, OPT_QUIET, OPT_VERBOSE, OPT_IDS, OPT_HTML, OPT_MD, OPT_SHARD,
    OPT_REQUIRE_ENFORCEMENT, OPT_CLAIM, OPT_WAIVERS,
    OPT_FRESH    /* --fresh-sample, --seed: fresh_sample.c */
};

/* What `run` and `list` share: the vector set and the selection. */
static const sct_option k_selection_opts[] = {
    {"vectors", SCT_OPT_VALUE, OPT_VECTORS},
    {"profile", SCT_OPT_VALUE, OPT_PROFILE},
    {"op", SCT_OPT_VALUE, OPT_OP},
    {"type", SCT_OPT_VALUE, OPT_TYPE},
    {"tag", SCT_OPT_VALUE, OPT_TAG},
    {"case", SCT_OPT_VALUE, OPT_CASE},
    SCT_OPTION_END,
};

static const sct_option k_run_opts[] = {
    {"vendor", SCT_OPT_VALUE, OPT_VENDOR},
    {"vendor-options", SCT_OPT_VALUE, OPT_VENDOR_OPTIONS},
    {"timeout", SCT_OPT_VALUE, OPT_TIMEOUT},
    {"no-isolate", SCT_OPT_FLAG, OPT_NO_ISOLATE},
    {"fresh-sample", SCT_OPT_OPTIONAL_VALUE, OPT_FRESH},
    {"no-fresh-sample", SCT_OPT_FLAG, OPT_FRESH},
    {"seed", SCT_OPT_VALUE, OPT_FRESH},
    {"max-errors", SCT_OPT_VALUE, OPT_MAX_ERRORS},
    {"strict-nan", SCT_OPT_FLAG, OPT_STRICT_NAN},
    {"require-enforcement", SCT_OPT_FLAG, OPT_REQUIRE_ENFORCEMENT},
    {"claim", SCT_OPT_VALUE, OPT_CLAIM},
    {"waivers", SCT_OPT_VALUE, OPT_WAIVERS},
    {"json", SCT_OPT_VALUE, OPT_JSON},
    {"junit", SCT_OPT_VALUE, OPT_JUNIT},
    {"html", SCT_OPT_VALUE, OPT_HTML},
    {"md", SCT_OPT_VALUE, OPT_MD},
    {"shard", SCT_OPT_VALUE, OPT_SHARD},
    {"text", SCT_OPT_VALUE, OPT_TEXT},
    {"baseline", SCT_OPT_VALUE, OPT_BASELINE},
    {"write-baseline", SCT_OPT_VALUE, OPT_WRITE_BASELINE},
    {"quiet", SCT_OPT_FLAG, OPT_QUIET},
    {"verbose", SCT_OPT_FLAG, OPT_VERBOSE},
    SCT_OPTION_END,
};

static const sct_option k_list_opts[] = {
    {"ids", SCT_OPT_FLAG, OPT_IDS},
    SCT_OPTION_END,
};

static bool push(const char **arr, size_t *n, const char *v, const char *opt)
{
    if (*n >= SCT_FILTER_MAX) {
        fprintf(stderr, "sonnx-cts: too many %s filters (at most %d)\n", opt,
                SCT_FILTER_MAX);
        return false;
    }
    arr[(*n)++] = v;
    return true;
}

static bool parse_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return errno == 0 && end != s && *end == '\0';
}

static bool parse_u32(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || x > UINT32_MAX)
        return false;
    *v = (uint32_t)x;
    return true;
}

typedef struct run_parse {
    sct_run_config *cfg;
    bool *profile_given, ids;
    const sct_run_extra *extra;
} run_parse;

static bool take_run_option(void *user, const sct_option_hit *hit)
{
    run_parse *p = user;
    sct_run_config *cfg = p->cfg;
    sct_case_filter *f = &cfg->filter;
    const char *cmd = hit->cmd, *v = hit->value;
    switch (hit->opt->id) {
    case OPT_VECTORS: cfg->vectors_dir = v; break;
    case OPT_PROFILE:
        if (!sct_profile_option(hit))
            return false;
        cfg->profile = v;
        *p->profile_given = true;
        break;
    case OPT_OP: return push(f->ops, &f->n_ops, v, "--op");
    case OPT_TYPE: {
        const sct_dtype_info *d = sct_dtype_by_name(v);
        if (d == NULL) {
            fprintf(stderr, "sonnx-cts %s: unknown --type '%s'\n", cmd, v);
            return false;
        }
        if (f->n_types >= SCT_FILTER_MAX) {
            fprintf(stderr, "sonnx-cts %s: too many --type filters\n", cmd);
            return false;
        }
        f->types[f->n_types++] = d->code;
        break;
    }
    case OPT_TAG: return push(f->tags, &f->n_tags, v, "--tag");
    case OPT_CASE: return push(f->cases, &f->n_cases, v, "--case");
    case OPT_VENDOR: cfg->vendor_path = v; break;
    case OPT_VENDOR_OPTIONS: cfg->vendor_options = v; break;
    case OPT_TIMEOUT:
        if (!parse_double(v, &cfg->timeout_seconds) || !(cfg->timeout_seconds > 0)) {
            fprintf(stderr, "sonnx-cts %s: --timeout needs a positive number "
                    "of seconds, not '%s'\n", cmd, v);
            return false;
        }
        break;
    case OPT_NO_ISOLATE: cfg->isolate = false; break;
    case SCT_OPT_SANDBOX_ID: return sct_sandbox_option(hit->opt->name, v, &cfg->sandbox);
    case OPT_FRESH: return sct_fresh_option(hit->opt->name, v, &cfg->fresh);
    case OPT_MAX_ERRORS:
        if (!parse_u32(v, &cfg->max_errors)) {
            fprintf(stderr, "sonnx-cts %s: --max-errors needs a count, not "
                    "'%s'\n", cmd, v);
            return false;
        }
        break;
    case OPT_STRICT_NAN: cfg->strict_nan = true; break;
    case OPT_REQUIRE_ENFORCEMENT: cfg->require_enforcement = true; break;
    case OPT_CLAIM: cfg->claim_path = v; break;
    case OPT_WAIVERS: cfg->waivers_path = v; break;
    case OPT_JSON: cfg->json_path = v; break;
    case OPT_JUNIT: cfg->junit_path = v; break;
    case OPT_HTML: cfg->html_path = v; break;
    case OPT_MD: cfg->md_path = v; break;
    case OPT_SHARD:
        return sct_shard_option(cmd, v, &cfg->shard, &cfg->shard_source) == 0;
    case OPT_TEXT: cfg->text_path = v; break;
    case OPT_BASELINE: cfg->baseline_path = v; break;
    case OPT_WRITE_BASELINE: cfg->write_baseline_path = v; break;
    case OPT_QUIET: cfg->quiet = true; break;
    case OPT_VERBOSE: cfg->verbose = true; break;
    case OPT_IDS: p->ids = true; break;
    default: /* the command's own option (certify, repro) */
        return p->extra->take(p->extra->user, hit);
    }
    return true;
}

sct_parse_outcome sct_parse_run_options(const char *cmd, int argc, char **argv,
                                        bool for_run, const sct_run_extra *extra,
                                        sct_run_config *cfg, bool *profile_given)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->vectors_dir = sct_default_vectors_dir();
    cfg->profile = "sonnx";
    cfg->vendor_options = "";
    cfg->isolate = true;
    cfg->max_errors = 20;
    cfg->shard = sct_shard_whole();
    *profile_given = false;

    /* A command's own options come first: they may take one of run's
     * names away (certify refuses --json). */
    const sct_option *tables[5] = {NULL};
    size_t n = 0;
    if (extra != NULL)
        tables[n++] = extra->options;
    tables[n++] = k_selection_opts;
    tables[n++] = for_run ? k_run_opts : k_list_opts;
    if (for_run)
        tables[n++] = sct_sandbox_option_table; /* sandbox_options.c, as `sweep` */
    run_parse p = {.cfg = cfg, .profile_given = profile_given, .extra = extra};
    sct_option_spec spec = {.cmd = cmd, .tables = tables, .on_option = take_run_option,
                            .user = &p};
    sct_parse_outcome outcome = sct_parse_options(&spec, argc, argv);
    if (outcome != SCT_PARSE_OK)
        return outcome;
    if (cfg->vectors_dir == NULL) {
        char def[4096];
        sct_describe_vectors_default(def, sizeof def);
        fprintf(stderr, "sonnx-cts %s: no vector set: give --vectors DIR or set "
                "SONNX_CTS_VECTORS (default vectors: %s)\n", cmd, def);
        return SCT_PARSE_ERROR;
    }
    cfg->list_ids = p.ids;
    if (for_run || *profile_given)
        cfg->filter.profile_bit =
            strcmp(cfg->profile, "onnx") == 0 ? SCT_PROFILE_ONNX : SCT_PROFILE_SONNX;
    if (cfg->vendor_path == NULL &&
        (cfg->vendor_options[0] != '\0' || !cfg->isolate || cfg->timeout_seconds > 0 ||
         cfg->sandbox.given)) {
        fprintf(stderr, "sonnx-cts %s: --vendor-options, --timeout, --no-isolate, "
                "--sandbox, --memory-limit and --cpu-limit need --vendor\n", cmd);
        return SCT_PARSE_ERROR;
    }
    if (!cfg->isolate && cfg->sandbox.given) {
        fprintf(stderr, "sonnx-cts %s: --sandbox, --memory-limit and --cpu-limit "
                "apply to the isolated plugin process, not to --no-isolate\n", cmd);
        return SCT_PARSE_ERROR;
    }
    return SCT_PARSE_OK;
}
