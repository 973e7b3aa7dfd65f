/*
 * report_read_head.c — the head of a JSON run report (identity, options,
 * selection counts, timing, shard, summary.baseline and summary.waivers)
 * into sct_run_report fields, with the one field reader
 * (report_read_fields.h): the inverse of json_writer.c's identity_json,
 * options_json, summary_json and shard members.
 */
#include "report_read_fields.h"

#include <stdio.h>
#include <stdlib.h>

static void read_identity(sct_json_reader *rd, const cJSON *run, sct_run_identity *i)
{
    const cJSON *id = sct_json_member(run, "identity"), *be = sct_json_member(id, "backend");
    snprintf(rd->where, sizeof rd->where, "identity");
    i->harness_version = sct_json_read_str_dup(rd, id, "harness_version", "");
    i->command_line = sct_json_read_str_dup(rd, id, "command_line", "");
    i->host = sct_json_read_str_dup(rd, id, "host", "");
    i->date_utc = sct_json_read_str_dup(rd, id, "date_utc", "");
    i->profile = sct_json_read_str_dup(rd, id, "profile", "");
    i->vectors_dir = sct_json_read_str_dup(rd, id, "vectors_dir", "");
    i->vector_set_sha256 = sct_json_read_str_dup(rd, id, "vector_set_sha256", "");
    i->vector_format_version = sct_json_read_str_dup(rd, id, "vector_format_version", "");
    snprintf(rd->where, sizeof rd->where, "identity.backend");
    i->vendor = sct_json_read_str_dup(rd, be, "vendor", "");
    i->runtime_name = sct_json_read_str_dup(rd, be, "runtime_name", "");
    i->runtime_version = sct_json_read_str_dup(rd, be, "runtime_version", "");
    i->plugin_path = sct_json_read_str_dup(rd, be, "plugin_path", "");
    i->isolation = sct_json_read_str_dup(rd, be, "isolation", "");
    i->abi_major = (uint32_t)sct_json_read_u64(rd, be, "abi_major");
    i->abi_minor = (uint32_t)sct_json_read_u64(rd, be, "abi_minor");
}

static void read_options(sct_json_reader *rd, const cJSON *run, sct_run_report *r)
{
    const cJSON *op = sct_json_member(run, "options");
    snprintf(rd->where, sizeof rd->where, "options");
    r->options.max_errors = (uint32_t)sct_json_read_u64(rd, op, "max_errors");
    r->options.strict_nan = sct_json_read_bool(rd, op, "strict_nan");
    /* Optional: reports written before the field have enforced nothing. */
    r->options.require_enforcement =
        cJSON_IsTrue(sct_json_member(op, "require_enforcement"));
    r->options.timeout_seconds = sct_json_read_double(rd, op, "timeout_seconds");
    r->options.isolate = sct_json_read_bool(rd, op, "isolate");
    r->options.vendor_options = sct_json_read_str_dup(rd, op, "vendor_options", "");
    r->options.filters = sct_json_read_str_dup(rd, op, "filters", "");
    /* Optional: reports written before --claim have none. */
    const char *claim = sct_json_get_str(op, "claim");
    r->options.claim = sct_strdup(claim != NULL ? claim : "");
    const cJSON *sm = sct_json_member(run, "summary");
    snprintf(rd->where, sizeof rd->where, "summary");
    r->n_filtered_profile = (size_t)sct_json_read_u64(rd, sm, "not_in_profile");
    r->n_filtered_selection = (size_t)sct_json_read_u64(rd, sm, "excluded_by_filters");
    snprintf(rd->where, sizeof rd->where, "timing");
    r->seconds = sct_json_read_double(rd, sct_json_member(run, "timing"), "seconds");
}

/* The "shard" object; reports written before sharding existed have none
 * and count as 1/1 of their own cases. */
static void read_shard(sct_json_reader *rd, const cJSON *run, size_t n_cases,
                       sct_run_report *r)
{
    const cJSON *sh = sct_json_member(run, "shard");
    r->shard_index = 1;
    r->shard_count = 1;
    r->shard_total = n_cases;
    if (sh == NULL)
        return;
    snprintf(rd->where, sizeof rd->where, "shard");
    uint64_t i = sct_json_read_u64(rd, sh, "index");
    uint64_t n = sct_json_read_u64(rd, sh, "count");
    if (n == 0 || i == 0 || i > n || n > UINT32_MAX) {
        sct_json_problem(rd, NULL, true, "index/count out of range");
        return;
    }
    r->shard_index = (uint32_t)i;
    r->shard_count = (uint32_t)n;
    r->shard_total = (size_t)sct_json_read_u64(rd, sh, "cases_before_sharding");
    uint64_t m = 0;
    if (sct_json_get_u64(sh, "merged_from", &m))
        r->merged_from = (uint32_t)m;
    /* shard.source (--shard auto) is not carried: a merge is no shard. */
}

/* summary.baseline and summary.waivers, the governance a run was judged
 * under (--baseline, --waivers): optional, absent when not used.  Read back
 * so that a merge states them as the unsharded run would. */
static void read_governance(sct_json_reader *rd, const cJSON *run, sct_run_report *r)
{
    const cJSON *sm = sct_json_member(run, "summary");
    const cJSON *bo = sct_json_member(sm, "baseline");
    if (bo != NULL) {
        snprintf(rd->where, sizeof rd->where, "summary.baseline");
        sct_baseline_result *b = &r->baseline;
        b->used = true;
        b->path = sct_json_read_str_dup(rd, bo, "path", "");
        b->compared = (size_t)sct_json_read_u64(rd, bo, "compared");
        b->changed = (size_t)sct_json_read_u64(rd, bo, "changed");
        b->worse = (size_t)sct_json_read_u64(rd, bo, "worse");
        b->unknown = (size_t)sct_json_read_u64(rd, bo, "new");
        b->not_run = (size_t)sct_json_read_u64(rd, bo, "not_run");
    }
    const cJSON *ws = sct_json_member(sm, "waivers");
    if (ws == NULL)
        return;
    snprintf(rd->where, sizeof rd->where, "summary.waivers");
    int n = cJSON_IsArray(ws) ? cJSON_GetArraySize(ws) : 0;
    if (!cJSON_IsArray(ws))
        sct_json_problem(rd, NULL, true, "not an array");
    if (n <= 0)
        return;
    r->waivers = calloc((size_t)n, sizeof *r->waivers);
    if (r->waivers == NULL) {
        sct_json_problem(rd, NULL, true, "out of memory");
        return;
    }
    for (const cJSON *w = ws->child; w != NULL; w = w->next) {
        snprintf(rd->where, sizeof rd->where, "summary.waivers[%zu]", r->n_waivers);
        sct_waiver_note *d = &r->waivers[r->n_waivers++];
        d->what = sct_json_read_str_dup(rd, w, "what", "");
        d->runtime = sct_json_read_str_dup(rd, w, "runtime", "");
        d->reason = sct_json_read_str_dup(rd, w, "reason", "");
        d->link = sct_json_read_str_dup(rd, w, "link", "");
        d->owner = sct_json_read_str_dup(rd, w, "owner", "");
        d->expires = sct_json_read_str_dup(rd, w, "expires", "");
        d->matched = (size_t)sct_json_read_u64(rd, w, "covered");
    }
}

void sct_read_head_object(sct_json_reader *rd, const cJSON *run, size_t n_cases,
                          sct_run_report *r)
{
    read_identity(rd, run, &r->identity);
    read_options(rd, run, r);
    read_shard(rd, run, n_cases, r);
    read_governance(rd, run, r);
}
