/*
 * render_notes.c — the spec notes (docs/spec-notes.md), split into notes
 * by their SN-<n> ids so reports can show each note a case cites
 * ("spec-notes:SN-18") with its text (render_sources.h).
 */
#include "sct/render/render_sources.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Heading level of a line ("## x" -> 2), 0 if not a heading. */
static int heading_level(const char *line)
{
    int n = 0;
    while (line[n] == '#')
        n++;
    return (n > 0 && n <= 6 && (line[n] == ' ' || line[n] == '\t')) ? n : 0;
}

/* Finds "SN-<digits>" in [line, end); copies it to id (cap bytes). */
static bool find_note_id(const char *line, const char *end, char *id, size_t cap)
{
    for (const char *p = line; p + 3 < end; p++) {
        if (p[0] == 'S' && p[1] == 'N' && p[2] == '-' &&
            isdigit((unsigned char)p[3]) &&
            (p == line || !isalnum((unsigned char)p[-1]))) {
            size_t n = 3;
            while (p + n < end && isdigit((unsigned char)p[n]))
                n++;
            if (n >= cap)
                return false;
            memcpy(id, p, n);
            id[n] = '\0';
            return true;
        }
    }
    return false;
}

static char *dup_range(const char *b, const char *e)
{
    while (e > b && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\r'))
        e--;
    while (b < e && *b == '\n')
        b++;
    char *s = sct_render_grow(NULL, (size_t)(e - b) + 1, 1);
    memcpy(s, b, (size_t)(e - b));
    s[e - b] = '\0';
    return s;
}

int sct_render_load_notes(sct_render_doc *doc, const char *path)
{
    free(doc->notes_path);
    doc->notes_path = sct_render_strdup(path);
    size_t len = 0;
    char *text = sct_render_read_file(path, &len);
    if (text == NULL) {
        sct_render_warn(doc, "%s: cannot read the spec notes (%s)", path,
                        strerror(errno));
        return -1;
    }
    sct_render_identify_input(doc, "Spec notes", path, text, len);
    sct_render_note *cur = NULL;
    int cur_level = 0;
    const char *body = NULL;
    bool in_fence = false;
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        const char *end = nl ? nl : line + strlen(line);
        if (strncmp(line, "```", 3) == 0)
            in_fence = !in_fence;
        int level = in_fence ? 0 : heading_level(line);
        char id[32];
        if (level > 0 && cur != NULL && level <= cur_level) {
            cur->body = dup_range(body, line);
            cur = NULL;
        }
        if (level > 0 && cur == NULL && find_note_id(line, end, id, sizeof id)) {
            doc->notes = sct_render_grow(doc->notes, doc->n_notes + 1,
                                         sizeof *doc->notes);
            cur = &doc->notes[doc->n_notes++];
            cur->id = sct_render_strdup(id);
            const char *t = line + level;
            while (*t == ' ' || *t == '\t')
                t++;
            cur->title = dup_range(t, end);
            cur->body = NULL;
            cur_level = level;
            body = nl ? nl + 1 : end;
        }
        line = nl ? nl + 1 : end;
    }
    if (cur != NULL)
        cur->body = dup_range(body, text + strlen(text));
    free(text);
    if (doc->n_notes == 0)
        sct_render_warn(doc, "%s: no heading with a note id (SN-<n>) found",
                        path);
    return 0;
}
