/*
 * cmd_selftest.c — `sonnx-cts selftest`: the tool-error-detection evidence
 * (ISO 26262-8 §11.4.5 "validation of the software tool", DO-330 tool
 * verification), reproducible on the user's machine.  Runs every seeded
 * fault listed in faults.tsv (the project's mutant and hostile plugins,
 * installed under lib/sonnx-cts/selftest/) against the vector set, as `run`
 * would, and states for each whether the vectors alone detected it: the run
 * is not CONFORMS and a case shows the fault's own finding (a deviation
 * class, or an exec status).  docs/qualification/.
 *
 * Exit status: 0 every fault detected, 1 one was not (or could not be run),
 * 2 usage or input error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install_layout.h"
#include "run_backend.h"
#include "run_options.h"
#include "runner.h"
#include "sct/io/file_hash.h"
#include "sct/results/report_model.h"
#include "sct/text/atomic_file.h"
#include "subcommands.h"

#define MAX_ARGS 32

typedef struct fault {
    char *plugin, *what, *options, *finding; /* point into the line */
} fault;

typedef struct outcome {
    bool ran, detected;
    size_t cases, showing;
    sct_overall overall;
    char sha256[SCT_SHA256_HEX_CHARS + 1]; /* of the plugin file, "" unreadable */
    char why[1024];
} outcome;

static void selftest_usage(FILE *out)
{
    fputs("usage: sonnx-cts selftest [--vectors DIR] [--plugin-dir DIR]\n"
          "                          [--faults FILE] [--report FILE.md]\n"
          "\n"
          "Runs every seeded-fault plugin listed in faults.tsv against the vector\n"
          "set and reports, per injected error class, whether the vectors alone\n"
          "detected it (the run is not CONFORMS and a case shows the fault's\n"
          "deviation class or exec status).  The evidence of tool error detection\n"
          "for a qualification (docs/qualification/).\n"
          "\n"
          "  --vectors DIR        vector set (default as for run: the installed one)\n"
          "  --plugin-dir DIR     the seeded-fault plugins (default: the installed\n"
          "                       lib/sonnx-cts/selftest)\n"
          "  --faults FILE        the fault list (default: DIR/faults.tsv)\n"
          "  --report FILE.md     also write the report as Markdown\n"
          "\n"
          "exit status: 0 every fault detected; 1 a fault not detected or not run;\n"
          "2 usage or input error.\n",
          out);
}

/* A deviation:... or exec:... finding shown by case `c`. */
static bool shows(const char *finding, const sct_case_result *c)
{
    if (strncmp(finding, "exec:", 5) == 0)
        return c->exec_status != NULL && strcmp(c->exec_status, finding + 5) == 0;
    if (strncmp(finding, "deviation:", 10) != 0 || c->verdict != SCT_VERDICT_FAIL)
        return false;
    char list[512];
    snprintf(list, sizeof list, "%s", finding + 10);
    char *save = NULL;
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        sct_deviation d = sct_deviation_from_name(t);
        if (d < SCT_DEV_COUNT && c->stats.deviation_counts[d] > 0)
            return true;
    }
    return false;
}

