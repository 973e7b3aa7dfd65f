/*
 * markdown_table.c — the Markdown writer of render_table.h: a pipe table
 * (numbers right-aligned), a blank line after it.  No colour and no
 * monospace: the cell's text is all a reader gets.
 */
#include "markdown_escape.h"
#include "render_table.h"

/* The header row, then the alignment row (numbers right-aligned). */
static void header(FILE *out, const sct_table_col *cols, size_t n)
{
    fputc('|', out);
    for (size_t i = 0; i < n; i++) {
        if (cols) {
            fputc(' ', out);
            sct_md_escape(out, cols[i].head);
        }
        fputs(" |", out);
    }
    fputs("\n|", out);
    for (size_t i = 0; i < n; i++)
        fputs(cols && cols[i].kind == SCT_CELL_NUM ? "---:|" : "---|", out);
    fputc('\n', out);
}

static void head(FILE *out, const char *id, const sct_table_col *cols, size_t n)
{
    (void)id; /* reports link Markdown tables by explicit anchors */
    header(out, cols, n);
}

/* A pipe table must have a header row: an empty one. */
static void open_kv(FILE *out, size_t n)
{
    header(out, NULL, n);
}

static void row_begin(FILE *out)
{
    fputc('|', out);
}

static void cell(FILE *out, sct_cell_kind kind, const char *css, const char *text)
{
    (void)kind;
    (void)css;
    fputc(' ', out);
    if (text == NULL)
        fputs("*(not recorded)*", out);
    else
        sct_md_escape(out, text);
    fputs(" |", out);
}

static void group_cell(FILE *out, const char *css, const char *text,
                       const char *href, const char *op, const char *types)
{
    (void)href;
    (void)op;
    (void)types;
    cell(out, SCT_CELL_TEXT, css, text);
}

static void row_end(FILE *out)
{
    fputc('\n', out);
}

static void end(FILE *out)
{
    fputc('\n', out);
}

const sct_table_writer sct_md_table = {head, open_kv, row_begin, cell, group_cell,
                                       row_end, end};
