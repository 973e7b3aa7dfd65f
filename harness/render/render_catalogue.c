/*
 * render_catalogue.c — the requirement catalogue (vectors/requirements.json)
 * for the traceability table (render_sources.h).
 */
#include "sct/render/render_sources.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_fields.h"

/* First string member among `names`, or NULL. */
static const char *first_string(const cJSON *obj, const char *const *names)
{
    for (; *names; names++) {
        const cJSON *v = sct_json_member(obj, *names);
        if (cJSON_IsString(v) && v->valuestring[0] != '\0')
            return v->valuestring;
    }
    return NULL;
}

static void add_requirement(sct_render_doc *doc, const cJSON *item, size_t pos)
{
    static const char *const text_keys[] = {
        "text", "statement", "title", "summary", "description", NULL};
    static const char *const doc_keys[] = {
        "source", "document", "doc", "spec", NULL};
    static const char *const sec_keys[] = {
        "section", "clause", "anchor", NULL};
    const cJSON *id = sct_json_member(item, "id");
    if (!cJSON_IsString(id) || id->valuestring[0] == '\0') {
        sct_render_warn(doc, "%s: entry %zu has no \"id\" string; skipped",
                        doc->catalogue_path, pos);
        return;
    }
    const char *text = first_string(item, text_keys);
    const char *src = first_string(item, doc_keys);
    const char *sec = first_string(item, sec_keys);
    doc->reqs = sct_render_grow(doc->reqs, doc->n_reqs + 1, sizeof *doc->reqs);
    sct_render_requirement *r = &doc->reqs[doc->n_reqs++];
    r->id = sct_render_strdup(id->valuestring);
    r->text = sct_render_strdup(text);
    if (src && sec)
        r->source = sct_render_printf("%s %s", src, sec);
    else
        r->source = sct_render_strdup(src ? src : sec);
}

int sct_render_load_catalogue(sct_render_doc *doc, const char *path)
{
    free(doc->catalogue_path);
    doc->catalogue_path = sct_render_strdup(path);
    size_t len = 0;
    char *text = sct_render_read_file(path, &len);
    if (text == NULL) {
        sct_render_warn(doc, "%s: cannot read the requirement catalogue (%s); "
                        "requirements are listed only as the cases cite them",
                        path, strerror(errno));
        return -1;
    }
    sct_render_identify_input(doc, "Requirement catalogue", path, text, len);
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *list = root;
    if (cJSON_IsObject(root))
        list = sct_json_member(root, "requirements");
    if (!cJSON_IsArray(list)) {
        sct_render_warn(doc, "%s: not a JSON array of requirements (nor an "
                        "object with a \"requirements\" array)", path);
        cJSON_Delete(root);
        return -1;
    }
    size_t pos = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        if (cJSON_IsObject(item))
            add_requirement(doc, item, pos);
        else
            sct_render_warn(doc, "%s: entry %zu is not an object; skipped",
                            path, pos);
        pos++;
    }
    cJSON_Delete(root);
    doc->catalogue_loaded = true;
    return 0;
}
