/*
 * cmd_run.c — `sonnx-cts run`: open the vector set and the implementation,
 * run the selected cases, write the reports, decide the exit status
 * (docs/cli.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sct/exec/backend.h"
#include "sct/writers/baseline.h"
#include "sct/render/render_outputs.h"
#include "sct/model/case.h"
#include "command_start.h"
#include "install_layout.h"
#include "sct/writers/report_writers.h"
#include "run_backend.h"
#include "run_identity.h"
#include "run_options.h"
#include "sct/results/run_summary.h"
#include "runner.h"
#include "subcommands.h"
#include "waiver_file.h"
#include "sct/exec/monotonic_clock.h"

static void render_warning(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "sonnx-cts run: warning: %s\n", message);
}

/* --html / --md: rendered from the JSON report by the same code as
 * `sonnx-cts report` (render_outputs.h), so both give identical files.
 * Without --json the JSON goes to a temporary file, removed afterwards. */
static bool write_rendered_reports(const sct_run_config *cfg, const sct_run_report *r)
{
    if (cfg->html_path == NULL && cfg->md_path == NULL)
        return true;
    char err[1024];
    const char *dir = getenv("TMPDIR");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s/sonnx-cts-run-XXXXXX.json",
             dir != NULL && dir[0] != '\0' ? dir : "/tmp");
    const char *json = cfg->json_path;
    if (json == NULL) {
        int fd = mkstemps(tmp, 5);
        if (fd < 0) {
            fprintf(stderr, "sonnx-cts run: cannot create a temporary JSON report "
                    "%s for --html/--md\n", tmp);
            return false;
        }
        close(fd);
        if (sct_write_json_file(tmp, r, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts run: %s\n", err);
            remove(tmp);
            return false;
        }
        json = tmp;
    }
    /* What the reports could not read (the catalogue, the notes) is said
     * on stderr too, not only in a box of the page; the run's exit status
     * stays its verdict's. */
    sct_render_request req = {.json_path = json, .html_path = cfg->html_path,
                              .md_path = cfg->md_path,
                              .default_spec_notes_path = sct_default_spec_notes(),
                              .warn = render_warning};
    bool ok = sct_render_outputs(&req, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "sonnx-cts run: %s\n", err);
    if (json == tmp)
        remove(tmp);
    return ok;
}

/* Writes every requested report, then the text report on stdout, which
 * ends with the paths written and the verdict line (docs/cli.md, "The
 * terminal report"); false when one could not be written. */
