/* manifest.c — manifest.json: index at open, one case entry parsed and
 * validated at a time (see manifest.h). */
#include "manifest.h"
#include "manifest_case.h"
#include "manifest_ids.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "io_error.h"
#include "set_build.h"
#include "sct/io/sha256.h"
#include "sct/jsonstream/json_fields.h"

#define ERR_CAP 1024

/* ------------------------------------------------------------ whole file */

/* Sees every byte of the file as the index reads it: the sha256 (identity
 * of the set) and the first JSON escape \u0000 or raw control character.
 * cJSON keeps C strings, so "Div\u0000x" would silently read as "Div": what
 * a reviewer sees and what the harness uses would differ.  A backslash
 * preceded by an odd number of backslashes is itself escaped and starts
 * nothing.  RFC 8259 §7: control characters must be escaped inside strings
 * and only \t \n \r may appear outside them; a raw NUL would cut the string
 * just like \u0000.  Streaming, so chunk boundaries do not matter; the
 * index hands each chunk here before validating it, so these two messages
 * keep priority over the validator's "control character in a string". */
typedef struct byte_watch {
    sct_sha256_ctx sha;
    uint64_t line, col;          /* 1-based position of the next byte */
    uint64_t backslashes;        /* backslashes just before the next byte */
    int matched;                 /* bytes of "\u0000" matched so far */
    uint64_t match_line, match_col;
    bool found, found_nul;
    uint64_t found_line, found_col;
} byte_watch;

static void watch_bytes(void *user, const void *bytes, size_t n)
{
    static const char tail[] = "u0000"; /* after the backslash */
    byte_watch *w = user;
    sct_sha256_update(&w->sha, bytes, n);
    const unsigned char *p = bytes;
    for (size_t i = 0; i < n && !w->found; i++) {
        unsigned char ch = p[i];
        if (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') {
            w->found = true;
            w->found_line = w->line;
            w->found_col = w->col;
            break;
        }
        if (w->matched > 0) {
            if (ch != (unsigned char)tail[w->matched - 1]) {
                w->matched = 0;
            } else if (++w->matched == 6) {
                w->found = w->found_nul = true;
                w->found_line = w->match_line;
                w->found_col = w->match_col;
                break;
            }
        }
        if (ch == '\\') {
            if (w->backslashes % 2 == 0) {
                w->matched = 1;
                w->match_line = w->line;
                w->match_col = w->col;
            }
            w->backslashes++;
        } else {
            w->backslashes = 0;
        }
        if (ch == '\n') {
            w->line++;
            w->col = 1;
        } else {
            w->col++;
        }
    }
}

/* format, format_version, cases: the top level without the entries (the
 * index holds "cases" as an empty array when it is one). */
static int check_top_level(const cJSON *root, const char *display, sct_vector_set *set,
                           char *err, size_t err_cap)
{
    const cJSON *v;
    const char *dup;
    if (!cJSON_IsObject(root))
        return sct_io_error(err, err_cap, display, "(top level)", "must be a JSON object");
    if ((dup = sct_json_duplicate_key(root)) != NULL)
        return sct_io_error(err, err_cap, display, "(top level)", "duplicate key \"%s\"", dup);
    v = sct_json_member(root, "format");
    if (!cJSON_IsString(v) || strcmp(v->valuestring, "sonnx-cts-vectors") != 0)
        return sct_io_error(err, err_cap, display, "format", "%s",
                            v ? "not \"sonnx-cts-vectors\"" : "missing; must be \"sonnx-cts-vectors\"");
    sct_json_reader rd = {.file = display, .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .label = "field ", .err = err,
                          .err_cap = err_cap};
    const char *version = sct_json_read_str(&rd, root, "format_version", true);
    if (version == NULL)
        return -1;
    /* Major 1 only: minors add fields this reader may ignore. */
    if (strncmp(version, "1.", 2) != 0)
        return sct_io_error(err, err_cap, display, "format_version",
                            "\"%s\" is not supported; this reader handles 1.x", version);
    sct_str_free(set->format_version);
    set->format_version = sct_strdup(version);
    if (set->format_version == NULL)
        return sct_io_error(err, err_cap, display, "format_version", "%s", sct_oom_text);
    v = sct_json_member(root, "cases");
    if (!cJSON_IsArray(v))
        return sct_io_error(err, err_cap, display, "cases", "%s", v ? "must be an array" : "missing");
    return 0;
}

