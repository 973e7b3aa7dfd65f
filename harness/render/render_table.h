/*
 * render_table.h — a table of plain-text cells, written as HTML or as
 * Markdown by one of two writers.  The code that fills a table decides
 * once its columns, their order and every cell's text; a writer decides
 * only the markup (the HTML and Markdown reports show the same
 * thing).  Every text goes through the format's escaping (html_escape.h,
 * markdown_escape.h).
 */
#ifndef SCT_RENDER_TABLE_H
#define SCT_RENDER_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"

typedef enum sct_cell_kind {
    SCT_CELL_TEXT = 0,
    SCT_CELL_NUM,   /* right-aligned (HTML class "num", Markdown ---:) */
    SCT_CELL_CODE,  /* a hash or path: monospace in HTML */
    SCT_CELL_LABEL  /* the row's label (HTML <th>) */
} sct_cell_kind;

typedef struct sct_table_col {
    const char *head;
    sct_cell_kind kind;
} sct_table_col;

typedef struct sct_table_writer {
    /* The header row; `id` (NULL: none) is the HTML table's id. */
    void (*head)(FILE *out, const char *id, const sct_table_col *cols, size_t n);
    /* Instead of head: a label -> value table of `n` columns, no header. */
    void (*open_kv)(FILE *out, size_t n);
    void (*row_begin)(FILE *out);
    /* `css` (NULL: none beyond the kind's) is the verdict colour of the
     * cell; Markdown has no colour (the text says the verdict).  `text`
     * NULL: a value the run did not record, shown as "(not recorded)". */
    void (*cell)(FILE *out, sct_cell_kind kind, const char *css, const char *text);
    /* A cell that links to the group (op, types) of another report:
     * `href` (NULL: a plain cell) is the report's path relative to this
     * one; HTML links to its anchor "g-<op>-<types>" (html_cases.c);
     * Markdown writes the plain cell (its text is all a reader gets). */
    void (*group_cell)(FILE *out, const char *css, const char *text,
                       const char *href, const char *op, const char *types);
    void (*row_end)(FILE *out);
    void (*end)(FILE *out);
} sct_table_writer;

/* A label -> value table (the report's identity and totals: their rows
 * are the doc's, render_model.h); an empty value is "(not recorded)". */
void sct_table_kv(FILE *out, const sct_table_writer *w, const sct_render_kv *kv,
                  size_t n);

extern const sct_table_writer sct_html_table;   /* html_table.c */
extern const sct_table_writer sct_md_table;     /* markdown_table.c */

#endif /* SCT_RENDER_TABLE_H */