static bool write_reports(const sct_run_config *cfg, const sct_run_report *r)
{
    char err[1024];
    bool ok = true;
    const char *written[6];
    size_t n_written = 0;
    if (cfg->text_path && sct_write_text_file(cfg->text_path, r, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        ok = false;
    } else if (cfg->text_path) {
        written[n_written++] = cfg->text_path;
    }
    if (cfg->json_path && sct_write_json_file(cfg->json_path, r, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        ok = false;
    } else if (cfg->json_path) {
        written[n_written++] = cfg->json_path;
    }
    if (cfg->junit_path && sct_write_junit_file(cfg->junit_path, r, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        ok = false;
    } else if (cfg->junit_path) {
        written[n_written++] = cfg->junit_path;
    }
    if (!write_rendered_reports(cfg, r)) {
        ok = false;
    } else {
        if (cfg->html_path)
            written[n_written++] = cfg->html_path;
        if (cfg->md_path)
            written[n_written++] = cfg->md_path;
    }
    /* With --baseline the exit status is the baseline's: its own verdict
     * line follows (baseline_exit), so --quiet then adds nothing here. */
    if (cfg->quiet && cfg->baseline_path != NULL)
        return ok;
    sct_text_options o = {.verbose = cfg->verbose, .quiet = cfg->quiet,
                          .reports = written, .n_reports = n_written};
    if (r->n_cases > 0 && sct_write_text_with(stdout, r, &o, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        ok = false;
    }
    return ok;
}

/* --baseline: compared before the reports are written, so that every
 * report states the one exit status the process returns (run_summary.h
 * sct_run_exit); the differences are listed first, one line each. */
static bool compare_baseline(const sct_run_config *cfg, sct_run_report *r)
{
    char err[1024];
    sct_baseline_diff d;
    FILE *out = cfg->quiet ? stderr : stdout;
    if (sct_baseline_compare(cfg->baseline_path, r, out, &d, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: --baseline: %s\n", err);
        return false;
    }
    r->baseline = (sct_baseline_result){.used = true,
                                        .path = sct_strdup(cfg->baseline_path),
                                        .compared = d.compared, .changed = d.changed,
                                        .worse = d.worse, .unknown = d.unknown,
                                        .not_run = d.not_run};
    return r->baseline.path != NULL;
}

int sct_cmd_run(int argc, char **argv)
{
    sct_run_config cfg;
    sct_vector_set set;
    int start = sct_command_start("run", argc, argv, true, &cfg, &set);
    if (start >= 0)
        return start;

    char err[1024];
    for (size_t i = 0; i < set.n_errors; i++)
        fprintf(stderr, "sonnx-cts run: vector set: %s\n", set.errors[i]);

    sct_backend *backend = sct_open_run_backend(&cfg, set.root, err, sizeof err);
    if (backend == NULL) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        sct_vector_set_free(&set);
        return SCT_EXIT_USAGE;
    }

    /* A waiver for another runtime is refused before any case runs. */
    if (cfg.waivers != NULL &&
        sct_waivers_check_runtime(cfg.waivers, sct_backend_identity_of(backend), err,
                                  sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: --waivers: %s\n", err);
        sct_backend_close(backend);
        sct_vector_set_free(&set);
        free(cfg.waivers);
        return SCT_EXIT_USAGE;
    }

    sct_run_report report;
    sct_run_report_init(&report);
    sct_fill_identity(&report, argc, argv, &cfg, &set,
                      sct_backend_identity_of(backend));
    double t0 = sct_monotonic_seconds();
    const sct_case_filter *f = &cfg.filter;
    cfg.fresh.on = sct_fresh_wanted(&cfg.fresh, cfg.vendor_path != NULL,
                                    f->n_ops + f->n_types + f->n_tags + f->n_cases,
                                    cfg.shard.count, cfg.baseline_path != NULL ||
                                                         cfg.write_baseline_path != NULL);
    if (cfg.fresh.on) {
        /* the seed is chosen now, after the plugin was loaded: nothing it
         * could have seen in advance (docs/cli.md, "Fresh sample") */
        if (!cfg.fresh.seed_given &&
            getrandom(&cfg.fresh.seed, sizeof cfg.fresh.seed, 0) != sizeof cfg.fresh.seed)
            cfg.fresh.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
        if (cfg.fresh.n == 0)
            cfg.fresh.n = SCT_FRESH_DEFAULT_N;
        fprintf(stderr, "sonnx-cts run: fresh sample: %zu pairs per (op, types), element "
                "order permuted, seed %llu\n", cfg.fresh.n,
                (unsigned long long)cfg.fresh.seed);
    }
    int rc = sct_run_cases(&set, backend, &cfg, &report, err, sizeof err);
    if (rc == 0 && cfg.fresh.on)
        rc = sct_fresh_sample_run(&report, backend, cfg.profile, &cfg.fresh, cfg.strict_nan,
                                  cfg.max_errors, err, sizeof err);
    report.seconds = sct_monotonic_seconds() - t0;
    sct_backend_close(backend);
    /* The last case is spilled here so that a spool write failure is
     * reported as such (runner.c reports a failed append as out of
     * memory; the report model knows the real reason). */
    if (rc == 0 && sct_run_report_flush(&report) != 0)
        rc = 1;
    if (rc != 0) {
        const char *why = sct_run_report_error(&report);
        fprintf(stderr, "sonnx-cts run: %s\n", why[0] != '\0' ? why : err);
        sct_run_report_free(&report);
        sct_vector_set_free(&set);
        return SCT_EXIT_USAGE;
    }

    /* The vector set (its manifest index, 24 bytes a case) is not needed by
     * the reports: released before they are written, so that its memory
     * and the renderer's are never held at once. */
    char no_case[4400] = "";
    if (report.n_cases == 0)
        snprintf(no_case, sizeof no_case, "no case selected in %s (%zu not in profile %s, "
                 "%zu excluded by filters)", set.root, report.n_filtered_profile, cfg.profile,
                 report.n_filtered_selection);
    sct_vector_set_free(&set);

    int exit_code;
    /* An empty selection is refused before the run (command_start.c); an
     * empty shard of a non-empty one is refused here, before any report is
     * written: a report of nothing would claim an exit status it has not. */
    if (report.n_cases == 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", no_case);
        exit_code = SCT_EXIT_USAGE;
    } else if (cfg.baseline_path != NULL && !compare_baseline(&cfg, &report)) {
        exit_code = SCT_EXIT_USAGE;
    } else if (!write_reports(&cfg, &report)) {
        exit_code = SCT_EXIT_USAGE;
    } else {
        sct_run_summary s;
        if (sct_run_summary_build(&report, &s, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts run: %s\n", err);
            exit_code = SCT_EXIT_USAGE;
        } else {
            exit_code = sct_run_exit(&report, &s);
            sct_run_summary_free(&s);
        }
    }
    /* After the comparison, so that --baseline F --write-baseline F first
     * checks against the old baseline, then records the new one. */
    if (cfg.write_baseline_path != NULL &&
        sct_baseline_write(cfg.write_baseline_path, &report, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts run: %s\n", err);
        exit_code = SCT_EXIT_USAGE;
    }
    sct_run_report_free(&report);
    free(cfg.waivers);
    return exit_code;
}