/* ------------------------------------------------------------------- API */

int sct_manifest_open(const char *path, const char *display, sct_manifest_id_hash_fn hash,
                      sct_vector_set *set, char *err, size_t err_cap)
{
    sct_manifest *m = calloc(1, sizeof *m);
    if (m == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    m->ix.fd = -1;
    set->manifest = m;
    m->display = sct_strdup(display);
    if (m->display == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);

    byte_watch *w = calloc(1, sizeof *w); /* sha256 state: keep it off the stack */
    if (w == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    sct_sha256_init(&w->sha);
    w->line = w->col = 1;
    char why[512];
    int rc = sct_json_index_file(path, "cases", SCT_IO_MAX_MANIFEST_BYTES,
                                 SCT_IO_MAX_MANIFEST_ENTRY_BYTES, watch_bytes, w, &m->ix, why,
                                 sizeof why);
    if (w->found) {
        /* Reported first whatever else is wrong, as before the index. */
        rc = sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                          "invalid JSON at line %llu, column %llu: %s",
                          (unsigned long long)w->found_line, (unsigned long long)w->found_col,
                          w->found_nul ? "\\u0000 (NUL) inside a string is refused"
                                       : "raw control character; JSON requires an escape");
        sct_sha256_abandon(&w->sha);
        free(w);
        return rc;
    }
    if (rc != 0) {
        sct_sha256_abandon(&w->sha);
        free(w);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", why);
    }
    uint8_t digest[SCT_SHA256_DIGEST_BYTES];
    char hex[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_final(&w->sha, digest);
    free(w);
    sct_sha256_digest_to_hex(digest, hex);
    set->set_sha256 = sct_strdup(hex);
    if (set->set_sha256 == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    if (check_top_level(m->ix.root, display, set, err, err_cap) != 0)
        return -1;
    /* The small top-level members are not needed any more. */
    cJSON_Delete(m->ix.root);
    m->ix.root = NULL;
    set->n_cases = m->ix.n_spans;
    return sct_manifest_find_duplicate_ids(m, hash ? hash : sct_json_fnv1a_str, set, err, err_cap);
}

void sct_manifest_case(const sct_manifest *m, size_t i, sct_case *c)
{
    memset(c, 0, sizeof *c);
    char err[ERR_CAP], prefix[32];
    snprintf(prefix, sizeof prefix, "cases[%zu]", i);
    sct_json_reader rd = {.file = m->display, .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .label = "field ",
                          .err = err, .err_cap = sizeof err};
    snprintf(rd.where, sizeof rd.where, "%s", prefix);
    char why[512];
    cJSON *entry = sct_json_index_element(&m->ix, i, why, sizeof why);
    if (entry == NULL) {
        /* e.g. "element 3 changed since the file was indexed (...)" */
        sct_json_problem(&rd, "", true, "%s", why);
        sct_case_set_error(c, err);
    } else {
        if (sct_manifest_parse_entry(&rd, entry, c) != 0)
            sct_case_set_error(c, err);
        cJSON_Delete(entry);
    }
    if (c->id == NULL || c->id[0] == '\0') {
        /* Keep the slot identifiable in reports. */
        sct_str_free(c->id);
        c->id = sct_strdup(prefix);
    }
    sct_case_fill_strings(c);
    const sct_manifest_dup *d = sct_manifest_find_dup(m, i);
    if (d != NULL) {
        char msg[ERR_CAP];
        sct_manifest_duplicate_message(m, i, d->first, c->id, msg, sizeof msg);
        sct_case_set_error(c, msg);
    }
}

void sct_manifest_free(sct_manifest *m)
{
    if (m == NULL)
        return;
    sct_json_index_free(&m->ix);
    sct_str_free(m->display);
    free(m->dups);
    sct_case_free_fields(&m->slot);
    free(m);
}
