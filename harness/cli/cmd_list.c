/*
 * cmd_list.c — `sonnx-cts list`: what a vector set holds.  The table has
 * one row per op × types with the cases by expectation and by profile;
 * then the tags and the unusable entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/model/case.h"
#include "sct/select/case_filter.h"
#include "case_record.h"
#include "command_start.h"
#include "run_options.h"
#include "sct/results/run_summary.h"
#include "subcommands.h"

typedef struct list_row {
    char op[32];
    char types[96];
    size_t cases, values, no_crash, reject, onnx, sonnx, errors;
} list_row;

typedef struct tag_count {
    char *tag; /* a copy: the case it came from is released by the next
                  sct_vector_set_case() call */
    size_t n;
} tag_count;

static void case_label(const sct_case *c, char *buf, size_t cap)
{
    sct_case_types_text(c, buf, cap);
}

static void print_ids(const sct_vector_set *set, const sct_run_config *cfg)
{
    for (size_t i = 0; i < set->n_cases; i++) {
        const sct_case *c = sct_vector_set_case(set, i);
        if (sct_case_select(&cfg->filter, c) != SCT_SELECTED)
            continue;
        char types[96];
        case_label(c, types, sizeof types);
        printf("%s\t%s\t%s\t%s\t%s%s%s\t", c->id, c->op_type, types,
               sct_expectation_name(c->expectation),
               (c->profiles & SCT_PROFILE_ONNX) ? "onnx" : "",
               (c->profiles & SCT_PROFILE_ONNX) && (c->profiles & SCT_PROFILE_SONNX) ? "," : "",
               (c->profiles & SCT_PROFILE_SONNX) ? "sonnx" : "");
        for (size_t t = 0; t < c->n_tags; t++)
            printf("%s%s", t ? "," : "", c->tags[t]);
        if (c->error)
            printf("\tERROR: %s", c->error);
        putchar('\n');
    }
}

static int add_tag(tag_count **tags, size_t *n, size_t *cap, const char *tag)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*tags)[i].tag, tag) == 0) {
            (*tags)[i].n++;
            return 0;
        }
    if (*n == *cap) {
        size_t nc = *cap ? 2 * *cap : 32;
        tag_count *t = realloc(*tags, nc * sizeof *t);
        if (t == NULL)
            return 1;
        *tags = t;
        *cap = nc;
    }
    (*tags)[*n].tag = strdup(tag);
    if ((*tags)[*n].tag == NULL)
        return 1;
    (*tags)[*n].n = 1;
    (*n)++;
    return 0;
}

static int print_table(const sct_vector_set *set, const sct_run_config *cfg)
{
    list_row *rows = NULL;
    size_t n_rows = 0, cap_rows = 0, n_sel = 0, n_err = 0;
    tag_count *tags = NULL;
    size_t n_tags = 0, cap_tags = 0;
    int rc = 0;
    for (size_t i = 0; i < set->n_cases && rc == 0; i++) {
        const sct_case *c = sct_vector_set_case(set, i);
        if (sct_case_select(&cfg->filter, c) != SCT_SELECTED)
            continue;
        n_sel++;
        char types[96];
        case_label(c, types, sizeof types);
        list_row *row = NULL;
        for (size_t r = 0; r < n_rows; r++)
            if (strcmp(rows[r].op, c->op_type) == 0 && strcmp(rows[r].types, types) == 0)
                row = &rows[r];
        if (row == NULL) {
            if (n_rows == cap_rows) {
                size_t nc = cap_rows ? 2 * cap_rows : 32;
                list_row *nr = realloc(rows, nc * sizeof *nr);
                if (nr == NULL) {
                    rc = 1;
                    break;
                }
                rows = nr;
                cap_rows = nc;
            }
            row = &rows[n_rows++];
            memset(row, 0, sizeof *row);
            snprintf(row->op, sizeof row->op, "%s", c->op_type);
            snprintf(row->types, sizeof row->types, "%s", types);
        }
        row->cases++;
        if (c->error) {
            row->errors++;
            n_err++;
        }
        row->values += c->expectation == SCT_EXPECT_VALUES;
        row->no_crash += c->expectation == SCT_EXPECT_NO_CRASH;
        row->reject += c->expectation == SCT_EXPECT_REJECT;
        row->onnx += (c->profiles & SCT_PROFILE_ONNX) != 0;
        row->sonnx += (c->profiles & SCT_PROFILE_SONNX) != 0;
        for (size_t t = 0; t < c->n_tags && rc == 0; t++)
            rc = add_tag(&tags, &n_tags, &cap_tags, c->tags[t]);
    }
    if (rc == 0) {
        printf("vectors: %s\nsha256: %s\nformat: %s\nmanifest: %s\n", set->root,
               set->set_sha256, set->format_version[0] ? set->format_version : "-",
               set->manifest_path ? set->manifest_path
                                  : "(none: scanned ONNX backend-test layout)");
        printf("cases: %zu in the set, %zu selected, %zu unusable\n", set->n_cases,
               n_sel, n_err);
        if (set->n_skipped > 0)
            printf("skipped directories (other ops): %zu\n", set->n_skipped);
        printf("\n%-6s %-18s %6s %7s %9s %7s %6s %6s %6s\n", "op", "types", "cases",
               "values", "no-crash", "reject", "onnx", "sonnx", "error");
        for (size_t r = 0; r < n_rows; r++)
            printf("%-6s %-18s %6zu %7zu %9zu %7zu %6zu %6zu %6zu\n", rows[r].op,
                   rows[r].types, rows[r].cases, rows[r].values, rows[r].no_crash,
                   rows[r].reject, rows[r].onnx, rows[r].sonnx, rows[r].errors);
        if (n_tags > 0) {
            printf("\ntags:");
            size_t col = 5;
            for (size_t t = 0; t < n_tags; t++) {
                char item[160];
                int w = snprintf(item, sizeof item, " %s(%zu)", tags[t].tag, tags[t].n);
                if (w > 0 && col + (size_t)w > 88) { /* wrap for terminals */
                    printf("\n     ");
                    col = 5;
                }
                fputs(item, stdout);
                col += w > 0 ? (size_t)w : 0u;
            }
            putchar('\n');
        }
        if (n_err > 0) {
            printf("\nunusable entries:\n");
            for (size_t i = 0; i < set->n_cases; i++) {
                const sct_case *c = sct_vector_set_case(set, i);
                if (c->error && sct_case_select(&cfg->filter, c) == SCT_SELECTED)
                    printf("  %s: %s\n", c->id, c->error);
            }
        }
        for (size_t i = 0; i < set->n_errors; i++)
            printf("set error: %s\n", set->errors[i]);
    }
    free(rows);
    for (size_t t = 0; t < n_tags; t++)
        free(tags[t].tag);
    free(tags);
    if (rc != 0) {
        fprintf(stderr, "sonnx-cts list: out of memory\n");
        return SCT_EXIT_USAGE;
    }
    return n_err > 0 || set->n_errors > 0 ? SCT_EXIT_USAGE : SCT_EXIT_OK;
}

int sct_cmd_list(int argc, char **argv)
{
    sct_run_config cfg;
    sct_vector_set set;
    int start = sct_command_start("list", argc, argv, false, &cfg, &set);
    if (start >= 0)
        return start;
    int rc;
    if (cfg.list_ids) {
        print_ids(&set, &cfg);
        rc = SCT_EXIT_OK;
    } else {
        rc = print_table(&set, &cfg);
    }
    sct_vector_set_free(&set);
    return rc;
}
