/*
 * markdown_matrix.c — the op x type verdict matrix and the Pow base x
 * exponent matrix as Markdown tables (grouping: render_matrix.h; cell
 * verdict: verdict_tally.h).
 */
#include "markdown_escape.h"
#include "markdown_sections.h"
#include "render_matrix.h"

static void table(FILE *out, const sct_render_matrix *m, const char *corner)
{
    fputs("| ", out);
    sct_md_escape(out, corner);
    for (size_t k = 0; k < m->n_cols; k++) {
        fputs(" | ", out);
        sct_md_escape(out, m->cols[k]);
    }
    fputs(" |\n|---", out);
    for (size_t k = 0; k < m->n_cols; k++)
        fputs("|:-:", out);
    fputs("|\n", out);
    for (size_t r = 0; r < m->n_rows; r++) {
        fputs("| **", out);
        sct_md_escape(out, m->rows[r]);
        fputs("**", out);
        for (size_t k = 0; k < m->n_cols; k++) {
            const sct_verdict_tally *t = &m->cells[r * m->n_cols + k];
            if (t->total == 0)
                fputs(" | –", out);
            else
                fprintf(out, " | %s %zu/%zu",
                        sct_group_verdict_name(sct_tally_verdict(t)),
                        t->n[SCT_VC_PASS], t->total);
        }
        fputs(" |\n", out);
    }
    fputc('\n', out);
}

void sct_md_matrix(FILE *out, const sct_render_doc *doc)
{
    sct_render_matrix m;
    fputs("## Verdict by operator and type\n\nEach cell: verdict of all cases "
          "of that operator and input-A type (precedence CRASH > ERROR > FAIL "
          "> PARTIAL > UNSUPPORTED > PASS), then passed/total cases; – : no "
          "case. Pow columns are base types (split by exponent below).\n\n", out);
    sct_render_matrix_build(doc, &sct_matrix_by_op, &m);
    if (m.n_rows == 0)
        fputs("**The run holds no case.**\n\n", out);
    else
        table(out, &m, sct_matrix_by_op.corner);
    sct_render_matrix_free(&m);
    for (size_t i = 0; i < sct_op_count(); i++) {
        const sct_op_entry *op = sct_op_at(i);
        if (!op->mixed_input_types)
            continue;
        sct_matrix_spec spec = sct_matrix_mixed(op);
        sct_render_matrix_build(doc, &spec, &m);
        if (m.n_rows > 0) {
            fprintf(out, "### %s: base type × exponent type\n\n", op->name);
            table(out, &m, spec.corner);
        }
        sct_render_matrix_free(&m);
    }
}
