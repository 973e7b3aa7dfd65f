/*
 * render_table.c — tables made of the writer's primitives, the same for
 * both formats (render_table.h).
 */
#include "render_table.h"

void sct_table_kv(FILE *out, const sct_table_writer *w, const sct_render_kv *kv,
                  size_t n)
{
    w->open_kv(out, 2);
    for (size_t i = 0; i < n; i++) {
        w->row_begin(out);
        w->cell(out, SCT_CELL_LABEL, NULL, kv[i].label);
        w->cell(out, SCT_CELL_TEXT, NULL, kv[i].value[0] ? kv[i].value : NULL);
        w->row_end(out);
    }
    w->end(out);
}
