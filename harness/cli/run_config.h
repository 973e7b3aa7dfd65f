/*
 * run_config.h — everything `sonnx-cts run` was asked to do, as parsed
 * from the command line (run_options.c) and consumed by the runner.
 */
#ifndef SCT_CLI_RUN_CONFIG_H
#define SCT_CLI_RUN_CONFIG_H

#include <stdbool.h>

#include "claim_file.h"
#include <stdint.h>

#include "sct/select/case_filter.h"
#include "fresh_sample.h"
#include "sandbox_options.h"
#include "sct/select/shard.h"

typedef struct sct_run_config {
    const char *vectors_dir;
    const char *profile;            /* "onnx" or "sonnx" */
    sct_case_filter filter;         /* profile_bit set from `profile` */
    const char *vendor_path;        /* NULL: the built-in kernels */
    const char *vendor_options;     /* "" by default */
    double timeout_seconds;         /* <= 0: the backend's default */
    bool isolate;
    sct_sandbox_options sandbox;    /* --sandbox, --memory-limit, --cpu-limit */
    sct_fresh_options fresh;        /* --fresh-sample[=N], --seed S */
    uint32_t max_errors;
    bool strict_nan;
    bool require_enforcement;       /* accepted out-of-profile models fail (SN-24) */
    const char *claim_path;         /* --claim FILE */
    sct_claim claim;                /* read by command_start.c when claim_path */
    const char *waivers_path;       /* --waivers FILE */
    struct sct_waivers *waivers;    /* read by command_start.c (malloc'ed; the
                                       process owns it until exit) */
    const char *json_path, *junit_path, *text_path;
    const char *html_path, *md_path;  /* rendered from the JSON (docs/reports.md) */
    sct_shard_spec shard;             /* --shard I/N; 1/1 by default */
    const char *shard_source;         /* --shard auto: what was found (static) */
    const char *baseline_path, *write_baseline_path;
    bool quiet;                     /* failing ids and the verdict line only */
    bool verbose;                   /* every UNSUPPORTED case on its own line */
    bool list_ids;                  /* list --ids */
} sct_run_config;

#endif /* SCT_CLI_RUN_CONFIG_H */
