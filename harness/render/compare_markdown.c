/* compare_markdown.c — the cross-runtime matrix as Markdown
 * (compare_render.h); its tables are compare_tables.c's. */
#include "sct/render/compare_render.h"
#include "compare_tables.h"

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
    fputs("## Runtimes\n\n", out);
    sct_compare_runtimes_table(out, &sct_md_table, cmp);
    fprintf(out, "## Where the runtimes differ\n\n%zu of %zu rows (op, types) "
                 "differ in outcome between the runtimes that ran cases of them (failed, crashed or error cases, max ULP, deviation classes; declined cases do not count):\n\n",
            differing, cmp->n_rows);
    sct_compare_matrix_table(out, &sct_md_table, cmp, true, NULL);
    fputs("## Every row\n\n", out);
    sct_compare_matrix_table(out, &sct_md_table, cmp, false, NULL);
    return ferror(out) ? -1 : 0;
}
