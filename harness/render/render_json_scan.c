/*
 * render_json_scan.c — members of one case element found in its raw text
 * (the bytes the streaming index recorded, json_index.h), without building
 * a cJSON tree of the whole element.
 *
 * Separate from render_load.c because it is plain text scanning with no
 * knowledge of the render model: it serves the two reads that must stay
 * cheap with many cases (issue 6), the brief case (a case without its
 * samples, for matrices and traceability rows) and the location of a
 * case's "id" recorded in the loading pass so listing ids reads only those
 * bytes.
 */
#include "render_json_scan.h"

#include <stdio.h>
#include <string.h>

#include "sct/render/render_model.h"

/* A brief case (render_model.h): the members sct_render_build_case reads
 * for it. */
static const char *const k_brief_members[] = {
    "id", "op", "input_types", "output_type", "verdict", "requirements",
    "elements", "mismatches", "max_ulp", "tolerance_ulp", "expectation", "message"};
#define N_BRIEF (sizeof k_brief_members / sizeof k_brief_members[0])

/* Skipping over JSON text the index has validated: no error cases. */
static size_t skip_ws(const char *t, size_t n, size_t i)
{
    while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n'))
        i++;
    return i;
}

static size_t skip_string(const char *t, size_t n, size_t i)
{
    for (i++; i < n && t[i] != '"'; i++)
        if (t[i] == '\\')
            i++;
    return i + 1;
}

static size_t skip_value(const char *t, size_t n, size_t i)
{
    if (i < n && t[i] == '"')
        return skip_string(t, n, i);
    if (i < n && (t[i] == '{' || t[i] == '[')) {
        size_t depth = 0;
        while (i < n) {
            char c = t[i];
            if (c == '"') {
                i = skip_string(t, n, i);
                continue;
            }
            if (c == '{' || c == '[')
                depth++;
            else if ((c == '}' || c == ']') && --depth == 0)
                return i + 1;
            i++;
        }
        return n;
    }
    while (i < n && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != ' ' &&
           t[i] != '\t' && t[i] != '\r' && t[i] != '\n')
        i++;
    return i;
}

/* Finds the first occurrence (what cJSON's lookup finds) of each of the
 * `n_names` members in the element text: value bytes [at[k][0], at[k][1]).
 * false when the element is not an object or a member name has escapes
 * (then the whole element must be parsed). */
bool sct_render_find_members(const char *t, size_t n, const char *const *names,
                             size_t n_names, size_t (*at)[2], bool *found)
{
    for (size_t k = 0; k < n_names; k++)
        found[k] = false;
    size_t i = skip_ws(t, n, 0);
    if (i >= n || t[i] != '{')
        return false;
    i = skip_ws(t, n, i + 1);
    while (i < n && t[i] == '"') {
        size_t k0 = i + 1;
        i = skip_string(t, n, i);
        size_t klen = i - 1 - k0;
        if (memchr(t + k0, '\\', klen) != NULL)
            return false;
        i = skip_ws(t, n, i);
        if (i >= n || t[i] != ':')
            return false;
        i = skip_ws(t, n, i + 1);
        size_t v0 = i;
        i = skip_value(t, n, i);
        for (size_t k = 0; k < n_names; k++)
            if (!found[k] && strlen(names[k]) == klen &&
                memcmp(names[k], t + k0, klen) == 0) {
                found[k] = true;
                at[k][0] = v0;
                at[k][1] = i;
            }
        i = skip_ws(t, n, i);
        if (i < n && t[i] == ',')
            i = skip_ws(t, n, i + 1);
    }
    return true;
}

/* The element's text reduced to the brief members, as a new JSON object
 * text; NULL as sct_render_find_members. */
char *sct_render_brief_text(const char *t, size_t n)
{
    size_t at[N_BRIEF][2] = {{0}};
    bool found[N_BRIEF];
    if (!sct_render_find_members(t, n, k_brief_members, N_BRIEF, at, found))
        return NULL;
    size_t len = 3;
    for (size_t k = 0; k < N_BRIEF; k++)
        if (found[k])
            len += strlen(k_brief_members[k]) + 4 + (at[k][1] - at[k][0]);
    char *out = sct_render_grow(NULL, len, 1);
    size_t o = 0;
    out[o++] = '{';
    for (size_t k = 0; k < N_BRIEF; k++) {
        if (!found[k])
            continue;
        o += (size_t)sprintf(out + o, "%s\"%s\":", o > 1 ? "," : "", k_brief_members[k]);
        memcpy(out + o, t + at[k][0], at[k][1] - at[k][0]);
        o += at[k][1] - at[k][0];
    }
    out[o++] = '}';
    out[o] = '\0';
    return out;
}
