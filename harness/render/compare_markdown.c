/* compare_markdown.c — the cross-runtime matrix as Markdown
 * (compare_render.h). */
#include "sct/render/compare_render.h"
#include "markdown_escape.h"

static void runtimes(FILE *out, const sct_compare *cmp)
{
    fputs("## Runtimes\n\n| column | implementation (version; what the verdict "
          "depends on) | profile | overall | cases | library sha256 |\n"
          "|---|---|---|---|---:|---|\n", out);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        const sct_compare_column *col = &cmp->columns[c];
        fputs("| ", out);
        sct_md_escape(out, col->label);
        fputs(" | ", out);
        sct_md_escape(out, col->implementation);
        fputs(" | ", out);
        sct_md_escape(out, col->profile);
        fputs(" | ", out);
        sct_md_escape(out, col->overall);
        fprintf(out, " | %zu | ", col->n_cases);
        sct_md_escape(out, col->library_sha256[0] ? col->library_sha256 : "-");
        fputs(" |\n", out);
    }
    fputs("\n", out);
}

static void table(FILE *out, const sct_compare *cmp, bool differing_only)
{
    fputs("| op | types |", out);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        fputc(' ', out);
        sct_md_escape(out, cmp->columns[c].label);
        fputs(" |", out);
    }
    fputs("\n|---|---|", out);
    for (size_t c = 0; c < cmp->n_columns; c++)
        fputs("---|", out);
    fputc('\n', out);
    char buf[1024];
    for (size_t r = 0; r < cmp->n_rows; r++) {
        if (differing_only && !sct_compare_row_differs(cmp, r))
            continue;
        const sct_compare_row *row = &cmp->rows[r];
        fputs("| ", out);
        sct_md_escape(out, row->op);
        fputs(" | ", out);
        sct_md_escape(out, row->types);
        fputs(" |", out);
        for (size_t c = 0; c < cmp->n_columns; c++) {
            fputc(' ', out);
            sct_md_escape(out, sct_compare_cell_text(&row->cells[c], buf,
                                                     sizeof buf));
            fputs(" |", out);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
}

int sct_compare_write_md(FILE *out, const void *ctx)
{
    const sct_compare *cmp = ctx;
    size_t differing = 0;
    for (size_t r = 0; r < cmp->n_rows; r++)
        differing += sct_compare_row_differs(cmp, r);
    fprintf(out, "# Runtimes side by side (profile %s)\n\n",
            cmp->profile[0] ? cmp->profile : "as recorded");
    fputs("Rendered by `sonnx-cts compare` from the runtimes' JSON reports. "
          "A cell: the group verdict, passed/cases, then failed, "
          "crashed or timed out, error and unsupported cases, the largest "
          "ULP distance over compared float elements, and the mismatching "
          "elements per deviation class (docs/report-format.md). "
          "UNSUPPORTED is neither passed nor failed.\n\n", out);
    runtimes(out, cmp);
    fprintf(out, "## Where the runtimes differ\n\n%zu of %zu rows (op, types) "
                 "differ in outcome between the runtimes that ran cases of them (failed, crashed or error cases, max ULP, deviation classes; declined cases do not count):\n\n",
            differing, cmp->n_rows);
    table(out, cmp, true);
    fputs("## Every row\n\n", out);
    table(out, cmp, false);
    return ferror(out) ? -1 : 0;
}