static void run_fault(const fault *f, const char *plugin_dir, const char *vectors,
                      const sct_vector_set *set, outcome *o)
{
    memset(o, 0, sizeof *o);
    char plugin[4096], opts[1024];
    snprintf(plugin, sizeof plugin, "%s/%s", plugin_dir, f->plugin);
    snprintf(opts, sizeof opts, "%s", f->options);
    /* The report names the exact bytes of each seeded fault. */
    if (sct_sha256_file(plugin, plugin, o->sha256, o->why, sizeof o->why) != 0)
        o->sha256[0] = '\0';
    char *argv[MAX_ARGS] = {"selftest", "--vendor", plugin, "--vectors", (char *)vectors};
    int argc = 5;
    char *save = NULL;
    for (char *t = strtok_r(opts, " ", &save); t != NULL && argc < MAX_ARGS - 1;
         t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    sct_run_config cfg;
    bool profile_given;
    if (sct_parse_run_options("selftest", argc, argv, true, NULL, &cfg, &profile_given) !=
        SCT_PARSE_OK) {
        snprintf(o->why, sizeof o->why, "unusable run options '%s'", f->options);
        return;
    }
    sct_backend *b = sct_open_run_backend(&cfg, vectors, o->why, sizeof o->why);
    if (b == NULL)
        return;
    sct_run_report r;
    sct_run_report_init(&r);
    int rc = sct_run_cases(set, b, &cfg, &r, o->why, sizeof o->why);
    sct_backend_close(b);
    size_t counts[SCT_VERDICT_COUNT] = {0};
    for (size_t i = 0; rc == 0 && i < r.n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(&r, i);
        if (c == NULL) {
            snprintf(o->why, sizeof o->why, "%s", sct_run_report_error(&r));
            rc = 1;
            break;
        }
        counts[c->verdict]++;
        o->showing += shows(f->finding, c);
    }
    if (rc == 0) {
        o->ran = true;
        o->cases = r.n_cases;
        o->overall = sct_overall_from_counts(counts);
        o->detected = o->showing > 0 && o->overall != SCT_OVERALL_CONFORMS;
    }
    sct_run_report_free(&r);
}

/* "plugin\twhat\toptions\tfinding"; false for comments and blank lines. */
static bool parse_line(char *line, fault *f, bool *bad)
{
    line[strcspn(line, "\r\n")] = '\0';
    *bad = false;
    if (line[0] == '#' || line[0] == '\0')
        return false;
    char *p = line, *fields[4];
    for (int i = 0; i < 4; i++)
        fields[i] = strsep(&p, "\t");
    if (fields[3] == NULL || p != NULL || fields[0][0] == '\0' ||
        (strncmp(fields[3], "exec:", 5) != 0 && strncmp(fields[3], "deviation:", 10) != 0)) {
        *bad = true;
        return false;
    }
    *f = (fault){fields[0], fields[1], fields[2], fields[3]};
    return true;
}

static void report_line(FILE *out, bool md, const fault *f, const outcome *o)
{
    const char *state = !o->ran ? "NOT RUN" : o->detected ? "DETECTED" : "MISSED";
    char detail[1400];
    if (o->ran)
        snprintf(detail, sizeof detail, "%zu of %zu cases show %s; overall %s", o->showing,
                 o->cases, f->finding, sct_overall_name(o->overall));
    else
        snprintf(detail, sizeof detail, "%s", o->why);
    if (md)
        fprintf(out, "| %s | %s | `%s` (sha256 `%s`) | `%s` | %s |\n", state, f->what,
                f->plugin, o->sha256[0] ? o->sha256 : "unreadable", f->options, detail);
    else
        fprintf(out, "%-9s %s (%s): %s\n", state, f->what, f->plugin, detail);
}

enum { OPT_VECTORS = 1, OPT_PLUGIN_DIR, OPT_FAULTS, OPT_REPORT };

static const sct_option k_selftest_opts[] = {
    {"vectors", SCT_OPT_VALUE, OPT_VECTORS},
    {"plugin-dir", SCT_OPT_VALUE, OPT_PLUGIN_DIR},
    {"faults", SCT_OPT_VALUE, OPT_FAULTS},
    {"report", SCT_OPT_VALUE, OPT_REPORT},
    SCT_OPTION_END,
};

typedef struct selftest_args {
    const char *vectors, *plugin_dir, *faults, *report;
} selftest_args;

static bool take_selftest_option(void *user, const sct_option_hit *hit)
{
    selftest_args *a = user;
    const char **slot[] = {[OPT_VECTORS] = &a->vectors, [OPT_PLUGIN_DIR] = &a->plugin_dir,
                           [OPT_FAULTS] = &a->faults, [OPT_REPORT] = &a->report};
    *slot[hit->opt->id] = hit->value;
    /* The report's path before any fault runs (docs/cli.md). */
    char err[4400];
    if (hit->opt->id == OPT_REPORT &&
        sct_output_path_check("--report", hit->value, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts selftest: %s\n", err);
        return false;
    }
    return true;
}

int sct_cmd_selftest(int argc, char **argv)
{
    const char *vectors = sct_default_vectors_dir(), *faults_path = NULL, *report = NULL;
    const char *installed = sct_installed_plugin_dir();
    char def_dir[4096] = "", def_faults[4200];
    if (installed != NULL)
        snprintf(def_dir, sizeof def_dir, "%s/selftest", installed);
    const char *plugin_dir = def_dir[0] ? def_dir : NULL;
    selftest_args sa = {.vectors = vectors, .plugin_dir = plugin_dir};
    const sct_option *const tables[] = {k_selftest_opts, NULL};
    sct_option_spec spec = {.cmd = "selftest", .tables = tables,
                            .on_option = take_selftest_option, .user = &sa};
    int rc = sct_parse_command_line(&spec, argc, argv, selftest_usage);
    if (rc >= 0)
        return rc;
    vectors = sa.vectors;
    plugin_dir = sa.plugin_dir;
    faults_path = sa.faults;
    report = sa.report;
    if (vectors == NULL || plugin_dir == NULL) {
        fprintf(stderr, "sonnx-cts selftest: %s\n", vectors == NULL
                ? "no vector set: give --vectors DIR"
                : "no installed lib/sonnx-cts/selftest here: give --plugin-dir DIR");
        return SCT_EXIT_USAGE;
    }
    snprintf(def_faults, sizeof def_faults, "%s/faults.tsv", plugin_dir);
    if (faults_path == NULL)
        faults_path = def_faults;
    FILE *in = fopen(faults_path, "r");
    if (in == NULL) {
        fprintf(stderr, "sonnx-cts selftest: %s: cannot open: %s\n", faults_path,
                strerror(errno));
        return SCT_EXIT_USAGE;
    }
    char err[1024];
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    if (sct_vector_set_open(vectors, &set, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts selftest: %s\n", err);
        fclose(in);
        return SCT_EXIT_USAGE;
    }
    FILE *md = report ? fopen(report, "w") : NULL;
    if (report != NULL && md == NULL) {
        fprintf(stderr, "sonnx-cts selftest: %s: cannot write: %s\n", report, strerror(errno));
        fclose(in);
        sct_vector_set_free(&set);
        return SCT_EXIT_USAGE;
    }
    if (md != NULL)
        fprintf(md, "# sonnx-cts %s self-test: seeded faults against the vectors\n\n"
                "- vector set: `%s` (sha256 `%s`)\n- plugins: `%s`\n- faults: `%s`\n\n"
                "| result | injected error class | plugin | run options | evidence |\n"
                "|---|---|---|---|---|\n", SCT_HARNESS_VERSION, set.root, set.set_sha256,
                plugin_dir, faults_path);
    printf("sonnx-cts %s selftest: vectors %s (sha256 %s), plugins %s\n",
           SCT_HARNESS_VERSION, set.root, set.set_sha256, plugin_dir);
    char line[4096];
    size_t n = 0, detected = 0, lineno = 0;
    rc = SCT_EXIT_OK;
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        fault f;
        bool bad;
        if (!parse_line(line, &f, &bad)) {
            if (bad) {
                fprintf(stderr, "sonnx-cts selftest: %s: line %zu: not four TAB-separated "
                        "fields ending in exec:STATUS or deviation:CLASS[,...]\n",
                        faults_path, lineno);
                rc = SCT_EXIT_USAGE;
            }
            continue;
        }
        outcome o;
        run_fault(&f, plugin_dir, vectors, &set, &o);
        n++;
        detected += o.detected;
        report_line(stdout, false, &f, &o);
        fflush(stdout);
        if (md != NULL)
            report_line(md, true, &f, &o);
    }
    fclose(in);
    sct_vector_set_free(&set);
    if (rc == SCT_EXIT_OK)
        rc = n > 0 && detected == n ? SCT_EXIT_OK : SCT_EXIT_NONCONFORMING;
    const char *verdict = rc == SCT_EXIT_OK ? "every seeded fault detected"
                                            : "NOT every seeded fault detected";
    printf("selftest: %zu of %zu seeded faults detected: %s\n", detected, n, verdict);
    if (md != NULL) {
        fprintf(md, "\n**%zu of %zu seeded faults detected: %s.**\n", detected, n, verdict);
        if (fclose(md) != 0) {
            fprintf(stderr, "sonnx-cts selftest: %s: write failed\n", report);
            rc = SCT_EXIT_USAGE;
        }
    }
    return rc;
}
