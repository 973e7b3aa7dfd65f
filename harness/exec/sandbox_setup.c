/* sandbox_setup.c — the isolated backend's plan for its worker's sandbox
 * (see sandbox_setup.h). */
#include "sandbox_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sandbox's plan: a private scratch directory in $TMPDIR (or /tmp),
 * the limits, what --sandbox-omit (or SONNX_CTS_SANDBOX_OMIT, tests)
 * leaves out. */
int sct_sandbox_setup_plan(sct_sandbox_setup *sb, const char *path, const char *load_path,
                           const char *options, double timeout,
                           const sct_backend_options *opt, char *err, size_t err_cap)
{
    sb->require = opt && opt->sandbox == SCT_SANDBOX_REQUIRE;
    sb->plan.enabled = true;
    sb->plan.omit = sct_sandbox_omit_from_env();
    if (opt && opt->sandbox_omit) {
        char bad[64];
        if (sct_sandbox_omit_parse(opt->sandbox_omit, &sb->plan.omit, bad, sizeof bad) != 0) {
            snprintf(err, err_cap, "%s: --sandbox-omit: unknown protection '%s'", path, bad);
            return -1;
        }
    }
    sb->plan.memory_limit = opt && opt->memory_limit ? opt->memory_limit
                                                      : SCT_EXEC_DEFAULT_MEMORY_LIMIT;
    /* Default: one second of CPU above the timeout, so that a call spinning
     * in one thread is a TIMEOUT on every run (sct_worker_link_await_cpu) and the
     * limit catches what several threads burn before the deadline. */
    sb->cpu_limit = sb->plan.omit & SCT_SB_CPULIMIT ? 0
                  : opt && opt->cpu_limit_seconds > 0 ? opt->cpu_limit_seconds
                  : timeout + SCT_EXEC_CPU_LIMIT_MARGIN;
    char why[512];
    if (sct_sandbox_scratch_create(sb->scratch, sizeof sb->scratch, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        return -1;
    }
    sb->plan.scratch = sb->scratch;
    sct_sandbox_read_request q = {
        load_path, options, opt ? opt->sandbox_read : NULL,
        opt ? opt->n_sandbox_read : 0, opt ? opt->sandbox_helpers : NULL,
        opt ? opt->n_sandbox_helpers : 0, opt ? opt->sandbox_hidden : NULL,
        opt ? opt->n_sandbox_hidden : 0};
    if (sct_sandbox_reads_build(&q, &sb->reads) != 0) {
        snprintf(err, err_cap, "%s: out of memory planning the sandbox", path);
        sct_sandbox_scratch_remove(sb->scratch);
        return -1;
    }
    sb->plan.reads = sb->reads.rules;
    sb->plan.n_reads = sb->reads.n;
    /* Under valgrind the harness cannot answer the watches' notifications
     * (valgrind does not know the seccomp system call); the exec'd worker
     * itself runs natively with every other protection. */
    sct_sandbox_plan worker_plan = sb->plan;
    const char *preload = getenv("LD_PRELOAD");
    if (preload != NULL && strstr(preload, "vgpreload") != NULL &&
        !(sb->plan.omit & SCT_SB_SECCOMP)) {
        worker_plan.omit |= SCT_SB_WRITE_WATCH | SCT_SB_READ_WATCH;
        snprintf(sb->forced_note, sizeof sb->forced_note, "no write or read watch (the "
                 "harness runs under valgrind, which cannot answer seccomp notifications)");
    }
    if (sct_worker_launch_build(&sb->launch, load_path, options, &worker_plan, why,
                                sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        sct_sandbox_reads_free(&sb->reads);
        sct_sandbox_scratch_remove(sb->scratch);
        return -1;
    }
    return 0;
}

/* The scratch directory goes with the backend, whatever the plugin left. */
void sct_sandbox_setup_free(sct_sandbox_setup *sb)
{
    sct_sandbox_scratch_remove(sb->scratch);
    sct_sandbox_reads_free(&sb->reads);
    sct_worker_launch_free(&sb->launch);
}

void sct_sandbox_setup_notes(const sct_sandbox_setup *sb, char *notes, size_t cap)
{
    if (sb->forced_note[0])
        sct_sandbox_note(notes, cap, sb->forced_note);
    if (sb->plan.omit & SCT_SB_ALL) {
        char left[160];
        sct_sandbox_describe_omitted(sb->plan.omit, left, sizeof left);
        sct_sandbox_note(notes, cap, left);
    }
}

void sct_sandbox_setup_describe(const sct_sandbox_setup *sb, unsigned active,
                                const char *notes, char *isolation, size_t cap)
{
    sct_sandbox_describe(active, sb->plan.memory_limit, sb->cpu_limit, notes, isolation, cap);
    /* reading widened beyond the defaults, and helper programs, are part
     * of what was certified */
    if ((active & SCT_SB_LANDLOCK) && sb->reads.widened[0]) {
        size_t len = strlen(isolation);
        snprintf(isolation + len, cap - len, "; reads widened to: %s", sb->reads.widened);
    }
    for (size_t i = 0; i < sb->reads.n; i++)
        if (sb->reads.rules[i][0] == 'x') {
            size_t len = strlen(isolation);
            snprintf(isolation + len, cap - len, "; may run helper program %s",
                     sb->reads.rules[i] + 1);
        }
}
