/*
 * markdown_table.c — the Markdown writer of render_table.h: a pipe table
 * (numbers right-aligned), a blank line after it.  No colour and no
 * monospace: the cell's text is all a reader gets.
 */
#include "markdown_escape.h"
#include "render_table.h"

static void head(FILE *out, const char *id, const sct_table_col *cols, size_t n)
{
    (void)id; /* reports link Markdown tables by explicit anchors */
    fputc('|', out);
    for (size_t i = 0; i < n; i++) {
        fputc(' ', out);
        sct_md_escape(out, cols[i].head);
        fputs(" |", out);
    }
    fputs("\n|", out);
    for (size_t i = 0; i < n; i++)
        fputs(cols[i].kind == SCT_CELL_NUM ? "---:|" : "---|", out);
    fputc('\n', out);
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
    sct_md_escape(out, text);
    fputs(" |", out);
}

static void row_end(FILE *out)
{
    fputc('\n', out);
}

static void end(FILE *out)
{
    fputc('\n', out);
}

static void kv(FILE *out, const sct_render_kv *kv, size_t n)
{
    fputs("| | |\n|---|---|\n", out);
    for (size_t i = 0; i < n; i++) {
        fputs("| ", out);
        sct_md_escape(out, kv[i].label);
        fputs(" | ", out);
        if (kv[i].value[0])
            sct_md_escape(out, kv[i].value);
        else
            fputs("*(not recorded)*", out);
        fputs(" |\n", out);
    }
    fputc('\n', out);
}

const sct_table_writer sct_md_table = {head, row_begin, cell, row_end, end, kv};
