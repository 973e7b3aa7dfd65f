/*
 * html_matrix.c — op x type verdict matrix, and the Pow base x exponent
 * matrix (render_matrix.h says how cells are grouped, verdict_tally.h how
 * a cell gets its verdict).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "html_escape.h"
#include "html_sections.h"
#include "render_matrix.h"

/* One cell: verdict name, "passed/total", and a tooltip with every count. */
static void cell(FILE *out, const sct_verdict_tally *t, const char *href_op,
                 const char *href_types)
{
    sct_group_verdict v = sct_tally_verdict(t);
    fprintf(out, "<td class=\"cell %s\" title=\"", sct_group_verdict_class(v));
    if (t->total == 0)
        fputs("no case of the run has this combination", out);
    for (int c = 0; c < SCT_VC_COUNT; c++)
        if (t->n[c])
            fprintf(out, "%zu %s; ", t->n[c], sct_verdict_cat_name((sct_verdict_cat)c));
    fputs("\">", out);
    if (href_op) {
        fputs("<a href=\"#g-", out);
        sct_html_id(out, href_op);
        fputs("-", out);
        sct_html_id(out, href_types);
        fputs("\">", out);
    }
    /* "UNSUPPORTED" would make every column of the 12-column Pow matrix too
     * wide for a printed page; the note above the matrix spells it out. */
    fprintf(out, "<b>%s</b>",
            v == SCT_GV_UNSUPPORTED ? "UNSUPP." : sct_group_verdict_name(v));
    if (t->total)
        fprintf(out, "%zu/%zu", t->n[SCT_VC_PASS], t->total);
    else
        fputs("&ndash;", out);
    if (href_op)
        fputs("</a>", out);
    fputs("</td>", out);
}

static void matrix_table(FILE *out, const sct_render_matrix *m,
                         const sct_matrix_spec *spec)
{
    const char *corner = spec->corner, *link_op = spec->op_filter;
    /* A wide matrix (Pow: 12 exponent types) scrolls instead of spilling
     * out of the page. */
    fputs("<div class=\"scroll\"><table class=\"matrix\"><tr><th>", out);
    sct_html_escape(out, corner);
    fputs("</th>", out);
    for (size_t k = 0; k < m->n_cols; k++) {
        fputs("<th class=\"col\">", out);
        sct_html_escape(out, m->cols[k]);
        fputs("</th>", out);
    }
    fputs("</tr>\n", out);
    for (size_t r = 0; r < m->n_rows; r++) {
        fputs("<tr><th class=\"row\">", out);
        sct_html_escape(out, m->rows[r]);
        fputs("</th>", out);
        for (size_t k = 0; k < m->n_cols; k++) {
            const char *op = link_op ? link_op : m->rows[r];
            /* Main matrix cells of an op with mixed input types (Pow)
             * aggregate exponent types: they link to that op's matrix;
             * other cells link to their case group. */
            const sct_op_entry *entry = sct_op_find(op);
            if (link_op == NULL && entry != NULL && entry->mixed_input_types) {
                const sct_verdict_tally *t = &m->cells[r * m->n_cols + k];
                cell(out, t, NULL, NULL);
            } else if (link_op != NULL) {
                char types[128];
                if (strcmp(m->rows[r], m->cols[k]) == 0)
                    snprintf(types, sizeof types, "%s", m->rows[r]);
                else
                    snprintf(types, sizeof types, "%s,%s", m->rows[r], m->cols[k]);
                cell(out, &m->cells[r * m->n_cols + k], op, types);
            } else {
                cell(out, &m->cells[r * m->n_cols + k], op, m->cols[k]);
            }
        }
        fputs("</tr>\n", out);
    }
    fputs("</table></div>\n", out);
}

void sct_html_matrix(FILE *out, const sct_render_doc *doc)
{
    sct_render_matrix m;
    fputs("<h2 id=\"matrix\">Verdict by operator and type</h2>\n"
          "<p class=\"note\">Each cell: the verdict of all cases of that "
          "operator and input type (precedence CRASH &gt; ERROR &gt; FAIL &gt; "
          "PARTIAL &gt; UNSUPPORTED &gt; PASS; see the legend; UNSUPP. = "
          "UNSUPPORTED), then passed / total cases. Columns are the type of input A (for Pow, the base "
          "type; the Pow matrix below splits it by exponent type).</p>\n", out);
    sct_render_matrix_build(doc, &sct_matrix_by_op, &m);
    if (m.n_rows == 0)
        fputs("<p><b>The run holds no case.</b></p>\n", out);
    else
        matrix_table(out, &m, &sct_matrix_by_op);
    sct_render_matrix_free(&m);

    for (size_t i = 0; i < sct_op_count(); i++) {
        const sct_op_entry *op = sct_op_at(i);
        if (!op->mixed_input_types)
            continue;
        sct_matrix_spec spec = sct_matrix_mixed(op);
        sct_render_matrix_build(doc, &spec, &m);
        if (m.n_rows > 0) {
            /* The anchor is the op's name in lower case ("matrix-pow"). */
            char anchor[64];
            size_t k = 0;
            for (; op->name[k] != '\0' && k + 1 < sizeof anchor; k++)
                anchor[k] = (char)tolower((unsigned char)op->name[k]);
            anchor[k] = '\0';
            fprintf(out, "<h3 id=\"matrix-%s\">%s: base type &times; exponent type</h3>\n",
                    anchor, op->name);
            matrix_table(out, &m, &spec);
        }
        sct_render_matrix_free(&m);
    }
}
